/**
 * Cross-node invalidation of the read cache over PostgreSQL's LISTEN/NOTIFY: two apps on one
 * schema stand for two nodes. Needs DATABASE_URL (skipped without it), except the first test,
 * which needs no server at all.
 */
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createLifecycle } from '../lifecycle.js';
import { call, createTestDatabase, loginAsAdmin, type TestDatabase } from '../../test/helpers.js';
import { openDatabase, type Database } from './database.js';
import { createMemoryReadCache, type MemoryReadCache } from './read-cache.js';
import {
  createPgReadCacheInvalidation,
  type InvalidationLog,
  type PgReadCacheInvalidation,
  type Schedule,
} from './read-cache-invalidation.js';
import type { DB } from './schema.js';

const url = process.env.DATABASE_URL;

/** Waits for `condition`, checking it at most `attempts` times; how long it takes is not the test. */
async function until(condition: () => boolean | Promise<boolean>, attempts = 500): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never held');
}

/** A log that keeps its lines, to see what the listener reported. */
function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const log: InvalidationLog = {
    info: (_details, message) => lines.push({ level: 'info', message }),
    warn: (_details, message) => lines.push({ level: 'warn', message }),
    error: (_details, message) => lines.push({ level: 'error', message }),
  };
  return { log, lines };
}

/** A schedule that runs nothing by itself: the test reconnects when it chooses. */
function manualSchedule() {
  const pending: { run: () => void; ms: number }[] = [];
  const schedule: Schedule = (run, ms) => {
    const entry = { run, ms };
    pending.push(entry);
    return () => {
      pending.splice(pending.indexOf(entry), 1);
    };
  };
  return {
    schedule,
    pending,
    runNext() {
      const next = pending.shift();
      if (!next) throw new Error('nothing is scheduled');
      next.run();
    },
  };
}

describe('a listener that cannot reach the database', () => {
  it('keeps the cache off, retries with growing delays, and still never fails a write', async () => {
    const nowhere = 'postgres://postgres@127.0.0.1:1/none';
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: nowhere }) }) });
    const cache = createMemoryReadCache();
    const lifecycle = createLifecycle();
    const retries = manualSchedule();
    const { log, lines } = recordingLog();
    const invalidation = createPgReadCacheInvalidation({
      cache,
      db,
      connection: { connectionString: nowhere },
      lifecycle,
      schedule: retries.schedule,
      retry: { firstMs: 100, maxMs: 250 },
    });
    await invalidation.start(log);
    expect(invalidation.status().listening).toBe(false);
    expect(cache.stats().serving).toBe(false);
    let loads = 0;
    await invalidation.readCache.get('k', () => Promise.resolve(++loads));
    await invalidation.readCache.get('k', () => Promise.resolve(++loads));
    expect(loads).toBe(2);

    // Delays double from firstMs up to maxMs, each cut by up to half at random.
    const delays: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      await until(() => retries.pending.length === 1);
      delays.push(retries.pending[0]?.ms ?? NaN);
      if (attempt < 2) retries.runNext();
    }
    const ranges = [
      [50, 100],
      [100, 200],
      [125, 250],
    ];
    expect(delays.map((ms, i) => ms >= (ranges[i]?.[0] ?? NaN) && ms <= (ranges[i]?.[1] ?? NaN))).toEqual([
      true,
      true,
      true,
    ]);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(3);

    // The write has committed; failing to tell the other nodes is logged, not thrown. An
    // unreachable database is an outage (the other nodes lose their listeners too), not a bug.
    await expect(invalidation.readCache.invalidate()).resolves.toBeUndefined();
    expect(lines.at(-1)).toMatchObject({ level: 'warn' });

    await lifecycle.close();
    expect(retries.pending).toEqual([]);
    await db.destroy();
  });
});

interface Node {
  app: FastifyInstance;
  cache: MemoryReadCache;
  invalidation: PgReadCacheInvalidation;
  lines: { level: string; message: string }[];
}

