/** Data access for failed sign-in counters: one row per key, counting until a quiet spell. */
import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';

/**
 * Counts one failure at `now`; a counter whose last failure is no later than `quietSince` starts
 * again from one (a person who got it wrong last week is not still paying for it).
 */
export async function incrementLoginFailure(db: Executor, key: string, now: Date, quietSince: Date): Promise<void> {
  await db
    .insertInto('login_failure')
    .values({ key, count: 1, window_start: now, last_failure_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when login_failure.last_failure_at <= ${quietSince} then 1 else login_failure.count + 1 end`,
        window_start: sql`case when login_failure.last_failure_at <= ${quietSince} then ${now} else login_failure.window_start end`,
        last_failure_at: now,
      }),
    )
    .execute();
}

export function findLoginFailures(db: Executor, keys: readonly string[]) {
  return db.selectFrom('login_failure').selectAll().where('key', 'in', keys).execute();
}

export async function deleteLoginFailure(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('login_failure').where('key', '=', key).execute();
}
