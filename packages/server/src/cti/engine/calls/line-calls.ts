import type { CallBook } from './call-book.js';
import type { Call } from './call-model.js';
import type { InboundLine, LineEvents, OutsideLine } from './outside-line.js';

/**
 * How the engine hears a call's far end (a trunk or the simulated network): the call's status
 * follows, its media signals and digits go to the agent handling it.
 */
export function lineEventsFor(book: CallBook, call: Call): LineEvents {
  return {
    answered() {
      if (call.status !== 'ringing' || call.peerAgentId !== null) return;
      if (call.type === 'outbound') book.setStatus(call, 'talking');
      else if (call.connecting) {
        call.connecting = false;
        book.setStatus(call, 'talking');
      }
    },
    ended(outcome, reason) {
      if (call.line) call.line.leg = null;
      // A caller who hangs up while waiting for an agent abandoned the queue, as one who runs out of patience does.
      const waiting = call.type === 'inbound' && call.agentId === null && call.peerAgentId === null;
      book.end(call, waiting && outcome === 'cancelled' ? 'abandoned' : outcome, reason ?? null);
    },
    signal(signal) {
      if (call.status !== 'ended' && call.agentId)
        book.agents.publish(call.agentId, 'rtcSignal', { call_id: call.id, from: 'network', signal });
    },
    digits(digits) {
      if (call.status !== 'ended' && call.agentId)
        book.agents.publish(call.agentId, 'dtmfReceived', { call_id: call.id, digits, from: 'network' });
    },
  };
}

/**
 * Places an outbound call on the tenant's line: the far end decides from here (LineEvents). The
 * call must carry its trunk (`call.line`) before the phone first sees it, so the phone knows to offer.
 */
export function dialOnLine(book: CallBook, call: Call, line: OutsideLine, from: string) {
  call.line ??= { trunk: line.trunk, leg: null };
  call.line.leg = line.dial(
    { callId: call.id, tenantId: call.tenantId, from, to: call.callee },
    lineEventsFor(book, call),
  );
}

/** Binds a caller the line brought in to the engine's call. */
export function connectInbound(book: CallBook, call: Call, line: InboundLine) {
  call.line = { trunk: line.trunk, leg: null };
  call.line.leg = line.connect(call.id, lineEventsFor(book, call));
}

/**
 * The phone of an agent who answered a trunk call has this long to agree its media (the relay's
 * offer answered, ICE gathered); a phone that has not is passed over and the caller offered again.
 */
export const TRUNK_CONNECT_LIMIT_MS = 10_000;

/** The far end rings this long at most before the engine gives up on it (carriers usually answer 480 first). */
export const TRUNK_RING_LIMIT_MS = 60_000;
