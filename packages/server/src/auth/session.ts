import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginUser } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import type { Database } from '../db/database.js';
import type { AdminUserRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';

export const SESSION_COOKIE = 'open_session';
const COOKIE_PATH = '/dzfront/open/';
const sessionMs = limits.sessionDays * 24 * 60 * 60 * 1000;

// Only a hash is stored: a leaked session table does not let anyone sign in.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function toLoginUser(user: Pick<AdminUserRow, 'name' | 'account' | 'role'>): LoginUser {
  return { name: user.name, config: { account: user.account, role: user.role } };
}

export function createSessionService(db: Database) {
  return {
    async start(reply: FastifyReply, userId: string): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + sessionMs);
      await db.deleteFrom('session').where('user_id', '=', userId).where('expires_at', '<', new Date()).execute();
      await db
        .insertInto('session')
        .values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt })
        .execute();
      reply.setCookie(SESSION_COOKIE, token, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        expires: expiresAt,
      });
    },

    /** The signed-in admin of this request, or undefined. */
    async current(request: FastifyRequest): Promise<AdminUserRow | undefined> {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return undefined;
      return db
        .selectFrom('session')
        .innerJoin('admin_user', 'admin_user.id', 'session.user_id')
        .selectAll('admin_user')
        .where('session.token_hash', '=', hashToken(token))
        .where('session.expires_at', '>', new Date())
        .executeTakeFirst();
    },

    async require(request: FastifyRequest): Promise<AdminUserRow> {
      const user = await this.current(request);
      if (!user) throw new ApiError('notLoggedIn');
      return user;
    },

    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await db.deleteFrom('session').where('token_hash', '=', hashToken(token)).execute();
      reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH });
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
