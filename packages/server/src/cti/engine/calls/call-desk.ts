import { attachedDataLimits, DTMF_PATTERN } from '@open/protocol/softphone/catalogue';
import { describeParamIssues } from '@open/protocol/softphone/validate';
import { ApiError } from '../../../errors.js';
import type { Scheduler } from '../scheduler.js';
import { createCallBook, type CallBook } from './call-book.js';
import { declinedTransfer } from './blind-transfer.js';
import type { AgentDesk, AttachedData, Call, CallOutcome, CallRecord, CallView } from './call-model.js';
import { TRUNK_CONNECT_LIMIT_MS } from './line-calls.js';
import type { InboundLine } from './outside-line.js';
import { createPlacing, type DialOptions } from './placing.js';
import { createInboundQueue, type InboundQueue } from './queue.js';
import { createSimulatedNetwork } from './simulated-line.js';
import { createSupervision } from './supervision.js';
import { createTransfers, type Transfers } from './transfer.js';

/** The longest run of DTMF digits a call keeps for its record. */
const DTMF_KEPT = 64;

/**
 * Calls: placed (placing.ts), queued and offered (queue.ts), passed on (transfer.ts) and
 * supervised (supervision.ts), over one book of calls (call-book.ts). This module answers the
 * phone's requests about a call it has: answer, hang up, mute, hold, DTMF.
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
  const book = createCallBook({ scheduler, agents, onEnded });
  const network = createSimulatedNetwork(book);
  const queue = createInboundQueue(book, network);
  const placing = createPlacing(book, network.line);
  const transfers = createTransfers(book, placing, queue);
  const supervision = createSupervision(book);

  const parts: DeskParts = { book, queue, transfers };

  return {
    inCall: book.inCall,

    partyCallId: (agentId: string, callId: string | null) => partyCallId(book, agentId, callId),

    viewsFor(agentId: string): CallView[] {
      return book.callsOf(agentId).map((c) => book.view(c, agentId));
    },

    dialOut: (agentId: string, number: string, options?: DialOptions) => placing.dialOut(agentId, number, options),

    /** A caller from the public network rings the tenant: queued, then offered. */
    inbound: (tenantId: string, from: string, data?: AttachedData, line?: InboundLine | null) =>
      queue.inbound(tenantId, from, data, line ?? undefined),

    /** An agent became ready: waiting calls may go to them. */
    agentReady(tenantId: string) {
      queue.route(tenantId);
    },

    answer: (agentId: string, callId: string | null): CallView => answer(parts, agentId, callId),
    hangUp: (agentId: string, callId: string | null): CallView => hangUp(parts, agentId, callId),

    setMuted(agentId: string, callId: string | null, muted: boolean): CallView {
      const call = book.callOf(agentId, callId);
      if (call.status !== 'talking' && call.status !== 'held')
        throw new ApiError('illegalCallState', {}, { state: call.status });
      if (muted !== call.muted.has(agentId)) {
        if (muted) call.muted.add(agentId);
        else call.muted.delete(agentId);
        book.dataChanged(call);
      }
      return book.view(call, agentId);
    },

    setHeld(agentId: string, callId: string | null, held: boolean): CallView {
      const call = book.callOf(agentId, callId);
      const from = held ? 'talking' : 'held';
      if (call.status !== from) throw new ApiError('illegalCallState', {}, { state: call.status });
      if (!held && call.consult) throw new ApiError('illegalCallState', {}, { state: 'consulting' });
      book.setStatus(call, held ? 'held' : 'talking');
      return book.view(call, agentId);
    },

    sendDtmf: (agentId: string, callId: string | null, digits: string): { call_id: string; digits: string } =>
      sendDtmf(book, agentId, callId, digits),

    setCallData: (agentId: string, callId: string | null, data: AttachedData, replace: boolean): CallView =>
      setCallData(book, agentId, callId, data, replace),

    transferExternal: transfers.transferExternal,
    consultTransfer: transfers.consult,
    completeTransfer: transfers.complete,
    cancelTransfer: transfers.cancel,
    transferToQueue: transfers.toQueue,
    supervise: supervision.supervise,

    agentUnreachable: (agentId: string) => {
      agentUnreachable(parts, agentId);
    },

    /** The agent is gone for good: their calls end, a supervisor stops listening. */
    agentLost(agentId: string) {
      supervision.supervisorLost(agentId);
      for (const call of book.callsOf(agentId)) {
        if (call.connecting && call.agentId === agentId) notConnected(parts, call, agentId);
        else if (call.agentId === agentId) book.end(call, 'agentLost');
        else if (call.peerAgentId === agentId) {
          if (call.type === 'inbound' && call.status === 'ringing') queue.requeue(call, agentId, false);
          else book.end(call, 'agentLost');
        }
      }
    },

    /** A WebRTC signal of the agent handling a trunk call, for the relay's side of the media. */
    signalLine(agentId: string, callId: string, signal: unknown) {
      const call = book.calls.get(callId);
      const leg = call?.line?.leg;
      // Only a trunk has media to offer: the simulated network takes no signals.
      if (!call || !leg || call.line?.trunk == null || call.agentId !== agentId) throw new ApiError('callNotFound');
      leg.signal(signal);
    },

    signalTarget: (agentId: string, callId: string, to: string | null): string =>
      signalTarget(book, agentId, callId, to),

    /**
     * A tenant this node no longer runs (another node took it over): its calls are dropped
     * without a word, since their phones now hear from the new owner.
     */
    forgetTenant(tenantId: string) {
      for (const call of [...book.calls.values()]) {
        if (call.tenantId !== tenantId) continue;
        for (const cancel of call.cancelTimers.splice(0)) cancel();
        book.calls.delete(call.id);
        book.reindex(call);
      }
      queue.forgetTenant(tenantId);
    },

    holdsTenant(tenantId: string): boolean {
      for (const call of book.calls.values()) if (call.tenantId === tenantId) return true;
      return false;
    },

    size: () => book.calls.size,
  };
}

