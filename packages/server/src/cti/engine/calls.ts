import { randomUUID } from 'node:crypto';
import type { callStatuses, callTypes } from '@open/protocol/softphone/catalogue';
import { ApiError } from '../../http/api-error.js';
import { behaviourOf, isDiallable, networkTimings } from './phone-network.js';
import type { Scheduler } from './scheduler.js';

export type CallType = (typeof callTypes)[number];
export type CallStatus = (typeof callStatuses)[number];
/** How a call ended; `cancelled`: the caller hung up before it was answered. */
export type CallOutcome =
  'completed' | 'busy' | 'noAnswer' | 'rejected' | 'cancelled' | 'abandoned' | 'transferred' | 'agentLost';

export type SupervisorMode = 'monitor' | 'insert';

/** A call as the engine holds it. */
export interface Call {
  id: string;
  tenantId: string;
  type: CallType;
  status: CallStatus;
  /** Who called: a phone number, or the calling agent's extension. */
  caller: string;
  /** Who was called: a phone number, or the called agent's extension. */
  callee: string;
  displayNumber: string | null;
  /** The agent handling the call (the caller of an outbound or internal call, who answered an inbound one). */
  agentId: string | null;
  /** An internal call's other agent; an inbound call's agent while it rings there. */
  peerAgentId: string | null;
  muted: Set<string>;
  supervisors: Map<string, SupervisorMode>;
  createdAt: number;
  answeredAt: number | null;
  endedAt: number | null;
  outcome: CallOutcome | null;
  /** Agents an inbound call has rung, in order. */
  offeredTo: string[];
  cancelTimers: (() => void)[];
}

/** What a phone sees of a call. */
export interface CallView {
  call_id: string;
  call_type: CallType;
  call_status: CallStatus;
  caller: string;
  callee: string;
  display_number: string | null;
  created_at: string;
  answered_at: string | null;
  ended_at: string | null;
  outcome: CallOutcome | null;
  /** This agent's microphone. */
  muted: boolean;
  held: boolean;
  /** The other agent of an internal call. */
  peer: { agent_id: string; name: string; extension: string | null } | null;
  supervisors: { agent_id: string; name: string; mode: SupervisorMode }[];
}

/** A finished call, one row per agent who took part, for the call records. */
export interface CallRecord {
  call_id: string;
  tenant_id: string;
  agent_id: string;
  call_type: CallType;
  caller: string;
  callee: string;
  display_number: string | null;
  created_at: Date;
  answered_at: Date | null;
  ended_at: Date;
  outcome: CallOutcome;
}

