import { behaviourOf, networkTimings } from '../phone-network.js';
import type { CallBook } from './call-book.js';
import type { Call } from './call-model.js';
import type { HandOverAnswer, InboundLine, LineEvents, LineLeg, OutsideLine } from './outside-line.js';

/**
 * The simulated public telephone network (phone-network.ts) behind the same port as a SIP trunk:
 * a tenant without a trunk dials out on this line and its simulated callers come in on it, so
 * the engine drives every outside party one way. What the far end does follows the number's
 * behaviour, on the engine's clock (book.later), so tests move time instead of waiting.
 */
export interface SimulatedNetwork {
  line: OutsideLine;
  /** A simulated caller's side of an inbound call (cti/simulate_inbound_call). */
  inbound(): InboundLine;
}

export function createSimulatedNetwork(book: CallBook): SimulatedNetwork {
  /** Whether the network takes a caller handed to `number`: by that number's behaviour. */
  function handOver(number: string): HandOverAnswer {
    const behaviour = behaviourOf(number);
    if (behaviour.kind === 'invalid') return 'invalidNumber';
    return behaviour.kind === 'answers' || behaviour.kind === 'menu' ? 'handedOver' : behaviour.kind;
  }

  /** The leg of a call on the network: nothing to send anywhere, only what the number does with digits and hand-overs. */
  function legOf(call: Call | undefined, events: LineEvents, isMenu: boolean): LineLeg {
    return {
      end: () => undefined,
      signal: () => undefined,
      agentJoined: () => undefined,
      answersAfterMedia: false,
      digits(digits) {
        if (!isMenu || !call) return;
        // A phone menu repeats what it heard, and '#' ends it.
        events.digits(digits);
        if (digits.includes('#')) {
          book.later(call, networkTimings.menuHangUpMs, () => {
            events.ended('completed');
          });
        }
      },
      handOver,
    };
  }

  const line: OutsideLine = {
    trunk: null,
    presents: (agentNumber) => agentNumber,
    // The simulated network has no emergency services and no charges to keep anyone from.
    dialPlan: null,
    atCallLimit: () => false,
    dial({ callId, to }, events) {
      const call = book.calls.get(callId);
      const behaviour = behaviourOf(to);
      if (call) {
        if (behaviour.kind === 'busy' || behaviour.kind === 'noAnswer') {
          const outcome = behaviour.kind;
          book.later(call, behaviour.afterMs, () => {
            events.ended(outcome);
          });
        } else if (behaviour.kind === 'answers' || behaviour.kind === 'menu') {
          book.later(call, behaviour.afterMs, () => {
            events.answered();
            const hangsUpAfter = behaviour.kind === 'answers' ? behaviour.hangsUpAfterMs : null;
            if (hangsUpAfter !== null) {
              book.later(call, hangsUpAfter, () => {
                events.ended('completed');
              });
            }
          });
        }
      }
      return legOf(call, events, behaviour.kind === 'menu');
    },
  };

  return {
    line,
    inbound: () => ({
      trunk: null,
      connect: (callId, events) => legOf(book.calls.get(callId), events, false),
    }),
  };
}
