/**
 * What a call sends and hears: the microphone (and camera) opened once per call and shared by
 * its connections, a supervisor's direction, mute and hold, a change of microphone mid-call,
 * and key presses on the call's audio.
 */
import { microphoneConstraint } from './devices.js';
import type { CallMedia, MediaContext, Peer } from './media-model.js';
import { publish } from './media-view.js';

/** RFC 4733 tones: long enough for any receiver, with the gap telephone menus expect. */
const DTMF_TONE_MS = 100;
const DTMF_GAP_MS = 70;

/** The call's microphone (and camera, with video): opened on first need, then shared. */
function localOf(ctx: MediaContext, entry: CallMedia): Promise<MediaStream | null> {
  if (entry.opening) return entry.opening;
  const { options } = ctx;
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
    if (ctx.shown === entry.callId) publish(ctx);
    return stream;
  })();
  return entry.opening;
}

/** What this phone sends on a connection, before the offer or answer is made. */
export async function attachLocal(ctx: MediaContext, entry: CallMedia, peer: Peer) {
  const { connection } = peer;
  if (entry.role === 'agent') {
    const local = await localOf(ctx, entry);
    if (connection.signalingState === 'closed') return;
    const tracks = (local?.getTracks() ?? []).filter((track) => peer.video || track.kind === 'audio');
    const senders = new Set(connection.getSenders().map((sender) => sender.track));
    for (const track of tracks) if (local && !senders.has(track)) connection.addTrack(track, local);
    if (!tracks.some((track) => track.kind === 'audio')) ensureReceiving(connection, 'audio');
    if (peer.video && !tracks.some((track) => track.kind === 'video')) ensureReceiving(connection, 'video');
    return;
  }
  await applyRole(ctx, entry, peer);
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
export async function applyRole(ctx: MediaContext, entry: CallMedia, peer: Peer) {
  const { connection } = peer;
  let transceiver = connection.getTransceivers().find((t) => t.receiver.track.kind === 'audio');
  if (entry.role === 'insert') {
    const local = await localOf(ctx, entry);
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

/** Mute and hold: the local tracks stop sending (hold also silences what comes in). */
export function applyFollow(entry: CallMedia) {
  for (const track of entry.local?.getTracks() ?? []) track.enabled = !entry.muted && !entry.held;
  for (const peer of entry.peers.values()) {
    for (const receiver of peer.connection.getReceivers()) receiver.track.enabled = !entry.held;
  }
}

/**
 * The agent chose another microphone during a call: each call's voice continues from the new
 * one on the same connections (replaceTrack, no renegotiation). False when it could not be
 * opened; the call keeps the microphone it had.
 */
export async function switchMicrophone(ctx: MediaContext): Promise<boolean> {
  const { calls, options } = ctx;
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
  publish(ctx);
  return switched;
}

/**
 * Key presses on the call's audio (RFC 4733, RTCDTMFSender), on every connection this phone
 * sends its voice on. Appended to tones still playing: insertDTMF replaces its buffer.
 * Returns how many connections carry them.
 */
export function dtmf(ctx: MediaContext, callId: string, digits: string): number {
  const entry = ctx.calls.get(callId);
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
}
