import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import {
  call,
  captureLogs,
  createTestApp,
  createTestDatabase,
  LOG_LEVEL,
  loginAsAdmin,
  type TestContext,
  type TestDatabase,
} from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';

const logs = captureLogs();
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp({ logger: logs.logger });
  cookie = await loginAsAdmin(ctx.app);
});
afterAll(() => ctx.close());

describe('a database refusal that no service expected', () => {
  it('is answered as a server fault and logged as a bug, not passed off as a concurrent update', async () => {
    // An index the version service knows nothing about stands in for a bug in a migration.
    await sql`create unique index version_sort_unexpected on version (sort)`.execute(ctx.db);
    try {
      const first = await call(ctx.app, 'cms/set_version_info', { name: 'v7', sort: 7 }, { cookie });
      expect(first.status).toBe(200);
      const before = logs.lines.length;
      const second = await call(ctx.app, 'cms/set_version_info', { name: 'v8', sort: 7 }, { cookie });
      expect(second.status).toBe(500);
      expect(second.body.code).toBe(errorCatalogue.internal.code);
      expect(second.body.message).not.toContain('version_sort_unexpected');
      const errors = logs.lines.slice(before).filter((l) => l.level >= LOG_LEVEL.error);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.err?.message).toContain('version_sort_unexpected');
    } finally {
      await sql`drop index version_sort_unexpected`.execute(ctx.db);
    }
  });

  it('a unique violation the service does expect keeps its own code', async () => {
    const res = await call(ctx.app, 'cms/set_version_info', { name: 'V1.0' }, { cookie });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(errorCatalogue.versionNameTaken.code);
  });
});

describe('isDatabaseUnavailable', () => {
  const coded = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);
  const refused = coded('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' });

  it.each([
    [
      'an administrator shutdown (57P01)',
      coded('terminating connection due to administrator command', { code: '57P01' }),
    ],
    [
      'a crash shutdown (57P02)',
      coded('terminating connection because of crash of another server process', { code: '57P02' }),
    ],
    ['a server starting or stopping (57P03)', coded('the database system is shutting down', { code: '57P03' })],
    ['a connection exception (08000)', coded('connection exception', { code: '08000' })],
    ['no connection (08003)', coded('connection does not exist', { code: '08003' })],
    ['a connection failure (08006)', coded('connection failure', { code: '08006' })],
    ['a refused connection', refused],
    [
      'a refused connection to every address of a name',
      Object.assign(new AggregateError([refused, refused]), { code: 'ECONNREFUSED' }),
    ],
    ['a connection that ended under a query', new Error('Connection terminated unexpectedly')],
    [
      'a connection that was not opened in time',
      new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
    ],
    ['no connection free in the pool in time', new Error('timeout exceeded when trying to connect')],
    [
      'a client used after its connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a failure wrapped by another', new Error('saving failed', { cause: refused })],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', coded('duplicate key value violates unique constraint "x"', { code: '23505' })],
    ['a serialization failure', coded('could not serialize access', { code: '40001' })],
    ['a client that hung up on the server (no syscall)', coded('aborted', { code: 'ECONNRESET' })],
    ['a missing file', coded('no such file', { code: 'ENOENT', syscall: 'open' })],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['something that is not an error', 'Connection terminated'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('a database that cannot be reached', () => {
  const outageLogs = captureLogs();
  let database: TestDatabase;
  let app: FastifyInstance;
  let adminCookie: string;
  /** What every query fails with while set; the database itself stays up. */
  let failure: Error | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    const failing: KyselyPlugin = {
      transformQuery(args) {
        if (failure) throw failure;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
    app = await buildApp({ db: database.db.withPlugin(failing), logger: outageLogs.logger });
    await app.ready();
    adminCookie = await loginAsAdmin(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const outages: [string, () => Error][] = [
    ['shut down by an administrator', () => Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['still starting', () => Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['gone under a query', () => new Error('Connection terminated unexpectedly')],
    ['out of connections within the bound', () => new Error('timeout exceeded when trying to connect')],
  ];

  it.each(outages)(
    'answers a read, a write and the health check with 503 when %s, and logs no error',
    async (_name, make) => {
      failure = make();
      try {
        const before = outageLogs.lines.length;
        const read = await call(app, 'doc/get_version_info');
        const write = await call(
          app,
          'cms/set_category_info',
          { names: { en: 'During the outage' } },
          { cookie: adminCookie },
        );
        const health = await app.inject({ method: 'GET', url: '/dzfront/open/server/health' });
        for (const answer of [read, write]) {
          expect(answer.status).toBe(503);
          expect(answer.body).toEqual({
            code: errorCatalogue.databaseUnavailable.code,
            message: 'The database cannot be reached at the moment. Please try again in a few seconds.',
            data: null,
          });
        }
        expect(health.statusCode).toBe(503);
        const logged = outageLogs.lines.slice(before);
        expect(logged.filter((l) => l.level >= LOG_LEVEL.error)).toEqual([]);
        expect(logged.filter((l) => l.level === LOG_LEVEL.warn && l.msg === 'database unavailable')).toHaveLength(2);
      } finally {
        failure = undefined;
      }
      // Nothing to restart: the next call is served.
      expect((await call(app, 'doc/get_version_info')).status).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/dzfront/open/server/health' })).statusCode).toBe(200);
    },
  );
});

describe('the PostgreSQL pool', () => {
  /** A pool on `url`, behind an app, and what it answers an anonymous read and the health check. */
  async function answersOf(url: string) {
    const { db } = await openDatabase({ databaseUrl: url });
    const app = await buildApp({ db, logger: false });
    try {
      await app.ready();
      const [read, health] = await Promise.all([
        call(app, 'doc/get_version_info'),
        app.inject({ method: 'GET', url: '/dzfront/open/server/health' }),
      ]);
      return { read, health: health.statusCode };
    } finally {
      await app.close();
      await db.destroy();
    }
  }

  it('answers databaseUnavailable when nothing listens where the database should be', async () => {
    const port = await closedPort();
    const { read, health } = await answersOf(`postgres://postgres@127.0.0.1:${port}/open`);
    expect(read.status).toBe(503);
    expect(read.body.code).toBe(errorCatalogue.databaseUnavailable.code);
    expect(health).toBe(503);
  });

  it('gives up on a database that accepts the connection and never answers, instead of waiting for ever', async () => {
    // Accepts TCP connections and says nothing, like a host whose PostgreSQL hangs.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const { read, health } = await answersOf(`postgres://postgres@127.0.0.1:${port}/open`);
      expect(read.status).toBe(503);
      expect(read.body.code).toBe(errorCatalogue.databaseUnavailable.code);
      expect(health).toBe(503);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

/** A port nothing listens on (just freed by the system). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
