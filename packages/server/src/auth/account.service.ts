import { randomUUID } from 'node:crypto';
import type { CmsAccount } from '@open/protocol/api';
import type { Clock } from '../clock.js';
import { isUniqueViolation, type Executor } from '../db/executor.js';
import type { AdminRole } from '../db/schema.js';
import { demoAdmin } from '../demo-credentials.js';
import { ApiError, FieldError } from '../errors.js';
import * as data from './account.data.js';
import type { LoginThrottle } from './login-throttle.js';
import { weakPassword } from './password-policy.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';
import type { SessionService, SignedInUser, StartedSession } from './session.js';

export interface AccountServiceDeps {
  db: Executor;
  sessions: SessionService;
  throttle: LoginThrottle;
  clock: Clock;
}

export interface AccountInput {
  _id?: string | undefined;
  account: string;
  name: string;
  role: AdminRole;
  disabled?: boolean | undefined;
  password?: string | undefined;
}

type AccountRow = Awaited<ReturnType<typeof data.listAccounts>>[number];

const toAccount = (row: AccountRow): CmsAccount => ({
  _id: row.id,
  account: row.account,
  name: row.name,
  role: row.role,
  disabled: row.disabled,
  created_at: row.created_at.toISOString(),
});

/**
 * A new password an attacker would try first is refused (auth/password-policy.ts), the published
 * demo password among them, and so is the one it replaces (`reused`: a change that changes nothing).
 */
function assertAcceptablePassword(password: string, field: string, words: readonly string[], reused = false): void {
  const reason = reused ? 'reusedPassword' : weakPassword(password, { words });
  if (reason) throw new FieldError([{ field, reason }]);
}

const isActiveAdmin = (account: { role: AdminRole; disabled: boolean }) =>
  account.role === 'admin' && !account.disabled;

/**
 * CMS accounts: signing in (throttled per account and address), and their management. An
 * admin does everything; an editor edits content only. There is always an active admin: the
 * last one can be neither demoted nor disabled, and nobody can disable themselves.
 */
export function createAccountService({ db, sessions, throttle, clock }: AccountServiceDeps) {
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

    /**
     * Creates an account (a password is required) or edits one. A password given on an edit
     * replaces the old one like `resetPassword`. Disabling an account, or setting its password,
     * ends its sessions.
     */
    async save(input: AccountInput, actor: SignedInUser): Promise<CmsAccount> {
      if (input.password !== undefined) {
        const current = input._id === undefined ? undefined : await data.findById(db, input._id);
        const reused = current ? await verifyPassword(input.password, current.password_hash) : false;
        assertAcceptablePassword(input.password, 'password', [input.account, input.name], reused);
      }
      // Hashed before the transaction: scrypt must not hold the accounts' lock.
      const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
      try {
        return await db.transaction().execute(async (trx) => {
          await data.lockAccounts(trx);
          const now = clock.now();
          if (!input._id) {
            if (passwordHash === undefined) throw new FieldError([{ field: 'password', reason: 'required' }]);
            const values = {
              account: input.account,
              name: input.name,
              role: input.role,
              disabled: input.disabled ?? false,
            };
            return toAccount(await data.insertAccount(trx, randomUUID(), values, passwordHash));
          }
          const current = await data.findById(trx, input._id);
          if (!current) throw new ApiError('accountNotFound');
          const disabled = input.disabled ?? current.disabled;
          // Nobody disables themselves: they would be signed out with nobody they could ask.
          if (disabled && !current.disabled && current.id === actor.id) {
            throw new FieldError([{ field: 'disabled', reason: 'notAllowed' }]);
          }
          if (isActiveAdmin(current) && !isActiveAdmin({ role: input.role, disabled })) {
            if ((await data.countOtherActiveAdmins(trx, current.id)) === 0) throw new ApiError('lastAdmin');
          }
          let row = await data.updateAccount(
            trx,
            current.id,
            { account: input.account, name: input.name, role: input.role, disabled },
            now,
          );
          if (passwordHash !== undefined) row = await data.setPassword(trx, current.id, passwordHash, now);
          if (passwordHash !== undefined || (disabled && !current.disabled)) {
            await sessions.endAllOf(trx, current.id);
          }
          return toAccount(row);
        });
      } catch (error) {
        if (isUniqueViolation(error, data.ACCOUNT_UNIQUE_INDEX)) throw new ApiError('accountTaken');
        throw error;
      }
    },

    /** An admin sets someone's password; every session of that account ends. */
    async resetPassword(id: string, password: string): Promise<CmsAccount> {
      // A guessable password is refused whoever it is for; the account's own words once it is found.
      assertAcceptablePassword(password, 'password', []);
      const account = await data.findById(db, id);
      if (!account) throw new ApiError('accountNotFound');
      const reused = await verifyPassword(password, account.password_hash);
      assertAcceptablePassword(password, 'password', [account.account, account.name], reused);
      const passwordHash = await hashPassword(password);
      return db.transaction().execute(async (trx) => {
        const current = await data.findById(trx, id);
        if (!current) throw new ApiError('accountNotFound');
        const row = await data.setPassword(trx, id, passwordHash, clock.now());
        await sessions.endAllOf(trx, id);
        return toAccount(row);
      });
    },

    /**
     * A user changes their own password, proving the old one. A wrong old password counts as a
     * failed sign-in (the same throttle), so a stolen session cannot be used to guess it. The
     * user's other sessions end; the one making the change goes on.
     */
    async setOwnPassword(
      user: SignedInUser,
      input: { old_password: string; new_password: string },
      clientAddress: string,
      keepToken: string | undefined,
    ): Promise<void> {
      await throttle.assertAllowed(user.account, clientAddress);
      const current = await data.findById(db, user.id);
      if (!current || !(await verifyPassword(input.old_password, current.password_hash))) {
        await throttle.recordFailure(user.account, clientAddress);
        throw new ApiError('wrongCredentials');
      }
      await throttle.clear(user.account, clientAddress);
      assertAcceptablePassword(
        input.new_password,
        'new_password',
        [user.account, user.name],
        input.new_password === input.old_password,
      );
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction().execute(async (trx) => {
        await data.setPassword(trx, user.id, passwordHash, clock.now());
        await sessions.endAllOf(trx, user.id, keepToken);
      });
    },

    /**
     * At start: learns which accounts still have the published demo password (once, for
     * accounts seeded before that was recorded), and when ADMIN_PASSWORD is set gives it to
     * them, ending their sessions (the demo password is public: anyone may have used it). A
     * password somebody chose is never replaced, so a restart with ADMIN_PASSWORD set changes
     * nothing for an admin who already changed theirs. Answers the accounts left on the demo
     * password.
     */
    async settleDemoPasswords(adminPassword: string | undefined): Promise<string[]> {
      for (const row of await data.withUnknownDemoPassword(db)) {
        await data.markDemoPassword(db, row.id, await verifyPassword(demoAdmin.password, row.password_hash));
      }
      const onDemo = await data.withDemoPassword(db);
      if (adminPassword === undefined || onDemo.length === 0) return onDemo.map((row) => row.account);
      const passwordHash = await hashPassword(adminPassword);
      await db.transaction().execute(async (trx) => {
        for (const row of onDemo) {
          await data.setPassword(trx, row.id, passwordHash, clock.now());
          await sessions.endAllOf(trx, row.id);
        }
      });
      return [];
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
