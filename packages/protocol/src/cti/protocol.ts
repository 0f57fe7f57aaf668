/**
 * The softphone socket's protocol as plain data and types (no zod: the phone and the
 * diagnostics page import it). The server validates incoming frames with cti/frames.ts.
 *
 * A session, in order:
 * 1. The client opens `CTI_SOCKET_PATH` and sends `auth` within `authTimeoutMs`: with a login
 *    token from `basic/*`, or with `resume` to take back a session whose link dropped.
 * 2. The server answers `ready` (the session, the key to resume it, the agent's state) or closes
 *    with `closeCodes.authFailed` and a reason naming the error.
 * 3. The client sends `ping` every `heartbeatMs`; the server answers `pong`. A side that hears
 *    nothing for `deadAfterBeats` intervals treats the link as dead.
 * 4. Requests (`req`, with an id the client chooses) get exactly one `res` with a code (0 is
 *    success, others come from the error catalogue). Events are pushed as `event`, numbered by
 *    `seq` from 1 within the session, so a resumed client can ask for what it missed.
 * 5. A session whose link drops is held for `graceMs`: `auth` with `resume` and the last `seq`
 *    seen replays the missed events and the agent gets 'communication interruption cancelled';
 *    after the grace the agent is logged out and their calls end.
 */
import { attachedDataLimits } from '../softphone/catalogue.js';

export const ctiTimings = {
  /** How often the client pings; the server says the value it expects in `ready`. */
  heartbeatMs: 20_000,
  /** Silence for this many intervals means the link is dead. */
  deadAfterBeats: 3,
  /** How long an unauthenticated socket may stay open. */
  authTimeoutMs: 10_000,
  /** How long a session whose link dropped waits to be resumed. */
  graceMs: 60_000,
  /**
   * Reconnect backoff: first delay, doubling to the maximum, with full jitter. The maximum is
   * short because the grace period is a minute: a link that is back is used within seconds, and
   * the phone also tries at once when the browser says it is online or the page is shown again.
   */
  reconnectBaseMs: 1_000,
  reconnectMaxMs: 5_000,
} as const;

/**
 * The most bytes attached data can take in a frame: each character of its keys and values at
 * most 6 bytes (a control character escaped as `\u0001`; anything else is 4 UTF-8 bytes or
 * fewer), with each entry's quotes, colon and comma.
 */
const attachedDataBytes =
  attachedDataLimits.keys * ((attachedDataLimits.keyLength + attachedDataLimits.valueLength) * 6 + 6);

export const ctiLimits = {
  /**
   * The largest frame a client may send, in bytes: a WebRTC offer, or a request whose attached
   * data is at its documented limits and made of the characters that take the most room (16 KiB
   * for the rest of the request). A limit lower than that dropped the socket of a phone that kept
   * to the documented limits.
   */
  frameBytes: Math.max(64 * 1024, 16 * 1024 + attachedDataBytes),
  /** Frames a client may send per second, averaged over `rateWindowMs`; beyond it, closed. */
  framesPerSecond: 50,
  rateWindowMs: 2_000,
  /** Events a session keeps for a resumed client. Older ones are gone: `ready.replayed_all` is false. */
  replayEvents: 500,
  requestId: 64,
  methodName: 64,
} as const;

/**
 * Why the server closed the socket (the close frame's code; its reason is the error's name).
 * 1000-2999 are WebSocket's own; these are the application's (4000-4999).
 */
export const closeCodes = {
  /** The server is shutting down: reconnect and resume on another node. */
  goingAway: 1001,
  /** A frame over `ctiLimits.frameBytes`. */
  tooBig: 1009,
  /** The login token (or resume key) was refused: invalid, expired, used, or another tenant's. */
  authFailed: 4001,
  /** No `auth` frame within `authTimeoutMs`. */
  authTimeout: 4002,
  /** The same agent signed in on another socket; the newer session took over. */
  replaced: 4003,
  /** The session asked to resume is gone (the grace period passed, or it was logged out). */
  sessionGone: 4004,
  /** Nothing heard for `deadAfterBeats` heartbeat intervals. */
  heartbeatTimeout: 4005,
  /** More frames than `ctiLimits.framesPerSecond`. */
  rateLimited: 4008,
  /** The client sent something that is not a frame of this protocol, again and again. */
  protocolError: 4009,
} as const;

export type CloseCodeName = keyof typeof closeCodes;

/** Agent statuses (DESIGN §7): offline until checked in; busy carries a reason; acw is timed. */
export const agentStatuses = ['offline', 'idle', 'busy', 'acw'] as const;
export type AgentStatus = (typeof agentStatuses)[number];

export const agentRoles = ['agent', 'supervisor'] as const;
export type AgentRole = (typeof agentRoles)[number];

/** A not-ready reason of the tenant's list. */
export interface NotReadyReason {
  id: string;
  name: string;
}

