/**
 * A request answered before its body was read (a content type nobody parses, an anonymous
 * upload, a declared size over the limit) must leave its keep-alive connection usable, or say
 * `connection: close`: never leave the next request on it waiting for an answer.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import { createTestApp, loginAsAdmin, type TestContext } from '../../test/helpers.js';

let ctx: TestContext;
let port: number;
const API = '/dzfront/open/server/api';

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => ctx.close());

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: { code: number };
  /** The local port of the connection it came on: the same port means the same connection. */
  localPort: number;
}

/** One request through `agent`, which keeps one connection alive between requests. */
function send(agent: Agent, path: string, headers: Record<string, string>, body: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      const localPort = res.socket.localPort ?? 0;
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: JSON.parse(Buffer.concat(chunks).toString()) as { code: number },
          localPort,
        });
      });
    });
    // The server may answer and close before the whole body is sent: its answer is what counts.
    req.on('error', reject);
    req.end(body);
  });
}

const ping = (agent: Agent) => send(agent, `${API}/doc/get_version_info`, { 'content-type': 'application/json' }, '{}');

describe('a request refused before its body was read', () => {
  it.each([
    ['a small text/plain body', 2_000],
    ['600 KB of text/plain', 600 * 1024],
  ])('415 for %s, and the next request on the connection is answered', async (_name, size) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, `${API}/diag/ping`, { 'content-type': 'text/plain' }, 'x'.repeat(size));
      expect(refused.status).toBe(415);
      expect(refused.body.code).toBe(errorCatalogue.unsupportedMediaType.code);
      const next = await ping(agent);
      expect(next.status).toBe(200);
      expect(next.body.code).toBe(0);
      // A small rest is read and dropped so the connection goes on; a large one is not read
      // at all, and the answer said the connection would close.
      if (size <= 64 * 1024) expect(next.localPort).toBe(refused.localPort);
      else expect(refused.headers.connection).toBe('close');
    } finally {
      agent.destroy();
    }
  });

  it('401 for an anonymous 600 KB upload, and the next request on the connection is answered', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const boundary = 'unread-body-test';
      const form = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.alloc(600 * 1024, 7),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const refused = await send(
        agent,
        `${API}/cms/upload_attachment_file`,
        { 'content-type': `multipart/form-data; boundary=${boundary}` },
        form,
      );
      expect(refused.status).toBe(401);
      expect(refused.headers.connection).toBe('close');
      const next = await ping(agent);
      expect(next.body.code).toBe(0);
    } finally {
      agent.destroy();
    }
  });

  /** Sends only the head of a request and reads what comes back until the server closes. */
  const headOnly = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1' });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => {
        resolve(text);
      });
      socket.on('error', reject);
      socket.write(head);
    });

  it('413 for an upload whose declared size is over the limit, answered before any of it is sent', async () => {
    const cookie = await loginAsAdmin(ctx.app);
    const declared = limits.attachmentBytesDefault * 2;
    const answer = await headOnly(
      `POST ${API}/cms/upload_attachment_file HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      code: errorCatalogue.attachmentTooLarge.code,
    });
  });

  it('413 for a declared Content-Length over the limit, answered before any of the body is sent', async () => {
    // Headers only: a server that reads the body before refusing it never answers this.
    const answer = await headOnly(
      `POST ${API}/diag/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${limits.bodyBytes * 4}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      code: errorCatalogue.bodyTooLarge.code,
    });
  });
});
