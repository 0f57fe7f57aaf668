import { randomUUID } from 'node:crypto';
import type { CmsAgent, CmsTenant } from '@open/protocol/api';
import type { Clock } from '../clock.js';
import { isUniqueViolation, type Executor } from '../db/executor.js';
import { ApiError, FieldError } from '../errors.js';
import {
  countAgents,
  deleteAgent,
  findAgent,
  insertAgent,
  listAgents,
  updateAgent,
  type AgentRow,
} from './agent.data.js';
import {
  countTenants,
  findTenantWithAgentCount,
  insertTenant,
  listTenantsWithAgentCount,
  setSsoToken,
  tenantExists,
  updateTenantSettings,
  type TenantRow,
  type TenantWithAgentCount,
} from './tenant.data.js';
import { newTenantSecrets } from './tenant-secrets.js';

type Page = { offset: number; limit: number } | undefined;

export interface TenantInput {
  _id?: string | undefined;
  name: string;
  default_lang: string;
  acw_seconds: number;
  not_ready_reasons: { id: string; name: string }[];
  display_numbers: string[];
}

export interface AgentInput {
  _id?: string | undefined;
  tenant_id: string;
  name: string;
  email?: string | undefined;
  employee_no?: string | undefined;
  mobile?: string | undefined;
  extension?: string | undefined;
  role: 'agent' | 'supervisor';
  assistant_robot: boolean;
  disabled?: boolean | undefined;
  password?: string | undefined;
}

/** The unique indexes an agent's fields may collide on, and the field each names. */
const UNIQUE_FIELDS = [
  ['agent_email', 'email'],
  ['agent_employee_no', 'employee_no'],
  ['agent_extension', 'extension'],
] as const;

