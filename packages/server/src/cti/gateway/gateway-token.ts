import { methodByName } from '@open/protocol/softphone/catalogue';
import { refreshMarginSeconds } from '../../auth/login-token.js';
import { ApiError } from '../../errors.js';
import type { OpenedSession } from '../host/tenant-host.js';
import { checkedParams } from '../host/methods.js';
import type { GatewayContext } from './gateway-link.js';

const definition = methodByName.get('updateToken');

/**
 * `updateToken` (issue #41), answered by the gateway rather than the engine: it holds the token
 * check. The next login token of a running session must be the same agent's, of the same tenant,
 * and not expired; it is not spent here (it opens no session), so the phone can still use it once
 * where a live token is needed: to take the agent back from another tab (`refresh_login_token`).
 * The answer says when it expires and when the phone should ask for the one after.
 */
export async function updateToken(
  { tokens }: Pick<GatewayContext, 'tokens'>,
  session: OpenedSession,
  params: unknown,
): Promise<{ token_expires_at: string; refresh_at: string }> {
  if (!definition) throw new ApiError('unknownMethod', { method: 'updateToken' });
  const { token } = checkedParams(definition, params) as { token: string };
  const verified = await tokens.verify(token, 'cti');
  // Another agent's token would quietly hand this phone's next sign-in to someone else.
  if (verified.tenantId !== session.tenantId || verified.agentId !== session.agentId) {
    throw new ApiError('loginTokenInvalid');
  }
  const lifetimeSeconds = (verified.expiresAt.getTime() - verified.issuedAt.getTime()) / 1000;
  const refreshAt = new Date(verified.expiresAt.getTime() - refreshMarginSeconds(lifetimeSeconds) * 1000);
  return { token_expires_at: verified.expiresAt.toISOString(), refresh_at: refreshAt.toISOString() };
}
