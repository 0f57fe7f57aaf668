import { ApiError } from '../../../errors.js';
import { blindTransfer, declinedTransfer } from './blind-transfer.js';
import type { CallBook } from './call-book.js';
import type { Call, CallView } from './call-model.js';
import { cancelConsult, completeConsult, consult } from './consult-transfer.js';
import type { DialOptions, Placing } from './placing.js';
import type { InboundQueue } from './queue.js';
import { ownCall, transferInfo } from './transfer-info.js';

/**
 * Passing a caller on: to an outside number, blind to a colleague (blind-transfer.ts), after
 * consulting a colleague (consult-transfer.ts), or back to the queue. The caller is never lost: a
 * blind transfer nobody answers comes back (to the queue for an inbound call, to the agent who
 * passed it on otherwise), and the receiving agent sees who passed the call on, with the
 * caller's number and attached data.
 */
export function createTransfers(book: CallBook, placing: Placing, queue: InboundQueue) {
  const { agents } = book;

  return {
    transferExternal: (
      agentId: string,
      callId: string | null,
      number: string,
      options: Pick<DialOptions, 'internal' | 'assignedElsewhere' | 'line'> = {},
    ): { call_id: string; number: string } => {
      const call = ownCall(book, agentId, callId);
      if (call.consult) throw new ApiError('illegalCallState', {}, { state: 'consulting' });
      const destination = placing.destinationOf(call.tenantId, agentId, number, options);
      if (destination.kind === 'colleague') {
        blindTransfer({ book, queue }, call, agentId, destination.agentId, number);
        return { call_id: call.id, number };
      }
      // The caller's line decides (a trunk cannot yet: that needs a second trunk call bridged to
      // the first, or the carrier's REFER). Every call passed on has one: internal calls are not.
      const answer = call.line?.leg?.handOver(number) ?? 'unsupported';
      if (answer === 'unsupported') throw new ApiError('trunkTransferUnsupported');
      if (answer === 'invalidNumber') throw new ApiError('invalidNumber');
      if (answer !== 'handedOver') throw new ApiError('transferFailed', {}, { reason: answer });
      agents.publish(agentId, 'externalTransferSuccess', { call_id: call.id, number });
      book.end(call, 'transferred');
      return { call_id: call.id, number };
    },

    consult: (
      agentId: string,
      callId: string | null,
      number: string,
      options: Pick<DialOptions, 'assignedElsewhere'> = {},
    ): CallView => consult(book, placing, { agentId, callId, number, options }),

    complete: (agentId: string, callId: string | null): CallView => completeConsult(book, agentId, callId),

    cancel: (agentId: string, callId: string | null): CallView => cancelConsult(book, agentId, callId),

    declined: (call: Call, colleague: string) => {
      declinedTransfer(book, call, colleague);
    },

    /** The caller goes back to the tenant's queue; the agent leaves the call. */
    toQueue: (agentId: string, callId: string | null): { call_id: string } => {
      const call = ownCall(book, agentId, callId);
      if (call.consult) throw new ApiError('illegalCallState', {}, { state: 'consulting' });
      book.leave(call, agentId);
      call.transfer = transferInfo(agents, 'queue', agentId);
      call.pendingTransfer = { fromAgentId: agentId, number: '', kind: 'queue' };
      queue.putBack(call, agentId);
      agents.callEnded(agentId, true);
      return { call_id: call.id };
    },
  };
}

export type Transfers = ReturnType<typeof createTransfers>;
