import type { LoginToken } from '@open/protocol/api';
import type { DefineApi } from '../../http/route.js';
import type { AuditNote, Services } from '../../services.js';

/** The audit entry names the agent a token was issued for. */
function issuedTo(audit: AuditNote, token: LoginToken): LoginToken {
  audit.target = { id: token.agent_id };
  return token;
}

export function basicRoutes(defineApi: DefineApi, { basic }: Services): void {
  defineApi('basic/get_login_token', async ({ body, request, audit }) =>
    issuedTo(audit, await basic.loginWithPassword(body, request.ip)),
  );
  defineApi('basic/get_sso_signature', ({ body }) => basic.ssoSignature(body));
  defineApi('basic/get_login_token_by_sso', async ({ body, audit }) =>
    issuedTo(audit, await basic.loginWithSso(body.signature)),
  );
  defineApi('basic/refresh_login_token', async ({ body, audit }) => issuedTo(audit, await basic.refresh(body.token)));
}
