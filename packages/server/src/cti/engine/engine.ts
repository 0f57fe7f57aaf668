import type { AgentState, WrapUp } from '@open/protocol/cti/protocol';
import { createCallDesk } from './calls/call-desk.js';
import type { CallRecord, CallView } from './calls/call-model.js';
import { agentState, createAgentRegistry } from './engine-agents.js';
import { agentDeskOf, callRequests, presence, withCalls } from './engine-desk.js';
import {
  attach,
  detach,
  forgetTenant,
  restore,
  updateProfile,
  updateTenant,
  type EngineParts,
} from './engine-lifecycle.js';
import { changeStatus, checkIn, setDisplayNumber, type StatusContext } from './engine-status.js';
import type { Scheduler } from './scheduler.js';
import { createWrapUps, type RecordKey } from './engine-wrap-up.js';

import type { AgentProfile, AgentSnapshot, Publish, TenantProfile } from './engine.types.js';

export type { AgentProfile, AgentSnapshot, PresenceCall, Publish, TenantProfile } from './engine.types.js';

/**
 * The call-centre engine of one node: agents' statuses and calls, driven by their phones'
 * requests and by time. Pure of I/O: the gateway feeds it requests and carries its events; the
 * scheduler is injected, so tests run without waiting. Its parts: the agents it holds
 * (engine-agents.ts), their statuses (engine-status.ts), agents coming and going
 * (engine-lifecycle.ts), and the call desk (calls/, seen through engine-desk.ts).
 */
export function createEngine({
  scheduler,
  publish,
  onCallEnded = () => {},
  onAgentSaved = () => {},
  onLateWrapUp = () => {},
}: {
  scheduler: Scheduler;
  publish: Publish;
  /** A call ended: one record per agent who took part (the gateway stores them). */
  onCallEnded?: (records: CallRecord[]) => void;
  /** An agent's status or displayed number changed (`null`: the agent left this engine). */
  onAgentSaved?: (agentId: string, tenantId: string, snapshot: AgentSnapshot | null) => void;
  /** A wrap-up for a call whose record was already handed to `onCallEnded` (the gateway updates it). */
  onLateWrapUp?: (record: RecordKey, wrapUp: WrapUp) => void;
}) {
  const registry = createAgentRegistry();
  const statusContext: StatusContext = {
    scheduler,
    publish,
    save(agent) {
      onAgentSaved(agent.profile.id, agent.profile.tenantId, {
        state: agent.state,
        displayNumber: agent.displayNumber,
      });
    },
    inCall: (agentId) => desk.inCall(agentId),
    agentReady(tenantId) {
      desk.agentReady(tenantId);
    },
  };
  const desk = createCallDesk({
    scheduler,
    onEnded: (records) => {
      onCallEnded(wrapUps.ended(records));
    },
    agents: agentDeskOf(registry, statusContext),
  });
  const wrapUps = createWrapUps({
    registry,
    scheduler,
    publish,
    partyCallId: (agentId, callId) => desk.partyCallId(agentId, callId),
    onLateWrapUp,
  });
  const parts: EngineParts = { registry, status: statusContext, desk, onAgentSaved };

  return {
    attach: (profile: AgentProfile, tenant: TenantProfile) => attach(parts, profile, tenant),
    restore: (profile: AgentProfile, tenant: TenantProfile, snapshot: AgentSnapshot): void => {
      restore(parts, profile, tenant, snapshot);
    },
    forgetTenant: (tenantId: string): void => {
      forgetTenant(parts, tenantId);
    },
    updateTenant: (tenant: TenantProfile): number => updateTenant(parts, tenant),
    detach: (agentId: string): void => {
      detach(parts, agentId);
      wrapUps.forget(agentId);
    },

    /**
     * The agent's phone lost its link (its session waits for it): no call is offered or put
     * through to them meanwhile, and one ringing at them goes on at once. Their status stays, for
     * a link back within the grace.
     */
    linkDown(agentId: string): void {
      const agent = registry.get(agentId);
      if (!agent || agent.linkDown) return;
      agent.linkDown = true;
      desk.agentUnreachable(agentId);
    },

    /** The agent's phone has its link again: waiting callers may go to them. */
    linkUp(agentId: string): void {
      const agent = registry.get(agentId);
      if (!agent?.linkDown) return;
      agent.linkDown = false;
      if (agent.state.status === 'idle') desk.agentReady(agent.profile.tenantId);
    },

    state(agentId: string): AgentState & { calls: CallView[] } {
      return withCalls(desk, registry.runtime(agentId));
    },

    checkIn: (agentId: string, status: 'idle' | 'busy', reasonId: string | null): AgentState =>
      checkIn(statusContext, registry.runtime(agentId), status, reasonId),

    checkOut(agentId: string): AgentState {
      const agent = registry.runtime(agentId);
      changeStatus(statusContext, agent, { kind: 'checkOut' });
      return agentState(agent);
    },

    setStatus(agentId: string, status: 'idle' | 'busy', reasonId: string | null): AgentState {
      const agent = registry.runtime(agentId);
      changeStatus(statusContext, agent, { kind: 'set', status, reasonId });
      return agentState(agent);
    },

    setDisplayNumber: (agentId: string, number: string): AgentState =>
      setDisplayNumber(statusContext, registry.runtime(agentId), number),

    /** What became of a call the agent is on, or of the last one they ended (engine-wrap-up.ts). */
    setWrapUp: (agentId: string, callId: string | null, codeId: string, note: string | null) =>
      wrapUps.set(agentId, callId, codeId, note),

    ...callRequests(desk),

    presence: (agentId: string) => presence(registry, desk, agentId),

    /** The profile of an agent this engine holds (whose tenant an event is of). */
    profileOf: (agentId: string): AgentProfile | undefined => registry.get(agentId)?.profile,

    /** Whether an agent this engine holds has the extension (so it needs no database look-up). */
    holdsExtension: (tenantId: string, extension: string): boolean => registry.holdsExtension(tenantId, extension),

    updateProfile: (profile: AgentProfile): AgentState | undefined => updateProfile(parts, profile),

    /** Whether any agent or call of the tenant is here (a node lets an idle tenant's lease go). */
    holdsTenant: (tenantId: string): boolean => registry.holdsTenant(tenantId) || desk.holdsTenant(tenantId),

    /** The agents this node holds. */
    heldAgentIds: (): string[] => registry.ids(),

    /** How many agents this node holds (for health and benchmarks). */
    size(): number {
      return registry.size();
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
