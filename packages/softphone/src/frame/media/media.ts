/**
 * The audio (and, with VoLTE video, the video) of internal calls: WebRTC peer connections
 * between the phones of the call's members, signalled through the engine (`rtcSignal` out with
 * `to`, the `rtcSignal` event in with `from`). A call on the tenant's SIP trunk has one
 * connection instead, with the server's media relay (`NETWORK_PEER`), which speaks plain RTP to
 * the carrier: the phone offers on a call it places, the relay on one that came in, and whole
 * descriptions are sent (the relay takes no trickled candidates). The STUN and TURN servers come from the session's
 * `ready` (DESIGN §7: TURN credentials minted by the server for this agent, fresh at every
 * (re)authentication); a server that lists none leaves host candidates only, which reach
 * colleagues on the agents' own network.
 *
 * A call's members are its two agents and its supervisors, and every pair of them that must hear
 * each other has a connection of its own, keyed by the call and the other member's agent id:
 *
 * - agent ⇄ agent: the agent who placed the call offers once it is answered; audio and video.
 * - agent → supervisor: each agent offers to each supervisor the call's view lists, audio only,
 *   because the agents are the ones who know every member (a supervisor's view names only the
 *   agent it watches). A monitoring supervisor answers receive-only, so it is heard by nobody and
 *   its microphone is never opened; one who inserts answers with its microphone, and a change of
 *   mode is renegotiated by the supervisor on the same connections.
 *
 * Every connection has a generation (`epoch`, chosen by its offerer) carried by all its signals.
 * A phone that gains a session (another tab took the agent over, or took it back) has no
 * connection left, so it offers a new generation to everyone; the other side closes its old
 * connection for that member and answers on a new one, and late answers and candidates of the
 * old generation are dropped. A resumed session keeps connections that still carry media: a
 * dropped socket does not touch a direct media path. The phone that offered a connection offers
 * a new generation when it fails or stays disconnected (the other side's tab went away), a few
 * times at most.
 */
import { NETWORK_PEER, type ReadyFrame } from '@open/protocol/cti/protocol';
import { QUALITY_READ_EVERY_MS } from '@open/protocol/quality/thresholds';
import { createQualityMonitor, type CallQuality } from './call-quality.js';
import { microphoneConstraint } from './devices.js';

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
  { type: 'offer' | 'answer'; sdp: string } | { type: 'candidate'; candidate: RTCIceCandidateInit }
) & {
  /** The connection's generation; absent from phones that predate it (treated as one). */
  epoch?: string;
};

/** This phone in a call: one of its two agents, or a supervisor listening or joined. */
type Role = 'agent' | 'monitor' | 'insert';

