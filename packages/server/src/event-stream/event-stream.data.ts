/** Reading the event log (cti_event) for the event stream and its pages (docs/EVENT-STREAM.md). */
import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';

export interface StoredEvent {
  id: string;
  tenant_id: string;
  type: string;
  /** `{ agent, data }` as the event log stored it. */
  payload: unknown;
  occurred_at: Date;
}

/** The tenant's events after `after`, oldest first, at most `limit`, of `types` when given. */
export function eventsAfter(
  db: Executor,
  {
    tenantId,
    after,
    types,
    limit,
  }: { tenantId: string; after: string; types: readonly string[] | undefined; limit: number },
): Promise<StoredEvent[]> {
  let query = db
    .selectFrom('cti_event')
    // As text: PGlite gives a bigint as a number, pg as a string; an id is a string on the wire.
    .select([sql<string>`id::text`.as('id'), 'tenant_id', 'type', 'payload', 'occurred_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '>', after);
  if (types) query = query.where('type', 'in', types);
  // By the column, not the text it is selected as ('100' sorts before '14').
  return query.orderBy('cti_event.id').limit(limit).execute();
}

/** The tenant's newest and oldest event ids still kept; null when it has none. */
export async function eventBounds(db: Executor, tenantId: string): Promise<{ oldest: string; newest: string } | null> {
  const row = await db
    .selectFrom('cti_event')
    .select([sql<string | null>`min(id)::text`.as('oldest'), sql<string | null>`max(id)::text`.as('newest')])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.oldest && row.newest ? { oldest: row.oldest, newest: row.newest } : null;
}

/** Whether the tenant's event `id` is still kept: a reader may resume after it without a gap. */
export async function eventKept(db: Executor, tenantId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('cti_event')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The tenants with events stored after `after` (any node's), each with its newest id, and the
 * newest id of all: what one look a second tells the node's streams, however many are open.
 */
export async function tenantsWithEventsAfter(
  db: Executor,
  after: string,
): Promise<{ tenants: { tenant_id: string; newest: string }[]; newest: string | null }> {
  const tenants = await db
    .selectFrom('cti_event')
    .select(['tenant_id', sql<string>`max(id)::text`.as('newest')])
    .where('id', '>', after)
    .groupBy('tenant_id')
    .execute();
  let newest: string | null = null;
  for (const row of tenants) if (newest === null || BigInt(row.newest) > BigInt(newest)) newest = row.newest;
  return { tenants, newest };
}

/** The newest event id of all tenants ('0' when none): where the node's look starts. */
export async function newestEventId(db: Executor): Promise<string> {
  const row = await db
    .selectFrom('cti_event')
    .select(sql<string | null>`max(id)::text`.as('newest'))
    .executeTakeFirst();
  return row?.newest ?? '0';
}
