import type { DeviceKind, DevicesState } from '../media/devices.js';
import type { AgentState, ReadyFrame, TenantInfo, WrapUp } from '@open/protocol/cti/protocol';
import type { phonePages, transferKinds, transferOutcomes } from '@open/protocol/softphone/catalogue';
import type { callEndReasons, callOutcomes } from '@open/protocol/softphone/shapes';
import type { SocketState } from '../../socket/cti-socket.js';
import type { MediaState } from '../media/media.js';

/** A call as the engine shows it to this agent (callDataChange's `call`). */
export interface CallView {
  call_id: string;
  call_type: 'inbound' | 'outbound' | 'internal';
  call_status: 'ringing' | 'talking' | 'held' | 'ended';
  caller: string;
  callee: string;
  display_number: string | null;
  created_at: string;
  answered_at: string | null;
  muted: boolean;
  held: boolean;
  ended_at: string | null;
  outcome: (typeof callOutcomes)[number] | null;
  /** Why a call nobody hung up ended (outcome `failed`); absent from a server before it was sent. */
  end_reason?: CallEndReason | null;
  peer: { agent_id: string; name: string; extension: string | null } | null;
  supervisors: { agent_id: string; name: string; mode: 'monitor' | 'insert' }[];
  /** Screen-pop context the integrator passed with the call: shown as text, never as markup. */
  attached_data: Record<string, string>;
  /** Who passed the call on to this agent, and how; null when nobody did. */
  transfer: CallTransfer | null;
  /** In a consultation: the call whose caller waits on hold meanwhile. */
  consult_of: string | null;
  /** The SIP trunk the call is on (its media goes through the server's relay); null otherwise. */
  trunk?: string | null;
  /** This agent answered a trunk call and its caller is being connected (still `ringing`). */
  connecting?: boolean;
}

export type TransferKind = (typeof transferKinds)[number];
export type CallEndReason = (typeof callEndReasons)[number];

export interface CallTransfer {
  kind: TransferKind;
  from_agent_id: string;
  from_name: string;
  from_extension: string | null;
}

/** A call that rang here and was not answered here (callMissed), kept for the agent to see. */
export interface MissedCall {
  call_id: string;
  caller: string;
  reason: 'noAnswer' | 'cancelled';
  /** When the phone heard of it (ms since the epoch). */
  at: number;
  /** The agent has looked at the list since. */
  seen: boolean;
}

/**
 * The latest word on a call this agent passed on: `sent` as soon as a transfer went out
 * (externalTransferSuccess), then its outcome (transferOutcome), shown for a few seconds.
 */
export interface TransferNotice {
  call_id: string;
  number: string;
  kind: TransferKind;
  outcome: (typeof transferOutcomes)[number] | 'sent';
  at: number;
}

/** How long a transfer notice stays on screen. */
export const TRANSFER_NOTICE_MS = 8000;
/** The missed calls the phone keeps: enough to call back, few enough to read at a glance. */
export const MISSED_KEPT = 20;
/** The DTMF digits shown per call and direction: the latest ones, as a phone's display does. */
export const DTMF_SHOWN = 32;

export type PhonePage = (typeof phonePages)[number];

/** What the phone shows: its options, the connection, the agent and their calls. */
export interface PhoneState {
  phase: 'loading' | 'running' | 'replaced' | 'sessionLost' | 'serverRestarted' | 'disabled' | 'failed';
  /** With `failed`: the error's name (errors.ts) or text. */
  failure: string | null;
  socket: SocketState;
  attempt: number;
  agent: AgentState | null;
  tenant: TenantInfo | null;
  calls: CallView[];
  page: PhonePage;
  options: {
    mini: boolean;
    statusBar: boolean;
    dialPad: boolean;
    internalCall: boolean;
    assistantRobot: boolean;
    volteVideo: boolean;
  };
  /** The audio (and video) of the internal call in progress. */
  media: MediaState | null;
  /** Calls that rang here unanswered, newest first. */
  missed: MissedCall[];
  transferNotice: TransferNotice | null;
  /** Per call: the DTMF digits this phone sent and those the other party sent. */
  dtmf: Record<string, { sent: string; received: string }>;
  /** A call rings, but the browser plays no sound until the agent interacts with the phone (ringer.ts). */
  ringBlocked: boolean;
  /** The browser's audio devices and the agent's choice (devices.ts); null until first read. */
  devices: DevicesState | null;
  /** Kinds whose chosen device went away, until the agent dismisses the notice. */
  devicesLost: DeviceKind[];
  /**
   * A call ended that nobody hung up (its audio stopped): why, until the agent dismisses it or
   * another call begins, so the agent is never left wondering where the caller went.
   */
  endedNotice: { call_id: string; reason: CallEndReason } | null;
  /** The agent's latest wrap-up (event wrapUpChange), until another call rings. */
  wrapUp: { call_id: string; wrap_up: WrapUp } | null;
}

