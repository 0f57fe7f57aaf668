import { EXTENSION_PATTERN } from '@open/protocol/softphone/catalogue';
import { ApiError } from '../../../errors.js';
import { behaviourOf, isDiallable, networkTimings } from '../phone-network.js';
import type { CallBook } from './call-book.js';
import type { AttachedData, CallView } from './call-model.js';
import type { OutsideLine } from './outside-line.js';
import { dialOnTrunk, TRUNK_RING_LIMIT_MS } from './trunk-calls.js';

/** Where a dialled number leads under the numbering rule (docs/CTI.md). */
export type Destination = { kind: 'colleague'; agentId: string } | { kind: 'network' };

export interface DialOptions {
  data?: AttachedData;
  /** False: the phone was started with internalCall: false, so extensions are refused. */
  internal?: boolean;
  /** The number is an extension of an agent of the tenant this engine does not hold (from the database). */
  assignedElsewhere?: boolean;
  /** The tenant's SIP trunk: outside numbers go out on it instead of the simulated network. */
  line?: OutsideLine | null;
}

/**
 * Placing calls: to a colleague's extension (an internal call) or out to the simulated
 * telephone network, decided by the numbering rule. An extension is never dialled as an
 * outside number: one whose agent cannot take the call is refused before anything rings.
 */
export function createPlacing(book: CallBook) {
  const { agents } = book;

  /**
   * The numbering rule: a tenant's extension is always a colleague, who must be able to take the
   * call now; any other short number is an extension nobody holds; only longer numbers (or ones
   * with a leading +) go out. Throws the catalogued refusal.
   */
  function destinationOf(tenantId: string, fromAgent: string, number: string, options: DialOptions): Destination {
    const colleague = agents.byExtension(tenantId, number);
    const isExtension = colleague !== undefined || options.assignedElsewhere === true || EXTENSION_PATTERN.test(number);
    if (!isExtension) {
      if (!isDiallable(number)) throw new ApiError('invalidNumber');
      return { kind: 'network' };
    }
    if (colleague === fromAgent) throw new ApiError('invalidNumber');
    if (options.internal === false) throw new ApiError('internalCallNotAllowed');
    if (colleague === undefined) {
      throw new ApiError('extensionUnavailable', {}, { reason: options.assignedElsewhere ? 'offline' : 'unknown' });
    }
    if (agents.find(colleague)?.status === 'offline') {
      throw new ApiError('extensionUnavailable', {}, { reason: 'offline' });
    }
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
    const shown = agents.displayNumber(agentId);
    const presented = options.line ? options.line.presents(shown ?? '') || null : shown;
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
    if (options.line) call.line = { trunk: options.line.trunk, leg: null };
    book.present(call, agentId);
    if (options.line) {
      dialOnTrunk(book, call, options.line, call.caller);
      book.later(call, TRUNK_RING_LIMIT_MS, () => {
        if (call.status === 'ringing') book.end(call, 'noAnswer');
      });
      return book.view(call, agentId);
    }
    const behaviour = behaviourOf(number);
    if (behaviour.kind === 'busy') {
      book.later(call, behaviour.afterMs, () => {
        book.end(call, 'busy');
      });
    } else if (behaviour.kind === 'noAnswer') {
      book.later(call, behaviour.afterMs, () => {
        book.end(call, 'noAnswer');
      });
    } else if (behaviour.kind === 'menu') {
      book.later(call, behaviour.afterMs, () => {
        book.setStatus(call, 'talking');
      });
    } else if (behaviour.kind === 'answers') {
      book.later(call, behaviour.afterMs, () => {
        book.setStatus(call, 'talking');
        const hangsUpAfter = behaviour.hangsUpAfterMs;
        if (hangsUpAfter !== null) {
          book.later(call, hangsUpAfter, () => {
            book.end(call, 'completed');
          });
        }
      });
    }
    return book.view(call, agentId);
  }

  return { dialOut, destinationOf };
}

export type Placing = ReturnType<typeof createPlacing>;
