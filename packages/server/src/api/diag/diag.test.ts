/**
 * The diagnostics page's server side: the HTTP ping, and both halves of the bandwidth test, by
 * inject where it shows enough and over a real socket for what only a socket shows (streaming,
 * a body refused before it has all arrived, a client that hangs up).
 */
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '@open/protocol/api';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import { DIAG_DOWNLOAD_PATH, DIAG_UPLOAD_PATH } from '@open/protocol/paths';
import { call, captureLogs, createTestApp, LOG_LEVEL, type TestContext } from '../../../test/helpers.js';
import { incompressibleBytes } from './diag-transfer.js';

const logs = captureLogs();
const MiB = 1024 * 1024;
let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp({ logger: logs.logger });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => ctx.close());
afterEach(() => {
  // Nothing here is a fault of the server's, whatever the client does.
  const errors = logs.lines.filter((line) => line.level >= LOG_LEVEL.error);
  logs.lines.length = 0;
  expect(errors.map((line) => `${line.msg} ${line.err?.stack ?? ''}`)).toEqual([]);
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function download(body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: DIAG_DOWNLOAD_PATH,
    headers: { 'content-type': 'application/json', 'x-lang': 'en', ...headers },
    payload: JSON.stringify(body),
  });
}

function upload(payload: Buffer | string | undefined, contentType?: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: DIAG_UPLOAD_PATH,
    headers: { 'x-lang': 'en', ...(contentType === undefined ? {} : { 'content-type': contentType }) },
    ...(payload === undefined ? {} : { payload }),
  });
}

function expectError(response: LightMyRequestResponse, name: ErrorName): void {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<ApiEnvelope>();
  expect({ status: response.statusCode, code: body.code }).toEqual({
    status: errorCatalogue[name].status,
    code: errorCatalogue[name].code,
  });
  expect(body.message).not.toBe('');
}

function expectDiagHeaders(headers: LightMyRequestResponse['headers'] | Headers): void {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
  expect(get('cache-control')).toBe('no-store');
  expect(get('timing-allow-origin')).toBe('*');
}

/** One request written on a socket by hand, and everything the server answered once it closed. */
function rawExchange() {
  const socket = connect({ port, host: '127.0.0.1' });
  socket.on('error', () => undefined);
  let text = '';
  let answered = false;
  socket.on('data', (chunk: Buffer) => {
    answered = true;
    text += chunk.toString('latin1');
  });
  const closed = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
    }, 20_000);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const answer = async () => {
    await closed;
    const [head = '', ...rest] = text.split('\r\n\r\n');
    const body = rest.join('\r\n\r\n');
    return {
      status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
      body: JSON.parse(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1)) as ApiEnvelope,
    };
  };
  return { socket, answer, closed, answered: () => answered };
}

const uploadHead = (framing: string) =>
  `POST ${DIAG_UPLOAD_PATH} HTTP/1.1\r\nHost: localhost\r\nX-Lang: en\r\n` +
  `Content-Type: application/octet-stream\r\n${framing}\r\nConnection: close\r\n\r\n`;
const chunked = (data: Buffer) =>
  Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);

describe('diag/ping', () => {
  it('answers with the server time, uncached and with its timing open to the page', async () => {
    const before = Date.now();
    const { status, body, response } = await call<{ server_time: string }>(ctx.app, 'diag/ping');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const time = Date.parse(body.data.server_time);
    expect(time).toBeGreaterThanOrEqual(before - 1000);
    expect(time).toBeLessThanOrEqual(Date.now() + 1000);
    expectDiagHeaders(response.headers);
  });

  it('refuses a body with fields', async () => {
    const { status, body } = await call(ctx.app, 'diag/ping', { x: 1 });
    expect({ status, code: body.code }).toEqual({ status: 400, code: errorCatalogue.invalidField.code });
  });
});

