import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue #19: a call's attached data (the screen-pop context an integrator passes with dialOut or
 * an inbound call) is kept in each agent's record of it.
 */
export const callAttachedData: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('call_record')
      .addColumn('attached_data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
  },
};
