import type { FastifyInstance } from 'fastify';
import { decoyHash, verifyPassword } from '../../auth/password.js';
import { toLoginUser, type SessionService } from '../../auth/session.js';
import { createLoginThrottle } from '../../auth/login-throttle.js';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { defineApi } from '../../http/route.js';

export function globalRoutes(app: FastifyInstance, deps: { db: Database; sessions: SessionService }): void {
  const { db, sessions } = deps;
  const throttle = createLoginThrottle(db);

  defineApi(app, 'global/check_user_login', async ({ request }) => toLoginUser(await sessions.require(request)));

  defineApi(app, 'global/login', async ({ body, request, reply }) => {
    await throttle.assertAllowed(body.account, request.ip);
    const user = await db
      .selectFrom('admin_user')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['account']), '=', body.account.toLowerCase()))
      .executeTakeFirst();
    const valid = await verifyPassword(body.password, user?.password_hash ?? (await decoyHash()));
    if (!user || !valid) {
      await throttle.recordFailure(body.account, request.ip);
      throw new ApiError('wrongCredentials');
    }
    await throttle.clear(body.account, request.ip);
    await sessions.start(reply, user.id);
    return toLoginUser(user);
  });

  defineApi(app, 'global/logout', async ({ request, reply }) => {
    await sessions.end(request, reply);
    return {};
  });
}
