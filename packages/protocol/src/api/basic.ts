/**
 * `basic/*`: the login service of the softphone (DESIGN §6). An agent gets a login token either
 * with an account (e-mail or employee number) and password, or through SSO: the integrator's
 * server, holding the tenant's SSO public-key token, asks for an SSO signature for the agent's
 * third-party account (e-mail, mobile or employee number) and exchanges it for a login token.
 * The login token authenticates the softphone socket (cti/protocol.ts) once; it is short-lived
 * and refreshed with `basic/refresh_login_token` before it expires.
 */
import { z } from 'zod';
import { limits } from '../limits.js';
import { text, timestamp, type ApiRoute } from './common.js';

const jwt = text({ max: 4096 });

export const loginToken = z.object({
  token: z.string().describe('a signed JWT; present it in the socket’s auth frame'),
  expires_at: timestamp,
  /** Ask `basic/refresh_login_token` for a new one before this moment. */
  refresh_before: timestamp,
  tenant_id: z.string(),
  agent_id: z.string(),
});
export type LoginToken = z.infer<typeof loginToken>;

export const ssoAccountTypes = ['email', 'mobile', 'employee_no'] as const;

export const basicApi = {
  'basic/get_login_token': {
    body: z.strictObject({
      /** E-mail address or employee number. */
      account: text({ max: limits.account }),
      password: text({ max: limits.password, trim: false }),
      /** Needed only when an employee number exists in several tenants. */
      tenant_id: text({ max: limits.idLength }).optional(),
    }),
    data: loginToken,
    effect: 'state',
    crossOrigin: true,
  },
  'basic/get_sso_signature': {
    body: z.strictObject({
      sso_token: text({ max: 256 }),
      account_type: z.enum(ssoAccountTypes),
      account: text({ max: limits.account }),
    }),
    data: z.object({ signature: z.string(), expires_at: timestamp }),
    effect: 'state',
    crossOrigin: true,
  },
  'basic/get_login_token_by_sso': {
    body: z.strictObject({ signature: jwt }),
    data: loginToken,
    effect: 'state',
    crossOrigin: true,
  },
  'basic/refresh_login_token': {
    body: z.strictObject({ token: jwt }),
    data: loginToken,
    effect: 'state',
    crossOrigin: true,
  },
} as const satisfies Record<`basic/${string}`, ApiRoute>;
