import { recordOf, type Call, type CallEndReason, type CallOutcome } from './call-model.js';
import { dataChanged, iso, missed, setStatus, settleTransfer, viewOf, type BookContext } from './call-events.js';

/**
 * An agent leaves a call that goes on without them (they passed it on): their phone sees it
 * end as `transferred`, they keep a record, and supervisors stop listening with them.
 */
export function leave(context: BookContext, call: Call, agentId: string) {
  const { agents, scheduler, onEnded } = context;
  for (const supervisor of [...call.supervisors.keys()]) {
    agents.publish(agentId, 'monitorEnd', { call_id: call.id, supervisor: agents.profile(supervisor).name });
    agents.publish(supervisor, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: call.status });
  }
  call.supervisors.clear();
  agents.publish(agentId, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: call.status });
  agents.publish(agentId, 'callDataChange', {
    call_id: call.id,
    call: {
      ...viewOf(agents, call, agentId),
      call_status: 'ended',
      outcome: 'transferred',
      ended_at: iso(scheduler.now()),
    },
  });
  onEnded([recordOf(call, agentId, 'transferred', scheduler.now())]);
  if (call.agentId === agentId) call.agentId = null;
  if (call.peerAgentId === agentId) call.peerAgentId = null;
  call.muted.delete(agentId);
  context.reindex(call);
}

/** Ends the call for everyone on it; `reason`: why, when nobody hung up (the line lost the call). */
export function end(context: BookContext, call: Call, outcome: CallOutcome, reason: CallEndReason | null = null) {
  const { calls, agents, scheduler, onEnded } = context;
  if (call.status === 'ended') return;
  for (const cancel of call.cancelTimers.splice(0)) cancel();
  // Ended here (not by the far end): the trunk is told, once.
  const leg = call.line?.leg;
  if (call.line && leg) {
    call.line.leg = null;
    leg.end(outcome);
  }
  const wasRinging = call.status === 'ringing';
  call.endedAt = scheduler.now();
  call.outcome = outcome;
  call.endReason = reason;
  const supervisors = [...call.supervisors.keys()];
  const parties = [call.agentId, call.peerAgentId].filter((id): id is string => id !== null);
  setStatus(context, call, 'ended');
  if (call.agentId)
    for (const supervisor of supervisors) {
      agents.publish(call.agentId, 'monitorEnd', { call_id: call.id, supervisor: agents.profile(supervisor).name });
    }
  // The callee's phone rang and nobody picked up there.
  if (wasRinging && call.peerAgentId && (outcome === 'noAnswer' || outcome === 'cancelled' || outcome === 'abandoned'))
    missed(agents, call, call.peerAgentId, outcome === 'noAnswer' ? 'noAnswer' : 'cancelled');
  settleTransfer(agents, call, 'ended');
  if (call.consultOf !== null) {
    const waiting = calls.get(call.consultOf);
    if (waiting?.consult === call.id) waiting.consult = null;
  }
  calls.delete(call.id);
  context.reindex(call);
  for (const hook of context.removedHooks) hook(call);
  // Agents who passed the call on hear how it ended (their phones no longer show it).
  for (const id of call.touchedBy) {
    if (!parties.includes(id) && !supervisors.includes(id) && agents.find(id)) dataChanged(agents, call, [id]);
  }
  onEnded(parties.map((agentId) => recordOf(call, agentId, outcome, call.endedAt ?? scheduler.now())));
  for (const agentId of parties) agents.callEnded(agentId, call.talkedWith.has(agentId));
}