/**
 * A wrap-up (disposition) code of the tenant's list: what an agent says became of a call, in
 * after-call work or during the call (setWrapUp).
 */
export interface WrapUpCode {
  id: string;
  name: string;
}

/** An agent's wrap-up of a call: the code chosen (its name as it was then), a note, and when. */
export interface WrapUp {
  code_id: string;
  name: string;
  note: string | null;
  /** ISO 8601. */
  set_at: string;
}

/** What the phone shows of its agent. */
export interface AgentState {
  agent_id: string;
  tenant_id: string;
  name: string;
  extension: string | null;
  role: AgentRole;
  assistant_robot: boolean;
  status: AgentStatus;
  /** With `busy`: the reason's id. */
  reason_id: string | null;
  /** When the status began (ISO 8601). */
  status_since: string;
  /** With `acw`: when after-call work ends on its own (ISO 8601). */
  acw_until: string | null;
  display_number: string | null;
}

/** What the phone knows of its tenant. */
export interface TenantInfo {
  tenant_id: string;
  name: string;
  default_lang: string;
  not_ready_reasons: NotReadyReason[];
  display_numbers: string[];
  acw_seconds: number;
  /** Empty: the tenant does not use wrap-up codes. */
  wrap_up_codes: WrapUpCode[];
}

export interface AuthFrame {
  type: 'auth';
  /** A login token from `basic/get_login_token` or `basic/get_login_token_by_sso`. */
  token?: string;
  /** Instead of a token: the session to take back, its key, and the last event seen. */
  resume?: { session: string; key: string; last_seq: number };
}
export interface PingFrame {
  type: 'ping';
  /** The client's clock, echoed in `pong` so it can time the round trip. */
  ts: number;
}
export interface RequestFrame {
  type: 'req';
  id: string;
  method: string;
  /** An object whose fields the method's definition in the catalogue names. */
  params?: Record<string, unknown>;
  /**
   * When the client stops waiting for the answer, on the server's clock (ms since the epoch,
   * from the offset its pongs' `server_ts` give): a request that arrives later (a stalled link
   * that delivers it when it comes back) is not run, and is answered `requestTimeout`. So a
   * method the page was told timed out never happens afterwards.
   */
  expires_at?: number;
}
export type ClientFrame = AuthFrame | PingFrame | RequestFrame;

/**
 * A STUN or TURN server as the phone hands it to `RTCPeerConnection` (an `RTCIceServer`). TURN
 * entries carry credentials the server minted for this session (the TURN REST API: `username`
 * is `<expiry in unix seconds>:<agent id>`), good until that expiry.
 */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/**
 * The `to` of an `rtcSignal` (and the `from` of the event) for the media of a call on a SIP
 * trunk: the server's media relay stands where the other agent's phone would be.
 */
export const NETWORK_PEER = 'network';

/** `relay`: the phone uses TURN relays only, for deployments that must never send media directly. */
export const iceTransportPolicies = ['all', 'relay'] as const;
export type IceTransportPolicy = (typeof iceTransportPolicies)[number];

export interface ReadyFrame {
  type: 'ready';
  session: string;
  /** Presented with `resume` to take the session back after a drop; changes at each resume. */
  resume_key: string;
  resumed: boolean;
  /** The `seq` of the latest event; a fresh session starts at 0. */
  seq: number;
  /** With `resumed`: every event after the client's `last_seq` follows this frame. */
  replayed_all: boolean;
  heartbeat_ms: number;
  grace_ms: number;
  /** When the login token this session was opened with expires (ISO 8601): refresh it before. */
  token_expires_at: string;
  /**
   * The servers the phone's WebRTC connections gather candidates from; empty when the server
   * has none (host candidates only). Minted afresh at every authentication and resume, and
   * again in an `ice` frame before they expire.
   */
  ice_servers: IceServer[];
  ice_transport_policy: IceTransportPolicy;
  agent: AgentState;
  tenant: TenantInfo;
}
/**
 * New ICE servers for the session, sent every quarter of a TURN credential's life while the
 * socket is up: connections the phone opens from now on use them. Without them a credential
 * would have to outlive the longest shift, and with it any agent who is disabled meanwhile.
 */
export interface IceFrame {
  type: 'ice';
  ice_servers: IceServer[];
  ice_transport_policy: IceTransportPolicy;
}
export interface PongFrame {
  type: 'pong';
  ts: number;
  server_ts: number;
}
export interface ResponseFrame {
  type: 'res';
  /** The request's id; null when the frame was too broken to carry one. */
  id: string | null;
  code: number;
  message: string;
  data: unknown;
}
export interface EventFrame {
  type: 'event';
  seq: number;
  name: string;
  at: string;
  data: unknown;
}
export type ServerFrame = ReadyFrame | IceFrame | PongFrame | ResponseFrame | EventFrame;
