import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const url = process.env.DATABASE_URL;

describe('migrations', () => {
  it('build a working database from nothing', async () => {
    const { db } = await openDatabase({});
    await migrateToLatest(db);
    await migrateToLatest(db); // a second run is a no-op
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name).sort()).toEqual([
      'admin_user',
      'agent',
      'api_key',
      'attachment',
      'audit_log',
      'call_record',
      'category',
      'category_backup',
      'category_locale',
      'cti_event',
      'login_failure',
      'resource',
      'resource_backup',
      'resource_locale',
      'resource_version',
      'search_spelling',
      'search_word',
      'session',
      'sip_trunk',
      'sip_trunk_did',
      'tenant',
      'used_token',
      'version',
      'webhook',
      'webhook_delivery',
    ]);
    await db.destroy();
  });

  // The bug this guards against: with another schema already migrated, Kysely took that
  // schema's migration tables for this one's and failed ("kysely_migration_lock does not exist").
  it.runIf(url)('migrate a schema of their own while another schema already has migration tables', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const [first, second] = [1, 2].map(() => `test_${randomBytes(6).toString('hex')}`);
    try {
      for (const schema of [first, second]) await admin.query(`create schema ${schema}`);
      for (const schema of [first, second]) {
        const { db } = await openDatabase({ databaseUrl: url, schema });
        await migrateToLatest(db);
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from version`.execute(db);
        expect(rows[0]?.n).toBe(0);
        await db.destroy();
      }
    } finally {
      for (const schema of [first, second]) await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  });
});
