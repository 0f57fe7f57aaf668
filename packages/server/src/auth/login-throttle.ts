import { sql } from 'kysely';
import { limits } from '@open/protocol/limits';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';

const windowMs = limits.loginFailureWindowMinutes * 60 * 1000;

/**
 * Counts failed sign-ins per account and address in the database, so every node of a cluster
 * sees the same count. Only failures count: an admin who signs in correctly is never slowed.
 */
export function createLoginThrottle(db: Database) {
  const keyOf = (account: string, ip: string) => `${account.toLowerCase()}|${ip}`;

  return {
    async assertAllowed(account: string, ip: string): Promise<void> {
      const row = await db
        .selectFrom('login_failure')
        .selectAll()
        .where('key', '=', keyOf(account, ip))
        .executeTakeFirst();
      if (!row || row.count < limits.loginFailuresAllowed) return;
      const remainingMs = row.window_start.getTime() + windowMs - Date.now();
      if (remainingMs <= 0) return;
      throw new ApiError('tooManyLoginAttempts', { minutes: Math.ceil(remainingMs / 60_000) });
    },

    async recordFailure(account: string, ip: string): Promise<void> {
      const windowStart = new Date(Date.now() - windowMs);
      await db
        .insertInto('login_failure')
        .values({ key: keyOf(account, ip), count: 1, window_start: new Date() })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            // A failure after the window has passed starts a fresh window.
            count: sql`case when login_failure.window_start < ${windowStart} then 1 else login_failure.count + 1 end`,
            window_start: sql`case when login_failure.window_start < ${windowStart} then now() else login_failure.window_start end`,
          }),
        )
        .execute();
    },

    async clear(account: string, ip: string): Promise<void> {
      await db.deleteFrom('login_failure').where('key', '=', keyOf(account, ip)).execute();
    },
  };
}
