import { createHash, randomBytes } from 'node:crypto';
import type { LoginUser } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import type { AdminUserRow } from '../db/schema.js';
import { ApiError } from '../errors.js';
import {
  deleteExpiredSessionsOf,
  deleteSession,
  deleteSessionsOf,
  findSessionUser,
  insertSession,
} from './session.data.js';

const sessionMs = limits.sessionDays * 24 * 60 * 60 * 1000;

/** A signed-in CMS user as the API sees it: never the password hash. */
export type SignedInUser = Pick<AdminUserRow, 'id' | 'account' | 'name' | 'role'> & {
  /** Still on the published demo password on a server others can reach: must change it first. */
  mustChangePassword: boolean;
};

/** The columns a signed-in user is made of. */
export type UserColumns = Pick<AdminUserRow, 'id' | 'account' | 'name' | 'role' | 'demo_password'>;

export interface StartedSession {
  token: string;
  expiresAt: Date;
}

// Only a hash is stored: a leaked session table does not let anyone sign in.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function toLoginUser(user: SignedInUser): LoginUser {
  return {
    name: user.name,
    config: { account: user.account, role: user.role, must_change_password: user.mustChangePassword },
  };
}

export interface SessionServiceDeps {
  db: Executor;
  clock: Clock;
  /**
   * The server is reachable from other machines (HOST is not loopback): an account still on
   * the published demo password must change it before anything else.
   */
  requireDemoPasswordChange?: boolean;
}

/**
 * CMS sessions: opaque random tokens, stored hashed, valid for `limits.sessionDays`. A session
 * of a disabled account stops working at once: every lookup reads the account's current state
 * (role, disabled) from the database.
 */
export function createSessionService({ db, clock, requireDemoPasswordChange = false }: SessionServiceDeps) {
  const toSignedInUser = (row: UserColumns): SignedInUser => ({
    id: row.id,
    account: row.account,
    name: row.name,
    role: row.role,
    mustChangePassword: requireDemoPasswordChange && row.demo_password === true,
  });

  async function find(token: string | undefined): Promise<SignedInUser | undefined> {
    if (!token) return undefined;
    const row = await findSessionUser(db, hashToken(token), clock.now());
    return row && toSignedInUser(row);
  }

  return {
    toSignedInUser,

    async start(userId: string): Promise<StartedSession> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + sessionMs);
      await db.transaction().execute(async (trx) => {
        await deleteExpiredSessionsOf(trx, userId, now);
        await insertSession(trx, hashToken(token), userId, expiresAt);
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
      if (token) await deleteSession(db, hashToken(token));
    },

    /** Ends every session of a user but the one of `keepToken` (the caller's own, when it changes its password). */
    async endAllOf(executor: Executor, userId: string, keepToken?: string): Promise<void> {
      await deleteSessionsOf(executor, userId, keepToken ? hashToken(keepToken) : undefined);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
