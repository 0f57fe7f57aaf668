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
 * browser has gathered what the relay can use, or after this, with what it has.
 */
export const GATHER_FOR_RELAY_MS = 3_000;
/** After the last kind awaited arrives, a moment for its siblings of the same burst (other interfaces). */
export const GATHER_SIBLINGS_MS = 15;

type CandidateType = 'host' | 'srflx' | 'relay';

/**
 * The kinds of candidate the relay's description waits for: rtpengine speaks ICE over UDP only,
 * so a host candidate over UDP (unless only relayed ones are allowed), a server-reflexive one when
 * a STUN or TURN server is configured, a relayed one when a TURN server is. TCP host candidates
 * come some 120 ms after the UDP ones in Chromium, and the relay never uses them: waiting for
 * the browser's `complete` spent that on every call (bench/post-dial-delay.mjs).
 */
export function awaitedCandidates(configuration: RTCConfiguration): Set<CandidateType> {
  const urls = (configuration.iceServers ?? []).flatMap((server) =>
    Array.isArray(server.urls) ? server.urls : [server.urls],
  );
  const awaited = new Set<CandidateType>();
  if (configuration.iceTransportPolicy !== 'relay') {
    awaited.add('host');
    if (urls.some((url) => /^(stun|turn)s?:/.test(url))) awaited.add('srflx');
  }
  if (urls.some((url) => /^turns?:/.test(url))) awaited.add('relay');
  return awaited;
}

/**
 * The local description for the relay, with its candidates: once every awaited kind has come
 * (and a moment for its siblings), or gathering is complete, or GATHER_FOR_RELAY_MS has passed.
 * A kind that never comes (no server-reflexive address on a host with a public one) only
 * leaves the wait to the browser's `complete`.
 */
export async function gathered(connection: RTCPeerConnection): Promise<string> {
  if (connection.iceGatheringState !== 'complete') {
    const awaited = awaitedCandidates(connection.getConfiguration());
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, GATHER_FOR_RELAY_MS);
      let siblings: ReturnType<typeof setTimeout> | undefined;
      function done() {
        clearTimeout(timer);
        clearTimeout(siblings);
        connection.removeEventListener('icegatheringstatechange', check);
        connection.removeEventListener('icecandidate', arrived);
        resolve();
      }
      function check() {
        if (connection.iceGatheringState === 'complete') done();
      }
      function arrived(event: RTCPeerConnectionIceEvent) {
        const { candidate } = event;
        if (!candidate?.type || candidate.type === 'prflx') return;
        if (candidate.type !== 'relay' && candidate.protocol !== 'udp') return;
        awaited.delete(candidate.type);
        if (awaited.size === 0 && siblings === undefined) siblings = setTimeout(done, GATHER_SIBLINGS_MS);
      }
      connection.addEventListener('icegatheringstatechange', check);
      connection.addEventListener('icecandidate', arrived);
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
