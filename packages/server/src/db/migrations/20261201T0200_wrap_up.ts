import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue #41, item 2: wrap-up (disposition) codes. A tenant's list (none before), and each call
 * record's wrap-up, as its agent chose it (null for the calls before and those not wrapped up).
 */
export const wrapUp: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('tenant')
      .addColumn('wrap_up_codes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
    await db.schema.alterTable('call_record').addColumn('wrap_up', 'jsonb').execute();
  },
};
