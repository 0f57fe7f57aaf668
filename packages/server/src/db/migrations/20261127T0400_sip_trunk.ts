import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A tenant's SIP trunk (docs/TELEPHONY.md): one per tenant, removed with it. Its DIDs have a
 * table of their own whose key is the number as trunks compare it (`numberKey` in the
 * protocol's trunk.ts: no spaces, separators or leading '+'), so a number rings exactly one
 * tenant whatever two admins save at the same moment. Lists are jsonb, as the tenant's are.
 */
export const sipTrunk: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sip_trunk')
      .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenant.id').onDelete('cascade'))
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('port', 'integer', (c) => c.notNull().defaultTo(5060))
      .addColumn('transport', 'text', (c) => c.notNull().defaultTo('udp'))
      .addColumn('username', 'text')
      // Kept as it is: digest authentication needs it, and the realm that would let us keep
      // only a hash is the carrier's to choose. No call returns it, no log or audit entry has it.
      .addColumn('password', 'text')
      .addColumn('allowed_sources', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('display_numbers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('sip_trunk_port_range', sql`port between 1 and 65535`)
      .addCheckConstraint('sip_trunk_transport_known', sql`transport in ('udp', 'tcp')`)
      .execute();

    await db.schema
      .createTable('sip_trunk_did')
      // The number as trunks compare it; `number` is what the admin typed, shown back to them.
      .addColumn('did', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('sip_trunk.tenant_id').onDelete('cascade'))
      .addColumn('number', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sip_trunk_did_tenant')
      .on('sip_trunk_did')
      .columns(['tenant_id', 'position'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sip_trunk_did').execute();
    await db.schema.dropTable('sip_trunk').execute();
  },
};
