import type { CmsAccount } from '@open/protocol/api';
import { ApiError } from '../errors.js';
import { resetPassword, saveAccount, toAccount } from './account-admin.js';
import { setOwnPassword, settleDemoPasswords } from './account-password.js';
import * as data from './account.data.js';
import type { AccountInput, AccountServiceDeps } from './account.types.js';
import { decoyHash, verifyPassword } from './password.js';
import type { SignedInUser, StartedSession } from './session.js';

export type { AccountInput, AccountServiceDeps } from './account.types.js';

/**
 * CMS accounts: signing in (throttled per account and address), and their management. An
 * admin does everything; an editor edits content only. There is always an active admin: the
 * last one can be neither demoted nor disabled, and nobody can disable themselves
 * (account-admin.ts). Passwords their owners change, and the demo password's: account-password.ts.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, sessions, throttle } = deps;
  return {
    async signIn(
      account: string,
      password: string,
      clientAddress: string,
    ): Promise<{ user: SignedInUser; session: StartedSession }> {
      await throttle.assertAllowed(account, clientAddress);
      const found = await data.findByAccount(db, account);
      // An unknown account costs the same scrypt as a known one: timing reveals nothing.
      const valid = await verifyPassword(password, found?.password_hash ?? (await decoyHash()));
      if (!found || !valid) {
        await throttle.recordFailure(account, clientAddress);
        throw new ApiError('wrongCredentials');
      }
      await throttle.clear(account, clientAddress);
      // Said only to someone who knows the password, so it reveals nothing to a guesser.
      if (found.disabled) throw new ApiError('accountDisabled');
      return { user: sessions.toSignedInUser(found), session: await sessions.start(found.id) };
    },

    async list(page?: { offset: number; limit: number }): Promise<{ list: CmsAccount[]; total: number }> {
      const [rows, total] = await Promise.all([data.listAccounts(db, page), data.countAccounts(db)]);
      return { list: rows.map(toAccount), total };
    },

    save: (input: AccountInput, actor: SignedInUser) => saveAccount(deps, input, actor),
    resetPassword: (id: string, password: string) => resetPassword(deps, id, password),
    setOwnPassword: (
      user: SignedInUser,
      input: { old_password: string; new_password: string },
      clientAddress: string,
      keepToken: string | undefined,
    ) => setOwnPassword(deps, user, input, clientAddress, keepToken),
    settleDemoPasswords: (adminPassword: string | undefined) => settleDemoPasswords(deps, adminPassword),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
