/**
 * One connection with one member of a call: its configuration (STUN and TURN from the
 * session's `ready`), the candidates it sends, the tracks it receives, the queue its work waits
 * in, and its retirement.
 */
import { NETWORK_PEER, type ReadyFrame } from '@open/protocol/cti/protocol';
import { isCurrent, type CallMedia, type MediaContext, type Peer } from './media-model.js';
import { mainOf, publish } from './media-view.js';

/**
 * The relay does not take candidates one by one: the phone sends its description once the
 * browser has gathered them all, or after this, with what it has.
 */
const GATHER_FOR_RELAY_MS = 3_000;

export async function gathered(connection: RTCPeerConnection): Promise<string> {
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

export function enqueue(ctx: MediaContext, entry: CallMedia, remote: string, work: () => Promise<void>) {
  const before = entry.queues.get(remote) ?? Promise.resolve();
  const next = before.then(work).catch(() => {
    // A connection that broke mid-negotiation shows as failed; one replaced meanwhile is gone anyway.
    const peer = entry.peers.get(remote);
    if (peer && peer.connection.signalingState !== 'closed') peer.broken = true;
    if (ctx.shown === entry.callId) publish(ctx);
  });
  entry.queues.set(remote, next);
}

export function retire(entry: CallMedia, peer: Peer) {
  entry.retired.add(peer.epoch);
  if (entry.peers.get(peer.remote) === peer) entry.peers.delete(peer.remote);
  peer.connection.close();
}

/**
 * A connection with one member, replacing any older one with them. `onState` hears each change
 * of its state while it is the member's current one (media-negotiation.ts mends it).
 */
export function open(
  ctx: MediaContext,
  entry: CallMedia,
  connecting: { remote: string; epoch: string; offerer: boolean },
  onState: (peer: Peer) => void,
): Peer {
  const { remote, epoch, offerer } = connecting;
  const { options } = ctx;
  const previous = entry.peers.get(remote);
  if (previous) retire(entry, previous);
  const connection = new RTCPeerConnection(options.rtcConfiguration?.() ?? { iceServers: [] });
  const video = entry.role === 'agent' && remote === mainOf(ctx, entry) && options.video();
  const peer: Peer = { remote, epoch, connection, offerer, video, stream: null, broken: false };
  entry.peers.set(remote, peer);
  connection.onicecandidate = (event) => {
    // The relay gets every candidate inside the description (gathered()).
    if (!event.candidate || !isCurrent(entry, remote, peer) || remote === NETWORK_PEER) return;
    // A candidate lost while the socket is down: the connection then fails and is offered again.
    options
      .send(entry.callId, { type: 'candidate', candidate: event.candidate.toJSON(), epoch }, remote)
      .catch(() => undefined);
  };
  connection.ontrack = (event) => {
    if (!isCurrent(entry, remote, peer)) return;
    event.track.enabled = !entry.held;
    if (event.streams[0]) peer.stream = event.streams[0];
    else {
      // A track sent without a stream (replaceTrack on a bare transceiver) comes alone.
      peer.stream ??= new MediaStream();
      peer.stream.addTrack(event.track);
    }
    publish(ctx);
  };
  connection.onconnectionstatechange = () => {
    if (!isCurrent(entry, remote, peer)) return;
    onState(peer);
    if (ctx.shown === entry.callId) publish(ctx);
  };
  if (ctx.shown === entry.callId) publish(ctx);
  return peer;
}