describe.skipIf(!url)('on PostgreSQL, two nodes over one schema', () => {
  let database: TestDatabase;
  let nodeBDb: Database;
  let a: Node;
  let b: Node;
  const bRetries = manualSchedule();
  let cookie: string;
  let admin: pg.Client;

  async function startNode(db: Database, schedule?: Schedule): Promise<Node> {
    const lifecycle = createLifecycle();
    const cache = createMemoryReadCache();
    const connection = database.connection;
    if (!connection) throw new Error('no PostgreSQL connection');
    const invalidation = createPgReadCacheInvalidation({
      cache,
      db,
      connection,
      lifecycle,
      ...(schedule ? { schedule } : {}),
    });
    const app = await buildApp({ db, readCache: invalidation.readCache, lifecycle });
    await app.ready();
    const { log, lines } = recordingLog();
    await invalidation.start(log);
    return { app, cache, invalidation, lines };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    nodeBDb = (await openDatabase({ databaseUrl: url, schema: database.schema })).db;
    a = await startNode(database.db);
    b = await startNode(nodeBDb, bRetries.schedule);
    cookie = await loginAsAdmin(a.app);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
    await nodeBDb.destroy();
    await admin.end();
    await database.close();
  });

  const versions = async (node: Node) =>
    (await call<{ list: { _id: string; name: string }[] }>(node.app, 'doc/get_version_info')).body.data.list;
  const names = async (node: Node) => (await versions(node)).map((v) => v.name);
  /** Renames a version behind every cache: no node is told. */
  const renameBehind = async (from: string, to: string) => {
    await database.db.updateTable('version').set({ name: to }).where('name', '=', from).execute();
  };

  it('both listen, and each serves from memory', async () => {
    expect(a.invalidation.status().listening).toBe(true);
    expect(b.invalidation.status().listening).toBe(true);
    expect(await names(b)).toContain('v1.0');
    await renameBehind('v1.0', 'renamed behind');
    expect(await names(b)).toContain('v1.0');
    expect(await names(a)).toContain('renamed behind'); // A had not read it yet
    await renameBehind('renamed behind', 'v1.0');
    await a.invalidation.readCache.invalidate();
    await until(async () => (await names(a)).includes('v1.0') && (await names(b)).includes('v1.0'));
  });

  it("sees a write through A on B's next read once the notification has arrived, never stale after it", async () => {
    expect(await names(b)).toContain('v1.0'); // in B's memory
    const v1 = (await versions(a)).find((v) => v.name === 'v1.0');
    const heard = b.invalidation.status().notifications;
    const saved = await call(a.app, 'cms/set_version_info', { _id: v1?._id, name: 'v1.1' }, { cookie });
    expect(saved.status).toBe(200);
    expect(await names(a)).toContain('v1.1'); // the writer dropped its own cache at once
    await until(async () => {
      const arrived = b.invalidation.status().notifications > heard;
      const fresh = (await names(b)).includes('v1.1');
      if (arrived && !fresh) throw new Error('B answered stale content after the notification arrived');
      return fresh;
    });
    await until(() => b.invalidation.status().notifications > heard);
    for (let i = 0; i < 3; i++) expect(await names(b)).toContain('v1.1');
    await call(a.app, 'cms/set_version_info', { _id: v1?._id, name: 'v1.0' }, { cookie });
    await until(async () => (await names(b)).includes('v1.0'));
  });

  it('stops using the cache while its listener is down, and starts again from nothing once it is back', async () => {
    expect(await names(b)).toContain('v1.0');
    const { pid, connects } = b.invalidation.status();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await until(() => !b.invalidation.status().listening);
    expect(b.cache.stats().serving).toBe(false);
    expect(b.lines.at(-1)?.level).toBe('warn');
    expect(b.lines.at(-1)?.message).toContain('lost the invalidation listener');

    // Down: every read goes to the database, so a change nobody announced is seen at once.
    await renameBehind('v1.0', 'while down 1');
    expect(await names(b)).toContain('while down 1');
    await renameBehind('while down 1', 'while down 2');
    expect(await names(b)).toContain('while down 2');
    expect(b.cache.stats().entries).toBe(0);

    // Back: the cache starts empty (notifications may have been missed) and serves again.
    expect(bRetries.pending).toHaveLength(1);
    bRetries.runNext();
    await until(() => b.invalidation.status().listening);
    expect(b.invalidation.status()).toMatchObject({ connects: connects + 1 });
    expect(b.invalidation.status().pid).not.toBe(pid);
    expect(await names(b)).toContain('while down 2');
    await renameBehind('while down 2', 'v1.0');
    expect(await names(b)).toContain('while down 2'); // from memory again

    const heard = b.invalidation.status().notifications;
    await a.invalidation.readCache.invalidate();
    await until(() => b.invalidation.status().notifications > heard);
    expect(await names(b)).toContain('v1.0');
  });
});
