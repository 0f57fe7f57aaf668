import type { Selectable } from 'kysely';
import type { Executor } from '../db/executor.js';
import type { AgentTable, TenantTable } from '../db/schema.js';

export type AgentRow = Selectable<AgentTable>;
export type TenantRow = Selectable<TenantTable>;

/** How an agent may be named when signing in or through SSO. */
export type AgentAccountType = 'email' | 'employee_no' | 'mobile';

export async function findTenant(db: Executor, id: string): Promise<TenantRow | undefined> {
  return db.selectFrom('tenant').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTenantBySsoToken(db: Executor, ssoToken: string): Promise<TenantRow | undefined> {
  return db.selectFrom('tenant').selectAll().where('sso_token', '=', ssoToken).executeTakeFirst();
}

export async function findAgent(db: Executor, id: string): Promise<AgentRow | undefined> {
  return db.selectFrom('agent').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The agent of a tenant who holds an extension, whether signed in or not. */
export async function findAgentIdByExtension(
  db: Executor,
  tenantId: string,
  extension: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('agent')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('extension', '=', extension)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The agents an account names: an e-mail address is unique over all tenants; an employee number
 * or a mobile number only within a tenant, so without one it may name several.
 */
export async function findAgentsByAccount(
  db: Executor,
  type: AgentAccountType,
  account: string,
  tenantId?: string,
): Promise<AgentRow[]> {
  let query = db.selectFrom('agent').selectAll();
  query = type === 'email' ? query.where('email', '=', account.toLowerCase()) : query.where(type, '=', account);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  return query.orderBy('id').limit(10).execute();
}

/** An account typed at sign-in: an e-mail address when it has an @, else an employee number. */
export const accountTypeOf = (account: string): AgentAccountType => (account.includes('@') ? 'email' : 'employee_no');
