import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';
import type { AdminRole } from '../db/schema.js';

/** The unique index that makes account names unique regardless of case. */
export const ACCOUNT_UNIQUE_INDEX = 'admin_user_account_unique';

const accountColumns = ['id', 'account', 'name', 'role', 'disabled', 'demo_password', 'created_at'] as const;

export function findByAccount(db: Executor, account: string) {
  return db
    .selectFrom('admin_user')
    .select([...accountColumns, 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
    .executeTakeFirst();
}

export function findById(db: Executor, id: string) {
  return db
    .selectFrom('admin_user')
    .select([...accountColumns, 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listAccounts(db: Executor, page?: { offset: number; limit: number }) {
  let query = db.selectFrom('admin_user').select(accountColumns).orderBy('created_at').orderBy('account');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}

export async function countAccounts(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('admin_user')
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Active admins other than `exceptId`: who would be left to administer if that one stopped. */
export async function countOtherActiveAdmins(db: Executor, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('admin_user')
    .select(sql<string>`count(*)`.as('n'))
    .where('role', '=', 'admin')
    .where('disabled', '=', false)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AccountValues {
  account: string;
  name: string;
  role: AdminRole;
  disabled: boolean;
}

export function insertAccount(db: Executor, id: string, values: AccountValues, passwordHash: string) {
  return db
    .insertInto('admin_user')
    .values({ id, ...values, password_hash: passwordHash, demo_password: false })
    .returning(accountColumns)
    .executeTakeFirstOrThrow();
}

export function updateAccount(db: Executor, id: string, values: AccountValues, now: Date) {
  return db
    .updateTable('admin_user')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .returning(accountColumns)
    .executeTakeFirstOrThrow();
}

/** A password someone chose: never the demo one any more. */
export function setPassword(db: Executor, id: string, passwordHash: string, now: Date) {
  return db
    .updateTable('admin_user')
    .set({ password_hash: passwordHash, demo_password: false, updated_at: now })
    .where('id', '=', id)
    .returning(accountColumns)
    .executeTakeFirstOrThrow();
}

/** Accounts whose password has not been compared with the demo one yet (seeded before the column). */
export function withUnknownDemoPassword(db: Executor) {
  return db.selectFrom('admin_user').select(['id', 'password_hash']).where('demo_password', 'is', null).execute();
}

export async function markDemoPassword(db: Executor, id: string, demo: boolean): Promise<void> {
  await db.updateTable('admin_user').set({ demo_password: demo }).where('id', '=', id).execute();
}

export function withDemoPassword(db: Executor) {
  return db.selectFrom('admin_user').select(['id', 'account']).where('demo_password', '=', true).execute();
}

/**
 * Serialises changes to accounts, so two admins demoting each other at the same moment cannot
 * both pass the last-admin check. Any fixed number works; it only has to be the same everywhere.
 */
export async function lockAccounts(db: Executor): Promise<void> {
  await sql`select pg_advisory_xact_lock(7110043)`.execute(db);
}
