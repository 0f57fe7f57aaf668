/**
 * Data access for backups: the saved states of categories and resources that a later save
 * replaced. Each kind of item has its table (`category_backup`, `resource_backup`: the same
 * columns but the item's id), so one set of queries serves both, naming the table from `tables`.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { CategorySnapshot, DB, ResourceSnapshot } from '../../db/schema.js';

/** What a backup keeps of each kind of item. */
export interface Snapshots {
  category: CategorySnapshot;
  resource: ResourceSnapshot;
}

/** The kinds of item that keep backups. */
export type BackedUp = keyof Snapshots;

export interface BackupRow<Snapshot> {
  id: string;
  /** The revision the item had in this state. */
  revision: number;
  snapshot: Snapshot;
  /** Who saved this state, and when (not who replaced it). */
  saved_by: string | null;
  saved_at: Date;
}

/**
 * The item's table, its backups' table and the column naming the item there: names the raw
 * queries below interpolate, checked against the schema's types here.
 */
const tables = {
  category: { item: 'category', backup: 'category_backup', itemId: 'category_id' },
  resource: { item: 'resource', backup: 'resource_backup', itemId: 'resource_id' },
} as const satisfies {
  [K in BackedUp]: { item: K & keyof DB; backup: `${K}_backup` & keyof DB; itemId: keyof DB[`${K}_backup`] };
};

export async function insertBackup<K extends BackedUp>(
  db: Executor,
  kind: K,
  itemId: string,
  backup: BackupRow<Snapshots[K]>,
): Promise<void> {
  const { backup: table, itemId: column } = tables[kind];
  await sql`
    insert into ${sql.table(table)} (id, ${sql.ref(column)}, revision, snapshot, saved_by, saved_at)
    values (${backup.id}, ${itemId}, ${backup.revision}, ${JSON.stringify(backup.snapshot)},
      ${backup.saved_by}, ${backup.saved_at})`.execute(db);
}

/** Newest first. */
export async function listBackups<K extends BackedUp>(
  db: Executor,
  kind: K,
  itemId: string,
): Promise<BackupRow<Snapshots[K]>[]> {
  const { backup: table, itemId: column } = tables[kind];
  const { rows } = await sql<BackupRow<Snapshots[K]>>`
    select id, revision, snapshot, saved_by, saved_at from ${sql.table(table)}
    where ${sql.ref(column)} = ${itemId}
    order by revision desc, saved_at desc`.execute(db);
  return rows;
}

export async function itemExists(db: Executor, kind: BackedUp, itemId: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from ${sql.table(tables[kind].item)} where id = ${itemId}) as found`.execute(db);
  return rows[0]?.found === true;
}

/**
 * Deletes an item's backups saved before `before`, except its newest `keep` (by revision), at
 * most `batch` at a time; answers how many went. Every item keeps at least `keep` backups
 * however old, so none loses its whole history. Idempotent: two nodes pruning at once delete
 * each row once.
 */
export async function pruneBackups(
  db: Executor,
  kind: BackedUp,
  { before, keep, batch }: { before: Date; keep: number; batch: number },
): Promise<number> {
  const { backup: table, itemId: column } = tables[kind];
  const result = await sql`
    delete from ${sql.table(table)} where id in (
      select id from (
        select id, saved_at,
          row_number() over (partition by ${sql.ref(column)} order by revision desc) as newest
        from ${sql.table(table)}
      ) ranked
      where newest > ${keep} and saved_at < ${before}
      limit ${batch})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
