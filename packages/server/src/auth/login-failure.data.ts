/** Data access for failed sign-in counters: one row per key, counting within a window. */
import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';

/** Counts one failure; a failure after `windowStart` has passed the counter's window starts a fresh one at `now`. */
export async function incrementLoginFailure(db: Executor, key: string, now: Date, windowStart: Date): Promise<void> {
  await db
    .insertInto('login_failure')
    .values({ key, count: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when login_failure.window_start < ${windowStart} then 1 else login_failure.count + 1 end`,
        window_start: sql`case when login_failure.window_start < ${windowStart} then ${now} else login_failure.window_start end`,
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