/** What hanging up may hand a call to: the queue (an inbound caller), or the transfers (a call passed on). */
interface DeskParts {
  book: CallBook;
  queue: InboundQueue;
  transfers: Transfers;
}

function answer(parts: DeskParts, agentId: string, callId: string | null): CallView {
  const { book } = parts;
  const call = book.callOf(agentId, callId);
  if (call.status !== 'ringing' || call.peerAgentId !== agentId)
    throw new ApiError('illegalCallState', {}, { state: call.status });
  // An inbound call, or one passed on by a colleague: the one who answers handles it now.
  if (call.type === 'inbound' || call.agentId === null) {
    call.agentId = agentId;
    call.peerAgentId = null;
    call.queuedAt = null;
    book.reindex(call);
    if (call.type === 'inbound') call.callee = book.agents.profile(agentId).extension ?? '';
  }
  const leg = call.line?.leg;
  if (leg?.answersAfterMedia) {
    // The carrier is answered once this phone has agreed the media; the call talks when it has
    // (lineEventsFor's answered), so the agent's first words are not spoken into nothing.
    call.connecting = true;
    book.dataChanged(call);
    book.later(call, TRUNK_CONNECT_LIMIT_MS, () => {
      if (call.connecting && call.status === 'ringing' && call.agentId === agentId) notConnected(parts, call, agentId);
    });
  } else book.setStatus(call, 'talking');
  // A trunk caller's voice now goes to this agent's phone.
  leg?.agentJoined();
  return book.view(call, agentId);
}

/**
 * The agent's phone never agreed the media of the trunk call it answered (it went away, or its
 * browser could not): the caller goes back to the head of the queue, not to this agent first.
 */
function notConnected({ book, queue }: DeskParts, call: Call, agentId: string) {
  call.connecting = false;
  call.agentId = null;
  call.callee = '';
  book.reindex(call);
  book.agents.publish(agentId, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: 'ringing' });
  queue.putBack(call, agentId);
}

