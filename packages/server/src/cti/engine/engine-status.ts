import type { AgentState } from '@open/protocol/cti/protocol';
import { ApiError } from '../../errors.js';
import { nextStatus, type StatusRequest } from './agent-state.js';
import { agentState, iso, type AgentRuntime } from './engine-agents.js';
import type { Publish } from './engine.types.js';
import type { Scheduler } from './scheduler.js';

/** What an agent's status changes use: time, the phones, the store, and the call desk. */
export interface StatusContext {
  scheduler: Scheduler;
  publish: Publish;
  /** Saves the agent's status and displayed number (the engine's `onAgentSaved`). */
  save(agent: AgentRuntime): void;
  /** Whether the agent is in a call (the call desk). */
  inCall(agentId: string): boolean;
  /** An agent became ready: the call desk offers waiting calls. */
  agentReady(tenantId: string): void;
}

/** Applies a status request; publishes the change (and what follows from it). */
export function changeStatus(context: StatusContext, agent: AgentRuntime, request: StatusRequest): void {
  const { scheduler, publish } = context;
  const before = agent.state;
  const after = nextStatus(
    before,
    request,
    { reasonIds: agent.tenant.notReadyReasons.map((r) => r.id), inCall: context.inCall(agent.profile.id) },
    scheduler.now(),
  );
  if (after === before) return;
  agent.state = after;
  timeAcw(context, agent);
  context.save(agent);
  const id = agent.profile.id;
  if (before.status === 'offline' || after.status === 'offline') {
    publish(id, 'loginInfoChange', { checked_in: after.status !== 'offline' });
  }
  publish(id, 'agentStatusChange', {
    status: after.status,
    previous: before.status,
    reason_id: after.reasonId,
    status_since: new Date(after.since).toISOString(),
    acw_until: iso(after.acwUntil),
  });
  if (after.status === 'idle') context.agentReady(agent.profile.tenantId);
}

/** After-call work ends on its own when its time is up (also for a state restored from another node). */
export function timeAcw(context: StatusContext, agent: AgentRuntime) {
  const { scheduler } = context;
  agent.cancelAcw?.();
  agent.cancelAcw = undefined;
  const { status, acwUntil } = agent.state;
  if (status !== 'acw' || acwUntil === null) return;
  agent.cancelAcw = scheduler.after(Math.max(0, acwUntil - scheduler.now()), () => {
    agent.cancelAcw = undefined;
    changeStatus(context, agent, { kind: 'acwElapsed' });
    context.publish(agent.profile.id, 'afterCallWorkEnded', {});
  });
}

export function checkIn(
  context: StatusContext,
  agent: AgentRuntime,
  status: 'idle' | 'busy',
  reasonId: string | null,
): AgentState {
  try {
    if (agent.profile.disabled) throw new ApiError('checkInNotAllowed');
    if (agent.profile.extension === null) throw new ApiError('checkInNoExtension');
    changeStatus(context, agent, { kind: 'checkIn', status, reasonId });
  } catch (error) {
    if (error instanceof ApiError && error.errorName !== 'alreadyCheckedIn') {
      context.publish(agent.profile.id, 'checkInFailed', {
        code: error.code,
        error: error.errorName,
        values: error.values,
      });
    }
    throw error;
  }
  return agentState(agent);
}

export function setDisplayNumber(context: StatusContext, agent: AgentRuntime, number: string): AgentState {
  if (!agent.tenant.displayNumbers.includes(number)) {
    throw new ApiError('invalidParams', { detail: 'number' }, { issues: [{ param: 'number', reason: 'notAllowed' }] });
  }
  if (agent.displayNumber !== number) {
    agent.displayNumber = number;
    context.save(agent);
    context.publish(agent.profile.id, 'displayNumberChange', { display_number: number });
  }
  return agentState(agent);
}
