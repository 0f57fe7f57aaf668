import type { Kysely, Migration } from 'kysely';

/**
 * Issue #24: a call record says which SIP trunk the call was on (null on the simulated network
 * and between agents). A name, not a reference: the record outlives the trunk's settings.
 */
export const callTrunk: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('call_record').addColumn('trunk', 'text').execute();
  },
};