function hangUp({ book, queue, transfers }: DeskParts, agentId: string, callId: string | null): CallView {
  const call = book.callOf(agentId, callId);
  book.agents.publish(agentId, 'aboutToHangUp', { call_id: call.id });
  const result = book.view(call, agentId);
  if (call.connecting) {
    // Answered, but the caller not yet connected: as a rejection, the caller hears a refusal.
    book.end(call, 'rejected');
    return book.view(call, agentId);
  }
  if (call.status === 'ringing' && call.peerAgentId === agentId && call.agentId === null) {
    // Rejected by this agent: an inbound caller waits for another, a returned or
    // transferred outbound call ends.
    if (call.type === 'inbound') queue.requeue(call, agentId, false);
    else if (call.pendingTransfer) transfers.declined(call, agentId);
    else book.end(call, 'rejected');
    return { ...result, call_status: 'ended', outcome: 'rejected' };
  }
  // Hanging up before an answer: the callee rejects, the caller gives up.
  const outcome: CallOutcome =
    call.status !== 'ringing' ? 'completed' : call.peerAgentId === agentId ? 'rejected' : 'cancelled';
  book.end(call, outcome);
  return book.view(call, agentId);
}

/**
 * DTMF during a talking call: kept with the call, and told to the other agent of an internal
 * call (whose phone also hears them in the audio, RFC 4733 through RTCDTMFSender).
 */
function sendDtmf(
  book: CallBook,
  agentId: string,
  callId: string | null,
  digits: string,
): { call_id: string; digits: string } {
  if (!DTMF_PATTERN.test(digits))
    throw new ApiError('invalidParams', { detail: 'digits' }, { issues: [{ param: 'digits', reason: 'notAllowed' }] });
  const call = book.callOf(agentId, callId);
  if (call.status !== 'talking') throw new ApiError('illegalCallState', {}, { state: call.status });
  call.dtmf = (call.dtmf + digits).slice(-DTMF_KEPT);
  const other = call.type === 'internal' ? (call.agentId === agentId ? call.peerAgentId : call.agentId) : null;
  if (other) book.agents.publish(other, 'dtmfReceived', { call_id: call.id, digits, from: agentId });
  else call.line?.leg?.digits(digits);
  return { call_id: call.id, digits };
}

/**
 * Where a WebRTC signal of this agent about an internal call goes: to `to` when both are in
 * the call (its two agents and its supervisors, who each get a connection of their own with
 * each agent), else to the other agent.
 */
function signalTarget(book: CallBook, agentId: string, callId: string, to: string | null): string {
  const call = book.calls.get(callId);
  if (!call || call.type !== 'internal') throw new ApiError('callNotFound');
  const members = book.audience(call);
  if (!members.includes(agentId)) throw new ApiError('callNotFound');
  if (to !== null) {
    if (to === agentId || !members.includes(to)) throw new ApiError('callNotFound');
    return to;
  }
  if (call.agentId === agentId && call.peerAgentId) return call.peerAgentId;
  if (call.peerAgentId === agentId && call.agentId) return call.agentId;
  throw new ApiError('callNotFound');
}

export type CallDesk = ReturnType<typeof createCallDesk>;

/** The id of the agent's live call (`callId`, or their first) that they are a party of, not a supervisor; null when none. */
function partyCallId(book: CallBook, agentId: string, callId: string | null): string | null {
  try {
    return book.callOf(agentId, callId).id;
  } catch {
    return null;
  }
}

/**
 * A CRM changes the call's attached data while it goes on: merged into what it holds (or
 * replacing it), told to everyone on the call, kept in the records when it ends.
 */
function setCallData(book: CallBook, agentId: string, callId: string | null, data: AttachedData, replace: boolean) {
  const call = book.callOf(agentId, callId);
  const next = replace ? { ...data } : { ...call.data, ...data };
  if (Object.keys(next).length > attachedDataLimits.keys) {
    const issue = { param: 'data', reason: 'tooMany', max: attachedDataLimits.keys } as const;
    throw new ApiError('invalidParams', { detail: describeParamIssues([issue]) }, { issues: [issue] });
  }
  call.data = next;
  book.dataChanged(call);
  return book.view(call, agentId);
}

/**
 * The agent's phone lost its link: a call ringing at them goes on at once, an inbound caller to
 * the next agent, a call passed on to them back to whoever passed it.
 */
function agentUnreachable({ book, queue }: DeskParts, agentId: string) {
  for (const call of book.callsOf(agentId)) {
    if (call.status !== 'ringing' || call.peerAgentId !== agentId) continue;
    if (call.type === 'inbound') queue.requeue(call, agentId, false);
    else if (call.pendingTransfer) declinedTransfer(book, call, agentId);
  }
}
