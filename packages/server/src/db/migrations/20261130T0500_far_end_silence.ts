import type { Kysely, Migration } from 'kysely';

/**
 * Issue #39: calls never left silent. A trunk's limit on its far end's silence (the protocol's
 * farEndSilence; trunks saved before get 60 s, a new trunk's default when this was written), and why a call
 * nobody hung up ended, in its records (null for the calls before and every other call).
 */
export const farEndSilence: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sip_trunk')
      .addColumn('far_end_silence_seconds', 'integer', (c) => c.defaultTo(60))
      .execute();
    await db.schema.alterTable('call_record').addColumn('end_reason', 'text').execute();
  },
};
