import type { Executor } from '../db/executor.js';
import { ApiError } from '../http/api-error.js';
import type { LoginThrottle } from './login-throttle.js';
import { decoyHash, verifyPassword } from './password.js';
import type { SessionService, SignedInUser, StartedSession } from './session.js';

export interface AccountServiceDeps {
  db: Executor;
  sessions: SessionService;
  throttle: LoginThrottle;
}

/** CMS accounts: signing in with account and password, throttled per account and address. */
export function createAccountService({ db, sessions, throttle }: AccountServiceDeps) {
  return {
    async signIn(
      account: string,
      password: string,
      clientAddress: string,
    ): Promise<{ user: SignedInUser; session: StartedSession }> {
      await throttle.assertAllowed(account, clientAddress);
      const found = await db
        .selectFrom('admin_user')
        .select(['id', 'account', 'name', 'role', 'password_hash'])
        .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
        .executeTakeFirst();
      // An unknown account costs the same scrypt as a known one: timing reveals nothing.
      const valid = await verifyPassword(password, found?.password_hash ?? (await decoyHash()));
      if (!found || !valid) {
        await throttle.recordFailure(account, clientAddress);
        throw new ApiError('wrongCredentials');
      }
      await throttle.clear(account, clientAddress);
      const user: SignedInUser = { id: found.id, account: found.account, name: found.name, role: found.role };
      return { user, session: await sessions.start(user.id) };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