describe('the download', () => {
  it.each([1, 1000, 5 * MiB])('sends exactly %i bytes, as they are', async (bytes) => {
    const response = await download({ bytes });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-length']).toBe(String(bytes));
    expect(response.headers['content-encoding']).toBeUndefined();
    expectDiagHeaders(response.headers);
    expect(response.rawPayload.length).toBe(bytes);
  });

  it('sends other bytes every time', async () => {
    const [first, second] = await Promise.all([download({ bytes: 4096 }), download({ bytes: 4096 })]);
    expect(first.rawPayload.equals(second.rawPayload)).toBe(false);
  });

  it('sends bytes that do not compress', async () => {
    const response = await download({ bytes: MiB });
    expect(gzipSync(response.rawPayload).length).toBeGreaterThan(0.99 * MiB);
  });

  it('streams in small slices, never the whole answer at once', async () => {
    let total = 0;
    let largest = 0;
    for await (const chunk of incompressibleBytes(limits.diagTransferBytes)) {
      const size = (chunk as Buffer).length;
      total += size;
      largest = Math.max(largest, size);
    }
    expect(total).toBe(limits.diagTransferBytes);
    expect(largest).toBeLessThanOrEqual(64 * 1024);
  });

  it.each([
    ['zero', { bytes: 0 }],
    ['negative', { bytes: -1 }],
    ['a fraction', { bytes: 1.5 }],
    ['a string', { bytes: '10' }],
    ['over the limit', { bytes: limits.diagTransferBytes + 1 }],
    ['missing', {}],
    ['beside another field', { bytes: 10, extra: true }],
  ])('refuses bytes %s as an invalid field', async (_label, body) => {
    expectError(await download(body), 'invalidField');
  });

  it('refuses a body that is not JSON, and another site', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: DIAG_DOWNLOAD_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{bytes',
    });
    expectError(response, 'badJson');
    expectError(await download({ bytes: 10 }, { origin: 'https://evil.example' }), 'crossSiteRequest');
    expectError(await download({ bytes: 10 }, { 'sec-fetch-site': 'cross-site' }), 'crossSiteRequest');
  });

  it('streams the full limit over a socket, and several at once', async () => {
    const answers = await Promise.all(
      [0, 1, 2].map(async () => {
        const response = await fetch(`http://127.0.0.1:${port}${DIAG_DOWNLOAD_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ bytes: limits.diagTransferBytes }),
        });
        expectDiagHeaders(response.headers);
        return (await response.arrayBuffer()).byteLength;
      }),
    );
    expect(answers).toEqual([limits.diagTransferBytes, limits.diagTransferBytes, limits.diagTransferBytes]);
  });

  it('stops sending when the client hangs up, and notes it below error level', async () => {
    const before = logs.lines.length;
    const socket = connect({ port, host: '127.0.0.1' });
    socket.on('error', () => undefined);
    const body = JSON.stringify({ bytes: limits.diagTransferBytes });
    socket.write(
      `POST ${DIAG_DOWNLOAD_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    );
    // The first bytes, then the client is gone.
    await new Promise((resolve) => socket.once('data', resolve));
    socket.destroy();
    await expect.poll(() => logs.lines.slice(before).some((l) => l.msg === 'stream closed prematurely')).toBe(true);
    // The server is none the worse for it.
    expect((await call(ctx.app, 'diag/ping')).status).toBe(200);
  });
});

describe('the upload', () => {
  it.each([0, 1, 3 * MiB])('counts a body of %i bytes', async (bytes) => {
    const response = await upload(Buffer.alloc(bytes, 7), 'application/octet-stream');
    expect(response.statusCode).toBe(200);
    expectDiagHeaders(response.headers);
    const body = response.json<ApiEnvelope<{ bytes: number; ms: number }>>();
    expect(body.code).toBe(0);
    expect(body.data.bytes).toBe(bytes);
    expect(body.data.ms).toBeGreaterThanOrEqual(0);
  });

  it('counts a body sent without Content-Length, and the time between its first and last chunk', async () => {
    const exchange = rawExchange();
    exchange.socket.write(uploadHead('Transfer-Encoding: chunked'));
    exchange.socket.write(chunked(Buffer.alloc(1000, 1)));
    // Far longer than the bound below: on a busy machine the server may read the first chunk
    // late, which shortens the gap it sees (91 ms after a 120 ms pause was seen under load).
    await pause(400);
    exchange.socket.write(chunked(Buffer.alloc(500, 2)));
    exchange.socket.write('0\r\n\r\n');
    const { status, body } = await exchange.answer();
    expect(status).toBe(200);
    const data = body.data as { bytes: number; ms: number };
    expect(data.bytes).toBe(1500);
    expect(data.ms).toBeGreaterThanOrEqual(100);
  });

  it('refuses a streamed body as soon as it passes the limit, before the body has ended', async () => {
    const exchange = rawExchange();
    const { socket } = exchange;
    socket.write(uploadHead('Transfer-Encoding: chunked'));
    const piece = chunked(Buffer.alloc(MiB, 3));
    for (let sent = 0; sent < limits.diagTransferBytes; sent += MiB) {
      if (!socket.write(piece)) await new Promise((resolve) => socket.once('drain', resolve));
    }
    await pause(100);
    expect(exchange.answered(), 'answered at the limit').toBe(false);
    // One chunk past it, and the body never ends. Everything sent is read before the server
    // closes, so its answer is not lost to a reset of the connection.
    socket.write(chunked(Buffer.alloc(1024, 4)));
    const { status, body } = await exchange.answer();
    expect({ status, code: body.code }).toEqual({ status: 413, code: errorCatalogue.bodyTooLarge.code });
    expect(body.message).toContain(String(limits.diagTransferBytes));
  });

  it('refuses at once a body whose Content-Length is over the limit', async () => {
    const exchange = rawExchange();
    exchange.socket.write(uploadHead(`Content-Length: ${limits.diagTransferBytes + 1}`));
    const { status, body } = await exchange.answer();
    expect({ status, code: body.code }).toEqual({ status: 413, code: errorCatalogue.bodyTooLarge.code });
  });

  it('notes a client that hangs up mid-upload below error level', async () => {
    const exchange = rawExchange();
    exchange.socket.write(uploadHead(`Content-Length: ${MiB}`));
    exchange.socket.write(Buffer.alloc(1000));
    await pause(50);
    exchange.socket.destroy();
    await exchange.closed;
    await pause(50);
    expect((await call(ctx.app, 'diag/ping')).status).toBe(200);
  });

  it('takes a body of exactly the limit', async () => {
    const response = await upload(Buffer.alloc(limits.diagTransferBytes), 'application/octet-stream');
    expect(response.json<ApiEnvelope<{ bytes: number }>>().data.bytes).toBe(limits.diagTransferBytes);
  });

  it.each([
    ['JSON', '{"bytes":1}', 'application/json'],
    ['text', 'hello', 'text/plain'],
    ['a form', 'a=1', 'application/x-www-form-urlencoded'],
    ['no content type', 'hello', undefined],
    ['no content type and no body', undefined, undefined],
  ])('refuses %s as an unsupported media type', async (_label, payload, type) => {
    expectError(await upload(payload, type), 'unsupportedMediaType');
  });

  it('refuses another site', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: DIAG_UPLOAD_PATH,
      headers: { 'content-type': 'application/octet-stream', origin: 'https://evil.example' },
      payload: Buffer.alloc(10),
    });
    expectError(response, 'crossSiteRequest');
  });

  it('leaves every other call JSON only', async () => {
    for (const url of [
      DIAG_DOWNLOAD_PATH,
      '/dzfront/open/server/api/diag/ping',
      '/dzfront/open/server/api/global/login',
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/octet-stream', 'x-lang': 'en' },
        payload: Buffer.from('{}'),
      });
      expectError(response, 'unsupportedMediaType');
    }
  });
});
