/**
 * What call media (media.ts) is made of: the call as media sees it, what it publishes, the
 * signals between phones, and its own book of calls and connections, with the rules that read
 * them without changing anything.
 */
import type { CallQuality, createQualityMonitor } from './call-quality.js';

/**
 * What media follows of a call (the engine's call view has more): its own type, so media and
 * the phone's store never import each other.
 */
export interface CallView {
  call_id: string;
  call_type: 'inbound' | 'outbound' | 'internal';
  call_status: 'ringing' | 'talking' | 'held' | 'ended';
  caller: string;
  muted: boolean;
  held: boolean;
  peer: { agent_id: string } | null;
  supervisors: readonly { agent_id: string; mode: 'monitor' | 'insert' }[];
  /** Set on a call on the tenant's SIP trunk: its voice goes to the server's media relay. */
  trunk?: string | null;
  /** This agent answered the trunk call and the server connects the caller once the media is agreed. */
  connecting?: boolean;
}

export interface MediaState {
  call_id: string;
  state: 'connecting' | 'connected' | 'failed' | 'closed';
  /** The microphone (or camera) could not be opened: the agent is heard by nobody. */
  noMicrophone: boolean;
  video: boolean;
  local: MediaStream | null;
  /** The colleague (for a supervisor: the agent it watches). */
  remote: MediaStream | null;
  /** The call's other voices: a supervisor who joined, or the second agent a supervisor hears. */
  others: MediaStream[];
  /** From the inbound audio RTP statistics, over all of the call's connections. */
  bytesReceived: number;
  packetsLost: number;
  jitterMs: number;
  /** The call's grade and warnings (call-quality.ts); null until two readings of audio. */
  quality: CallQuality | null;
}

export type Signal = (
  | { type: 'offer' | 'answer'; sdp: string }
  | { type: 'candidate'; candidate: RTCIceCandidateInit }
  /** The relay asks this phone to offer: a trunk call that came in without SDP (a delayed offer). */
  | { type: 'offerRequest' }
) & {
  /** The connection's generation; absent from phones that predate it (treated as one). */
  epoch?: string;
};

/** What the phone gives call media: how to signal, what to show, and what it knows of the agent and calls. */
export interface CallMediaOptions {
  send: (callId: string, signal: Signal, to: string) => Promise<unknown>;
  /**
   * Read for each new connection, not once: credentials are renewed at each (re)authentication,
   * and a connection opened after a resume must use the fresh ones.
   */
  rtcConfiguration?: () => RTCConfiguration;
  onChange: (media: MediaState | null) => void;
  video: () => boolean;
  /** This phone's agent, once signed in. */
  self: () => { agent_id: string; extension: string | null } | null;
  /** The call as the phone last saw it (callDataChange), if it still has it. */
  callOf: (callId: string) => CallView | undefined;
  /** The microphone the agent chose ('' the browser's default), read each time one is opened. */
  microphone?: () => string;
  /** The microphone was opened: the browser now tells every device and its label. */
  onMicrophoneOpened?: () => void;
}

/** This phone in a call: one of its two agents, or a supervisor listening or joined. */
export type Role = 'agent' | 'monitor' | 'insert';

export interface Peer {
  remote: string;
  epoch: string;
  connection: RTCPeerConnection;
  /** This phone offered it: it is the one that offers again if the connection fails. */
  offerer: boolean;
  /** Pictures too: only between the two agents, and only with VoLTE video. */
  video: boolean;
  stream: MediaStream | null;
  /** Its negotiation threw (a description the browser refused): shown as failed. */
  broken: boolean;
}

export interface CallMedia {
  callId: string;
  role: Role;
  /** The microphone (and camera), opened once per call and shared by its connections. */
  local: MediaStream | null;
  opening: Promise<MediaStream | null> | null;
  /** The devices were asked for and refused. */
  noMicrophone: boolean;
  peers: Map<string, Peer>;
  /** Generations this phone closed: their late answers, candidates or offers are dropped. */
  retired: Set<string>;
  /**
   * Work per member, one item after another: a candidate never comes before its description,
   * and a new generation replaces the old one in the order the signals came.
   */
  queues: Map<string, Promise<void>>;
  /** New generations offered after a connection failed, per member, so a gone phone is not chased forever. */
  retries: Map<string, number>;
  muted: boolean;
  held: boolean;
  ended: boolean;
}

/** The shown call's audio statistics, read every QUALITY_READ_EVERY_MS (media-view.ts). */
export interface Stats {
  bytesReceived: number;
  packetsLost: number;
  jitterMs: number;
  quality: CallQuality | null;
  monitor: ReturnType<typeof createQualityMonitor>;
}

/** One phone's call media: what every part of it reads and changes, passed to each. */
export interface MediaContext {
  readonly options: CallMediaOptions;
  readonly calls: Map<string, CallMedia>;
  /** The call whose media the phone shows (an agent has one internal call, a supervisor watches one). */
  shown: string | null;
  stats: Stats;
  statsTimer: ReturnType<typeof setInterval> | null;
}

/** A function, not an inline test: the compiler would keep its narrowing across the await before it. */
export const isCurrent = (entry: CallMedia, remote: string, peer: Peer) =>
  entry.peers.get(remote) === peer && !entry.ended;

export function isSignal(value: unknown): value is Signal {
  if (typeof value !== 'object' || value === null) return false;
  const signal = value as Record<string, unknown>;
  if (signal.epoch !== undefined && typeof signal.epoch !== 'string') return false;
  if (signal.type === 'offer' || signal.type === 'answer') return typeof signal.sdp === 'string';
  if (signal.type === 'offerRequest') return true;
  return signal.type === 'candidate' && typeof signal.candidate === 'object' && signal.candidate !== null;
}

/** A generation's id. Not crypto.randomUUID: a phone served over plain HTTP has none. */
export function newEpoch(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const live = (call: CallView) => call.call_status === 'talking' || call.call_status === 'held';

/** A call on the SIP trunk: the phone's one connection is with the relay (NETWORK_PEER). */
export const viaRelay = (call: CallView) => typeof call.trunk === 'string' && call.trunk !== '';
/** Calls this module carries media for: between agents, or with an outside party through the relay. */
export const carries = (call: CallView) => call.call_type === 'internal' || viaRelay(call);
/**
 * Whether the call's connections should be up. A trunk call the agent places is offered while
 * it rings, since the INVITE to the carrier carries the phone's offer (and the carrier's early
 * media, such as a ringback or an announcement, is heard); one that came in connects once the
 * agent answered it, before the server answers the carrier with the media agreed.
 */
export const connects = (call: CallView) =>
  live(call) ||
  (viaRelay(call) && call.call_status === 'ringing' && (call.call_type === 'outbound' || call.connecting === true));
