import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import type { AgentRow } from './agent.data.js';
import { listAgents, removeAgent, setAgent } from './call-centre-agents.js';
import { listTenants, resetSsoToken, setTenant } from './call-centre-tenants.js';
import type { TenantRow } from './tenant.data.js';

export type Page = { offset: number; limit: number } | undefined;

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

export interface CallCentreAdminDeps {
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
}

/** The dependencies with their callbacks settled: what call-centre-tenants.ts and -agents.ts use. */
export type CallCentreAdminContext = Required<CallCentreAdminDeps>;

/**
 * Tenants and agents as CMS admins manage them (issue #8): call-centre-tenants.ts and
 * call-centre-agents.ts. What the engine holds of an agent who is online is refreshed at their
 * next authentication or resume; `onAgentChanged` lets the engine drop a session that should
 * end now (a disabled or removed agent).
 */
export function createCallCentreAdminService({
  db,
  clock,
  hashPassword,
  verifyPassword,
  weakPassword,
  onAgentChanged = () => {},
  onTenantChanged = () => {},
}: CallCentreAdminDeps) {
  const context: CallCentreAdminContext = {
    db,
    clock,
    hashPassword,
    verifyPassword,
    weakPassword,
    onAgentChanged,
    onTenantChanged,
  };
  return {
    listTenants: (page: Page) => listTenants(context, page),
    setTenant: (input: TenantInput) => setTenant(context, input),
    resetSsoToken: (id: string) => resetSsoToken(context, id),
    listAgents: (filter: { tenant_id: string; keyword?: string | undefined }, page: Page) =>
      listAgents(context, filter, page),
    setAgent: (input: AgentInput) => setAgent(context, input),
    removeAgent: (id: string) => removeAgent(context, id),
  };
}

export type CallCentreAdminService = ReturnType<typeof createCallCentreAdminService>;
