/**
 * Kysely lists the tables of every schema in the database before it migrates; another
 * application dropping its own schema at that moment failed our start with `schema "theirs" does
 * not exist` (two CI runs of the PostgreSQL pass, where test files drop their schemas as they end),
 * and once with `column "not_ready_reasons" of relation "tenant" does not exist`: the listing reads
 * each table's columns after it found the table, and a schema dropped between the two takes them.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const url = process.env.DATABASE_URL;
const name = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

describe.runIf(url)('migrating on a PostgreSQL shared with others', () => {
  it('is not failed by another schema dropped while it looks at the database', async () => {
    if (!url) return; // runIf: TypeScript does not see it
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const stop = new AbortController();
    let dropped = 0;
    // Another application creating and dropping schemas with tables in them, as fast as it can.
    const churn = (async () => {
      while (!stop.signal.aborted) {
        const schema = name('churn');
        const columns = Array.from({ length: 30 }, (_, i) => `c${i} text`).join(', ');
        await other.query(`create schema ${schema}; create table ${schema}.t (id serial primary key, ${columns})`);
        // Columns dropped one by one, then the schema: what a listing in between reads goes away.
        // A pause between changes, as between test files' ends: a catalog that never stops changing
        // would fail every listing, and no retry could help.
        for (let i = 0; i < 30; i += 3) {
          await other.query(`alter table ${schema}.t drop column c${i}`);
          await setTimeout(30);
        }
        await other.query(`drop schema ${schema} cascade`);
        await setTimeout(30);
        dropped += 1;
      }
    })();
    const ours: string[] = [];
    const failures: string[] = [];
    try {
      // Before the fix, about one migration in four failed against this churn.
      for (let i = 0; i < 12; i++) {
        const schema = name('migrating');
        ours.push(schema);
        await other.query(`create schema ${schema}`);
        const { db } = await openDatabase({ databaseUrl: url, schema });
        try {
          await migrateToLatest(db);
        } catch (error) {
          failures.push(String(error));
        } finally {
          await db.destroy();
        }
      }
    } finally {
      stop.abort();
      await churn;
      for (const schema of ours) await other.query(`drop schema if exists ${schema} cascade`);
      await other.end();
    }
    expect(dropped).toBeGreaterThan(3);
    expect(failures).toEqual([]);
  });
});
