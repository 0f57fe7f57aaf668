/** Data access of webhooks (docs/WEBHOOKS.md): the settings, the event log and the deliveries. */
import { sql } from 'kysely';
import type { WebhookDeliveryStatus } from '@open/protocol/webhooks';
import type { Executor } from '../db/executor.js';

const webhookColumns = [
  'webhook.id',
  'webhook.tenant_id',
  'webhook.url',
  'webhook.description',
  'webhook.events',
  'webhook.enabled',
  'webhook.secret',
  'webhook.created_at',
  'webhook.updated_at',
] as const;

/** A tenant's webhooks, oldest first, with their latest delivery and how many wait. */
export function listWebhooks(db: Executor, tenantId: string) {
  return db
    .selectFrom('webhook')
    .select(webhookColumns)
    .select((eb) => [
      eb
        .selectFrom('webhook_delivery as d')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('d.webhook_id', '=', 'webhook.id')
        .where('d.status', '=', 'pending')
        .as('pending'),
      eb
        .selectFrom('webhook_delivery as d')
        .select(
          sql<string>`json_build_object('status', d.status, 'at', d.last_attempt_at, 'response_status', d.response_status)::text`.as(
            'j',
          ),
        )
        .whereRef('d.webhook_id', '=', 'webhook.id')
        .where('d.last_attempt_at', 'is not', null)
        .orderBy('d.last_attempt_at', 'desc')
        .limit(1)
        .as('last_delivery'),
    ])
    .where('webhook.tenant_id', '=', tenantId)
    .orderBy('webhook.created_at')
    .orderBy('webhook.id')
    .execute();
}
export type WebhookListRow = Awaited<ReturnType<typeof listWebhooks>>[number];

export const findWebhook = (db: Executor, id: string) =>
  db.selectFrom('webhook').select(webhookColumns).where('id', '=', id).executeTakeFirst();

