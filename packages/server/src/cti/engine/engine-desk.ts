import type { AgentState } from '@open/protocol/cti/protocol';
import type { CallDesk } from './calls/call-desk.js';
import type { AgentDesk, AttachedData, CallView, SupervisorMode } from './calls/call-model.js';
import type { InboundLine } from './calls/outside-line.js';
import type { DialOptions } from './calls/placing.js';
import { agentState, type AgentRegistry, type AgentRuntime } from './engine-agents.js';
import { changeStatus, type StatusContext } from './engine-status.js';
import type { PresenceCall } from './engine.types.js';

/** What the call desk sees of the engine's agents, and how their calls' ends reach their statuses. */
export function agentDeskOf(registry: AgentRegistry, status: StatusContext): AgentDesk {
  return {
    profile(agentId) {
      const agent = registry.runtime(agentId);
      return { ...agent.profile, status: agent.state.status };
    },
    find(agentId) {
      const agent = registry.get(agentId);
      return agent ? { status: agent.state.status, reachable: !agent.linkDown } : undefined;
    },
    displayNumber: (agentId) => registry.runtime(agentId).displayNumber,
    byExtension: (tenantId, extension) => registry.extensionHolder(tenantId, extension),
    readyAgents(tenantId) {
      return [...registry.ofTenant(tenantId)]
        .filter((a) => a.state.status === 'idle' && !a.linkDown)
        .sort((a, b) => a.state.since - b.state.since)
        .map((a) => a.profile.id);
    },
    callEnded(agentId, talked) {
      const agent = registry.get(agentId);
      // Still in another call (a consultation, a call just taken over): after-call work waits for that one.
      if (!agent || status.inCall(agentId)) return;
      if (talked) changeStatus(status, agent, { kind: 'callEnded', acwMs: agent.tenant.acwSeconds * 1000 });
      else if (agent.state.status === 'idle') status.agentReady(agent.profile.tenantId);
    },
    missedOffer(agentId) {
      const agent = registry.get(agentId);
      if (agent?.state.status === 'idle') {
        agent.state = { ...agent.state, since: status.scheduler.now() };
        status.save(agent);
      }
    },
    publish: status.publish,
  };
}

export const withCalls = (desk: CallDesk, agent: AgentRuntime): AgentState & { calls: CallView[] } => ({
  ...agentState(agent),
  calls: desk.viewsFor(agent.profile.id),
});

/**
 * What a colleague's directory and the supervisor's live panel show of an agent: offline
 * unless this node holds them, and the call they are on, if any.
 */
export function presence(
  registry: AgentRegistry,
  desk: CallDesk,
  agentId: string,
): { status: AgentState['status']; in_call: boolean; call: PresenceCall | null } {
  const agent = registry.get(agentId);
  const view = agent ? desk.viewsFor(agentId)[0] : undefined;
  return {
    status: agent?.state.status ?? 'offline',
    in_call: agent ? desk.inCall(agentId) : false,
    call: view
      ? {
          call_id: view.call_id,
          call_type: view.call_type,
          call_status: view.call_status,
          caller: view.caller,
          callee: view.callee,
          created_at: view.created_at,
          answered_at: view.answered_at,
        }
      : null,
  };
}

/** The phones' requests about calls, passed to the call desk as they are. */
export function callRequests(desk: CallDesk) {
  return {
    dialOut: (agentId: string, number: string, options?: DialOptions) => desk.dialOut(agentId, number, options),
    answer: (agentId: string, callId: string | null) => desk.answer(agentId, callId),
    hangUp: (agentId: string, callId: string | null) => desk.hangUp(agentId, callId),
    setMuted: (agentId: string, callId: string | null, muted: boolean) => desk.setMuted(agentId, callId, muted),
    setHeld: (agentId: string, callId: string | null, held: boolean) => desk.setHeld(agentId, callId, held),
    transferExternal: (
      agentId: string,
      callId: string | null,
      number: string,
      options?: Pick<DialOptions, 'internal' | 'assignedElsewhere' | 'line'>,
    ) => desk.transferExternal(agentId, callId, number, options),
    consultTransfer: (
      agentId: string,
      callId: string | null,
      number: string,
      options?: Pick<DialOptions, 'assignedElsewhere'>,
    ) => desk.consultTransfer(agentId, callId, number, options),
    completeTransfer: (agentId: string, callId: string | null) => desk.completeTransfer(agentId, callId),
    cancelTransfer: (agentId: string, callId: string | null) => desk.cancelTransfer(agentId, callId),
    transferToQueue: (agentId: string, callId: string | null) => desk.transferToQueue(agentId, callId),
    sendDtmf: (agentId: string, callId: string | null, digits: string) => desk.sendDtmf(agentId, callId, digits),
    setCallData: (agentId: string, callId: string | null, data: AttachedData, replace: boolean) =>
      desk.setCallData(agentId, callId, data, replace),
    supervise: (supervisorId: string, agentId: string, mode: SupervisorMode | null) =>
      desk.supervise(supervisorId, agentId, mode),
    /** A caller from the public network rings the tenant (the demo page's button, tests). */
    inbound: (tenantId: string, from: string, data?: AttachedData, line?: InboundLine | null) =>
      desk.inbound(tenantId, from, data, line),

    /** Who a WebRTC signal about an internal call goes to (the other agent, or `to`). */
    signalTarget: (agentId: string, callId: string, to: string | null = null) => desk.signalTarget(agentId, callId, to),
    signalLine: (agentId: string, callId: string, signal: unknown) => {
      desk.signalLine(agentId, callId, signal);
    },
  };
}
