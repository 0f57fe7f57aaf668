import { EXTENSION_PATTERN } from '@open/protocol/softphone/catalogue';
import { ApiError } from '../../../errors.js';
import { isDiallable, networkTimings } from '../phone-network.js';
import type { CallBook } from './call-book.js';
import type { AttachedData, CallView } from './call-model.js';
import type { OutsideLine } from './outside-line.js';
import { dialOnLine, TRUNK_RING_LIMIT_MS } from './line-calls.js';

/** Where a dialled number leads under the numbering rule (docs/CTI.md). */
export type Destination = { kind: 'colleague'; agentId: string } | { kind: 'network' };

export interface DialOptions {
  data?: AttachedData;
  /** False: the phone was started with internalCall: false, so extensions are refused. */
  internal?: boolean;
  /** The number is an extension of an agent of the tenant this engine does not hold (from the database). */
  assignedElsewhere?: boolean;
  /** The tenant's SIP trunk: outside numbers go out on it; none: on the simulated network. */
  line?: OutsideLine | null;
}

/**
 * Placing calls: to a colleague's extension (an internal call) or out on the tenant's line (its
 * trunk, or `network`, the simulated telephone network), decided by the numbering rule. An
 * extension is never dialled as an outside number: one whose agent cannot take the call is
 * refused before anything rings.
 */
export function createPlacing(book: CallBook, network: OutsideLine) {
  const { agents } = book;

  /**
   * The numbering rule: a short number of the line's dial plan (an emergency or service number)
   * goes out; a tenant's extension is always a colleague, who must be able to take the call now;
   * any other short number is an extension nobody holds; only longer numbers (or ones with a
   * leading +) go out, if the dial plan lets them. Throws the catalogued refusal.
   */
  function destinationOf(tenantId: string, fromAgent: string, number: string, options: DialOptions): Destination {
    const plan = (options.line ?? network).dialPlan;
    // The trunk save refuses a short number that is an extension, so none is shadowed here.
    if (plan?.carriesShort(number)) return { kind: 'network' };
    const colleague = agents.byExtension(tenantId, number);
    const isExtension = colleague !== undefined || options.assignedElsewhere === true || EXTENSION_PATTERN.test(number);
    if (!isExtension) {
      if (!isDiallable(number)) throw new ApiError('invalidNumber');
      const refusal = plan?.refusal(number, agents.profile(fromAgent).role);
      if (refusal) throw new ApiError(refusal, { number }, { number });
      return { kind: 'network' };
    }
    if (colleague === fromAgent) throw new ApiError('invalidNumber');
    if (options.internal === false) throw new ApiError('internalCallNotAllowed');
    if (colleague === undefined) {
      throw new ApiError('extensionUnavailable', {}, { reason: options.assignedElsewhere ? 'offline' : 'unknown' });
    }
    const held = agents.find(colleague);
    if (held?.status === 'offline') throw new ApiError('extensionUnavailable', {}, { reason: 'offline' });
    // Their phone lost its link: a call put through would ring where nobody can answer it.
    if (held?.reachable === false) throw new ApiError('extensionUnavailable', {}, { reason: 'unreachable' });
    if (book.inCall(colleague)) throw new ApiError('extensionUnavailable', {}, { reason: 'busy' });
    return { kind: 'colleague', agentId: colleague };
  }

  function dialOut(agentId: string, number: string, options: DialOptions = {}): CallView {
    const agent = agents.profile(agentId);
    if (agent.status === 'offline') throw new ApiError('notCheckedIn');
    if (book.inCall(agentId)) throw new ApiError('agentInCall');
    const destination = destinationOf(agent.tenantId, agentId, number, options);
    if (destination.kind === 'colleague') {
      const call = book.newCall({
        tenantId: agent.tenantId,
        type: 'internal',
        caller: agent.extension ?? '',
        callee: number,
        displayNumber: null,
        agentId,
        peerAgentId: destination.agentId,
        data: options.data ?? {},
      });
      book.present(call, agentId);
      book.present(call, destination.agentId);
      book.later(call, networkTimings.noAnswerMs, () => {
        if (call.status === 'ringing') book.end(call, 'noAnswer');
      });
      return book.view(call, agentId);
    }
    const line = options.line ?? network;
    if (line.atCallLimit()) throw new ApiError('trunkBusy');
    const presented = line.presents(agents.displayNumber(agentId) ?? '') || null;
    const call = book.newCall({
      tenantId: agent.tenantId,
      type: 'outbound',
      caller: presented ?? '',
      callee: number,
      displayNumber: presented,
      agentId,
      peerAgentId: null,
      data: options.data ?? {},
    });
    call.line = { trunk: line.trunk, leg: null };
    book.present(call, agentId);
    dialOnLine(book, call, line, call.caller);
    // Carriers usually give up first (480); a far end that never does is given up on here.
    book.later(call, TRUNK_RING_LIMIT_MS, () => {
      if (call.status === 'ringing') book.end(call, 'noAnswer');
    });
    return book.view(call, agentId);
  }

  return { dialOut, destinationOf };
}

export type Placing = ReturnType<typeof createPlacing>;
