import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../http/session-cookie.js';
import { ApiError } from '../../errors.js';
import type { DefineApi } from '../../http/route.js';
import { toLoginUser, type Services } from '../../services.js';

export function globalRoutes(defineApi: DefineApi, { sessions, accounts }: Services): void {
  defineApi('global/check_user_login', async ({ request }) => {
    const user = await sessions.find(readSessionToken(request));
    if (!user) throw new ApiError('notLoggedIn');
    return toLoginUser(user);
  });

  defineApi('global/login', async ({ body, request, reply, audit }) => {
    const { user, session } = await accounts.signIn(body.account, body.password, request.ip);
    audit.actor = user;
    audit.target = { id: user.id, name: user.account };
    setSessionCookie(reply, session);
    return toLoginUser(user);
  });

  defineApi('global/logout', async ({ request, reply, audit }) => {
    const token = readSessionToken(request);
    // Looked up before the session ends, so the audit trail says who signed out.
    const user = await sessions.find(token);
    if (user) {
      audit.actor = user;
      audit.target = { id: user.id, name: user.account };
    } else {
      audit.skip = true;
    }
    await sessions.end(token);
    clearSessionCookie(reply);
    return {};
  });
}