interface Peer {
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

interface CallMedia {
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

/** A failed connection is offered again after this, at most MAX_RETRIES times per member. */
const RETRY_AFTER_MS = 1_000;
/**
 * A connection still disconnected after this is offered again too. Chromium reports
 * 'disconnected' some 5-7 s after the other side went silent (a tab that lost the agent, a
 * supervisor's tab that was replaced) and 'failed' only after about 30 s, far too long to leave a
 * member unheard; a passing blip is usually over within this.
 */
const DISCONNECTED_MS = 3_000;
const MAX_RETRIES = 3;
/** RFC 4733 tones: long enough for any receiver, with the gap telephone menus expect. */
const DTMF_TONE_MS = 100;
const DTMF_GAP_MS = 70;

/** A function, not an inline test: the compiler would keep its narrowing across the await before it. */
const isCurrent = (entry: CallMedia, remote: string, peer: Peer) => entry.peers.get(remote) === peer && !entry.ended;

function isSignal(value: unknown): value is Signal {
  if (typeof value !== 'object' || value === null) return false;
  const signal = value as Record<string, unknown>;
  if (signal.epoch !== undefined && typeof signal.epoch !== 'string') return false;
  if (signal.type === 'offer' || signal.type === 'answer') return typeof signal.sdp === 'string';
  return signal.type === 'candidate' && typeof signal.candidate === 'object' && signal.candidate !== null;
}

/** A generation's id. Not crypto.randomUUID: a phone served over plain HTTP has none. */
function newEpoch(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const live = (call: CallView) => call.call_status === 'talking' || call.call_status === 'held';

/** A call on the SIP trunk: the phone's one connection is with the relay (NETWORK_PEER). */
const viaRelay = (call: CallView) => typeof call.trunk === 'string' && call.trunk !== '';
/** Calls this module carries media for: between agents, or with an outside party through the relay. */
const carries = (call: CallView) => call.call_type === 'internal' || viaRelay(call);
/**
 * Whether the call's connections should be up. A trunk call the agent places is offered while
 * it rings, since the INVITE to the carrier carries the phone's offer (and the carrier's early
 * media, such as a ringback or an announcement, is heard).
 */
const connects = (call: CallView) =>
  live(call) || (viaRelay(call) && call.call_type === 'outbound' && call.call_status === 'ringing');

/**
 * The relay does not take candidates one by one: the phone sends its description once the
 * browser has gathered them all, or after this, with what it has.
 */
const GATHER_FOR_RELAY_MS = 3_000;

async function gathered(connection: RTCPeerConnection): Promise<string> {
  if (connection.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, GATHER_FOR_RELAY_MS);
      function done() {
        clearTimeout(timer);
        connection.removeEventListener('icegatheringstatechange', check);
        resolve();
      }
      function check() {
        if (connection.iceGatheringState === 'complete') done();
      }
      connection.addEventListener('icegatheringstatechange', check);
    });
  }
  return connection.localDescription?.sdp ?? '';
}

/** The configuration of a new connection, from the session's latest `ready`. */
export function rtcConfigurationOf(
  ready: Pick<ReadyFrame, 'ice_servers' | 'ice_transport_policy'> | null,
): RTCConfiguration {
  if (!ready) return { iceServers: [] };
  return {
    iceServers: ready.ice_servers.map((server) => ({ ...server, urls: [...server.urls] })),
    iceTransportPolicy: ready.ice_transport_policy,
  };
}