/** What the call desk needs from the agents' side of the engine. */
export interface AgentDesk {
  /** Throws notCheckedIn for an agent this node does not hold. */
  profile(agentId: string): { name: string; extension: string | null; role: string; tenantId: string; status: string };
  displayNumber(agentId: string): string | null;
  /** The checked-in agent of a tenant with this extension. */
  byExtension(tenantId: string, extension: string): string | undefined;
  /** Ready agents of a tenant with no call, longest idle first. */
  readyAgents(tenantId: string): string[];
  /** The agent's call ended: after-call work when it had been answered. */
  callEnded(agentId: string, answered: boolean): void;
  /** The agent let an offered call ring out: to the back of the line. */
  missedOffer(agentId: string): void;
  publish(agentId: string, name: string, data: Record<string, unknown>): void;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** One agent's record of a call that ended for them at `endedAt`. */
const recordOf = (call: Call, agentId: string, outcome: CallOutcome, endedAt: number): CallRecord => ({
  call_id: call.id,
  tenant_id: call.tenantId,
  agent_id: agentId,
  call_type: call.type,
  caller: call.caller,
  callee: call.callee,
  display_number: call.displayNumber,
  created_at: new Date(call.createdAt),
  answered_at: call.answeredAt === null ? null : new Date(call.answeredAt),
  ended_at: new Date(endedAt),
  outcome,
});

/**
 * Calls: outbound to the simulated network, internal between agents, inbound through the
 * tenant's queue to the longest-idle ready agent; hold, mute, transfer to an external number,
 * a supervisor's monitoring and insertion. Every change is an event to every agent in the call:
 * 'call type change' when a call appears, 'call status change' and 'call data change'.
 */
export function createCallDesk({
  scheduler,
  agents,
  onEnded,
}: {
  scheduler: Scheduler;
  agents: AgentDesk;
  onEnded: (records: CallRecord[]) => void;
}) {
  const calls = new Map<string, Call>();
  /** Inbound calls waiting for an agent, per tenant, oldest first. */
  const queues = new Map<string, Call[]>();
  /**
   * The calls each agent takes part in (as either party or as a supervisor). Kept by `reindex`
   * whenever a call's parties change, so asking about one agent never scans every call
   * (bench/cti-load: at 10,000 agents the scans were the engine's ceiling).
   */
  const byAgent = new Map<string, Set<Call>>();
  const indexedUnder = new WeakMap<Call, string[]>();

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
    }
    indexedUnder.set(call, now);
  }

  const callsOf = (agentId: string): Call[] => [...(byAgent.get(agentId) ?? [])];

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
    };
  }

  const dataChanged = (call: Call, to = audience(call)) => {
    for (const id of to) agents.publish(id, 'callDataChange', { call_id: call.id, call: view(call, id) });
  };

  function setStatus(call: Call, status: CallStatus) {
    const previous = call.status;
    if (previous === status) return;
    call.status = status;
    if (status === 'talking' && call.answeredAt === null) call.answeredAt = scheduler.now();
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

  function end(call: Call, outcome: CallOutcome) {
    if (call.status === 'ended') return;
    for (const cancel of call.cancelTimers.splice(0)) cancel();
    const answered = call.answeredAt !== null;
    call.endedAt = scheduler.now();
    call.outcome = outcome;
    const supervisors = [...call.supervisors.keys()];
    setStatus(call, 'ended');
    if (call.agentId)
      for (const supervisor of supervisors) {
        agents.publish(call.agentId, 'monitorEnd', { call_id: call.id, supervisor: agents.profile(supervisor).name });
      }
    calls.delete(call.id);
    reindex(call);
    removeFromQueue(call);
    const parties = [call.agentId, call.peerAgentId].filter((id): id is string => id !== null);
    onEnded(parties.map((agentId) => recordOf(call, agentId, outcome, call.endedAt ?? scheduler.now())));
    for (const agentId of parties) agents.callEnded(agentId, answered);
  }

  function removeFromQueue(call: Call) {
    const queue = queues.get(call.tenantId);
    const at = queue?.indexOf(call) ?? -1;
    if (queue && at >= 0) queue.splice(at, 1);
  }

  function callOf(agentId: string, callId: string | null): Call {
    for (const call of byAgent.get(agentId) ?? []) {
      if ((call.agentId === agentId || call.peerAgentId === agentId) && (callId === null || call.id === callId))
        return call;
    }
    throw new ApiError('callNotFound');
  }

  const inCall = (agentId: string) => byAgent.has(agentId);

  function newCall(
    fields: Pick<Call, 'tenantId' | 'type' | 'caller' | 'callee' | 'displayNumber' | 'agentId' | 'peerAgentId'>,
  ) {
    const call: Call = {
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
      cancelTimers: [],
    };
    calls.set(call.id, call);
    reindex(call);
    return call;
  }

  /** Offers the tenant's waiting calls to its ready agents, oldest call to longest-idle agent. */
  function route(tenantId: string, passOver: string | null = null) {
    const queue = queues.get(tenantId) ?? [];
    // Most agents become ready with nobody waiting: listing the ready ones scans every agent
    // and call (bench/cti-load found 10,000 agents stalled on it).
    if (queue.length === 0) return;
    const ready = agents.readyAgents(tenantId).filter((id) => id !== passOver && !inCall(id));
    while (queue.length > 0 && ready.length > 0) {
      const call = queue.shift();
      const agentId = ready.shift();
      if (!call || !agentId) break;
      offer(call, agentId);
    }
  }

  function offer(call: Call, agentId: string) {
    call.peerAgentId = agentId;
    reindex(call);
    call.offeredTo.push(agentId);
    present(call, agentId);
    const offeredAt = call.offeredTo.length;
    later(call, networkTimings.offerMs, () => {
      if (call.status !== 'ringing' || call.peerAgentId !== agentId || call.offeredTo.length !== offeredAt) return;
      requeue(call, agentId, true);
    });
  }

  /**
   * An offered call that was not taken goes back to the head of the queue. An agent who let it
   * ring out goes to the back of the line; one who rejected it, or is lost, is passed over.
   */
  function requeue(call: Call, agentId: string, missed: boolean) {
    call.peerAgentId = null;
    reindex(call);
    agents.publish(agentId, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: 'ringing' });
    if (missed) agents.missedOffer(agentId);
    const queue = queues.get(call.tenantId) ?? [];
    queue.unshift(call);
    queues.set(call.tenantId, queue);
    route(call.tenantId, missed ? null : agentId);
  }

  /**
   * A blind transfer to a colleague (the number is their extension): the caller stays on the
   * line while the call rings the colleague, and the agent who transferred it leaves at once,
   * with their own record and after-call work. A colleague who lets it ring out sends an
   * inbound call back to the queue; an outbound one ends unanswered.
   */
  function handOver(call: Call, agentId: string, colleague: string, extension: string) {
    if (inCall(colleague) || agents.profile(colleague).status === 'offline') {
      throw new ApiError('transferFailed', {}, { reason: 'busy' });
    }
    agents.publish(agentId, 'externalTransferSuccess', { call_id: call.id, number: extension });
    for (const supervisor of [...call.supervisors.keys()]) {
      agents.publish(agentId, 'monitorEnd', { call_id: call.id, supervisor: agents.profile(supervisor).name });
      agents.publish(supervisor, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: call.status });
    }
    call.supervisors.clear();
    agents.publish(agentId, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: call.status });
    onEnded([recordOf(call, agentId, 'transferred', scheduler.now())]);
    call.agentId = null;
    call.status = 'ringing';
    call.muted.clear();
    if (call.type === 'inbound') {
      offer(call, colleague);
    } else {
      call.peerAgentId = colleague;
      reindex(call);
      present(call, colleague);
      later(call, networkTimings.offerMs, () => {
        if (call.status === 'ringing' && call.peerAgentId === colleague) end(call, 'noAnswer');
      });
    }
    agents.callEnded(agentId, true);
  }

  return {
    inCall,

    viewsFor(agentId: string): CallView[] {
      return callsOf(agentId).map((c) => view(c, agentId));
    },

    dialOut(agentId: string, number: string): CallView {
      const agent = agents.profile(agentId);
      if (agent.status === 'offline') throw new ApiError('notCheckedIn');
      if (inCall(agentId)) throw new ApiError('agentInCall');
      const colleague = agents.byExtension(agent.tenantId, number);
      if (number === agent.extension) throw new ApiError('invalidNumber');
      if (colleague !== undefined) {
        const busy = inCall(colleague) || agents.profile(colleague).status === 'offline';
        const call = newCall({
          tenantId: agent.tenantId,
          type: 'internal',
          caller: agent.extension ?? '',
          callee: number,
          displayNumber: null,
          agentId,
          peerAgentId: busy ? null : colleague,
        });
        present(call, agentId);
        if (busy) {
          end(call, 'busy');
        } else {
          present(call, colleague);
          later(call, networkTimings.noAnswerMs, () => {
            if (call.status === 'ringing') end(call, 'noAnswer');
          });
        }
        return view(call, agentId);
      }
      if (!isDiallable(number)) throw new ApiError('invalidNumber');
      const call = newCall({
        tenantId: agent.tenantId,
        type: 'outbound',
        caller: agents.displayNumber(agentId) ?? '',
        callee: number,
        displayNumber: agents.displayNumber(agentId),
        agentId,
        peerAgentId: null,
      });
      present(call, agentId);
      const behaviour = behaviourOf(number);
      if (behaviour.kind === 'busy') {
        later(call, behaviour.afterMs, () => {
          end(call, 'busy');
        });
      } else if (behaviour.kind === 'noAnswer') {
        later(call, behaviour.afterMs, () => {
          end(call, 'noAnswer');
        });
      } else if (behaviour.kind === 'answers') {
        later(call, behaviour.afterMs, () => {
          setStatus(call, 'talking');
          const hangsUpAfter = behaviour.hangsUpAfterMs;
          if (hangsUpAfter !== null) {
            later(call, hangsUpAfter, () => {
              end(call, 'completed');
            });
          }
        });
      }
      return view(call, agentId);
    },

    /** A caller from the public network rings the tenant: queued, then offered. */
    inbound(tenantId: string, from: string): { call_id: string; queued: number } {
      const call = newCall({
        tenantId,
        type: 'inbound',
        caller: from,
        callee: '',
        displayNumber: null,
        agentId: null,
        peerAgentId: null,
      });
      later(call, networkTimings.queueAbandonMs, () => {
        if (call.status === 'ringing') end(call, 'abandoned');
      });
      const queue = queues.get(tenantId) ?? [];
      queue.push(call);
      queues.set(tenantId, queue);
      const waiting = queue.length;
      route(tenantId);
      return { call_id: call.id, queued: waiting };
    },

    /** An agent became ready: waiting calls may go to them. */
    agentReady(tenantId: string) {
      route(tenantId);
    },

    answer(agentId: string, callId: string | null): CallView {
      const call = callOf(agentId, callId);
      if (call.status !== 'ringing' || call.peerAgentId !== agentId)
        throw new ApiError('illegalCallState', {}, { state: call.status });
      // An inbound call, or one a colleague transferred: the one who answers handles it now.
      if (call.type === 'inbound' || call.agentId === null) {
        call.agentId = agentId;
        call.peerAgentId = null;
        reindex(call);
        if (call.type === 'inbound') call.callee = agents.profile(agentId).extension ?? '';
      }
      setStatus(call, 'talking');
      return view(call, agentId);
    },

    hangUp(agentId: string, callId: string | null): CallView {
      const call = callOf(agentId, callId);
      agents.publish(agentId, 'aboutToHangUp', { call_id: call.id });
      const result = view(call, agentId);
      if (call.type === 'inbound' && call.status === 'ringing') {
        // Rejected by this agent: the caller waits for another.
        requeue(call, agentId, false);
        return { ...result, call_status: 'ended', outcome: 'rejected' };
      }
      // Hanging up before an answer: the callee rejects, the caller gives up.
      const outcome: CallOutcome =
        call.status !== 'ringing' ? 'completed' : call.peerAgentId === agentId ? 'rejected' : 'cancelled';
      end(call, outcome);
      return view(call, agentId);
    },

    setMuted(agentId: string, callId: string | null, muted: boolean): CallView {
      const call = callOf(agentId, callId);
      if (call.status !== 'talking' && call.status !== 'held')
        throw new ApiError('illegalCallState', {}, { state: call.status });
      if (muted !== call.muted.has(agentId)) {
        if (muted) call.muted.add(agentId);
        else call.muted.delete(agentId);
        dataChanged(call);
      }
      return view(call, agentId);
    },

    setHeld(agentId: string, callId: string | null, held: boolean): CallView {
      const call = callOf(agentId, callId);
      const from = held ? 'talking' : 'held';
      if (call.status !== from) throw new ApiError('illegalCallState', {}, { state: call.status });
      setStatus(call, held ? 'held' : 'talking');
      return view(call, agentId);
    },

    transferExternal(agentId: string, callId: string | null, number: string): { call_id: string; number: string } {
      const call = callOf(agentId, callId);
      if (call.type === 'internal' || call.agentId !== agentId)
        throw new ApiError('illegalCallState', {}, { state: call.type });
      if (call.status !== 'talking' && call.status !== 'held')
        throw new ApiError('illegalCallState', {}, { state: call.status });
      const colleague = agents.byExtension(call.tenantId, number);
      if (colleague !== undefined && colleague !== agentId) {
        handOver(call, agentId, colleague, number);
        return { call_id: call.id, number };
      }
      const behaviour = behaviourOf(number);
      if (behaviour.kind === 'invalid') throw new ApiError('invalidNumber');
      if (behaviour.kind !== 'answers') throw new ApiError('transferFailed', {}, { reason: behaviour.kind });
      agents.publish(agentId, 'externalTransferSuccess', { call_id: call.id, number });
      end(call, 'transferred');
      return { call_id: call.id, number };
    },

    /** A supervisor listens to (monitor) or joins (insert) the call of an agent. */
    supervise(supervisorId: string, agentId: string, mode: SupervisorMode | null): CallView {
      const supervisor = agents.profile(supervisorId);
      if (supervisor.role !== 'supervisor') throw new ApiError('forbidden');
      const target = agents.profile(agentId);
      if (target.tenantId !== supervisor.tenantId) throw new ApiError('callNotFound');
      const call = callsOf(agentId).find(
        (c) => c.agentId === agentId && (c.status === 'talking' || c.status === 'held'),
      );
      if (!call) throw new ApiError('callNotFound');
      const before = call.supervisors.get(supervisorId);
      if (mode === null) {
        if (!before) throw new ApiError('illegalCallState', {}, { state: 'notMonitoring' });
        call.supervisors.delete(supervisorId);
        reindex(call);
        agents.publish(agentId, 'monitorEnd', { call_id: call.id, supervisor: supervisor.name });
        dataChanged(call, [...audience(call), supervisorId]);
        return view(call, supervisorId);
      }
      if (!before && inCall(supervisorId)) throw new ApiError('agentInCall');
      call.supervisors.set(supervisorId, mode);
      reindex(call);
      if (!before) {
        agents.publish(agentId, 'monitorStart', { call_id: call.id, supervisor: supervisor.name });
        present(call, supervisorId);
      }
      if (mode === 'insert' && before !== 'insert') {
        agents.publish(agentId, 'insertionStart', { call_id: call.id, supervisor: supervisor.name });
      }
      dataChanged(call);
      return view(call, supervisorId);
    },

    /** The agent is gone for good: their calls end, a supervisor stops listening. */
    agentLost(agentId: string) {
      for (const call of callsOf(agentId)) {
        if (call.supervisors.delete(agentId)) {
          reindex(call);
          if (call.agentId) {
            agents.publish(call.agentId, 'monitorEnd', { call_id: call.id, supervisor: agents.profile(agentId).name });
          }
          dataChanged(call);
        }
        if (call.agentId === agentId) end(call, 'agentLost');
        else if (call.peerAgentId === agentId) {
          if (call.type === 'inbound' && call.status === 'ringing') requeue(call, agentId, false);
          else end(call, 'agentLost');
        }
      }
    },

    /** The other agent of an internal call this agent is in. */
    peerOf(agentId: string, callId: string): string {
      const call = calls.get(callId);
      if (!call || call.type !== 'internal') throw new ApiError('callNotFound');
      if (call.agentId === agentId && call.peerAgentId) return call.peerAgentId;
      if (call.peerAgentId === agentId && call.agentId) return call.agentId;
      throw new ApiError('callNotFound');
    },

    /**
     * A tenant this node no longer runs (another node took it over): its calls are dropped
     * without a word, since their phones now hear from the new owner.
     */
    forgetTenant(tenantId: string) {
      for (const call of [...calls.values()]) {
        if (call.tenantId !== tenantId) continue;
        for (const cancel of call.cancelTimers.splice(0)) cancel();
        calls.delete(call.id);
        reindex(call);
      }
      queues.delete(tenantId);
    },

    holdsTenant(tenantId: string): boolean {
      for (const call of calls.values()) if (call.tenantId === tenantId) return true;
      return false;
    },

    size: () => calls.size,
  };
}

export type CallDesk = ReturnType<typeof createCallDesk>;