export async function countWebhooks(db: Executor, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export interface WebhookValues {
  url: string;
  description: string;
  events: readonly string[];
  enabled: boolean;
}

export async function insertWebhook(
  db: Executor,
  row: WebhookValues & { id: string; tenant_id: string; secret: string; at: Date },
): Promise<void> {
  await db
    .insertInto('webhook')
    .values({
      id: row.id,
      tenant_id: row.tenant_id,
      url: row.url,
      description: row.description,
      events: JSON.stringify(row.events),
      enabled: row.enabled,
      secret: row.secret,
      created_at: row.at,
      updated_at: row.at,
    })
    .execute();
}

export async function updateWebhook(db: Executor, id: string, values: WebhookValues, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('webhook')
    // Named one by one: a caller's object may carry more (the body's _id and tenant_id).
    .set({
      url: values.url,
      description: values.description,
      events: JSON.stringify(values.events),
      enabled: values.enabled,
      updated_at: at,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setWebhookSecret(db: Executor, id: string, secret: string, at: Date): Promise<void> {
  await db.updateTable('webhook').set({ secret, updated_at: at }).where('id', '=', id).execute();
}

export async function deleteWebhook(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The tenants with a webhook switched on: the only ones whose events are stored. */
export async function tenantsWithWebhooks(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('webhook').select('tenant_id').distinct().where('enabled', '=', true).execute();
  return rows.map((row) => row.tenant_id);
}

/** The tenants with an API key: their events are stored for the event stream (docs/EVENT-STREAM.md). */
export async function tenantsWithApiKeys(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('api_key').select('tenant_id').distinct().execute();
  return rows.map((row) => row.tenant_id);
}

export interface EventRow {
  tenant_id: string;
  type: string;
  agent_id: string | null;
  /** `{ agent, data }` as JSON. */
  payload: string;
  occurred_at: Date;
}

/**
 * Stores events and, in the same statement, a delivery of each to every webhook of its tenant
 * that is switched on and takes its type: an event is never stored without its deliveries.
 */
export async function insertEvents(db: Executor, rows: readonly EventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  // One JSON parameter, not five a row (PGlite binds each at a cost of its own); each payload is
  // JSON already and goes in as it is.
  const batch = `[${rows
    .map(
      (row) =>
        `{"tenant_id":${JSON.stringify(row.tenant_id)},"type":${JSON.stringify(row.type)},` +
        `"agent_id":${JSON.stringify(row.agent_id)},"occurred_at":${JSON.stringify(row.occurred_at)},"payload":${row.payload}}`,
    )
    .join(',')}]`;
  const result = await sql<{ n: number }>`
    with e as (
      insert into cti_event (tenant_id, type, agent_id, payload, occurred_at)
      select r.tenant_id, r.type, r.agent_id, r.payload, r.occurred_at
      from json_to_recordset(${batch}::json) as r(tenant_id text, type text, agent_id text, payload json, occurred_at timestamptz)
      returning id, tenant_id, type
    ), d as (
      insert into webhook_delivery (webhook_id, event_id, next_attempt_at)
      select w.id, e.id, now() from e join webhook w on w.tenant_id = e.tenant_id
      where w.enabled and w.events ? e.type
      returning 1
    )
    select count(*)::int as n from d
  `.execute(db);
  return result.rows[0]?.n ?? 0;
}

/** One event for one webhook only (cms/test_webhook), due now; the delivery's id. */
export async function insertTargetedEvent(db: Executor, webhookId: string, row: EventRow): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const event = await trx.insertInto('cti_event').values(row).returning('id').executeTakeFirstOrThrow();
    return newDelivery(trx, webhookId, event.id, true);
  });
}

/** A new delivery of a stored event, due now (a redelivery, a test). */
export async function newDelivery(db: Executor, webhookId: string, eventId: string, test = false): Promise<string> {
  const delivery = await db
    .insertInto('webhook_delivery')
    .values({ webhook_id: webhookId, event_id: eventId, test, next_attempt_at: sql<Date>`now()` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return delivery.id;
}

/** What a dispatcher needs to make one attempt. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  webhook_id: string;
  url: string;
  secret: string;
  event_id: string;
  tenant_id: string;
  type: string;
  payload: unknown;
  occurred_at: Date;
}

/**
 * Takes up to `limit` due deliveries for `leaseMs`, counting the attempt: another node skips
 * them (SKIP LOCKED while the statement runs, the lease after), and a node that dies mid-post
 * leaves them to whoever claims after the lease. Deliveries of a webhook switched off wait,
 * except its test events. No ORDER BY: the due rows are taken as the scan meets them (oldest
 * first, near enough), so a claim stops at its limit whatever the backlog; with one, PGlite
 * (which never analyses a table by itself) sorted every due row each time: 55 ms for 64 of
 * 8,720 (bench/README.md, webhooks).
 */
export async function claimDue(db: Executor, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const result = await sql<ClaimedDelivery>`
    with due as (
      select d.id from webhook_delivery d
      where d.status = 'pending' and d.next_attempt_at <= now()
        and (d.locked_until is null or d.locked_until <= now())
        and (d.test or exists (select 1 from webhook w where w.id = d.webhook_id and w.enabled))
      limit ${limit}
      for update skip locked
    ), claimed as (
      update webhook_delivery d
      set locked_until = now() + ${leaseMs} * interval '1 millisecond', attempts = d.attempts + 1
      from due where d.id = due.id
      returning d.id, d.attempts, d.webhook_id, d.event_id
    )
    select c.id::text as id, c.attempts, c.webhook_id, c.event_id::text as event_id, w.url, w.secret,
      e.tenant_id, e.type, e.payload, e.occurred_at
    from claimed c join webhook w on w.id = c.webhook_id join cti_event e on e.id = c.event_id
  `.execute(db);
  return result.rows;
}

export interface AttemptRow {
  /** When the attempt was made. */
  at: Date;
  status: WebhookDeliveryStatus;
  next_attempt_at: Date | null;
  response_status: number | null;
  response_excerpt: string | null;
  error: string | null;
  error_detail: string | null;
  duration_ms: number;
}

/**
 * Attempts' outcomes, in one statement for many deliveries (a busy receiver settles hundreds a
 * second, and on PGlite each statement holds the thread the phones are answered on); the claims
 * are let go.
 */
export async function settleAttempts(db: Executor, rows: readonly (AttemptRow & { id: string })[]): Promise<void> {
  if (rows.length === 0) return;
  // One JSON parameter, not nine a row: PGlite binds each parameter at a cost of its own.
  await sql`
    update webhook_delivery d set status = v.status, next_attempt_at = v.next_attempt_at,
      response_status = v.response_status, response_excerpt = v.response_excerpt, error = v.error,
      error_detail = v.error_detail, duration_ms = v.duration_ms, last_attempt_at = v.at, locked_until = null
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(id bigint, status text, next_attempt_at timestamptz,
      response_status int, response_excerpt text, error text, error_detail text, duration_ms int, at timestamptz)
    where d.id = v.id
  `.execute(db);
}

/** Claims this node holds and did not post (it stops): due again at once, for any node, the attempt not counted. */
export async function releaseClaims(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_delivery')
    .set({ locked_until: null, attempts: sql<number>`greatest(attempts - 1, 0)` })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();
}

const deliveryColumns = [
  sql<string>`d.id::text`.as('id'),
  'd.webhook_id',
  sql<string>`d.event_id::text`.as('event_id'),
  'e.type as event_type',
  'd.status',
  'd.attempts',
  'd.next_attempt_at',
  'd.last_attempt_at',
  'd.response_status',
  'd.response_excerpt',
  'd.error',
  'd.error_detail',
  'd.duration_ms',
  'd.created_at',
  'e.tenant_id',
  'e.payload',
  'e.occurred_at',
] as const;

/** A webhook's deliveries, newest first. */
export async function listDeliveries(
  db: Executor,
  webhookId: string,
  status: WebhookDeliveryStatus | undefined,
  page: { limit: number; offset: number } | null,
) {
  let query = db
    .selectFrom('webhook_delivery as d')
    .innerJoin('cti_event as e', 'e.id', 'd.event_id')
    .where('d.webhook_id', '=', webhookId);
  if (status) query = query.where('d.status', '=', status);
  const total = await query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let rows = query.select(deliveryColumns).orderBy('d.id', 'desc');
  if (page) rows = rows.limit(page.limit).offset(page.offset);
  return { rows: await rows.execute(), total: total.n };
}
export type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>['rows'][number];

/** A delivery by its id (digits: the caller checks, so a bad id is 'not found', not a failed cast). */
export const findDelivery = (db: Executor, id: string) =>
  db
    .selectFrom('webhook_delivery as d')
    .innerJoin('cti_event as e', 'e.id', 'd.event_id')
    .select(deliveryColumns)
    .where('d.id', '=', id)
    .executeTakeFirst();

/** Up to `batch` events older than `before`, and their deliveries with them (retention.ts). */
export async function pruneEvents(db: Executor, before: Date, batch: number): Promise<number> {
  const result = await db
    .deleteFrom('cti_event')
    .where('id', 'in', (eb) =>
      eb.selectFrom('cti_event').select('id').where('occurred_at', '<', before).orderBy('occurred_at').limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
