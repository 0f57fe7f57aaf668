import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { ApiEnvelope } from '@open/protocol/api';
import { Writable } from 'node:stream';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import './provided-context.js';
import { buildApp, type AppOptions } from '../src/app.js';
import { openDatabase, overPglite, pgliteOptions, type Database, type OpenedDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createMemoryReadCache } from '../src/db/read-cache.js';
import { demoAdmin } from '../src/demo-credentials.js';
import { seedIfEmpty } from '../src/seed/seed.js';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

export interface TestDatabase {
  db: Database;
  /** On PostgreSQL: the schema of this test file, and how its pool connects (for a second app). */
  schema: string | undefined;
  connection: OpenedDatabase['connection'];
  close(): Promise<void>;
}

/** The run's migrated, seeded embedded database (test/global-setup.ts), in memory. */
async function pgliteFromTemplate(): Promise<OpenedDatabase> {
  const image = await readFile(inject('pgliteTemplate'));
  return overPglite(await PGlite.create({ ...pgliteOptions, loadDataDir: new Blob([image]) }));
}

/**
 * A migrated, seeded database for one test file: in-memory PGlite by default (a copy of the
 * run's template), or a fresh schema of the PostgreSQL at DATABASE_URL (dropped afterwards,
 * since that database outlives the run).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const { db } = await pgliteFromTemplate();
    // No-ops on the template (a query each), unless a migration was added since it was made.
    await migrateToLatest(db);
    await seedIfEmpty(db);
    return { db, schema: undefined, connection: undefined, close: () => db.destroy() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const dropSchema = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  };
  const { db, connection } = await openDatabase({ databaseUrl: url, schema });
  await migrateToLatest(db);
  await seedIfEmpty(db);
  return {
    db,
    schema,
    connection,
    async close() {
      await db.destroy();
      await dropSchema();
    },
  };
}

export async function createTestApp(options: Omit<AppOptions, 'db'> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  // One process per test file sees every write, so the cache the product uses is safe here.
  const app = await buildApp({ db: database.db, readCache: createMemoryReadCache(), ...options });
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface CallOptions {
  cookie?: string | undefined;
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  status: number;
  body: ApiEnvelope<T>;
  response: LightMyRequestResponse;
}

/** POSTs JSON to an API path, as the web client does. */
export async function call<T = unknown>(
  app: FastifyInstance,
  path: string,
  body: unknown = {},
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const response = await app.inject({
    method: 'POST',
    url: `/dzfront/open/server/api/${path}`,
    headers: {
      'content-type': 'application/json',
      'x-lang': 'en',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json<ApiEnvelope<T>>(), response };
}

/** Signs in as the seeded admin and returns the session cookie to send along. */
export async function loginAsAdmin(app: FastifyInstance): Promise<string> {
  const { response, status } = await call(app, 'global/login', {
    account: demoAdmin.account,
    password: demoAdmin.password,
  });
  if (status !== 200) throw new Error(`demo admin could not sign in: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'open_session');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

export interface LogLine {
  level: number;
  msg: string;
  err?: { message?: string; stack?: string };
}

/** A logger for `createTestApp` that keeps every line, to assert what the server logged and at which level. */
export function captureLogs(): { logger: AppOptions['logger']; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: { level: 'info', stream }, lines };
}

/** pino's numeric levels. */
export const LOG_LEVEL = { info: 30, warn: 40, error: 50 } as const;
