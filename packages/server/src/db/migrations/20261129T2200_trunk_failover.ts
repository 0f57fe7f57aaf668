import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue #39: a trunk's other carrier servers (the protocol's trunkFailover), tried in order after
 * its host, and whether its servers are pinged with OPTIONS. Trunks saved before have no other
 * server, and are pinged, as a new trunk is.
 */
export const trunkFailover: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sip_trunk')
      .addColumn('failover_hosts', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('options_ping', 'boolean', (c) => c.notNull().defaultTo(true))
      .execute();
  },
};
