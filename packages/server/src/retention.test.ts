/** Retention: what the prune deletes, what it keeps, and that its timer stops with the lifecycle. */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers.js';
import { insertAuditEntry } from './audit/audit.data.js';
import type { Clock } from './clock.js';
import { keepBackup } from './content/backups/backup.service.js';
import { listBackups } from './content/backups/backup.data.js';
import { insertCategory } from './content/categories/category.data.js';
import { insertResource } from './content/resources/resource.data.js';
import type { CategorySnapshot, ResourceSnapshot } from './db/schema.js';
import { createLifecycle } from './lifecycle.js';
import { createRetention, type RetentionSettings } from './retention.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.deleteFrom('audit_log').execute();
  await database.db.deleteFrom('category_backup').execute();
  await database.db.deleteFrom('resource_backup').execute();
});

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2027-06-01T12:00:00.000Z');
const fixedClock: Clock = { now: () => new Date(NOW) };
const daysAgo = (days: number) => new Date(NOW - days * DAY);

const settings: RetentionSettings = { auditDays: 365, backupDays: 90, backupKeepPerItem: 2 };

async function auditAt(at: Date, action: string): Promise<void> {
  await insertAuditEntry(database.db, {
    at,
    actor_id: null,
    actor: 'admin',
    action,
    target_type: 'test',
    target_id: null,
    target_name: null,
    ip: null,
    detail: {},
  });
}

const categorySnapshot: CategorySnapshot = { parent_id: null, kind: 'docs', sort: 10, status: 1, names: { en: 'x' } };

let serial = 0;
/** A category with a backup of each revision 1..n, revision r saved `ages[r - 1]` days ago. */
async function categoryWithBackups(ages: number[]): Promise<string> {
  const id = `retention-category-${++serial}`;
  await insertCategory(database.db, id, { parent_id: null, names: { en: id } });
  for (const [index, age] of ages.entries()) {
    const state = { id, revision: index + 1, updated_by: 'admin', updated_at: daysAgo(age) };
    await keepBackup(database.db, 'category', state, categorySnapshot);
  }
  return id;
}

const revisionsOf = async (kind: 'category' | 'resource', id: string) =>
  (await listBackups(database.db, kind, id)).map((row) => row.revision);

