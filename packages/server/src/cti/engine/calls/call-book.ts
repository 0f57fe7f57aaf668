import { randomUUID } from 'node:crypto';
import type { transferOutcomes } from '@open/protocol/softphone/catalogue';
import { ApiError } from '../../../errors.js';
import type { Scheduler } from '../scheduler.js';
import {
  recordOf,
  type AgentDesk,
  type Call,
  type CallOutcome,
  type CallRecord,
  type CallStatus,
  type CallView,
} from './call-model.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

type TransferOutcome = (typeof transferOutcomes)[number];

/**
 * The calls of one engine and what every part of the call desk does with them: find a call,
 * index it by agent, show it to a phone, change its status, end it. The placing, queue,
 * transfer and supervision modules each build on this book.
 */
export function createCallBook({
  scheduler,
  agents,
  onEnded,
}: {
  scheduler: Scheduler;
  agents: AgentDesk;
  onEnded: (records: CallRecord[]) => void;
}) {
  const calls = new Map<string, Call>();
  /**
   * The calls each agent takes part in (as either party or as a supervisor). Kept by `reindex`
   * whenever a call's parties change, so asking about one agent never scans every call
   * (bench/cti-load: at 10,000 agents the scans were the engine's ceiling).
   */
  const byAgent = new Map<string, Set<Call>>();
  const indexedUnder = new WeakMap<Call, string[]>();
  /** Run when a call leaves the book (the queue forgets it). */
  const removedHooks: ((call: Call) => void)[] = [];

  /** The agents a call's events go to. */
  const audience = (call: Call) =>
    [call.agentId, call.peerAgentId, ...call.supervisors.keys()].filter((id): id is string => id !== null);

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

  function view(call: Call, forAgent: string): CallView {
    const peerId = call.type === 'internal' ? (forAgent === call.agentId ? call.peerAgentId : call.agentId) : null;
    const peer = peerId ? agents.profile(peerId) : null;
    return {
      call_id: call.id,
      call_type: call.type,
      call_status: call.status,
      caller: call.caller,
      callee: call.callee,
      display_number: call.displayNumber,
      created_at: new Date(call.createdAt).toISOString(),
      answered_at: iso(call.answeredAt),
      ended_at: iso(call.endedAt),
      outcome: call.outcome,
      muted: call.muted.has(forAgent),
      held: call.status === 'held',
      peer: peerId && peer ? { agent_id: peerId, name: peer.name, extension: peer.extension } : null,
      supervisors: [...call.supervisors].map(([id, mode]) => ({ agent_id: id, name: agents.profile(id).name, mode })),
      attached_data: call.data,
      transfer: call.transfer,
      consult_of: call.consultOf,
      trunk: call.line?.trunk ?? null,
    };
  }

  const dataChanged = (call: Call, to = audience(call)) => {
    for (const id of to) agents.publish(id, 'callDataChange', { call_id: call.id, call: view(call, id) });
  };

  /** Tells the agent who passed the call on what became of it, once. */
  function settleTransfer(call: Call, outcome: TransferOutcome) {
    const pending = call.pendingTransfer;
    if (!pending) return;
    call.pendingTransfer = null;
    agents.publish(pending.fromAgentId, 'transferOutcome', {
      call_id: call.id,
      number: pending.number,
      kind: pending.kind,
      outcome,
    });
  }

  function setStatus(call: Call, status: CallStatus) {
    const previous = call.status;
    if (previous === status) return;
    call.status = status;
    if (status === 'talking') {
      if (call.answeredAt === null) call.answeredAt = scheduler.now();
      if (call.agentId) call.talkedWith.add(call.agentId);
      if (call.type === 'internal' && call.peerAgentId) call.talkedWith.add(call.peerAgentId);
      settleTransfer(call, 'answered');
    }
    for (const id of audience(call)) {
      agents.publish(id, 'callStatusChange', { call_id: call.id, call_status: status, previous });
    }
    dataChanged(call);
  }

  /** A call reaches an agent's phone: its type first, then its status and data. */
  function present(call: Call, agentId: string) {
    agents.publish(agentId, 'callTypeChange', { call_id: call.id, call_type: call.type });
    agents.publish(agentId, 'callStatusChange', { call_id: call.id, call_status: call.status, previous: null });
    dataChanged(call, [agentId]);
  }

  const later = (call: Call, ms: number, run: () => void) => {
    call.cancelTimers.push(scheduler.after(ms, run));
  };

  /** A call rang at an agent's phone and was not answered there: the phone is told why. */
  function missed(call: Call, agentId: string, reason: 'noAnswer' | 'cancelled') {
    agents.publish(agentId, 'callMissed', { call_id: call.id, caller: call.caller, reason });
  }

  /**
   * An agent leaves a call that goes on without them (they passed it on): their phone sees it
   * end as `transferred`, they keep a record, and supervisors stop listening with them.
   */
  function leave(call: Call, agentId: string) {
    for (const supervisor of [...call.supervisors.keys()]) {
      agents.publish(agentId, 'monitorEnd', { call_id: call.id, supervisor: agents.profile(supervisor).name });
      agents.publish(supervisor, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: call.status });
    }
    call.supervisors.clear();
    agents.publish(agentId, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: call.status });
    agents.publish(agentId, 'callDataChange', {
      call_id: call.id,
      call: { ...view(call, agentId), call_status: 'ended', outcome: 'transferred', ended_at: iso(scheduler.now()) },
    });
    onEnded([recordOf(call, agentId, 'transferred', scheduler.now())]);
    if (call.agentId === agentId) call.agentId = null;
    if (call.peerAgentId === agentId) call.peerAgentId = null;
    call.muted.delete(agentId);
    reindex(call);
  }

  function end(call: Call, outcome: CallOutcome) {
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
    const supervisors = [...call.supervisors.keys()];
    const parties = [call.agentId, call.peerAgentId].filter((id): id is string => id !== null);
    setStatus(call, 'ended');
    if (call.agentId)
      for (const supervisor of supervisors) {
        agents.publish(call.agentId, 'monitorEnd', { call_id: call.id, supervisor: agents.profile(supervisor).name });
      }
    // The callee's phone rang and nobody picked up there.
    if (
      wasRinging &&
      call.peerAgentId &&
      (outcome === 'noAnswer' || outcome === 'cancelled' || outcome === 'abandoned')
    )
      missed(call, call.peerAgentId, outcome === 'noAnswer' ? 'noAnswer' : 'cancelled');
    settleTransfer(call, 'ended');
    if (call.consultOf !== null) {
      const waiting = calls.get(call.consultOf);
      if (waiting?.consult === call.id) waiting.consult = null;
    }
    calls.delete(call.id);
    reindex(call);
    for (const hook of removedHooks) hook(call);
    // Agents who passed the call on hear how it ended (their phones no longer show it).
    for (const id of call.touchedBy) {
      if (!parties.includes(id) && !supervisors.includes(id) && agents.find(id)) dataChanged(call, [id]);
    }
    onEnded(parties.map((agentId) => recordOf(call, agentId, outcome, call.endedAt ?? scheduler.now())));
    for (const agentId of parties) agents.callEnded(agentId, call.talkedWith.has(agentId));
  }

  /** The agent's call by id, or their only or first call when the id is left out. */
  function callOf(agentId: string, callId: string | null): Call {
    for (const call of byAgent.get(agentId) ?? []) {
      if ((call.agentId === agentId || call.peerAgentId === agentId) && (callId === null || call.id === callId))
        return call;
    }
    throw new ApiError('callNotFound');
  }

  function newCall(
    fields: Pick<Call, 'tenantId' | 'type' | 'caller' | 'callee' | 'displayNumber' | 'agentId' | 'peerAgentId'> &
      Partial<Pick<Call, 'data' | 'transfer' | 'consultOf'>>,
  ) {
    const call: Call = {
      data: {},
      transfer: null,
      consultOf: null,
      ...fields,
      id: randomUUID(),
      status: 'ringing',
      muted: new Set(),
      supervisors: new Map(),
      createdAt: scheduler.now(),
      answeredAt: null,
      endedAt: null,
      outcome: null,
      offeredTo: [],
      talkedWith: new Set(),
      touchedBy: new Set(),
      consult: null,
      queuedAt: null,
      pendingTransfer: null,
      dtmf: '',
      cancelTimers: [],
      line: null,
    };
    calls.set(call.id, call);
    reindex(call);
    return call;
  }

  return {
    calls,
    agents,
    scheduler,
    audience,
    reindex,
    callsOf,
    inCall,
    view,
    dataChanged,
    setStatus,
    settleTransfer,
    present,
    later,
    missed,
    leave,
    end,
    callOf,
    newCall,
    onRemoved(hook: (call: Call) => void) {
      removedHooks.push(hook);
    },
  };
}

export type CallBook = ReturnType<typeof createCallBook>;
