import { ApiError } from '../../../errors.js';
import { networkTimings } from '../phone-network.js';
import type { CallBook } from './call-book.js';
import type { Call, CallView } from './call-model.js';
import type { DialOptions, Placing } from './placing.js';
import { ownCall, transferInfo } from './transfer-info.js';

/** The caller waits on hold while the agent calls the colleague at this extension. */
export function consult(
  book: CallBook,
  placing: Placing,
  request: { agentId: string; callId: string | null; number: string; options: Pick<DialOptions, 'assignedElsewhere'> },
): CallView {
  const { agentId, callId, number, options } = request;
  const { agents } = book;
  const call = ownCall(book, agentId, callId);
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
    transfer: transferInfo(agents, 'consult', agentId),
    consultOf: call.id,
  });
  call.consult = consult.id;
  book.present(consult, agentId);
  book.present(consult, destination.agentId);
  book.later(consult, networkTimings.offerMs, () => {
    if (consult.status === 'ringing') book.end(consult, 'noAnswer');
  });
  return book.view(consult, agentId);
}

/** The colleague answered the consultation: they take the caller, the agent leaves both calls. */
export function completeConsult(book: CallBook, agentId: string, callId: string | null): CallView {
  const { call, consult } = consultation(book, agentId, callId);
  if (consult.status !== 'talking' && consult.status !== 'held')
    throw new ApiError('illegalCallState', {}, { state: consult.status });
  const colleague = consult.peerAgentId;
  if (!colleague) throw new ApiError('callNotFound');
  call.consult = null;
  book.leave(call, agentId);
  call.agentId = colleague;
  call.transfer = transferInfo(book.agents, 'consult', agentId);
  book.reindex(call);
  book.present(call, colleague);
  book.setStatus(call, 'talking');
  call.line?.leg?.agentJoined();
  // The consultation ends without after-call work for the colleague, who is talking now.
  book.end(consult, 'transferred');
  book.agents.publish(agentId, 'transferOutcome', {
    call_id: call.id,
    number: consult.callee,
    kind: 'consult',
    outcome: 'answered',
  });
  return book.view(call, colleague);
}

/** The consultation ends; the caller stays on hold with the agent. */
export function cancelConsult(book: CallBook, agentId: string, callId: string | null): CallView {
  const { call, consult } = consultation(book, agentId, callId);
  call.consult = null;
  book.end(consult, consult.status === 'ringing' ? 'cancelled' : 'completed');
  return book.view(call, agentId);
}

/** The agent's call whose caller waits for a consultation, and the consultation. */
function consultation(book: CallBook, agentId: string, callId: string | null): { call: Call; consult: Call } {
  const given = book.callOf(agentId, callId);
  const call = given.consultOf === null ? given : book.calls.get(given.consultOf);
  const consult = call?.consult ? book.calls.get(call.consult) : undefined;
  if (!call || !consult || call.agentId !== agentId || consult.agentId !== agentId)
    throw new ApiError('illegalCallState', {}, { state: 'notConsulting' });
  return { call, consult };
}
