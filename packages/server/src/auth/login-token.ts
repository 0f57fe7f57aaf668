import { randomUUID } from 'node:crypto';
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import { ApiError } from '../errors.js';
import { deleteExpiredTokenUses, insertTokenUse } from './used-token.data.js';

/**
 * Login tokens and SSO signatures (DESIGN §6): JWTs signed with the tenant's own key (HS256,
 * jose), so a token of one tenant never verifies as another's, whatever its claims say.
 * - A login token (`aud: cti`) opens one socket session and may be refreshed once, for a new
 *   one, before it expires: a stolen copy is worth one use, and a phone that keeps refreshing
 *   never has to sign in again.
 * - An SSO signature (`aud: sso`) buys one login token, within two minutes.
 * Uses are recorded in the database (`used_token`), so every node refuses a replay.
 */
export const LOGIN_TOKEN_SECONDS = 15 * 60;
/** The phone refreshes this long before expiry, so a slow network or a sleeping tab has time. */
export const REFRESH_MARGIN_SECONDS = 3 * 60;
export const SSO_SIGNATURE_SECONDS = 2 * 60;

const ISSUER = 'open-platform';
export type TokenKind = 'cti' | 'sso';
/** What a token may be used for once: open a socket session, or buy a fresh token. */
export type TokenUse = 'socket' | 'refresh' | 'exchange';

export interface TokenTenant {
  id: string;
  signing_key: string;
}

export interface VerifiedToken {
  tenantId: string;
  agentId: string;
  jti: string;
  expiresAt: Date;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

const failure = (kind: TokenKind, expired: boolean) =>
  new ApiError(kind === 'sso' ? 'ssoSignatureInvalid' : expired ? 'loginTokenExpired' : 'loginTokenInvalid');

export function createLoginTokens({
  db,
  clock,
  tenantKey,
}: {
  db: Executor;
  clock: Clock;
  /** The signing key of a tenant, or undefined for an unknown one. */
  tenantKey: (tenantId: string) => Promise<string | undefined>;
}) {
  const keyBytes = (key: string) => Buffer.from(key, 'base64url');

  return {
    async issue(tenant: TokenTenant, agentId: string, kind: TokenKind): Promise<IssuedToken> {
      const now = Math.floor(clock.now().getTime() / 1000);
      const exp = now + (kind === 'sso' ? SSO_SIGNATURE_SECONDS : LOGIN_TOKEN_SECONDS);
      const token = await new SignJWT({ tid: tenant.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(kind)
        .setSubject(agentId)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(keyBytes(tenant.signing_key));
      return { token, expiresAt: new Date(exp * 1000) };
    },

    /** The token's claims once its signature, audience and lifetime check out; a coded ApiError otherwise. */
    async verify(token: string, kind: TokenKind): Promise<VerifiedToken> {
      let tenantId: unknown;
      try {
        tenantId = decodeJwt(token).tid;
      } catch {
        throw failure(kind, false);
      }
      const key = typeof tenantId === 'string' ? await tenantKey(tenantId) : undefined;
      if (key === undefined || typeof tenantId !== 'string') throw failure(kind, false);
      try {
        const { payload } = await jwtVerify(token, keyBytes(key), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: kind,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'jti', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number')
          throw failure(kind, false);
        return { tenantId, agentId: payload.sub, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (error instanceof joseErrors.JOSEError) throw failure(kind, error instanceof joseErrors.JWTExpired);
        throw error;
      }
    },

    /** Records one use of a token; false when it had been used that way already (a replay). */
    async consume(verified: VerifiedToken, use: TokenUse): Promise<boolean> {
      const now = clock.now();
      // Expired uses can go: their tokens are refused for their age anyway.
      await deleteExpiredTokenUses(db, now);
      return insertTokenUse(db, `${verified.jti}:${use}`, verified.expiresAt);
    },
  };
}

export type LoginTokens = ReturnType<typeof createLoginTokens>;
