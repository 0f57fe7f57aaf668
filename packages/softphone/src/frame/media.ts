/**
 * The audio (and, with VoLTE video, the video) of internal calls: a WebRTC peer connection
 * between the two agents' phones, signalled through the engine (`rtcSignal` out, the `rtcSignal`
 * event in). The agent who placed the call offers once it is answered; the other answers. Mute
 * and hold switch the local tracks off; the connection's statistics are sampled for the call
 * panel's quality line. Host candidates only: both phones reach each other on the agents'
 * network, and no STUN or TURN server is configured here (DESIGN §7).
 */
export interface MediaState {
  call_id: string;
  state: 'connecting' | 'connected' | 'failed' | 'closed';
  /** The microphone (or camera) could not be opened: the agent is heard by nobody. */
  noMicrophone: boolean;
  video: boolean;
  local: MediaStream | null;
  remote: MediaStream | null;
  /** From the inbound audio RTP statistics. */
  bytesReceived: number;
  packetsLost: number;
  jitterMs: number;
}

type Signal = { type: 'offer' | 'answer'; sdp: string } | { type: 'candidate'; candidate: RTCIceCandidateInit };

interface Peer {
  connection: RTCPeerConnection;
  local: MediaStream | null;
  /** Signals are handled one after another, so a candidate never arrives before its description. */
  queue: Promise<void>;
  statsTimer: ReturnType<typeof setInterval>;
}

const STATS_EVERY_MS = 1_000;

function isSignal(value: unknown): value is Signal {
  if (typeof value !== 'object' || value === null) return false;
  const signal = value as Record<string, unknown>;
  if (signal.type === 'offer' || signal.type === 'answer') return typeof signal.sdp === 'string';
  return signal.type === 'candidate' && typeof signal.candidate === 'object' && signal.candidate !== null;
}

export function createCallMedia(options: {
  send: (callId: string, signal: Signal) => Promise<unknown>;
  onChange: (media: MediaState | null) => void;
  video: () => boolean;
}) {
  const peers = new Map<string, Peer>();
  let current: MediaState | null = null;

  const update = (change: Partial<MediaState>) => {
    if (!current) return;
    current = { ...current, ...change };
    options.onChange(current);
  };

  async function openDevices(video: boolean): Promise<MediaStream | null> {
    try {
      return await navigator.mediaDevices.getUserMedia({ audio: true, video });
    } catch {
      if (!video) return null;
      // No camera: carry on with the voice alone.
      return navigator.mediaDevices.getUserMedia({ audio: true }).catch(() => null);
    }
  }

  async function peerFor(callId: string): Promise<Peer> {
    const existing = peers.get(callId);
    if (existing) return existing;
    const video = options.video();
    const connection = new RTCPeerConnection({ iceServers: [] });
    const peer: Peer = {
      connection,
      local: null,
      queue: Promise.resolve(),
      statsTimer: setInterval(() => void sample(callId), STATS_EVERY_MS),
    };
    peers.set(callId, peer);
    current = {
      call_id: callId,
      state: 'connecting',
      noMicrophone: false,
      video,
      local: null,
      remote: null,
      bytesReceived: 0,
      packetsLost: 0,
      jitterMs: 0,
    };
    options.onChange(current);
    connection.onicecandidate = (event) => {
      if (event.candidate) void options.send(callId, { type: 'candidate', candidate: event.candidate.toJSON() });
    };
    connection.ontrack = (event) => {
      update({ remote: event.streams[0] ?? new MediaStream([event.track]) });
    };
    connection.onconnectionstatechange = () => {
      const state = connection.connectionState;
      if (state === 'connected') update({ state: 'connected' });
      else if (state === 'failed') update({ state: 'failed' });
    };
    const local = await openDevices(video);
    peer.local = local;
    if (local) {
      for (const track of local.getTracks()) connection.addTrack(track, local);
    } else {
      // Without a microphone the agent still hears the colleague.
      connection.addTransceiver('audio', { direction: 'recvonly' });
      if (video) connection.addTransceiver('video', { direction: 'recvonly' });
    }
    update({ local, noMicrophone: local === null });
    return peer;
  }

  async function sample(callId: string) {
    const peer = peers.get(callId);
    if (!peer || current?.call_id !== callId) return;
    const report = await peer.connection.getStats();
    report.forEach((entry: { type?: string; kind?: string } & Record<string, unknown>) => {
      if (entry.type !== 'inbound-rtp' || entry.kind !== 'audio') return;
      update({
        bytesReceived: Number(entry.bytesReceived ?? 0),
        packetsLost: Number(entry.packetsLost ?? 0),
        jitterMs: Math.round(Number(entry.jitter ?? 0) * 1000),
      });
    });
  }

  function enqueue(callId: string, work: (peer: Peer) => Promise<void>) {
    void peerFor(callId).then((peer) => {
      peer.queue = peer.queue
        .then(() => work(peer))
        .catch(() => {
          update({ state: 'failed' });
        });
    });
  }

  return {
    /** Places the offer: this phone called, and the colleague answered. */
    offer(callId: string) {
      enqueue(callId, async ({ connection }) => {
        const offer = await connection.createOffer();
        await connection.setLocalDescription(offer);
        await options.send(callId, { type: 'offer', sdp: offer.sdp ?? '' });
      });
    },

    /** A signal the colleague's phone sent through the engine. */
    signal(callId: string, signal: unknown) {
      if (!isSignal(signal)) return;
      enqueue(callId, async ({ connection }) => {
        if (signal.type === 'candidate') {
          await connection.addIceCandidate(signal.candidate);
        } else if (signal.type === 'offer') {
          await connection.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
          const answer = await connection.createAnswer();
          await connection.setLocalDescription(answer);
          await options.send(callId, { type: 'answer', sdp: answer.sdp ?? '' });
        } else {
          await connection.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
        }
      });
    },

    /** Mute and hold: the local tracks stop sending (hold also silences what comes in). */
    follow(call: { call_id: string; muted: boolean; held: boolean }) {
      const peer = peers.get(call.call_id);
      if (!peer) return;
      for (const track of peer.local?.getTracks() ?? []) track.enabled = !call.muted && !call.held;
      for (const receiver of peer.connection.getReceivers()) receiver.track.enabled = !call.held;
    },

    has: (callId: string) => peers.has(callId),

    end(callId: string) {
      const peer = peers.get(callId);
      if (!peer) return;
      peers.delete(callId);
      clearInterval(peer.statsTimer);
      for (const track of peer.local?.getTracks() ?? []) track.stop();
      peer.connection.close();
      if (current?.call_id === callId) {
        current = null;
        options.onChange(null);
      }
    },

    endAll() {
      for (const callId of [...peers.keys()]) this.end(callId);
    },
  };
}

export type CallMedia = ReturnType<typeof createCallMedia>;
