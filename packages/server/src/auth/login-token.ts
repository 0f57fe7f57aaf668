import { randomUUID } from 'node:crypto';
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.js';
import { DEFAULT_LOGIN_TOKEN_SECONDS } from '../config.js';
import type { Executor } from '../db/executor.js';
import { ApiError } from '../errors.js';
import { deleteExpiredTokenUses, insertTokenUse } from './used-token.data.js';

/**
 * Login tokens and SSO signatures (DESIGN §6): JWTs signed with the tenant's own key (HS256,
 * jose), so a token of one tenant never verifies as another's, whatever its claims say.
 * - A login token (`aud: cti`) opens one socket session and may be refreshed once, for a new
 *   one, before it expires: a stolen copy is worth one use. A running session does not end with
 *   its token: the phone asks its page for the next one (`tokenWillExpire`, `updateToken`), which
 *   the session keeps for what needs a live token, such as taking the agent back from a tab.
 * - An SSO signature (`aud: sso`) buys one login token, within two minutes.
 * Uses are recorded in the database (`used_token`), so every node refuses a replay.
 */
/**
 * A token is refreshed this long before it expires, so a slow network or a sleeping tab has
 * time: three minutes, or a quarter of a shorter token's life (softphone's token-keeper.ts asks
 * its page by the same rule).
 */
export function refreshMarginSeconds(lifetimeSeconds: number): number {
  return Math.min(3 * 60, Math.floor(lifetimeSeconds / 4));
}
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
  issuedAt: Date;
  expiresAt: Date;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
  /** When to get the next one (refreshMarginSeconds before expiresAt). */
  refreshBefore: Date;
}

const failure = (kind: TokenKind, expired: boolean) =>
  new ApiError(kind === 'sso' ? 'ssoSignatureInvalid' : expired ? 'loginTokenExpired' : 'loginTokenInvalid');

export function createLoginTokens({
  db,
  clock,
  tenantKey,
  lifetimeSeconds = DEFAULT_LOGIN_TOKEN_SECONDS,
}: {
  db: Executor;
  clock: Clock;
  /** How long a login token lasts (LOGIN_TOKEN_TTL). */
  lifetimeSeconds?: number;
  /** The signing key of a tenant, or undefined for an unknown one. */
  tenantKey: (tenantId: string) => Promise<string | undefined>;
}) {
  const keyBytes = (key: string) => Buffer.from(key, 'base64url');

  return {
    async issue(tenant: TokenTenant, agentId: string, kind: TokenKind): Promise<IssuedToken> {
      const now = Math.floor(clock.now().getTime() / 1000);
      const exp = now + (kind === 'sso' ? SSO_SIGNATURE_SECONDS : lifetimeSeconds);
      const token = await new SignJWT({ tid: tenant.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(kind)
        .setSubject(agentId)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(keyBytes(tenant.signing_key));
      return {
        token,
        expiresAt: new Date(exp * 1000),
        refreshBefore: new Date((exp - refreshMarginSeconds(exp - now)) * 1000),
      };
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
        const { sub, jti, iat, exp } = payload;
        if (typeof sub !== 'string' || typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number')
          throw failure(kind, false);
        return { tenantId, agentId: sub, jti, issuedAt: new Date(iat * 1000), expiresAt: new Date(exp * 1000) };
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