describe('a prune', () => {
  // PostgreSQL has autovacuum, and its test database is shared with other runs: PGlite only.
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'ends with a VACUUM of the embedded database, when asked to',
    async () => {
      const vacuums = async () =>
        (
          await sql<{ n: number }>`select coalesce(sum(vacuum_count), 0)::int as n from pg_stat_user_tables
            where relname = 'resource_locale'`.execute(database.db)
        ).rows[0]?.n ?? 0;
      const before = await vacuums();
      const lifecycle = createLifecycle();
      await createRetention({ db: database.db, clock: fixedClock, lifecycle, settings }).prune();
      expect(await vacuums()).toBe(before);
      await createRetention({ db: database.db, clock: fixedClock, lifecycle, settings, vacuum: true }).prune();
      expect(await vacuums()).toBe(before + 1);
    },
  );

  it('deletes audit entries older than AUDIT_RETENTION_DAYS and keeps the rest', async () => {
    await auditAt(daysAgo(400), 'too old');
    await auditAt(daysAgo(366), 'just too old');
    await auditAt(daysAgo(364), 'just kept');
    await auditAt(daysAgo(1), 'recent');
    const retention = createRetention({ db: database.db, clock: fixedClock, lifecycle: createLifecycle(), settings });
    expect(await retention.prune()).toEqual({ audit: 2, webhookEvents: 0, categoryBackups: 0, resourceBackups: 0 });
    const left = await database.db.selectFrom('audit_log').select('action').orderBy('at').execute();
    expect(left.map((row) => row.action)).toEqual(['just kept', 'recent']);
    // Idempotent: a second prune (another node's, say) finds nothing more.
    expect((await retention.prune()).audit).toBe(0);
  });

  it('deletes in batches until nothing old is left', async () => {
    for (let i = 0; i < 7; i++) await auditAt(daysAgo(500 + i), `old ${i}`);
    await auditAt(daysAgo(2), 'recent');
    const retention = createRetention({
      db: database.db,
      clock: fixedClock,
      lifecycle: createLifecycle(),
      settings,
      batch: 3,
    });
    expect((await retention.prune()).audit).toBe(7);
    expect(await database.db.selectFrom('audit_log').select('action').execute()).toEqual([{ action: 'recent' }]);
  });

  it('keeps every audit entry and backup when the days are 0', async () => {
    await auditAt(daysAgo(10_000), 'ancient');
    const id = await categoryWithBackups([1000, 900, 800]);
    const retention = createRetention({
      db: database.db,
      clock: fixedClock,
      lifecycle: createLifecycle(),
      settings: { auditDays: 0, backupDays: 0, backupKeepPerItem: 1 },
    });
    expect(await retention.prune()).toEqual({ audit: 0, webhookEvents: 0, categoryBackups: 0, resourceBackups: 0 });
    expect(await revisionsOf('category', id)).toEqual([3, 2, 1]);
  });

  it('deletes old backups beyond the newest BACKUP_KEEP_PER_ITEM of each item, never recent ones', async () => {
    // Old history: only the newest two survive.
    const old = await categoryWithBackups([400, 300, 200, 100]);
    // All recent: kept whatever their number.
    const recent = await categoryWithBackups([30, 20, 10, 5]);
    // Mixed: the old ones beyond the newest two go, the recent ones stay.
    const mixed = await categoryWithBackups([500, 200, 60, 10]);
    // A single ancient backup: an item never loses its whole history.
    const lone = await categoryWithBackups([3000]);
    const resource = `retention-resource-${++serial}`;
    await insertResource(database.db, resource, { category_id: lone });
    const resourceSnapshot: ResourceSnapshot = {
      category_id: lone,
      sort: 10,
      status: 2,
      version_ids: [],
      locales: [{ lang: 'zh-CN', title: 't', markdown: 'm' }],
    };
    for (const [index, age] of [700, 600, 500].entries()) {
      const state = { id: resource, revision: index + 1, updated_by: null, updated_at: daysAgo(age) };
      await keepBackup(database.db, 'resource', state, resourceSnapshot);
    }

    const retention = createRetention({ db: database.db, clock: fixedClock, lifecycle: createLifecycle(), settings });
    expect(await retention.prune()).toEqual({ audit: 0, webhookEvents: 0, categoryBackups: 4, resourceBackups: 1 });
    expect(await revisionsOf('category', old)).toEqual([4, 3]);
    expect(await revisionsOf('category', recent)).toEqual([4, 3, 2, 1]);
    expect(await revisionsOf('category', mixed)).toEqual([4, 3]);
    expect(await revisionsOf('category', lone)).toEqual([1]);
    expect(await revisionsOf('resource', resource)).toEqual([3, 2]);
    expect(await retention.prune()).toEqual({ audit: 0, webhookEvents: 0, categoryBackups: 0, resourceBackups: 0 });
  });
});

describe('the periodic prune', () => {
  it('prunes on start and every interval, and stops when the lifecycle closes', async () => {
    await auditAt(daysAgo(1000), 'old');
    let now = NOW;
    const lifecycle = createLifecycle();
    const retention = createRetention({
      db: database.db,
      clock: { now: () => new Date(now) },
      lifecycle,
      settings,
      intervalMs: 20,
    });
    retention.start();
    await expect.poll(() => database.db.selectFrom('audit_log').select('id').execute()).toEqual([]);

    // A day later an entry written now would still be young; one written long before is not.
    now += DAY;
    await auditAt(new Date(now - 400 * DAY), 'aged while running');
    await expect.poll(() => database.db.selectFrom('audit_log').select('id').execute()).toEqual([]);

    await lifecycle.close();
    await auditAt(daysAgo(1000), 'after the close');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await database.db.selectFrom('audit_log').select('action').execute()).toEqual([
      { action: 'after the close' },
    ]);
  });

  it('logs a failed prune and tries again at the next interval', async () => {
    const warnings: string[] = [];
    let calls = 0;
    const failing: Clock = {
      now: () => {
        calls += 1;
        if (calls === 1) throw new Error('clock broke');
        return new Date(NOW);
      },
    };
    await auditAt(daysAgo(1000), 'old');
    const lifecycle = createLifecycle();
    createRetention({
      db: database.db,
      clock: failing,
      lifecycle,
      settings,
      intervalMs: 20,
      log: { info: () => undefined, warn: (_details, message) => warnings.push(message) },
    }).start();
    await expect.poll(() => database.db.selectFrom('audit_log').select('id').execute()).toEqual([]);
    expect(warnings).toEqual(['retention: prune failed, trying again at the next interval']);
    await lifecycle.close();
  });
});
