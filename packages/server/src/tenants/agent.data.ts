/** Data access for agents: plain queries on whatever executor the service hands in. */
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../db/executor.js';
import type { AgentRole, AgentTable } from '../db/schema.js';
import type { Page } from './tenant.data.js';

export type AgentRow = Selectable<AgentTable>;

/** How an agent may be named when signing in or through SSO. */
export type AgentAccountType = 'email' | 'employee_no' | 'mobile';

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

/** Every extension an agent of the tenant holds (enabled or not), with the agent's id. */
export async function listExtensions(db: Executor, tenantId: string): Promise<{ id: string; extension: string }[]> {
  const rows = await db
    .selectFrom('agent')
    .select(['id', 'extension'])
    .where('tenant_id', '=', tenantId)
    .where('extension', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.extension === null ? [] : [{ id: row.id, extension: row.extension }]));
}

/** Of `extensions`, those an agent of the tenant holds, in the order given. */
export async function extensionsHeld(db: Executor, tenantId: string, extensions: readonly string[]): Promise<string[]> {
  if (!extensions.length) return [];
  const rows = await db
    .selectFrom('agent')
    .select('extension')
    .where('tenant_id', '=', tenantId)
    .where('extension', 'in', extensions)
    .execute();
  const held = new Set(rows.map((row) => row.extension));
  return extensions.filter((extension) => held.has(extension));
}

/**
 * Whether the tenant's trunk dials `extension` out as a short number of its dial plan (an
 * emergency or service number): the agent holding it could not be rung.
 */
export async function isTrunkShortNumber(db: Executor, tenantId: string, extension: string): Promise<boolean> {
  const row = await db
    .selectFrom('sip_trunk')
    .select('tenant_id')
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`dial_plan -> 'short_numbers' @> ${JSON.stringify([extension])}::jsonb`)
    .executeTakeFirst();
  return row !== undefined;
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

export interface AgentFilter {
  tenantId: string;
  /** Part of a name, e-mail address, employee number, mobile number or extension, in any case. */
  keyword?: string | undefined;
}

function filteredAgents(db: Executor, { tenantId, keyword }: AgentFilter) {
  let query = db.selectFrom('agent').where('tenant_id', '=', tenantId);
  const trimmed = keyword?.trim();
  if (trimmed) {
    const like = `%${trimmed.replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where((eb) =>
      eb.or([
        eb('name', 'ilike', like),
        eb('email', 'ilike', like),
        eb('employee_no', 'ilike', like),
        eb('mobile', 'ilike', like),
        eb('extension', 'ilike', like),
      ]),
    );
  }
  return query;
}

/** By extension, then name; `page` absent means every match. */
export function listAgents(db: Executor, filter: AgentFilter, page?: Page): Promise<AgentRow[]> {
  let query = filteredAgents(db, filter).selectAll().orderBy('extension').orderBy('name').orderBy('id');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}

export async function countAgents(db: Executor, filter: AgentFilter): Promise<number> {
  const row = await filteredAgents(db, filter)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** What an admin sets of an agent. */
export interface AgentValues {
  name: string;
  /** Lower-case. */
  email: string | null;
  employee_no: string | null;
  mobile: string | null;
  extension: string | null;
  role: AgentRole;
  assistant_robot: boolean;
  /** Absent: left as it is (a new agent is enabled). */
  disabled?: boolean;
  /** Absent: left as it is (a new agent has none). */
  password_hash?: string;
}

/** Raises the database's unique violation when an e-mail, employee number or extension is taken. */
export function insertAgent(
  db: Executor,
  id: string,
  tenantId: string,
  values: AgentValues,
  at: Date,
): Promise<AgentRow> {
  return db
    .insertInto('agent')
    .values({ id, tenant_id: tenantId, password_hash: null, ...values, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The agent as it is now, or undefined when the tenant has no agent with that id (an agent
 * never moves to another tenant). Raises the unique violation as `insertAgent` does.
 */
export function updateAgent(
  db: Executor,
  id: string,
  tenantId: string,
  values: AgentValues,
  at: Date,
): Promise<AgentRow | undefined> {
  return db
    .updateTable('agent')
    .set({ ...values, updated_at: at })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .returningAll()
    .executeTakeFirst();
}

/** The tenant of the agent removed, or undefined when there was none. */
export async function deleteAgent(db: Executor, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom('agent').where('id', '=', id).returning('tenant_id').executeTakeFirst();
  return row?.tenant_id;
}

/** The enabled agents of a tenant other than `agentId`, by extension then name. */
export function listColleagues(
  db: Executor,
  tenantId: string,
  agentId: string,
): Promise<Pick<AgentRow, 'id' | 'name' | 'extension' | 'role'>[]> {
  return db
    .selectFrom('agent')
    .select(['id', 'name', 'extension', 'role'])
    .where('tenant_id', '=', tenantId)
    .where('disabled', '=', false)
    .where('id', '!=', agentId)
    .orderBy('extension')
    .orderBy('name')
    .execute();
}

/** Which of these e-mail addresses are agents of the tenant, by employee number (the start banner's logins). */
export async function findAgentsByEmail(
  db: Executor,
  tenantId: string,
  emails: readonly string[],
): Promise<Pick<AgentRow, 'email' | 'employee_no' | 'role'>[]> {
  if (emails.length === 0) return [];
  return db
    .selectFrom('agent')
    .select(['email', 'employee_no', 'role'])
    .where('tenant_id', '=', tenantId)
    .where('email', 'in', emails)
    .orderBy('employee_no')
    .execute();
}
