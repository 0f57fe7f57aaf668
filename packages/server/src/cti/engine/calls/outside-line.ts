import type { AgentRole } from '@open/protocol/cti/protocol';
import type { callEndReasons, callOutcomes } from '@open/protocol/softphone/shapes';

/** How a call ended (call-model.ts names it too; taken from the protocol here, so neither imports the other). */
type CallOutcome = (typeof callOutcomes)[number];
export type CallEndReason = (typeof callEndReasons)[number];

/**
 * The engine's view of the party outside the call centre: a tenant's SIP trunk (the I/O lives in
 * `telephony/`) or, for a tenant without one, the simulated network (simulated-line.ts). A call to
 * an outside number is placed on the tenant's line; a caller the line brings in enters the queue.
 * The engine keeps deciding everything; the line reports what the far end did and carries the
 * agent's media signals and digits.
 */

/** What the far end did, reported by the line to the engine. */
export interface LineEvents {
  /** The far end answered. */
  answered(): void;
  /**
   * The far end (or the trunk) ended the call; never called after the engine ended it. `reason`:
   * why a call nobody hung up ended (outcome `failed`), for the agent and the record.
   */
  ended(
    outcome: Extract<CallOutcome, 'completed' | 'busy' | 'noAnswer' | 'rejected' | 'cancelled' | 'failed'>,
    reason?: CallEndReason,
  ): void;
  /** A WebRTC description for the phone of the agent handling the call (from the relay). */
  signal(signal: Record<string, unknown>): void;
  /**
   * DTMF digits from the far end outside the media (a simulated phone menu repeating what it
   * heard); a trunk's digits travel in the media (RFC 4733) and never come here.
   */
  digits(digits: string): void;
}

/**
 * What the far end's network says to the caller being handed to another outside number:
 * `handedOver`, or why not (the number is invalid, busy or does not answer, or the line cannot).
 */
export type HandOverAnswer = 'handedOver' | 'invalidNumber' | 'busy' | 'noAnswer' | 'unsupported';

/** One call on the trunk, as the engine drives it. */
export interface LineLeg {
  /** The engine ended the call (hang-up, cancel, rejection, the agent lost): BYE, CANCEL or a final refusal. */
  end(outcome: CallOutcome): void;
  /** A WebRTC signal from the phone of the agent handling the call. */
  signal(signal: unknown): void;
  /** An agent now talks on the call (answered it, or took it over in a transfer): their phone joins the media. */
  agentJoined(): void;
  /**
   * The agent's answer is not yet the caller's: the line answers the far end only once the
   * agent's phone has agreed the media (a trunk call in, whose 200 OK carries the relay's answer
   * to the carrier's offer) and then reports `answered()`. Until then the call stays `ringing`
   * with `connecting`, so the agent never talks before the caller can hear.
   */
  readonly answersAfterMedia: boolean;
  /** The agent sent DTMF digits (a trunk leg ignores them: the phone sends them in the media, RFC 4733). */
  digits(digits: string): void;
  /** The agent hands the caller to another outside number (a blind transfer): done, or why not. */
  handOver(number: string): HandOverAnswer;
}

/** Why the tenant's dial plan keeps a number in: a blocked prefix, a premium-rate number, or another country's. */
export type DialRefusal = 'numberBlocked' | 'premiumNumberBlocked' | 'internationalNotAllowed';

/** The tenant's dial plan on its line (telephony/dial-plan.ts), as the numbering rule asks it. */
export interface DialPlanJudge {
  /** A short number (emergency, a service) the line carries although it looks like an extension. */
  carriesShort(number: string): boolean;
  /** null: the number may go out for an agent of this role; else why not. */
  refusal(number: string, role: AgentRole): DialRefusal | null;
}

/** The trunk an outbound call is placed on. */
export interface OutsideLine {
  /** Which trunk, as call records name it; null: the simulated network (no SIP, no media to offer). */
  trunk: string | null;
  /**
   * The number the carrier is sent for an agent's displayed number ('' when the agent has none):
   * a carrier rejects or rewrites a number it has not given the tenant. The call's view and
   * record show this one, the number the called party sees.
   */
  presents(agentNumber: string): string;
  /** The tenant's dial plan; null: every number of the numbering rule goes out (the simulated network). */
  dialPlan: DialPlanJudge | null;
  /** The line carries as many calls as its cap allows: another is refused before it is placed. */
  atCallLimit(): boolean;
  dial(call: { callId: string; tenantId: string; from: string; to: string }, events: LineEvents): LineLeg;
}

/** A call the trunk brought in, waiting to be bound to the engine's call. */
export interface InboundLine {
  trunk: string | null;
  connect(callId: string, events: LineEvents): LineLeg;
}

/** Where a call the trunk brought in goes: the call centre places it (cti.service.ts). */
export type PlaceInbound = (
  tenantId: string,
  from: string,
  /** The call's attached data (call-model.ts's AttachedData). */
  data: Readonly<Record<string, string>>,
  line: InboundLine,
) => Promise<unknown>;

/**
 * Whether this node runs the tenant, taking it on when no node does: a carrier's call is placed
 * where its SIP dialog is, so a node that another node's tenant reaches (the edge routed by a
 * lease that just moved) refuses it and the edge tries the owner (docs/TELEPHONY.md).
 */
export type RunsTenant = (tenantId: string) => Promise<boolean>;

/** Whether the node's lines can carry calls: for `/health` and the start banner (telephony/ checks). */
export interface TrunksHealth {
  /** Where the node's SIP user agent listens, `host:port` (UDP and TCP). */
  sip: string;
  /** Each media relay (RTPENGINE_NG), in order. */
  relays: {
    /** The media relay's control address, `host:port`. */
    address: string;
    /** Whether it answered its last check. */
    answers: boolean;
    /** That answer's round trip, in milliseconds; null when it did not answer. */
    roundTripMs: number | null;
    /** When it last changed from answering to not, or back (ISO 8601). */
    since: string;
  }[];
  /** The switched-on trunks' carrier servers as their OPTIONS pings last found them, counted. */
  carriers: { up: number; down: number; unchecked: number; trunksUnreachable: number };
}

/**
 * A node's trunks as the call centre sees them: a tenant's outside line, and calls coming in.
 * telephony/ provides them over SIP; the composition root (services.ts) hands them over.
 */
export interface Trunks {
  /** The tenant's trunk when it has one switched on; null: the simulated network. */
  lineFor(tenantId: string): Promise<OutsideLine | null>;
  /** Where inbound calls go, and whether their tenant runs here; set once the call centre is up. */
  onInbound(place: PlaceInbound, runsHere: RunsTenant): void;
  /** The lines' health as last checked (a check under way is waited for); null: no trunks here. */
  health(): Promise<TrunksHealth | null>;
  /** A trunk was saved or removed (the CMS): what the lines hold of the trunks is read again. */
  changed(): void;
  close(): Promise<void>;
}

/** A node without SIP_LISTEN and RTPENGINE_NG: every tenant is on the simulated network. */
export const noTrunks: Trunks = {
  lineFor: () => Promise.resolve(null),
  onInbound: () => undefined,
  health: () => Promise.resolve(null),
  changed: () => undefined,
  close: () => Promise.resolve(),
};
