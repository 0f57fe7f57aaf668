import type { Kysely, Migration } from 'kysely';

/**
 * Issue #39: a trunk's caps (the protocol's trunkCaps): calls at once and callers waiting at
 * once. Null is no cap, which is what trunks saved before had; a new trunk is saved with the
 * protocol's defaults.
 */
export const trunkCaps: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sip_trunk')
      .addColumn('max_calls', 'integer')
      .addColumn('max_waiting', 'integer')
      .execute();
  },
};
