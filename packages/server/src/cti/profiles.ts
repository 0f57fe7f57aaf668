import type { Executor } from '../db/executor.js';
import { ApiError } from '../errors.js';
import { findAgent, type AgentRow } from '../tenants/agent.data.js';
import { findTenant, type TenantRow } from '../tenants/tenant.data.js';
import type { AgentProfile, TenantProfile } from './engine/engine.js';

export const toAgentProfile = (agent: AgentRow): AgentProfile => ({
  id: agent.id,
  tenantId: agent.tenant_id,
  name: agent.name,
  extension: agent.extension,
  role: agent.role,
  assistantRobot: agent.assistant_robot,
  disabled: agent.disabled,
});

export const toTenantProfile = (tenant: TenantRow): TenantProfile => ({
  id: tenant.id,
  name: tenant.name,
  defaultLang: tenant.default_lang,
  acwSeconds: tenant.acw_seconds,
  notReadyReasons: tenant.not_ready_reasons,
  displayNumbers: tenant.display_numbers,
  wrapUpCodes: tenant.wrap_up_codes,
});

/** What the engine needs of an agent signing in or resuming, read fresh from the database. */
export async function loadProfiles(db: Executor, tenantId: string, agentId: string) {
  const [agent, tenant] = await Promise.all([findAgent(db, agentId), findTenant(db, tenantId)]);
  if (!agent || !tenant || agent.tenant_id !== tenant.id) throw new ApiError('loginTokenInvalid');
  if (agent.disabled) throw new ApiError('agentDisabled');
  return { profile: toAgentProfile(agent), tenantProfile: toTenantProfile(tenant) };
}
