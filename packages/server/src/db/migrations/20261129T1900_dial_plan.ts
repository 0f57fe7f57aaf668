import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue #39: a trunk's dial plan (the protocol's dial-plan.ts). Trunks saved before it existed
 * keep what they did: every number out, international ones included. A trunk saved from now on
 * always writes its plan, whose own default closes international calls.
 */
export const dialPlan: Migration = {
  async up(db: Kysely<unknown>) {
    const kept = {
      country: '',
      short_numbers: [],
      allowed_prefixes: [],
      blocked_prefixes: [],
      international: 'everyone',
    };
    await db.schema
      .alterTable('sip_trunk')
      .addColumn('dial_plan', 'jsonb', (c) => c.notNull().defaultTo(sql`${sql.lit(JSON.stringify(kept))}::jsonb`))
      .execute();
  },
};
