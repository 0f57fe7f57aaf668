import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Failed sign-ins no longer lock an account for a fixed window: each one past the free few
 * makes the next attempt wait a little longer, counted from the last failure, which this
 * column records (auth/login-throttle.ts). Rows already here start from their window's start.
 */
export const loginFailureLast: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('login_failure')
      .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`update login_failure set last_failure_at = window_start`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('login_failure').dropColumn('last_failure_at').execute();
  },
};
