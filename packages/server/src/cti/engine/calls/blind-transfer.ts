import { networkTimings } from '../phone-network.js';
import type { CallBook } from './call-book.js';
import type { Call, TransferKind } from './call-model.js';
import type { InboundQueue } from './queue.js';
import { transferInfo } from './transfer-info.js';

/** What passing a call on to a colleague uses: the book, and the queue an inbound caller is offered through. */
export interface RingDeps {
  book: CallBook;
  queue: InboundQueue;
}

/** The call rings at the colleague; unanswered, it comes back instead of being lost. */
function ringColleague({ book, queue }: RingDeps, call: Call, colleague: string, kind: TransferKind) {
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
    book.agents.publish(colleague, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: 'ringing' });
    book.missed(call, colleague, 'noAnswer');
    call.peerAgentId = null;
    book.reindex(call);
    if (kind === 'returned') book.end(call, 'noAnswer');
    else returnFrom(book, call, colleague);
  });
}

/**
 * An outbound call the colleague did not take rings the agent who passed it on again, if they
 * are still signed in and free; otherwise the caller is told nobody answered.
 */
function returnFrom(book: CallBook, call: Call, colleague: string) {
  const from = call.pendingTransfer?.fromAgentId;
  const status = from === undefined ? undefined : book.agents.find(from)?.status;
  if (!from || status === undefined || status === 'offline' || book.inCall(from)) {
    book.end(call, 'noAnswer');
    return;
  }
  book.settleTransfer(call, 'returned');
  call.transfer = transferInfo(book.agents, 'returned', colleague);
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
export function blindTransfer(deps: RingDeps, call: Call, agentId: string, colleague: string, number: string) {
  const { book } = deps;
  const { agents } = book;
  agents.publish(agentId, 'externalTransferSuccess', { call_id: call.id, number });
  book.leave(call, agentId);
  call.transfer = transferInfo(agents, 'blind', agentId);
  call.pendingTransfer = { fromAgentId: agentId, number, kind: 'blind' };
  ringColleague(deps, call, colleague, 'blind');
  agents.callEnded(agentId, true);
}

/** The colleague rejected a call passed on to them: it comes back rather than ending. */
export function declinedTransfer(book: CallBook, call: Call, colleague: string) {
  book.agents.publish(colleague, 'callStatusChange', { call_id: call.id, call_status: 'ended', previous: 'ringing' });
  call.peerAgentId = null;
  book.reindex(call);
  if (call.transfer?.kind === 'returned') book.end(call, 'rejected');
  else returnFrom(book, call, colleague);
}
