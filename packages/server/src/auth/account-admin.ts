/**
 * CMS accounts as an admin manages them: creating and editing one, and setting its password.
 * There is always an active admin: the last one can be neither demoted nor disabled, and
 * nobody can disable themselves.
 */
import { randomUUID } from 'node:crypto';
import type { CmsAccount } from '@open/protocol/api';
import { isUniqueViolation } from '../db/executor.js';
import type { AdminRole } from '../db/schema.js';
import { ApiError, FieldError } from '../errors.js';
import { assertAcceptablePassword } from './account-password.js';
import * as data from './account.data.js';
import type { AccountInput, AccountServiceDeps } from './account.types.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SignedInUser } from './session.js';

type AccountRow = Awaited<ReturnType<typeof data.listAccounts>>[number];

export const toAccount = (row: AccountRow): CmsAccount => ({
  _id: row.id,
  account: row.account,
  name: row.name,
  role: row.role,
  disabled: row.disabled,
  created_at: row.created_at.toISOString(),
});

const isActiveAdmin = (account: { role: AdminRole; disabled: boolean }) =>
  account.role === 'admin' && !account.disabled;

/**
 * Creates an account (a password is required) or edits one. A password given on an edit
 * replaces the old one like `resetPassword`. Disabling an account, or setting its password,
 * ends its sessions.
 */
export async function saveAccount(
  { db, sessions, clock }: Pick<AccountServiceDeps, 'db' | 'sessions' | 'clock'>,
  input: AccountInput,
  actor: SignedInUser,
): Promise<CmsAccount> {
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
}

/** An admin sets someone's password; every session of that account ends. */
export async function resetPassword(
  { db, sessions, clock }: Pick<AccountServiceDeps, 'db' | 'sessions' | 'clock'>,
  id: string,
  password: string,
): Promise<CmsAccount> {
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
}
