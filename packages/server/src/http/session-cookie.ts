/** The CMS session travels in one cookie; this is the only code that knows its name and flags. */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'open_session';
const COOKIE_PATH = '/dzfront/open/';

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

export function setSessionCookie(reply: FastifyReply, session: { token: string; expiresAt: Date }): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH });
}
