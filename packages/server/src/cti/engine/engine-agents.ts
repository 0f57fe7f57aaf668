import type { AgentState, TenantInfo } from '@open/protocol/cti/protocol';
import { ApiError } from '../../errors.js';
import type { AgentStatusState } from './agent-state.js';
import type { AgentProfile, TenantProfile } from './engine.types.js';

export interface AgentRuntime {
  profile: AgentProfile;
  /** Shared by every agent of the tenant (one object per tenant, not per agent). */
  tenant: TenantProfile;
  state: AgentStatusState;
  displayNumber: string | null;
  cancelAcw: (() => void) | undefined;
  /**
   * The agent's phone lost its link and their session waits for it: they keep their status, but
   * no call is offered or put through to them until the link is back.
   */
  linkDown: boolean;
}

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The agents one engine holds, found by id, by tenant and by extension. */
export function createAgentRegistry() {
  const agents = new Map<string, AgentRuntime>();
  /** The agents of each tenant, so a tenant's question never scans every agent of the node. */
  const byTenant = new Map<string, Map<string, AgentRuntime>>();
  /** `tenant id + extension` → the agent holding that extension. */
  const byExtension = new Map<string, string>();
  const extensionKey = (tenantId: string, extension: string) => `${tenantId}\n${extension}`;

  function add(agent: AgentRuntime) {
    const { id, tenantId, extension } = agent.profile;
    agents.set(id, agent);
    let ofTenant = byTenant.get(tenantId);
    if (!ofTenant) byTenant.set(tenantId, (ofTenant = new Map<string, AgentRuntime>()));
    ofTenant.set(id, agent);
    if (extension !== null) byExtension.set(extensionKey(tenantId, extension), id);
  }

  function remove(agent: AgentRuntime) {
    const { id, tenantId, extension } = agent.profile;
    agents.delete(id);
    const ofTenant = byTenant.get(tenantId);
    ofTenant?.delete(id);
    if (ofTenant?.size === 0) byTenant.delete(tenantId);
    if (extension !== null && byExtension.get(extensionKey(tenantId, extension)) === id) {
      byExtension.delete(extensionKey(tenantId, extension));
    }
  }

  /** One tenant profile object for all the tenant's agents: the newest one read. */
  function shareTenant(tenant: TenantProfile): TenantProfile {
    for (const agent of byTenant.get(tenant.id)?.values() ?? []) agent.tenant = tenant;
    return tenant;
  }

  function runtime(agentId: string): AgentRuntime {
    const found = agents.get(agentId);
    if (!found) throw new ApiError('notCheckedIn');
    return found;
  }

  return {
    add,
    remove,
    shareTenant,
    runtime,
    get: (agentId: string) => agents.get(agentId),
    /** The tenant's agents, live: copy them before removing any. */
    ofTenant: (tenantId: string): Iterable<AgentRuntime> => byTenant.get(tenantId)?.values() ?? [],
    holdsTenant: (tenantId: string) => byTenant.has(tenantId),
    extensionHolder: (tenantId: string, extension: string) => byExtension.get(extensionKey(tenantId, extension)),
    holdsExtension: (tenantId: string, extension: string) => byExtension.has(extensionKey(tenantId, extension)),
    size: () => agents.size,
    ids: (): string[] => [...agents.keys()],
  };
}

export type AgentRegistry = ReturnType<typeof createAgentRegistry>;

export function agentState(agent: AgentRuntime): AgentState {
  return {
    agent_id: agent.profile.id,
    tenant_id: agent.profile.tenantId,
    name: agent.profile.name,
    extension: agent.profile.extension,
    role: agent.profile.role,
    assistant_robot: agent.profile.assistantRobot,
    status: agent.state.status,
    reason_id: agent.state.reasonId,
    status_since: new Date(agent.state.since).toISOString(),
    acw_until: iso(agent.state.acwUntil),
    display_number: agent.displayNumber,
  };
}

export function tenantInfo(tenant: TenantProfile): TenantInfo {
  return {
    tenant_id: tenant.id,
    name: tenant.name,
    default_lang: tenant.defaultLang,
    not_ready_reasons: tenant.notReadyReasons,
    display_numbers: tenant.displayNumbers,
    acw_seconds: tenant.acwSeconds,
    wrap_up_codes: tenant.wrapUpCodes,
  };
}
