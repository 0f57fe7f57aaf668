import { ApiError } from '../../../errors.js';
import { behaviourOf, networkTimings } from '../phone-network.js';
import type { CallBook } from './call-book.js';
import type { Call, CallView, TransferInfo, TransferKind } from './call-model.js';
import type { DialOptions, Placing } from './placing.js';
import type { InboundQueue } from './queue.js';

/**
 * Passing a caller on: to an outside number, blind to a colleague, after consulting a
 * colleague, or back to the queue. The caller is never lost: a blind transfer nobody answers
 * comes back (to the queue for an inbound call, to the agent who passed it on otherwise), and
 * the receiving agent sees who passed the call on, with the caller's number and attached data.
 */
export function createTransfers(book: CallBook, placing: Placing, queue: InboundQueue) {
  const { agents } = book;

  function info(kind: TransferKind, fromAgent: string): TransferInfo {
    const from = agents.profile(fromAgent);
    return { kind, from_agent_id: fromAgent, from_name: from.name, from_extension: from.extension };
  }

  /** The agent's own call with an outside party, talking or held: the only kind that may be passed on. */
  function ownCall(agentId: string, callId: string | null): Call {
    const call = book.callOf(agentId, callId);
    if (call.type === 'internal' || call.agentId !== agentId)
      throw new ApiError('illegalCallState', {}, { state: call.type });
    if (call.status !== 'talking' && call.status !== 'held')
      throw new ApiError('illegalCallState', {}, { state: call.status });
    return call;
  }

  /** The call rings at the colleague; unanswered, it comes back instead of being lost. */
  function ringColleague(call: Call, colleague: string, kind: TransferKind) {
    call.status = 'ringing';
    if (call.type === 'inbound') {
      queue.offer(call, colleague);
      return;
    }
    call.peerAgentId = colleague;
    book.reindex(call);
    book.present(call, colleague);
    const ringingAt = call.offeredTo.push(colleague);
    book.later(call, networkTimings.offerMs, () => {
      if (call.status !== 'ringing' || call.peerAgentId !== colleague || call.offeredTo.length !== ringingAt) return;
      agents.publish(colleague, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: 'ringing' });
      book.missed(call, colleague, 'noAnswer');
      call.peerAgentId = null;
      book.reindex(call);
      if (kind === 'returned') book.end(call, 'noAnswer');
      else returnFrom(call, colleague);
    });
  }

  /**
   * An outbound call the colleague did not take rings the agent who passed it on again, if they
   * are still signed in and free; otherwise the caller is told nobody answered.
   */
  function returnFrom(call: Call, colleague: string) {
    const from = call.pendingTransfer?.fromAgentId;
    const status = from === undefined ? undefined : agents.find(from)?.status;
    if (!from || status === undefined || status === 'offline' || book.inCall(from)) {
      book.end(call, 'noAnswer');
      return;
    }
    book.settleTransfer(call, 'returned');
    call.transfer = info('returned', colleague);
    call.peerAgentId = from;
    book.reindex(call);
    book.present(call, from);
    const ringingAt = call.offeredTo.push(from);
    book.later(call, networkTimings.offerMs, () => {
      if (call.status === 'ringing' && call.peerAgentId === from && call.offeredTo.length === ringingAt)
        book.end(call, 'noAnswer');
    });
  }

  /** A blind transfer: the agent leaves at once, the call rings the colleague. */
  function blind(call: Call, agentId: string, colleague: string, number: string) {
    agents.publish(agentId, 'externalTransferSuccess', { call_id: call.id, number });
    book.leave(call, agentId);
    call.transfer = info('blind', agentId);
    call.pendingTransfer = { fromAgentId: agentId, number, kind: 'blind' };
    ringColleague(call, colleague, 'blind');
    agents.callEnded(agentId, true);
  }

  return {
    transferExternal: (
      agentId: string,
      callId: string | null,
      number: string,
      options: Pick<DialOptions, 'internal' | 'assignedElsewhere'> = {},
    ): { call_id: string; number: string } => {
      const call = ownCall(agentId, callId);
      if (call.consult) throw new ApiError('illegalCallState', {}, { state: 'consulting' });
      const destination = placing.destinationOf(call.tenantId, agentId, number, options);
      if (destination.kind === 'colleague') {
        blind(call, agentId, destination.agentId, number);
        return { call_id: call.id, number };
      }
      // Handing a trunk caller to another outside number needs a second trunk call bridged to
      // the first (or the carrier's REFER): not built yet, so it is refused before anything changes.
      if (call.line) throw new ApiError('trunkTransferUnsupported');
      const behaviour = behaviourOf(number);
      if (behaviour.kind === 'invalid') throw new ApiError('invalidNumber');
      if (behaviour.kind !== 'answers' && behaviour.kind !== 'menu')
        throw new ApiError('transferFailed', {}, { reason: behaviour.kind });
      agents.publish(agentId, 'externalTransferSuccess', { call_id: call.id, number });
      book.end(call, 'transferred');
      return { call_id: call.id, number };
    },

    /** The caller waits on hold while the agent calls the colleague at this extension. */
    consult: (
      agentId: string,
      callId: string | null,
      number: string,
      options: Pick<DialOptions, 'assignedElsewhere'> = {},
    ): CallView => {
      const call = ownCall(agentId, callId);
      if (call.consult) throw new ApiError('illegalCallState', {}, { state: 'consulting' });
      const destination = placing.destinationOf(call.tenantId, agentId, number, options);
      // A consultation is with a colleague: an outside number would be a conference.
      if (destination.kind !== 'colleague') throw new ApiError('extensionUnavailable', {}, { reason: 'unknown' });
      if (call.status === 'talking') book.setStatus(call, 'held');
      const agent = agents.profile(agentId);
      const consult = book.newCall({
        tenantId: call.tenantId,
        type: 'internal',
        caller: agent.extension ?? '',
        callee: number,
        displayNumber: null,
        agentId,
        peerAgentId: destination.agentId,
        data: call.data,
        transfer: info('consult', agentId),
        consultOf: call.id,
      });
      call.consult = consult.id;
      book.present(consult, agentId);
      book.present(consult, destination.agentId);
      book.later(consult, networkTimings.offerMs, () => {
        if (consult.status === 'ringing') book.end(consult, 'noAnswer');
      });
      return book.view(consult, agentId);
    },

    /** The colleague answered the consultation: they take the caller, the agent leaves both calls. */
    complete: (agentId: string, callId: string | null): CallView => {
      const { call, consult } = consultation(agentId, callId);
      if (consult.status !== 'talking' && consult.status !== 'held')
        throw new ApiError('illegalCallState', {}, { state: consult.status });
      const colleague = consult.peerAgentId;
      if (!colleague) throw new ApiError('callNotFound');
      call.consult = null;
      book.leave(call, agentId);
      call.agentId = colleague;
      call.transfer = info('consult', agentId);
      book.reindex(call);
      book.present(call, colleague);
      book.setStatus(call, 'talking');
      call.line?.leg?.agentJoined();
      // The consultation ends without after-call work for the colleague, who is talking now.
      book.end(consult, 'transferred');
      agents.publish(agentId, 'transferOutcome', {
        call_id: call.id,
        number: consult.callee,
        kind: 'consult',
        outcome: 'answered',
      });
      return book.view(call, colleague);
    },

    /** The consultation ends; the caller stays on hold with the agent. */
    cancel: (agentId: string, callId: string | null): CallView => {
      const { call, consult } = consultation(agentId, callId);
      call.consult = null;
      book.end(consult, consult.status === 'ringing' ? 'cancelled' : 'completed');
      return book.view(call, agentId);
    },

    /** The colleague rejected a call passed on to them: it comes back rather than ending. */
    declined: (call: Call, colleague: string) => {
      agents.publish(colleague, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: 'ringing' });
      call.peerAgentId = null;
      book.reindex(call);
      if (call.transfer?.kind === 'returned') book.end(call, 'rejected');
      else returnFrom(call, colleague);
    },

    /** The caller goes back to the tenant's queue; the agent leaves the call. */
    toQueue: (agentId: string, callId: string | null): { call_id: string } => {
      const call = ownCall(agentId, callId);
      if (call.consult) throw new ApiError('illegalCallState', {}, { state: 'consulting' });
      book.leave(call, agentId);
      call.transfer = info('queue', agentId);
      call.pendingTransfer = { fromAgentId: agentId, number: '', kind: 'queue' };
      queue.putBack(call, agentId);
      agents.callEnded(agentId, true);
      return { call_id: call.id };
    },
  };

  /** The agent's call whose caller waits for a consultation, and the consultation. */
  function consultation(agentId: string, callId: string | null): { call: Call; consult: Call } {
    const given = book.callOf(agentId, callId);
    const call = given.consultOf === null ? given : book.calls.get(given.consultOf);
    const consult = call?.consult ? book.calls.get(call.consult) : undefined;
    if (!call || !consult || call.agentId !== agentId || consult.agentId !== agentId)
      throw new ApiError('illegalCallState', {}, { state: 'notConsulting' });
    return { call, consult };
  }
}
