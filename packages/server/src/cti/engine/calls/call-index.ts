import { ApiError } from '../../../errors.js';
import type { Call } from './call-model.js';

/** The agents a call's events go to. */
export const audience = (call: Call) =>
  [call.agentId, call.peerAgentId, ...call.supervisors.keys()].filter((id): id is string => id !== null);

/** The book's index of calls by agent; a call leaves it once it has left `calls`. */
export function createCallIndex(calls: Map<string, Call>) {
  /**
   * The calls each agent takes part in (as either party or as a supervisor). Kept by `reindex`
   * whenever a call's parties change, so asking about one agent never scans every call
   * (bench/cti-load: at 10,000 agents the scans were the engine's ceiling).
   */
  const byAgent = new Map<string, Set<Call>>();
  const indexedUnder = new WeakMap<Call, string[]>();

  function reindex(call: Call) {
    for (const id of indexedUnder.get(call) ?? []) {
      const set = byAgent.get(id);
      set?.delete(call);
      if (set?.size === 0) byAgent.delete(id);
    }
    const now = calls.has(call.id) ? audience(call) : [];
    for (const id of now) {
      let set = byAgent.get(id);
      if (!set) byAgent.set(id, (set = new Set()));
      set.add(call);
      call.touchedBy.add(id);
    }
    indexedUnder.set(call, now);
  }

  const callsOf = (agentId: string): Call[] => [...(byAgent.get(agentId) ?? [])];
  const inCall = (agentId: string) => byAgent.has(agentId);

  /** The agent's call by id, or their only or first call when the id is left out. */
  function callOf(agentId: string, callId: string | null): Call {
    for (const call of byAgent.get(agentId) ?? []) {
      if ((call.agentId === agentId || call.peerAgentId === agentId) && (callId === null || call.id === callId))
        return call;
    }
    throw new ApiError('callNotFound');
  }

  return { reindex, callsOf, inCall, callOf };
}
