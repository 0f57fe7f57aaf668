import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue #41: the CRM's back end hears the call centre's events (docs/WEBHOOKS.md). `cti_event`
 * is the log of a tenant's events while it has a webhook switched on, numbered in the order
 * they were stored (the number is the event's id, the receivers' key to deduplicate on);
 * `webhook_delivery` one event's delivery to one webhook, the outbox the nodes' dispatchers
 * claim rows of. Both go with their tenant, and the log is pruned with the audit trail.
 */
export const webhooks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhook')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      // The event types it takes: jsonb text array, matched with `?` when events are stored.
      .addColumn('events', 'jsonb', (c) => c.notNull())
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      // Signing needs it as it is: sealed with SECRETS_KEY when the server has one.
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('webhook_tenant').on('webhook').columns(['tenant_id', 'created_at']).execute();

    await db.schema
      .createTable('cti_event')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('agent_id', 'text')
      .addColumn('payload', 'json', (c) => c.notNull())
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cti_event_tenant').on('cti_event').columns(['tenant_id', 'id']).execute();
    await db.schema.createIndex('cti_event_occurred').on('cti_event').column('occurred_at').execute();

    await db.schema
      .createTable('webhook_delivery')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhook.id').onDelete('cascade'))
      .addColumn('event_id', 'bigint', (c) => c.notNull().references('cti_event.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      // cms/test_webhook's: posted even while its webhook is switched off.
      .addColumn('test', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz')
      // A dispatcher's claim: until then no other node takes the row; a node that dies mid-POST
      // leaves it to be claimed again once this passes (at least once, never lost).
      .addColumn('locked_until', 'timestamptz')
      .addColumn('last_attempt_at', 'timestamptz')
      .addColumn('response_status', 'integer')
      .addColumn('response_excerpt', 'text')
      .addColumn('error', 'text')
      .addColumn('error_detail', 'text')
      .addColumn('duration_ms', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('webhook_delivery_status_known', sql`status in ('pending', 'delivered', 'failed')`)
      .execute();
    // What the dispatchers poll: only the rows still to send.
    await db.schema
      .createIndex('webhook_delivery_due')
      .on('webhook_delivery')
      .column('next_attempt_at')
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema.createIndex('webhook_delivery_log').on('webhook_delivery').columns(['webhook_id', 'id']).execute();
    await db.schema.createIndex('webhook_delivery_event').on('webhook_delivery').column('event_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webhook_delivery').execute();
    await db.schema.dropTable('cti_event').execute();
    await db.schema.dropTable('webhook').execute();
  },
};
