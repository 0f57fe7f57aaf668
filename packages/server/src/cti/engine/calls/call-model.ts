import type { AgentRole } from '@open/protocol/cti/protocol';
import type { callStatuses, callTypes, transferKinds } from '@open/protocol/softphone/catalogue';
import type { CallRecord } from '@open/protocol/softphone/call-record';
import type { callEndReasons, callOutcomes } from '@open/protocol/softphone/shapes';
import type { LineLeg } from './outside-line.js';

export type { CallRecord };

export type CallType = (typeof callTypes)[number];
export type CallStatus = (typeof callStatuses)[number];
/**
 * How a call ended; `cancelled`: the caller hung up before it was answered; `failed`: the
 * trunk could not place it (the carrier refused it, or did not answer our INVITE).
 */
export type CallOutcome = (typeof callOutcomes)[number];
/** Why a call nobody hung up ended (its outcome `failed`): the relay lost its audio, or the far end went silent. */
export type CallEndReason = (typeof callEndReasons)[number];

export type SupervisorMode = 'monitor' | 'insert';
export type TransferKind = (typeof transferKinds)[number];

/** A call's attached data (screen-pop context), bounded by `attachedDataLimits` in the catalogue. */
export type AttachedData = Readonly<Record<string, string>>;

/** Who passed a call on to the agent who has it now, and how. */
export interface TransferInfo {
  kind: TransferKind;
  from_agent_id: string;
  from_name: string;
  from_extension: string | null;
}

/** A call as the engine holds it. */
export interface Call {
  id: string;
  tenantId: string;
  type: CallType;
  status: CallStatus;
  /** Who called: a phone number, or the calling agent's extension. */
  caller: string;
  /** Who was called: a phone number, or the called agent's extension. */
  callee: string;
  displayNumber: string | null;
  /** The agent handling the call (the caller of an outbound or internal call, who answered an inbound one). */
  agentId: string | null;
  /** An internal call's other agent; the agent a call rings at while it is offered or transferred. */
  peerAgentId: string | null;
  muted: Set<string>;
  supervisors: Map<string, SupervisorMode>;
  createdAt: number;
  answeredAt: number | null;
  /**
   * The agent answered, and the line connects the caller once the agent's phone has agreed the
   * media (LineLeg.answersAfterMedia): the call is still `ringing` until then.
   */
  connecting: boolean;
  endedAt: number | null;
  outcome: CallOutcome | null;
  endReason: CallEndReason | null;
  /** Agents an inbound call has rung, in order. */
  offeredTo: string[];
  /** Agents who talked on the call: only they get after-call work when it ends. */
  talkedWith: Set<string>;
  /** Every agent the call reached: each hears its final outcome, even after leaving it. */
  touchedBy: Set<string>;
  data: AttachedData;
  transfer: TransferInfo | null;
  /** A consult call: the call whose caller waits on hold meanwhile. */
  consultOf: string | null;
  /** The consult call in progress for this call's caller. */
  consult: string | null;
  /** When the caller last joined the queue (its patience runs from then). */
  queuedAt: number | null;
  /** A transfer whose outcome the agent who started it has not heard yet. */
  pendingTransfer: { fromAgentId: string; number: string; kind: TransferKind } | null;
  /** Digits sent during the call, as the call record keeps them. */
  dtmf: string;
  cancelTimers: (() => void)[];
  /**
   * The call's outside party: on which line (the trunk's name for the records, null for the
   * simulated network) and the leg the engine drives. Null: an internal call.
   */
  line: { trunk: string | null; leg: LineLeg | null } | null;
}

/** What a phone sees of a call. */
export interface CallView {
  call_id: string;
  call_type: CallType;
  call_status: CallStatus;
  caller: string;
  callee: string;
  display_number: string | null;
  created_at: string;
  answered_at: string | null;
  ended_at: string | null;
  outcome: CallOutcome | null;
  end_reason: CallEndReason | null;
  /** This agent's microphone. */
  muted: boolean;
  held: boolean;
  /** The other agent of an internal call. */
  peer: { agent_id: string; name: string; extension: string | null } | null;
  supervisors: { agent_id: string; name: string; mode: SupervisorMode }[];
  attached_data: AttachedData;
  /** Set when a colleague passed the call on to this agent. */
  transfer: TransferInfo | null;
  /** A consult call: the id of the call whose caller is on hold. */
  consult_of: string | null;
  /** The SIP trunk the call is on (its media goes through the relay); null on the simulated network or between agents. */
  trunk: string | null;
  /** This agent answered a trunk call in and its caller is being connected: `ringing` until then. */
  connecting: boolean;
}

/** What the call desk needs from the agents' side of the engine. */
export interface AgentDesk {
  /** Throws notCheckedIn for an agent this node does not hold. */
  profile(agentId: string): {
    name: string;
    extension: string | null;
    role: AgentRole;
    tenantId: string;
    status: string;
  };
  /** The agent, or undefined when this node does not hold them; `reachable` false while their phone's link is down. */
  find(agentId: string): { status: string; reachable: boolean } | undefined;
  displayNumber(agentId: string): string | null;
  /** The attached agent of a tenant with this extension (checked in or not). */
  byExtension(tenantId: string, extension: string): string | undefined;
  /** Ready agents of a tenant whose phones have a link, longest idle first. */
  readyAgents(tenantId: string): string[];
  /** The agent's call ended: after-call work when they talked on it and have no other call. */
  callEnded(agentId: string, talked: boolean): void;
  /** The agent let an offered call ring out: to the back of the line. */
  missedOffer(agentId: string): void;
  publish(agentId: string, name: string, data: Record<string, unknown>): void;
}

/** One agent's record of a call that ended for them at `endedAt`. */
export const recordOf = (call: Call, agentId: string, outcome: CallOutcome, endedAt: number): CallRecord => ({
  call_id: call.id,
  tenant_id: call.tenantId,
  agent_id: agentId,
  call_type: call.type,
  caller: call.caller,
  callee: call.callee,
  display_number: call.displayNumber,
  created_at: new Date(call.createdAt),
  answered_at: call.answeredAt === null ? null : new Date(call.answeredAt),
  ended_at: new Date(endedAt),
  outcome,
  end_reason: call.endReason,
  attached_data: call.data,
  trunk: call.line?.trunk ?? null,
  wrap_up: null,
});
