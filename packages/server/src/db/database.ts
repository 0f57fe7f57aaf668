import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
}

// PostgreSQL's bigint (count(*)) arrives as a string by default; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

// Same reason for PGlite, which would answer a JS bigint that JSON cannot carry.
const INT8_OID = 20;
const pgliteParsers = { [INT8_OID]: (value: string) => Number(value) };

export async function openDatabase(target: DatabaseTarget): Promise<OpenedDatabase> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: 10,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    });
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  let client: PGlite;
  if (target.dataDir) {
    const folder = path.join(target.dataDir, 'pglite');
    await mkdir(folder, { recursive: true });
    client = await PGlite.create(folder, { parsers: pgliteParsers });
  } else {
    client = await PGlite.create({ parsers: pgliteParsers });
  }
  return { db: new Kysely<DB>({ dialect: new PGliteDialect(client) }), kind: 'pglite' };
}
