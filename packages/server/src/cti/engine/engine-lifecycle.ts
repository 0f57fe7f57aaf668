import type { AgentState, TenantInfo } from '@open/protocol/cti/protocol';
import { offlineState } from './agent-state.js';
import type { CallDesk } from './calls/call-desk.js';
import { agentState, tenantInfo, type AgentRegistry, type AgentRuntime } from './engine-agents.js';
import { withCalls } from './engine-desk.js';
import { changeStatus, timeAcw, type StatusContext } from './engine-status.js';
import type { AgentProfile, AgentSnapshot, TenantProfile } from './engine.types.js';

/** The parts of an engine that agents coming and going touch. */
export interface EngineParts {
  registry: AgentRegistry;
  status: StatusContext;
  desk: CallDesk;
  /** An agent's status or displayed number changed (`null`: the agent left this engine). */
  onAgentSaved: (agentId: string, tenantId: string, snapshot: AgentSnapshot | null) => void;
}

/**
 * Takes an agent whose phone authenticated: a known one keeps its state (another tab, a
 * resumed link), a new one starts offline. Profile and tenant are refreshed either way.
 */
export function attach(
  { registry, status, desk }: EngineParts,
  profile: AgentProfile,
  tenant: TenantProfile,
): { agent: AgentState; tenant: TenantInfo } {
  let agent = registry.get(profile.id);
  const shared = registry.shareTenant(tenant);
  if (agent) {
    // The extension may have changed in the CMS: the index follows it.
    registry.remove(agent);
    agent.profile = profile;
    agent.tenant = shared;
    registry.add(agent);
  } else {
    agent = {
      profile,
      tenant: shared,
      state: offlineState(status.scheduler.now()),
      displayNumber: tenant.displayNumbers[0] ?? null,
      cancelAcw: undefined,
      linkDown: false,
    };
    registry.add(agent);
    status.save(agent);
  }
  return { agent: withCalls(desk, agent), tenant: tenantInfo(tenant) };
}

/**
 * Takes an agent over from a node that is gone, in the state it last saved: their status,
 * reason and displayed number; after-call work that has run out meanwhile ends now.
 */
export function restore(
  { registry, status }: EngineParts,
  profile: AgentProfile,
  tenant: TenantProfile,
  snapshot: AgentSnapshot,
): void {
  const previous = registry.get(profile.id);
  if (previous) registry.remove(previous);
  const agent: AgentRuntime = {
    profile,
    tenant: registry.shareTenant(tenant),
    state: snapshot.state,
    displayNumber: snapshot.displayNumber,
    cancelAcw: previous?.cancelAcw,
    linkDown: previous?.linkDown ?? false,
  };
  registry.add(agent);
  timeAcw(status, agent);
}

/**
 * A tenant this node no longer runs: its agents and calls are dropped without events or
 * saves (the node that took it over speaks for it now).
 */
export function forgetTenant({ registry, desk }: EngineParts, tenantId: string): void {
  for (const agent of [...registry.ofTenant(tenantId)]) {
    agent.cancelAcw?.();
    registry.remove(agent);
  }
  desk.forgetTenant(tenantId);
}

/**
 * A tenant changed in the CMS (reasons, displayed numbers, after-call work): every agent of it
 * this node holds gets the new settings at once, as the event `tenantInfoChange`. A displayed
 * number no longer in the list falls back to the first one.
 */
export function updateTenant({ registry, status }: EngineParts, tenant: TenantProfile): number {
  const { publish } = status;
  let told = 0;
  registry.shareTenant(tenant);
  // One payload for every agent: its JSON is then made and encoded once (gateway/frame-wire.ts).
  const change = { tenant: tenantInfo(tenant) };
  for (const agent of registry.ofTenant(tenant.id)) {
    publish(agent.profile.id, 'tenantInfoChange', change);
    if (agent.displayNumber !== null && !tenant.displayNumbers.includes(agent.displayNumber)) {
      agent.displayNumber = tenant.displayNumbers[0] ?? null;
      status.save(agent);
      publish(agent.profile.id, 'displayNumberChange', { display_number: agent.displayNumber });
    }
    told += 1;
  }
  return told;
}

/** The agent's phone is gone for good (grace period over, logged out): check out, end calls. */
export function detach({ registry, status, desk, onAgentSaved }: EngineParts, agentId: string): void {
  const agent = registry.get(agentId);
  if (!agent) return;
  desk.agentLost(agentId);
  if (agent.state.status !== 'offline') changeStatus(status, agent, { kind: 'checkOut' });
  agent.cancelAcw?.();
  registry.remove(agent);
  onAgentSaved(agentId, agent.profile.tenantId, null);
}

/**
 * An agent edited in the CMS while online: the engine takes the new name, extension and
 * robot at once. Undefined when this engine does not hold the agent.
 */
export function updateProfile({ registry }: EngineParts, profile: AgentProfile): AgentState | undefined {
  const agent = registry.get(profile.id);
  if (!agent) return undefined;
  registry.remove(agent);
  agent.profile = profile;
  registry.add(agent);
  return agentState(agent);
}
