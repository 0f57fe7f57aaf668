/** Data access for the audit trail: entries are only ever added and read. */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../db/executor.js';
import type { AuditLogTable } from '../db/schema.js';

export type AuditRow = Selectable<AuditLogTable>;

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  target_type?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditPage {
  offset: number;
  limit: number;
}

export interface AuditValues {
  at: Date;
  actor_id: string | null;
  actor: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  target_name: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
}

export async function insertAuditEntry(db: Executor, values: AuditValues): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ ...values, id: randomUUID(), detail: JSON.stringify(values.detail) })
    .execute();
}

/** `actor` in any case; `from` inclusive, `to` exclusive. */
function filtered(db: Executor, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actor !== undefined) {
    const actor = filter.actor.toLowerCase();
    query = query.where((eb) => eb(eb.fn('lower', ['actor']), '=', actor));
  }
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.target_type !== undefined) query = query.where('target_type', '=', filter.target_type);
  if (filter.from !== undefined) query = query.where('at', '>=', new Date(filter.from));
  if (filter.to !== undefined) query = query.where('at', '<', new Date(filter.to));
  return query;
}

/** Newest first (insertion order within an instant); `page` absent means every entry. */
export function listAuditEntries(db: Executor, filter: AuditFilter, page?: AuditPage): Promise<AuditRow[]> {
  let query = filtered(db, filter).selectAll().orderBy('at', 'desc').orderBy('seq', 'desc');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}

export async function countAuditEntries(db: Executor, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deletes entries older than `before`, at most `batch` of them, oldest first; answers how many
 * went. Run again until it answers fewer than `batch`: short statements leave room for other
 * queries (the embedded database has one connection), and two nodes doing it at once only
 * delete the same rows once.
 */
export async function deleteAuditEntriesBefore(db: Executor, before: Date, batch: number): Promise<number> {
  const result = await db
    .deleteFrom('audit_log')
    .where('id', 'in', (eb) =>
      eb.selectFrom('audit_log').select('id').where('at', '<', before).orderBy('at').limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
