/**
 * The passwords of CMS accounts as their owners and the start of the server change them: a
 * user's own change (proving the old one), and the settling of the published demo password.
 */
import { demoAdmin } from '../demo-credentials.js';
import { ApiError, FieldError } from '../errors.js';
import * as data from './account.data.js';
import type { AccountServiceDeps } from './account.types.js';
import { weakPassword } from './password-policy.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SignedInUser } from './session.js';

/**
 * A new password an attacker would try first is refused (auth/password-policy.ts), the published
 * demo password among them, and so is the one it replaces (`reused`: a change that changes nothing).
 */
export function assertAcceptablePassword(
  password: string,
  field: string,
  words: readonly string[],
  reused = false,
): void {
  const reason = reused ? 'reusedPassword' : weakPassword(password, { words });
  if (reason) throw new FieldError([{ field, reason }]);
}

/**
 * Why ADMIN_PASSWORD may not become the seeded admin's password, in one line naming the setting,
 * or undefined when it may: the start is one more way of setting a password, under the same rule.
 */
export function adminPasswordRefusal(password: string | undefined): string | undefined {
  if (password === undefined || !weakPassword(password, { words: [demoAdmin.account, demoAdmin.name] })) {
    return undefined;
  }
  return 'ADMIN_PASSWORD is too easy to guess (close to the published demo password, a common or breached password, repeated or sequential characters, or only words of this service or of the admin account with digits and symbols); a few unrelated words make a strong one.';
}

/**
 * A user changes their own password, proving the old one. A wrong old password counts as a
 * failed sign-in (the same throttle), so a stolen session cannot be used to guess it. The
 * user's other sessions end; the one making the change goes on.
 */
export async function setOwnPassword(
  { db, sessions, throttle, clock }: AccountServiceDeps,
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
}

/**
 * At start: learns which accounts still have the published demo password (once, for
 * accounts seeded before that was recorded), and when ADMIN_PASSWORD is set gives it to
 * them, ending their sessions (the demo password is public: anyone may have used it). A
 * password somebody chose is never replaced, so a restart with ADMIN_PASSWORD set changes
 * nothing for an admin who already changed theirs. Answers the accounts left on the demo
 * password.
 */
export async function settleDemoPasswords(
  { db, sessions, clock }: Pick<AccountServiceDeps, 'db' | 'sessions' | 'clock'>,
  adminPassword: string | undefined,
): Promise<string[]> {
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
}
