/**
 * Uploads over a real socket, for what inject cannot show: a body that arrives slowly or stops,
 * a file far over the limit refused before the rest is sent, a client that hangs up.
 */
import { connect, type Socket } from 'node:net';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { captureLogs, createTestApp, LOG_LEVEL, loginAsAdmin, type TestContext } from '../../test/helpers.js';
import { multipartBody, UPLOAD_URL } from '../../test/multipart.js';

const logs = captureLogs();
const MAX_BYTES = 64 * 1024;
let ctx: TestContext;
let port: number;
let cookie: string;

beforeAll(async () => {
  // A short deadline, so the tests that wait for it do not wait long.
  ctx = await createTestApp({ logger: logs.logger, requestTimeoutMs: 300, attachmentMaxBytes: MAX_BYTES });
  cookie = await loginAsAdmin(ctx.app);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => ctx.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Staged uploads left in the temporary folder. */
const staged = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('open-upload-'));

interface Exchange {
  socket: Socket;
  /** Everything the server sent, once it closed the connection (or 10 s passed). */
  answer: Promise<string>;
}

function open(headers: string): Exchange {
  const socket = connect({ port, host: '127.0.0.1' });
  socket.on('error', () => undefined);
  const answer = new Promise<string>((resolve) => {
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, 10_000);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
  socket.write(headers);
  return { socket, answer };
}

function requestHead(length: number, type: string): string {
  return (
    `POST ${UPLOAD_URL} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nX-Lang: en\r\n` +
    `Content-Type: ${type}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`
  );
}

function parse(answer: string): { status: number; code: number } {
  const [head = '', ...rest] = answer.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
    code: (JSON.parse(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1)) as { code: number }).code,
  };
}

const text = (size: number) => Buffer.alloc(size, 'a');

describe('uploads over a socket', () => {
  it('accepts an upload that keeps arriving, however long it takes in all', async () => {
    const { payload, type } = multipartBody([{ name: 'file', value: text(8000), filename: 'slow.txt' }]);
    const { socket, answer } = open(requestHead(payload.length, type));
    // Each piece within the deadline, the whole well past it.
    for (let offset = 0; offset < payload.length; offset += 1000) {
      socket.write(payload.subarray(offset, offset + 1000));
      await pause(100);
    }
    expect(parse(await answer)).toEqual({ status: 200, code: 0 });
  });

  it('cuts an upload that stops arriving with 408', async () => {
    const { payload, type } = multipartBody([{ name: 'file', value: text(8000), filename: 'stuck.txt' }]);
    const { socket, answer } = open(requestHead(payload.length, type));
    socket.write(payload.subarray(0, 3000));
    expect(parse(await answer)).toEqual({ status: 408, code: errorCatalogue.requestTimeout.code });
  });

  it('refuses a file over the limit as soon as it goes past, without the rest of the body', async () => {
    const huge = 50 * 1024 * 1024;
    const { payload, type } = multipartBody([{ name: 'file', value: text(MAX_BYTES * 2), filename: 'big.txt' }]);
    const { socket, answer } = open(requestHead(huge, type));
    // Only a small part of what Content-Length announces is ever sent.
    socket.write(payload);
    expect(parse(await answer)).toEqual({ status: 413, code: errorCatalogue.attachmentTooLarge.code });
  });

  it('notes a client that hangs up mid-upload at info level, and keeps no staged file', async () => {
    const before = logs.lines.length;
    const { payload, type } = multipartBody([{ name: 'file', value: text(20_000), filename: 'gone.txt' }]);
    const { socket } = open(requestHead(payload.length, type));
    socket.write(payload.subarray(0, 5000));
    await pause(50);
    socket.destroy();
    await expect.poll(staged, { timeout: 5_000 }).toEqual([]);
    expect(logs.lines.slice(before).filter((l) => l.level >= LOG_LEVEL.error)).toEqual([]);
  });
});
