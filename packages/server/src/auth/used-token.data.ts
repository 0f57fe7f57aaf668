/** Data access for used tokens: each use of a login token or SSO signature, kept until the token expires. */
import type { Executor } from '../db/executor.js';

export async function deleteExpiredTokenUses(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('used_token').where('expires_at', '<', now).execute();
}

/** Records a use; false when it was recorded already (whoever got there first, on any node). */
export async function insertTokenUse(db: Executor, jti: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('used_token')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .returning('jti')
    .executeTakeFirst();
  return inserted !== undefined;
}
