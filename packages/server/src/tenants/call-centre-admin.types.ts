/**
 * The shapes the call-centre admin service and its parts (call-centre-tenants.ts,
 * call-centre-agents.ts) share. Kept apart so the parts import them from here, never back from
 * call-centre-admin.service.ts.
 */
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import type { AgentRow } from './agent.data.js';
import type { TenantRow } from './tenant.data.js';

export type Page = { offset: number; limit: number } | undefined;

export interface TenantInput {
  _id?: string | undefined;
  name: string;
  default_lang: string;
  acw_seconds: number;
  not_ready_reasons: { id: string; name: string }[];
  display_numbers: string[];
  wrap_up_codes?: { id: string; name: string }[] | undefined;
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
  /** auth's blocklist of guessable passwords, with the agent's and its tenant's words (auth/password-policy.ts). */
  weakPassword: (password: string, context: { words: readonly (string | null | undefined)[] }) => string | undefined;
  /** `agent` null: the agent was disabled or removed, so an open session must end now. */
  onAgentChanged?: (change: { agentId: string; tenantId: string; agent: AgentRow | null }) => Promise<void> | void;
  /** The tenant's settings changed: the engine tells its online agents. */
  onTenantChanged?: (tenant: TenantRow) => Promise<void> | void;
}

/** The dependencies with their callbacks settled: what call-centre-tenants.ts and -agents.ts use. */
export type CallCentreAdminContext = Required<CallCentreAdminDeps>;
