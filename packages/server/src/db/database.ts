import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DB } from './schema.js';

export type Database = Kysely<DB>;

export interface DatabaseTarget {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `undefined` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL schema to work in (tests give each run its own). */
  schema?: string | undefined;
}

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** On PostgreSQL: how the pool connects, for a part that needs a connection of its own. */
  connection?: pg.ClientConfig;
  /** The embedded database itself (the test template is dumped from it). */
  pglite?: PGlite;
  /** The folder the embedded database keeps its files in, for an online backup (db/online-backup.ts); none in memory. */
  pgliteFolder?: string;
}

// PostgreSQL's bigint (count(*)) arrives as a string by default; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

// Same reason for PGlite, which would answer a JS bigint that JSON cannot carry.
const INT8_OID = 20;
const pgliteParsers = { [INT8_OID]: (value: string) => Number(value) };

/*
 * Memory of the embedded database (bench/memory.mjs measures it; a bare Fastify server holds
 * about 66 MB). Two things made an idle server hold ~850 MB after a first start and ~340 MB
 * after a restart:
 *
 * 1. initdb. On a folder without a database, PGlite runs initdb inside the calling process: a
 *    second, throwaway PGlite instance plus the initdb WASM module, each with its own WebAssembly
 *    memory, about 450 MB resident together. PGlite closes them, but V8 returns their memory only
 *    at its next full garbage collection, and an idle server allocates nothing that would start
 *    one (global.gc needs --expose-gc). So a fresh folder is initialised by a short-lived child
 *    process, whose memory the OS takes back when it exits, and this process then opens the
 *    existing folder exactly as a restart does. PGlite alone, idle: 173 MB this way; 360 MB with
 *    a throwaway instance in this process, closed before reopening (same garbage, left to the
 *    GC); 306 MB with a worker thread (the process keeps much of what the worker allocated).
 * 2. shared_buffers. initdb writes PostgreSQL's default of 128 MB, and PGlite allocates and
 *    touches all of it in its WASM heap at start (PGlite alone on an existing folder: 305 MB,
 *    167 MB with 16 MB). The whole database is ~9 MB and the folder's files stay in the OS page
 *    cache (NODEFS), so 16 MB of buffers is plenty. It is a start parameter, not a line in
 *    postgresql.conf, so folders created before this change get it too.
 *
 * initialMemory cannot go below the 128 MB the WASM module declares, and its untouched pages are
 * not resident anyway. Most of what remains is V8's code for the 10 MB postgres WASM module and
 * the memory its background compiler threads keep in their malloc arenas after optimising hot
 * postgres functions (~100 MB after a first start); only process flags reach that
 * (--v8-pool-size=1, --liftoff-only: see bench/README.md). One extension is loaded, pg_trgm (search
 * corrects typed words with it); bench/memory.mjs measures what it costs.
 */
export const pgliteOptions = {
  parsers: pgliteParsers,
  // Search corrects typed words by trigram distance (migration 20261126T1400_search_words).
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
};

/** PGlite's CommonJS entry, which the initdb child loads with a plain require(). */
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');

/** Creates the database in `folder` (initdb) in a child process, so its memory goes with it. */
async function initdbInChildProcess(folder: string): Promise<void> {
  const script =
    'const { PGlite } = require(process.argv[1]);' +
    'PGlite.create(process.argv[2]).then((db) => db.close()).catch((error) => {' +
    ' console.error(error instanceof Error ? error.message : String(error)); process.exit(1); });';
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['-e', script, pgliteEntry, folder], (error, _stdout, stderr) => {
      if (error) reject(new Error(`initdb failed in ${folder}: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}

/** The folder of the embedded database inside the data folder. */
export const pgliteFolderOf = (dataDir: string) => path.join(dataDir, 'pglite');

/** Whether the data folder holds an embedded database already (initdb has run there). */
export const hasEmbeddedDatabase = (dataDir: string) => existsSync(path.join(pgliteFolderOf(dataDir), 'PG_VERSION'));

/** How long a call waits for a connection to PostgreSQL, new or from the pool, before failing. */
export const POOL_CONNECTION_TIMEOUT_MS = 5_000;

function ignoreConnectionError(): void {}

export async function openDatabase(target: DatabaseTarget): Promise<OpenedDatabase> {
  if (target.databaseUrl) {
    const connection: pg.ClientConfig = {
      connectionString: target.databaseUrl,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    };
    const pool = new pg.Pool({
      ...connection,
      max: 10,
      // Without a bound, a call waits for ever for a database that does not answer (or for a
      // free connection while every one is stuck): it fails instead, and the caller is told
      // the database is unavailable (http/error-handler.ts).
      connectionTimeoutMillis: POOL_CONNECTION_TIMEOUT_MS,
      // A connection whose server vanished without closing it (a half-open link) is found out.
      keepAlive: true,
    });
    // A connection the server ends (a restart, an administrator's shutdown) emits 'error', and
    // unheard that event ends the process. Idle, the pool reports it on itself and drops the
    // connection; checked out (Kysely holds one for a query or a transaction), nobody listens
    // but us: its query fails on its own (503 for the caller) and the pool drops it on release.
    // Either way the next query opens a new connection, so there is nothing more to do.
    pool.on('error', ignoreConnectionError);
    pool.on('connect', (client) => client.on('error', ignoreConnectionError));
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres', connection };
  }
  let client: PGlite;
  if (target.dataDir) {
    const folder = pgliteFolderOf(target.dataDir);
    await mkdir(folder, { recursive: true });
    if (!hasEmbeddedDatabase(target.dataDir)) await initdbInChildProcess(folder);
    client = await PGlite.create(folder, pgliteOptions);
    return { ...overPglite(client), pgliteFolder: folder };
  } else {
    // In memory (tests): nothing to reopen, so initdb stays in this process.
    client = await PGlite.create(pgliteOptions);
  }
  return overPglite(client);
}

/** The embedded database `client` behind Kysely, as `openDatabase` opens it. */
export function overPglite(client: PGlite): OpenedDatabase {
  return { db: new Kysely<DB>({ dialect: new PGliteDialect(client) }), kind: 'pglite', pglite: client };
}
