import { createHash, randomBytes } from 'node:crypto';
import type { LoginUser } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import type { AdminUserRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';

const sessionMs = limits.sessionDays * 24 * 60 * 60 * 1000;

/** A signed-in CMS user as the API sees it: never the password hash. */
export type SignedInUser = Pick<AdminUserRow, 'id' | 'account' | 'name' | 'role'>;

export interface StartedSession {
  token: string;
  expiresAt: Date;
}

// Only a hash is stored: a leaked session table does not let anyone sign in.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function toLoginUser(user: Pick<AdminUserRow, 'name' | 'account' | 'role'>): LoginUser {
  return { name: user.name, config: { account: user.account, role: user.role } };
}

/** CMS sessions: opaque random tokens, stored hashed, valid for `limits.sessionDays`. */
export function createSessionService({ db, clock }: { db: Executor; clock: Clock }) {
  async function find(token: string | undefined): Promise<SignedInUser | undefined> {
    if (!token) return undefined;
    return db
      .selectFrom('session')
      .innerJoin('admin_user', 'admin_user.id', 'session.user_id')
      .select(['admin_user.id', 'admin_user.account', 'admin_user.name', 'admin_user.role'])
      .where('session.token_hash', '=', hashToken(token))
      .where('session.expires_at', '>', clock.now())
      .executeTakeFirst();
  }

  return {
    async start(userId: string): Promise<StartedSession> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + sessionMs);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('session').where('user_id', '=', userId).where('expires_at', '<', now).execute();
        await trx
          .insertInto('session')
          .values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt })
          .execute();
      });
      return { token, expiresAt };
    },

    find,

    async require(token: string | undefined): Promise<SignedInUser> {
      const user = await find(token);
      if (!user) throw new ApiError('notLoggedIn');
      return user;
    },

    async end(token: string | undefined): Promise<void> {
      if (token) await db.deleteFrom('session').where('token_hash', '=', hashToken(token)).execute();
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
