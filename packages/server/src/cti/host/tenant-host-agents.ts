import { noTenantStore, type SavedAgent, type TenantStore } from '../bus/state-store.js';
import type { AgentSnapshot } from '../engine/engine.js';

/** Each agent's last snapshot and calls, so a change to either saves both. */
export function createAgentSaves(store: TenantStore, isClosed: () => boolean) {
  const saved = new Map<string, { tenantId: string; agent: SavedAgent }>();
  // On one node nothing outlives the process: no copy of each agent's state is worth its memory.
  const keepsState = store !== noTenantStore;
  function save(agentId: string, tenantId: string, next: SavedAgent | null) {
    if (!keepsState) return;
    if (next) saved.set(agentId, { tenantId, agent: next });
    else saved.delete(agentId);
    if (!isClosed()) store.saveAgent(tenantId, agentId, next);
  }

  return {
    save,

    /** The engine saved an agent (`null`: it left): saved with the calls it is in. */
    snapshot(agentId: string, tenantId: string, snapshot: AgentSnapshot | null) {
      save(agentId, tenantId, snapshot ? { ...snapshot, calls: saved.get(agentId)?.agent.calls ?? [] } : null);
    },

    /** Keeps track of the calls each agent is in, from the events that say so. */
    trackCalls(agentId: string, name: string, data: Record<string, unknown>) {
      if (name !== 'callStatusChange' || typeof data.call_id !== 'string') return;
      const current = saved.get(agentId);
      if (!current) return;
      const { calls } = current.agent;
      const ended = data.call_status === 'ended';
      if (ended === calls.includes(data.call_id)) {
        save(agentId, current.tenantId, {
          ...current.agent,
          calls: ended ? calls.filter((id) => id !== data.call_id) : [...calls, data.call_id],
        });
      }
    },

    /** Writes the tenant's agents to the store again. */
    resave(tenantId: string) {
      for (const [agentId, kept] of saved) {
        if (kept.tenantId === tenantId) store.saveAgent(tenantId, agentId, kept.agent);
      }
    },
  };
}

export type AgentSaves = ReturnType<typeof createAgentSaves>;
