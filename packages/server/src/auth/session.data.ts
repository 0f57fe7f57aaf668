/** Data access for CMS sessions: rows keyed by the hash of their token, never the token itself. */
import type { Executor } from '../db/executor.js';
import type { AdminUserRow } from '../db/schema.js';

/** The enabled account of an unexpired session, with what a signed-in user is made of. */
export function findSessionUser(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<Pick<AdminUserRow, 'id' | 'account' | 'name' | 'role' | 'demo_password'> | undefined> {
  return db
    .selectFrom('session')
    .innerJoin('admin_user', 'admin_user.id', 'session.user_id')
    .select(['admin_user.id', 'admin_user.account', 'admin_user.name', 'admin_user.role', 'admin_user.demo_password'])
    .where('session.token_hash', '=', tokenHash)
    .where('session.expires_at', '>', now)
    .where('admin_user.disabled', '=', false)
    .executeTakeFirst();
}

export async function insertSession(db: Executor, tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
  await db.insertInto('session').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt }).execute();
}

export async function deleteExpiredSessionsOf(db: Executor, userId: string, now: Date): Promise<void> {
  await db.deleteFrom('session').where('user_id', '=', userId).where('expires_at', '<', now).execute();
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
}

/** Every session of a user but the one whose token hashes to `keepTokenHash`, when given. */
export async function deleteSessionsOf(db: Executor, userId: string, keepTokenHash?: string): Promise<void> {
  let query = db.deleteFrom('session').where('user_id', '=', userId);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}
