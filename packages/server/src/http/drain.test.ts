import { Agent } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { API_PREFIX } from '@open/protocol/api';
import { DIAG_UPLOAD_PATH } from '@open/protocol/paths';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { postInTwoHalves as post, type HalvesAnswer as Answer } from '../../test/post-in-halves.js';
import { buildApp } from '../app.js';
import { createMemoryReadCache } from '../db/read-cache.js';

const versionInfo = Buffer.from(JSON.stringify({}));

/** A whole request for the version list, on `agent`'s connections. */
function readVersions(agent: Agent, port: number): Promise<Answer> {
  const call = post(agent, port, `${API_PREFIX}doc/get_version_info`, versionInfo, 'application/json');
  call.finish();
  return call.answer;
}

describe('the drain on close (SIGTERM)', () => {
  let database: TestDatabase;
  let app: FastifyInstance | undefined;
  let agent: Agent | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    agent?.destroy();
    await app?.close();
  });
  afterAll(() => database.close());

  /** The app listening on a free port; `beforeServerCloses` runs while it drains, before it stops listening. */
  async function listeningApp(beforeServerCloses: () => Promise<void> = async () => {}) {
    app = await buildApp({ db: database.db, readCache: createMemoryReadCache() });
    // Registered after the app's own preClose hooks: the drain has begun when this runs.
    app.addHook('preClose', async () => {
      await beforeServerCloses();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    agent = new Agent({ keepAlive: true, maxSockets: 4 });
    return (app.server.address() as AddressInfo).port;
  }

  it('answers a request in flight with Connection: close, so the close ends instead of waiting for the client', async () => {
    const port = await listeningApp();
    const closedSockets: Promise<void>[] = [];
    agent?.on('free', (socket: Socket) => {
      closedSockets.push(new Promise((resolve) => socket.once('close', resolve)));
    });
    const upload = post(agent as Agent, port, DIAG_UPLOAD_PATH, Buffer.alloc(64 * 1024, 7), 'application/octet-stream');
    // Another connection, kept alive and idle when the close starts.
    const idle = await readVersions(agent as Agent, port);
    expect(idle.headers.connection).toBe('keep-alive');
    const closing = (app as FastifyInstance).close();
    upload.finish();
    const answer = await upload.answer;
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
    // Before the fix the client's kept-alive socket held this promise until the test timed out.
    await closing;
    await Promise.all(closedSockets);
  });

  it('refuses a request that arrives during the drain in the envelope, with its request id', async () => {
    let draining: () => void = () => {};
    let release: () => void = () => {};
    const drained = new Promise<void>((resolve) => (draining = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const port = await listeningApp(async () => {
      draining();
      await held;
    });
    const first = await readVersions(agent as Agent, port);
    expect(first.status).toBe(200);
    const closing = (app as FastifyInstance).close();
    await drained;
    // The agent reuses its kept-alive socket, still open: the node has not stopped listening yet.
    const refused = await readVersions(agent as Agent, port);
    release();
    await closing;
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['x-request-id']).toEqual(expect.any(String));
    expect(JSON.parse(refused.text)).toEqual({
      code: errorCatalogue.serverStopping.code,
      message: 'The server is restarting. Please try again in a few seconds.',
      data: null,
    });
  });
});