export function createCallMedia(options: {
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
}) {
  const calls = new Map<string, CallMedia>();
  /** The call whose media the phone shows (an agent has one internal call, a supervisor watches one). */
  let shown: string | null = null;
  const noStats = () => ({
    bytesReceived: 0,
    packetsLost: 0,
    jitterMs: 0,
    quality: null as CallQuality | null,
    monitor: createQualityMonitor(),
  });
  let stats = noStats();
  let statsTimer: ReturnType<typeof setInterval> | null = null;

  const roleIn = (call: CallView, me: string): Role | null => {
    const supervising = call.supervisors.find((s) => s.agent_id === me);
    if (supervising) return supervising.mode;
    // A supervisor who stopped listening still gets the call's view once, without itself.
    const known = calls.get(call.call_id);
    return known && known.role !== 'agent' ? null : 'agent';
  };

  /** The member whose picture and voice the panel shows first. */
  const mainOf = (entry: CallMedia) => options.callOf(entry.callId)?.peer?.agent_id ?? null;

  function publish() {
    const entry = shown === null ? undefined : calls.get(shown);
    if (!entry) {
      options.onChange(null);
      return;
    }
    const main = mainOf(entry);
    const peers = [...entry.peers.values()];
    const first = peers.find((peer) => peer.remote === main) ?? peers[0];
    const connection = first?.broken ? 'failed' : first?.connection.connectionState;
    const state: MediaState['state'] =
      connection === 'connected'
        ? 'connected'
        : connection === 'failed'
          ? 'failed'
          : connection === 'closed'
            ? 'closed'
            : 'connecting';
    options.onChange({
      call_id: entry.callId,
      state,
      noMicrophone: entry.noMicrophone,
      video: first?.video ?? false,
      local: entry.local,
      remote: first?.stream ?? null,
      others: peers.filter((peer) => peer !== first && peer.stream).map((peer) => peer.stream as MediaStream),
      bytesReceived: stats.bytesReceived,
      packetsLost: stats.packetsLost,
      jitterMs: stats.jitterMs,
      quality: stats.quality,
    });
  }

  /**
   * Reads the shown call's audio from each of its connections: bytes, loss and jitter of what
   * arrives, and the round trip of the path (the selected candidate pair: with a TURN relay, to
   * the relay and on to the colleague's). Several connections (a supervisor joined) are summed,
   * and the worst jitter and round trip count.
   */
  async function sample() {
    const entry = shown === null ? undefined : calls.get(shown);
    if (!entry) return;
    let bytesReceived = 0;
    let packetsReceived = 0;
    let packetsLost = 0;
    let jitter = 0;
    let rtt: number | null = null;
    for (const peer of entry.peers.values()) {
      const report = await peer.connection.getStats().catch(() => null);
      const rows = new Map<string, { type?: string } & Record<string, unknown>>();
      report?.forEach((row: { id: string; type?: string } & Record<string, unknown>) => rows.set(row.id, row));
      for (const row of rows.values()) {
        if (row.type === 'inbound-rtp' && row.kind === 'audio') {
          bytesReceived += Number(row.bytesReceived ?? 0);
          packetsReceived += Number(row.packetsReceived ?? 0);
          packetsLost += Number(row.packetsLost ?? 0);
          jitter = Math.max(jitter, Number(row.jitter ?? 0));
        } else if (row.type === 'transport' && typeof row.selectedCandidatePairId === 'string') {
          const pair = rows.get(row.selectedCandidatePairId);
          const seconds = pair?.currentRoundTripTime;
          if (typeof seconds === 'number' && Number.isFinite(seconds)) rtt = Math.max(rtt ?? 0, seconds * 1000);
        }
      }
    }
    if (shown !== entry.callId) return;
    const jitterMs = jitter * 1000;
    const quality = stats.monitor.read({ packetsReceived, packetsLost, jitterMs, rttMs: rtt });
    Object.assign(stats, { bytesReceived, packetsLost, jitterMs: Math.round(jitterMs) });
    // A second with nothing to grade (on hold) keeps the last grade rather than dropping it.
    if (quality) stats.quality = quality;
    publish();
  }

  function entryFor(callId: string, role: Role): CallMedia {
    const existing = calls.get(callId);
    if (existing) return existing;
    const entry: CallMedia = {
      callId,
      role,
      local: null,
      opening: null,
      noMicrophone: false,
      peers: new Map(),
      retired: new Set(),
      queues: new Map(),
      retries: new Map(),
      muted: false,
      held: false,
      ended: false,
    };
    calls.set(callId, entry);
    if (shown === null || !calls.has(shown)) {
      shown = callId;
      stats = noStats();
      statsTimer ??= setInterval(() => void sample(), QUALITY_READ_EVERY_MS);
      publish();
    }
    return entry;
  }

  /** The call's microphone (and camera, with video): opened on first need, then shared. */
  function localOf(entry: CallMedia): Promise<MediaStream | null> {
    if (entry.opening) return entry.opening;
    const video = entry.role === 'agent' && options.video();
    entry.opening = (async () => {
      let stream: MediaStream | null = null;
      const audio = microphoneConstraint(options.microphone?.() ?? '');
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio, video });
      } catch {
        // No camera: carry on with the voice alone.
        if (video) stream = await navigator.mediaDevices.getUserMedia({ audio }).catch(() => null);
      }
      if (stream) options.onMicrophoneOpened?.();
      if (entry.ended) {
        // The call ended (or another tab took it) while the browser was asking: let the devices go.
        for (const track of stream?.getTracks() ?? []) track.stop();
        return null;
      }
      entry.local = stream;
      entry.noMicrophone = stream === null;
      applyFollow(entry);
      if (shown === entry.callId) publish();
      return stream;
    })();
    return entry.opening;
  }

  function enqueue(entry: CallMedia, remote: string, work: () => Promise<void>) {
    const before = entry.queues.get(remote) ?? Promise.resolve();
    const next = before.then(work).catch(() => {
      // A connection that broke mid-negotiation shows as failed; one replaced meanwhile is gone anyway.
      const peer = entry.peers.get(remote);
      if (peer && peer.connection.signalingState !== 'closed') peer.broken = true;
      if (shown === entry.callId) publish();
    });
    entry.queues.set(remote, next);
  }

  function retire(entry: CallMedia, peer: Peer) {
    entry.retired.add(peer.epoch);
    if (entry.peers.get(peer.remote) === peer) entry.peers.delete(peer.remote);
    peer.connection.close();
  }

  /** A connection with one member, replacing any older one with them. */
  function open(entry: CallMedia, remote: string, epoch: string, offerer: boolean): Peer {
    const previous = entry.peers.get(remote);
    if (previous) retire(entry, previous);
    const connection = new RTCPeerConnection(options.rtcConfiguration?.() ?? { iceServers: [] });
    const video = entry.role === 'agent' && remote === mainOf(entry) && options.video();
    const peer: Peer = { remote, epoch, connection, offerer, video, stream: null, broken: false };
    entry.peers.set(remote, peer);
    const current = () => entry.peers.get(remote) === peer && !entry.ended;
    connection.onicecandidate = (event) => {
      // The relay gets every candidate inside the description (gathered()).
      if (!event.candidate || !current() || remote === NETWORK_PEER) return;
      // A candidate lost while the socket is down: the connection then fails and is offered again.
      options
        .send(entry.callId, { type: 'candidate', candidate: event.candidate.toJSON(), epoch }, remote)
        .catch(() => undefined);
    };
    connection.ontrack = (event) => {
      if (!current()) return;
      event.track.enabled = !entry.held;
      if (event.streams[0]) peer.stream = event.streams[0];
      else {
        // A track sent without a stream (replaceTrack on a bare transceiver) comes alone.
        peer.stream ??= new MediaStream();
        peer.stream.addTrack(event.track);
      }
      publish();
    };
    connection.onconnectionstatechange = () => {
      if (!current()) return;
      const state = connection.connectionState;
      if (state === 'connected') entry.retries.delete(remote);
      // No event fires when this phone closes a connection itself: a closed one here was the other side's doing.
      if (state === 'failed' || state === 'closed') retry(entry, peer, RETRY_AFTER_MS);
      else if (state === 'disconnected') retry(entry, peer, DISCONNECTED_MS);
      if (shown === entry.callId) publish();
    };
    if (shown === entry.callId) publish();
    return peer;
  }

  /** What this phone sends on a connection, before the offer or answer is made. */
  async function attachLocal(entry: CallMedia, peer: Peer) {
    const { connection } = peer;
    if (entry.role === 'agent') {
      const local = await localOf(entry);
      if (connection.signalingState === 'closed') return;
      const tracks = (local?.getTracks() ?? []).filter((track) => peer.video || track.kind === 'audio');
      const senders = new Set(connection.getSenders().map((sender) => sender.track));
      for (const track of tracks) if (local && !senders.has(track)) connection.addTrack(track, local);
      if (!tracks.some((track) => track.kind === 'audio')) ensureReceiving(connection, 'audio');
      if (peer.video && !tracks.some((track) => track.kind === 'video')) ensureReceiving(connection, 'video');
      return;
    }
    await applyRole(entry, peer);
  }

  /** Without a microphone (or camera) the agent still hears (and sees) the colleague. */
  function ensureReceiving(connection: RTCPeerConnection, kind: 'audio' | 'video') {
    const has = connection.getTransceivers().some((t) => t.receiver.track.kind === kind);
    if (!has) connection.addTransceiver(kind, { direction: 'recvonly' });
  }

  /**
   * A supervisor's side of a connection with an agent: it hears the agent; it is heard only when
   * it inserts. Monitoring never opens its microphone.
   */
  async function applyRole(entry: CallMedia, peer: Peer) {
    const { connection } = peer;
    let transceiver = connection.getTransceivers().find((t) => t.receiver.track.kind === 'audio');
    if (entry.role === 'insert') {
      const local = await localOf(entry);
      if (connection.signalingState === 'closed') return;
      const track = local?.getAudioTracks()[0] ?? null;
      transceiver ??= connection.addTransceiver('audio', { direction: 'recvonly' });
      await transceiver.sender.replaceTrack(track);
      if (track && local) transceiver.sender.setStreams(local);
      transceiver.direction = track ? 'sendrecv' : 'recvonly';
    } else {
      transceiver ??= connection.addTransceiver('audio', { direction: 'recvonly' });
      transceiver.direction = 'recvonly';
      await transceiver.sender.replaceTrack(null);
    }
  }

  /** Offers a connection to a member: a new generation, unless renegotiating the current one. */
  function offer(entry: CallMedia, remote: string, renegotiate = false) {
    const existing = entry.peers.get(remote);
    const peer = renegotiate && existing ? existing : open(entry, remote, newEpoch(), true);
    enqueue(entry, remote, async () => {
      if (entry.peers.get(remote) !== peer || entry.ended) return;
      await attachLocal(entry, peer);
      if (peer.connection.signalingState !== 'stable') return;
      const description = await peer.connection.createOffer();
      await peer.connection.setLocalDescription(description);
      const sdp = remote === NETWORK_PEER ? await gathered(peer.connection) : (description.sdp ?? '');
      // Gathering takes a moment: the call may have ended, or the connection been replaced, meanwhile.
      if (!isCurrent(entry, remote, peer)) return;
      await options.send(entry.callId, { type: 'offer', sdp, epoch: peer.epoch }, remote);
    });
  }

  /** The offerer of a broken connection tries a new generation, a few times, if it is still broken then. */
  function retry(entry: CallMedia, peer: Peer, after: number) {
    if (!peer.offerer) return;
    setTimeout(() => {
      const call = options.callOf(entry.callId);
      if (entry.ended || entry.peers.get(peer.remote) !== peer || !call || !connects(call)) return;
      const state = peer.connection.connectionState;
      if (state === 'connected' || state === 'connecting' || state === 'new') return;
      const tries = entry.retries.get(peer.remote) ?? 0;
      if (tries >= MAX_RETRIES) return;
      entry.retries.set(peer.remote, tries + 1);
      offer(entry, peer.remote);
    }, after);
  }

  /** Whom this phone must have a connection with in the call. */
  function membersFor(entry: CallMedia, call: CallView): string[] {
    // On a trunk call the outside party is the relay; supervisors still get the agent's voice.
    const colleague = viaRelay(call) ? (entry.role === 'agent' ? NETWORK_PEER : undefined) : call.peer?.agent_id;
    if (entry.role !== 'agent') return colleague ? [colleague] : [];
    return [...(colleague ? [colleague] : []), ...call.supervisors.map((s) => s.agent_id)];
  }

  /** Mute and hold: the local tracks stop sending (hold also silences what comes in). */
  function applyFollow(entry: CallMedia) {
    for (const track of entry.local?.getTracks() ?? []) track.enabled = !entry.muted && !entry.held;
    for (const peer of entry.peers.values()) {
      for (const receiver of peer.connection.getReceivers()) receiver.track.enabled = !entry.held;
    }
  }

  function end(callId: string) {
    const entry = calls.get(callId);
    if (!entry) return;
    calls.delete(callId);
    entry.ended = true;
    for (const peer of [...entry.peers.values()]) retire(entry, peer);
    for (const track of entry.local?.getTracks() ?? []) track.stop();
    entry.local = null;
    if (shown === callId) {
      shown = calls.keys().next().value ?? null;
      stats = noStats();
      if (shown === null && statsTimer) {
        clearInterval(statsTimer);
        statsTimer = null;
      }
      publish();
    }
  }

  /** The call's view changed (callDataChange): connections to open or close, mute and hold. */
  function follow(call: CallView) {
    if (!carries(call)) return;
    const me = options.self();
    if (!me) return;
    if (call.call_status === 'ended') {
      end(call.call_id);
      return;
    }
    const role = roleIn(call, me.agent_id);
    if (role === null) {
      // stopMonitor: the supervisor's connections close, and the agents close theirs on seeing it gone.
      end(call.call_id);
      return;
    }
    if (!connects(call)) return;
    const entry = entryFor(call.call_id, role);
    if (entry.role !== role) {
      // monitor ⇄ insert: the supervisor renegotiates each connection with its new direction.
      entry.role = role;
      for (const remote of entry.peers.keys()) offer(entry, remote, true);
    }
    if (role === 'agent') {
      const members = membersFor(entry, call);
      const colleague = call.peer?.agent_id;
      for (const remote of members) {
        if (entry.peers.has(remote)) continue;
        // The caller offers to the colleague; each agent offers to each supervisor. On the
        // trunk the phone offers on calls it places; on a call that came in, the relay offers.
        if (remote === NETWORK_PEER) {
          if (call.call_type === 'outbound') offer(entry, remote);
        } else if (remote !== colleague || call.caller === me.extension) offer(entry, remote);
      }
      for (const peer of [...entry.peers.values()]) if (!members.includes(peer.remote)) retire(entry, peer);
    }
    entry.muted = call.muted;
    entry.held = call.held;
    applyFollow(entry);
    if (shown === entry.callId) publish();
  }

  /**
   * The agent chose another microphone during a call: each call's voice continues from the new
   * one on the same connections (replaceTrack, no renegotiation). False when it could not be
   * opened; the call keeps the microphone it had.
   */
  async function switchMicrophone(): Promise<boolean> {
    let switched = true;
    for (const entry of calls.values()) {
      const old = entry.local?.getAudioTracks()[0];
      if (entry.ended || !entry.local || !old) continue;
      const fresh = await navigator.mediaDevices
        .getUserMedia({ audio: microphoneConstraint(options.microphone?.() ?? '') })
        .then((stream) => stream.getAudioTracks()[0])
        .catch(() => undefined);
      // The call may have ended while the browser opened the new microphone.
      const gone = calls.get(entry.callId) !== entry;
      if (!fresh || gone) {
        fresh?.stop();
        switched &&= gone;
        continue;
      }
      fresh.enabled = !entry.muted && !entry.held;
      for (const peer of entry.peers.values()) {
        const sender = peer.connection.getSenders().find((s) => s.track === old);
        await sender?.replaceTrack(fresh).catch(() => undefined);
      }
      entry.local.removeTrack(old);
      entry.local.addTrack(fresh);
      old.stop();
    }
    publish();
    return switched;
  }

  return {
    follow,
    switchMicrophone,

    /**
     * The phone signed in (`resumed`: its own session came back). A new session has no
     * connection left anywhere it counts, so it offers a new generation to every member of each
     * call; a resumed one offers only where its connection is gone or broken.
     */
    rejoin(views: readonly CallView[], resumed: boolean) {
      const me = options.self();
      if (!me) return;
      const internal = views.filter((call) => carries(call) && connects(call));
      // Calls that ended while the phone was away.
      for (const callId of [...calls.keys()]) if (!internal.some((c) => c.call_id === callId)) end(callId);
      for (const call of internal) {
        const role = roleIn(call, me.agent_id);
        if (role === null) continue;
        const entry = entryFor(call.call_id, role);
        entry.role = role;
        for (const remote of membersFor(entry, call)) {
          // The relay offers again on a call that came in; the phone only answers it.
          if (remote === NETWORK_PEER && call.call_type !== 'outbound') continue;
          const peer = entry.peers.get(remote);
          const state = peer?.connection.connectionState;
          const healthy =
            peer?.connection.signalingState === 'stable' && (state === 'connected' || state === 'connecting');
          if (!resumed || !healthy) offer(entry, remote);
        }
        follow(call);
      }
    },

    /** A signal another member's phone sent through the engine. */
    signal(callId: string, from: string, signal: unknown) {
      if (!isSignal(signal)) return;
      const me = options.self();
      const call = options.callOf(callId);
      // A call this phone does not have (ended, or never here): nothing to connect.
      if (!me || !call || !carries(call) || !connects(call)) return;
      const role = roleIn(call, me.agent_id);
      if (role === null) return;
      const entry = entryFor(callId, role);
      const epoch = signal.epoch ?? '';
      enqueue(entry, from, async () => {
        if (entry.ended || entry.retired.has(epoch)) return;
        let peer = entry.peers.get(from);
        if (signal.type !== 'offer') {
          // An answer or candidate of an older generation, or for a connection already gone.
          if (peer?.epoch !== epoch) return;
          if (signal.type === 'candidate') await peer.connection.addIceCandidate(signal.candidate);
          else if (peer.connection.signalingState === 'have-local-offer')
            await peer.connection.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
          return;
        }
        if (peer && peer.epoch !== epoch) {
          // Both sides offered a new generation at once: the greater epoch wins, on both sides.
          if (peer.connection.signalingState === 'have-local-offer' && peer.epoch > epoch) return;
          retire(entry, peer);
          peer = undefined;
        }
        peer ??= open(entry, from, epoch, false);
        if (peer.connection.signalingState === 'have-local-offer') {
          // Same generation, both renegotiating: take theirs, as the rollback of perfect negotiation does.
          await peer.connection.setLocalDescription({ type: 'rollback' });
        }
        if (entry.role === 'agent') await attachLocal(entry, peer);
        await peer.connection.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
        if (entry.role !== 'agent') await applyRole(entry, peer);
        applyFollow(entry);
        const answer = await peer.connection.createAnswer();
        await peer.connection.setLocalDescription(answer);
        const sdp = from === NETWORK_PEER ? await gathered(peer.connection) : (answer.sdp ?? '');
        await options.send(callId, { type: 'answer', sdp, epoch }, from);
      });
    },

    /**
     * Key presses on the call's audio (RFC 4733, RTCDTMFSender), on every connection this phone
     * sends its voice on. Appended to tones still playing: insertDTMF replaces its buffer.
     * Returns how many connections carry them.
     */
    dtmf(callId: string, digits: string): number {
      const entry = calls.get(callId);
      if (!entry) return 0;
      let carried = 0;
      for (const peer of entry.peers.values()) {
        for (const sender of peer.connection.getSenders()) {
          const tones = sender.dtmf;
          if (sender.track?.kind !== 'audio' || !tones?.canInsertDTMF) continue;
          try {
            tones.insertDTMF(tones.toneBuffer + digits, DTMF_TONE_MS, DTMF_GAP_MS);
            carried += 1;
          } catch {
            // A digit RTCDTMFSender refuses: the engine has told the colleague already.
          }
        }
      }
      return carried;
    },

    has: (callId: string) => calls.has(callId),

    end,

    /** The session is gone (replaced, lost, ended): every connection closes and the devices are let go. */
    endAll() {
      for (const callId of [...calls.keys()]) end(callId);
    },
  };
}

export type CallMediaControl = ReturnType<typeof createCallMedia>;