const toTenant = (row: TenantWithAgentCount): CmsTenant => ({
  _id: row.id,
  name: row.name,
  default_lang: row.default_lang,
  acw_seconds: row.acw_seconds,
  not_ready_reasons: row.not_ready_reasons,
  display_numbers: row.display_numbers,
  sso_token: row.sso_token,
  agent_count: row.agent_count,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const toAgent = (row: AgentRow): CmsAgent => ({
  _id: row.id,
  tenant_id: row.tenant_id,
  name: row.name,
  email: row.email,
  employee_no: row.employee_no,
  mobile: row.mobile,
  extension: row.extension,
  role: row.role,
  assistant_robot: row.assistant_robot,
  disabled: row.disabled,
  has_password: row.password_hash !== null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** An optional text field: empty means none. */
const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/**
 * Tenants and agents as CMS admins manage them (issue #8). What the engine holds of an agent
 * who is online is refreshed at their next authentication or resume; `onAgentChanged` lets the
 * engine drop a session that should end now (a disabled or removed agent).
 */
export function createCallCentreAdminService({
  db,
  clock,
  hashPassword,
  verifyPassword,
  weakPassword,
  onAgentChanged = () => {},
  onTenantChanged = () => {},
}: {
  db: Executor;
  clock: Clock;
  /** How an agent's password is kept (auth's scrypt): passed in, as tenants sit below auth. */
  hashPassword: (password: string) => Promise<string>;
  /** Whether a stored hash is of `password` (a new password may not be the one it replaces). */
  verifyPassword: (password: string, hash: string) => Promise<boolean>;
  /** auth's blocklist of guessable passwords, with the agent's own words (auth/password-policy.ts). */
  weakPassword: (password: string, context: { words: readonly (string | null | undefined)[] }) => string | undefined;
  /** `agent` null: the agent was disabled or removed, so an open session must end now. */
  onAgentChanged?: (change: { agentId: string; tenantId: string; agent: AgentRow | null }) => Promise<void> | void;
  /** The tenant's settings changed: the engine tells its online agents. */
  onTenantChanged?: (tenant: TenantRow) => Promise<void> | void;
}) {
  /** A guessable password, or the one the agent has now, is refused on its field. */
  async function assertAcceptablePassword(input: AgentInput, words: (string | null)[]): Promise<void> {
    const password = input.password ?? '';
    const current = input._id === undefined ? undefined : await findAgent(db, input._id);
    if (current?.password_hash && (await verifyPassword(password, current.password_hash))) {
      throw new FieldError([{ field: 'password', reason: 'reusedPassword' }]);
    }
    if (weakPassword(password, { words })) throw new FieldError([{ field: 'password', reason: 'weakPassword' }]);
  }

  async function tenantById(executor: Executor, id: string): Promise<CmsTenant> {
    const row = await findTenantWithAgentCount(executor, id);
    if (!row) throw new ApiError('tenantNotFound');
    return toTenant(row);
  }

  return {
    async listTenants(page: Page) {
      const [rows, total] = await Promise.all([listTenantsWithAgentCount(db, page), countTenants(db)]);
      return { list: rows.map(toTenant), total };
    },

    async setTenant(input: TenantInput): Promise<CmsTenant> {
      const ids = input.not_ready_reasons.map((r) => r.id);
      if (new Set(ids).size !== ids.length || new Set(input.display_numbers).size !== input.display_numbers.length) {
        const field = new Set(ids).size !== ids.length ? 'not_ready_reasons' : 'display_numbers';
        throw new FieldError([{ field, reason: 'notAllowed' }]);
      }
      const settings = {
        name: input.name,
        default_lang: input.default_lang,
        acw_seconds: input.acw_seconds,
        not_ready_reasons: input.not_ready_reasons,
        display_numbers: input.display_numbers,
      };
      if (input._id === undefined) {
        const id = randomUUID();
        await insertTenant(db, id, settings, newTenantSecrets(), clock.now());
        return tenantById(db, id);
      }
      const updated = await updateTenantSettings(db, input._id, settings, clock.now());
      if (!updated) throw new ApiError('tenantNotFound');
      await onTenantChanged(updated);
      return tenantById(db, input._id);
    },

    async resetSsoToken(id: string): Promise<CmsTenant> {
      if (!(await setSsoToken(db, id, newTenantSecrets().sso_token, clock.now()))) throw new ApiError('tenantNotFound');
      return tenantById(db, id);
    },

    async listAgents(filter: { tenant_id: string; keyword?: string | undefined }, page: Page) {
      if (!(await tenantExists(db, filter.tenant_id))) throw new ApiError('tenantNotFound');
      const agentFilter = { tenantId: filter.tenant_id, keyword: filter.keyword };
      const [list, total] = await Promise.all([listAgents(db, agentFilter, page), countAgents(db, agentFilter)]);
      return { list: list.map(toAgent), total };
    },

    async setAgent(input: AgentInput): Promise<CmsAgent> {
      if (!(await tenantExists(db, input.tenant_id))) throw new ApiError('tenantNotFound');
      const email = orNull(input.email?.toLowerCase());
      const employeeNo = orNull(input.employee_no);
      const mobile = orNull(input.mobile);
      if (email === null && employeeNo === null && mobile === null) throw new ApiError('agentAccountRequired');
      if (input.password !== undefined) await assertAcceptablePassword(input, [email, employeeNo, mobile, input.name]);
      const values = {
        name: input.name,
        email,
        employee_no: employeeNo,
        mobile,
        extension: orNull(input.extension),
        role: input.role,
        assistant_robot: input.assistant_robot,
        // Left out of an edit, it stays as it is (a form that does not show it re-enables nobody).
        ...(input.disabled !== undefined || input._id === undefined ? { disabled: input.disabled ?? false } : {}),
        ...(input.password !== undefined ? { password_hash: await hashPassword(input.password) } : {}),
      };
      const id = input._id ?? randomUUID();
      let row: AgentRow | undefined;
      try {
        row =
          input._id === undefined
            ? await insertAgent(db, id, input.tenant_id, values, clock.now())
            : // An agent stays in its tenant: moving one would leave its calls and records behind.
              await updateAgent(db, id, input.tenant_id, values, clock.now());
      } catch (error) {
        const field = UNIQUE_FIELDS.find(([index]) => isUniqueViolation(error, index))?.[1];
        if (field) throw new ApiError('agentTaken', {}, { field });
        throw error;
      }
      if (!row) throw new ApiError('agentNotFound');
      await onAgentChanged({ agentId: id, tenantId: row.tenant_id, agent: row.disabled ? null : row });
      return toAgent(row);
    },

    async removeAgent(id: string): Promise<{ _id: string }> {
      const tenantId = await deleteAgent(db, id);
      if (tenantId === undefined) throw new ApiError('agentNotFound');
      await onAgentChanged({ agentId: id, tenantId, agent: null });
      return { _id: id };
    },
  };
}

export type CallCentreAdminService = ReturnType<typeof createCallCentreAdminService>;
