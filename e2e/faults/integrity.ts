/**
 * Whether a database came through a crash intact: PostgreSQL's amcheck reads every table's heap
 * pages (verify_heapam) and checks every B-tree index against its table (bt_index_check with
 * heapallindexed), on PostgreSQL and on the embedded PGlite alike.
 */
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import pg from 'pg';

export interface IntegrityReport {
  tables: number;
  indexes: number;
  /** Every finding, as `relation: what amcheck said`; empty when the database is sound. */
  problems: string[];
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

async function check(query: Query): Promise<IntegrityReport> {
  await query('create extension if not exists amcheck');
  const problems: string[] = [];
  const tables = await query(`
    select c.oid::int as oid, c.oid::regclass::text as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'm')`);
  for (const { oid, name } of tables) {
    const found = await query(
      `select blkno, offnum, msg from verify_heapam(${Number(oid)}::oid::regclass, check_toast => true)`,
    );
    for (const row of found) problems.push(`${String(name)}: ${JSON.stringify(row)}`);
  }
  const indexes = await query(`
    select c.oid::int as oid, c.oid::regclass::text as name
    from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_am a on a.oid = c.relam
      join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and a.amname = 'btree' and i.indisvalid`);
  for (const { oid, name } of indexes) {
    try {
      await query(`select bt_index_check(${Number(oid)}::oid::regclass, true)`);
    } catch (error) {
      problems.push(`${String(name)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { tables: tables.length, indexes: indexes.length, problems };
}

/** Checks a PostgreSQL database (its current schema) while nothing else writes to it. */
export async function checkPostgres(url: string): Promise<IntegrityReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await check(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end();
  }
}

/** Opens an embedded database folder (the server's DATA_DIR/pglite, the server stopped) and checks it. */
export async function checkPglite(folder: string): Promise<IntegrityReport> {
  const db = await PGlite.create(folder, { extensions: { amcheck } });
  try {
    return await check(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
  } finally {
    await db.close();
  }
}