export const initialState: PhoneState = {
  phase: 'loading',
  failure: null,
  socket: 'connecting',
  attempt: 0,
  agent: null,
  tenant: null,
  calls: [],
  page: 'dialpad',
  options: {
    mini: false,
    statusBar: true,
    dialPad: true,
    internalCall: true,
    assistantRobot: false,
    volteVideo: false,
  },
  media: null,
  missed: [],
  transferNotice: null,
  dtmf: {},
  ringBlocked: false,
  devices: null,
  devicesLost: [],
  endedNotice: null,
  wrapUp: null,
};

/** A tiny store for React's useSyncExternalStore: one state, replaced on each change. */
export function createStore(start: PhoneState = initialState) {
  let state = start;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (change: Partial<PhoneState> | ((current: PhoneState) => Partial<PhoneState>)) => {
      state = { ...state, ...(typeof change === 'function' ? change(state) : change) };
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type PhoneStore = ReturnType<typeof createStore>;

const withCall = (calls: CallView[], call: CallView) =>
  call.call_status === 'ended'
    ? calls.filter((c) => c.call_id !== call.call_id)
    : calls.some((c) => c.call_id === call.call_id)
      ? calls.map((c) => (c.call_id === call.call_id ? call : c))
      : [...calls, call];

/** What else goes with a call that ended or was answered: its digits, its missed line. */
function afterCallChange(
  state: PhoneState,
  calls: CallView[],
  callId: string,
  status: CallView['call_status'],
): Partial<PhoneState> {
  const change: Partial<PhoneState> = { calls };
  if (status === 'ended' && callId in state.dtmf) {
    change.dtmf = Object.fromEntries(Object.entries(state.dtmf).filter(([id]) => id !== callId));
  }
  // A caller offered again and answered here after all is no longer a missed call.
  if (status === 'talking' && state.missed.some((m) => m.call_id === callId))
    change.missed = state.missed.filter((m) => m.call_id !== callId);
  return change;
}

const lastDigits = (digits: string) => digits.slice(-DTMF_SHOWN);

/**
 * The phone's state after an event of the engine (names and payloads: the catalogue). `now`
 * stamps the notes the phone keeps (missed calls, transfer notices).
 */
export function applyEvent(
  state: PhoneState,
  name: string,
  data: Record<string, unknown>,
  now: number = Date.now(),
): Partial<PhoneState> {
  const agent = state.agent;
  switch (name) {
    case 'agentStatusChange':
      return agent
        ? {
            agent: {
              ...agent,
              status: data.status as AgentState['status'],
              reason_id: (data.reason_id as string | null) ?? null,
              status_since: data.status_since as string,
              acw_until: (data.acw_until as string | null) ?? null,
            },
          }
        : {};
    case 'userInfoChange':
      return agent ? { agent: { ...agent, ...(data.agent as Partial<AgentState>) } } : {};
    case 'displayNumberChange':
      return agent ? { agent: { ...agent, display_number: data.display_number as string | null } } : {};
    case 'tenantInfoChange':
      return { tenant: data.tenant as TenantInfo };
    case 'callDataChange': {
      const call = data.call as CallView;
      const change = afterCallChange(state, withCall(state.calls, call), call.call_id, call.call_status);
      if (call.call_status === 'ended' && call.end_reason)
        change.endedNotice = { call_id: call.call_id, reason: call.end_reason };
      else if (call.call_status !== 'ended' && state.endedNotice && state.endedNotice.call_id !== call.call_id)
        change.endedNotice = null;
      // Another call: the wrap-up shown was the last one's.
      if (call.call_status === 'ringing' && state.wrapUp && state.wrapUp.call_id !== call.call_id) change.wrapUp = null;
      return change;
    }
    case 'wrapUpChange':
      return { wrapUp: { call_id: data.call_id as string, wrap_up: data.wrap_up as WrapUp } };
    case 'callStatusChange': {
      const callId = data.call_id as string;
      const status = data.call_status as CallView['call_status'];
      const calls =
        status === 'ended'
          ? state.calls.filter((c) => c.call_id !== callId)
          : state.calls.map((c) => (c.call_id === callId ? { ...c, call_status: status } : c));
      return afterCallChange(state, calls, callId, status);
    }
    case 'callMissed': {
      const missed: MissedCall = {
        call_id: data.call_id as string,
        caller: data.caller as string,
        reason: data.reason === 'cancelled' ? 'cancelled' : 'noAnswer',
        at: now,
        seen: false,
      };
      // A queued caller may ring here more than once: one line per call, the latest on top.
      return {
        missed: [missed, ...state.missed.filter((m) => m.call_id !== missed.call_id)].slice(0, MISSED_KEPT),
      };
    }
    case 'externalTransferSuccess':
      return {
        transferNotice: {
          call_id: data.call_id as string,
          number: data.number as string,
          kind: 'blind',
          outcome: 'sent',
          at: now,
        },
      };
    case 'transferOutcome':
      return {
        transferNotice: {
          call_id: data.call_id as string,
          number: data.number as string,
          kind: data.kind as TransferKind,
          outcome: data.outcome as TransferNotice['outcome'],
          at: now,
        },
      };
    case 'dtmfReceived': {
      const callId = data.call_id as string;
      const current = state.dtmf[callId] ?? { sent: '', received: '' };
      return {
        dtmf: {
          ...state.dtmf,
          [callId]: { ...current, received: lastDigits(current.received + String(data.digits)) },
        },
      };
    }
    default:
      return {};
  }
}

/** After this phone sent DTMF digits in a call (sendDtmf succeeded): they join the call's display. */
export function dtmfSent(state: PhoneState, callId: string, digits: string): Partial<PhoneState> {
  const current = state.dtmf[callId] ?? { sent: '', received: '' };
  return { dtmf: { ...state.dtmf, [callId]: { ...current, sent: lastDigits(current.sent + digits) } } };
}

/** The agent looked at the missed calls: the badge goes, the lines stay. */
export const missedSeen = (state: PhoneState): Partial<PhoneState> =>
  state.missed.some((m) => !m.seen) ? { missed: state.missed.map((m) => (m.seen ? m : { ...m, seen: true })) } : {};

export const unseenMissed = (state: PhoneState) => state.missed.filter((m) => !m.seen).length;

/**
 * A consultation in progress on this phone: the caller waiting on hold and the call with the
 * colleague. The colleague being consulted also sees `consult_of` on their call, but not the
 * caller's call, so this is null on their phone.
 */
export function consultationOf(calls: readonly CallView[]): { waiting: CallView; consult: CallView } | null {
  for (const consult of calls) {
    if (consult.consult_of === null) continue;
    const waiting = calls.find((c) => c.call_id === consult.consult_of);
    if (waiting) return { waiting, consult };
  }
  return null;
}

/** The call DTMF goes to: the one in conversation (in a consultation, the colleague's). */
export const dtmfCallOf = (calls: readonly CallView[]): CallView | null =>
  calls.find((c) => c.call_status === 'talking') ?? null;

/**
 * Whether a ringing call is offered to this phone (to answer or reject) rather than one it
 * placed: an inbound offer, a colleague calling this extension, or an outside call a colleague
 * passed on or that came back (already answered once, so someone else placed it).
 */
export const isOffered = (call: CallView, extension: string | null) =>
  call.call_status === 'ringing' &&
  ((call.call_type === 'inbound' && call.connecting !== true) ||
    (call.call_type === 'internal' && call.callee === extension) ||
    (call.call_type === 'outbound' && call.answered_at !== null));

/** Who is on the other end of a call, as the agent knows them. */
export function otherParty(call: CallView): string {
  if (call.call_type === 'internal')
    return call.peer ? `${call.peer.name}${call.peer.extension ? ` (${call.peer.extension})` : ''}` : call.callee;
  return call.call_type === 'inbound' ? call.caller : call.callee;
}

/** What the phone says about how a call reached this agent, as a message key and its values. */
export function transferLine(
  call: CallView,
  agentId: string,
): {
  key:
    | 'softphone.ui.transferredBy'
    | 'softphone.ui.transferredAfterConsult'
    | 'softphone.ui.consultRequest'
    | 'softphone.ui.fromQueue'
    | 'softphone.ui.returnedBy';
  who: string;
} | null {
  const transfer = call.transfer;
  // The agent's own consultation carries their own name: nothing to tell them.
  if (!transfer || transfer.from_agent_id === agentId) return null;
  const who = transfer.from_extension ? `${transfer.from_name} (${transfer.from_extension})` : transfer.from_name;
  switch (transfer.kind) {
    case 'blind':
      return { key: 'softphone.ui.transferredBy', who };
    case 'consult':
      return {
        key: call.consult_of === null ? 'softphone.ui.transferredAfterConsult' : 'softphone.ui.consultRequest',
        who,
      };
    case 'queue':
      return { key: 'softphone.ui.fromQueue', who };
    case 'returned':
      return { key: 'softphone.ui.returnedBy', who: transfer.from_name };
  }
}

/** The words of a transfer notice: a transfer to the queue has no number to name. */
export function transferNoticeKey(notice: TransferNotice) {
  if (notice.kind === 'queue')
    return notice.outcome === 'answered'
      ? 'softphone.ui.transferNotice.queueAnswered'
      : 'softphone.ui.transferNotice.queueEnded';
  return `softphone.ui.transferNotice.${notice.outcome}` as const;
}

/** The state a `ready` frame gives (a first sign-in, or a resume with the calls as they are). */
export function fromReady(ready: ReadyFrame): Partial<PhoneState> {
  const { calls, ...agent } = ready.agent as AgentState & { calls?: CallView[] };
  return { phase: 'running', agent, tenant: ready.tenant, calls: calls ?? [] };
}
