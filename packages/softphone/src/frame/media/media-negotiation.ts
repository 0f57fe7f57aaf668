/**
 * Offer and answer between two members' phones: a new generation offered (or the current one
 * renegotiated), a member's signal taken in its generation's order, and a broken connection
 * offered again by the phone that offered it.
 */
import { NETWORK_PEER } from '@open/protocol/cti/protocol';
import { enqueue, gathered, open, retire } from './media-connection.js';
import {
  connects,
  isCurrent,
  newEpoch,
  type CallMedia,
  type MediaContext,
  type Peer,
  type Signal,
} from './media-model.js';
import { applyFollow, applyRole, attachLocal } from './media-tracks.js';

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

/** A connection with one member (media-connection.ts), mended by its offerer when it breaks. */
function connect(ctx: MediaContext, entry: CallMedia, remote: string, epoch: string, offerer: boolean): Peer {
  return open(ctx, entry, { remote, epoch, offerer }, (peer) => {
    const state = peer.connection.connectionState;
    if (state === 'connected') entry.retries.delete(remote);
    // No event fires when this phone closes a connection itself: a closed one here was the other side's doing.
    if (state === 'failed' || state === 'closed') retry(ctx, entry, peer, RETRY_AFTER_MS);
    else if (state === 'disconnected') retry(ctx, entry, peer, DISCONNECTED_MS);
  });
}

/** Offers a connection to a member: a new generation, unless renegotiating the current one. */
export function offer(ctx: MediaContext, entry: CallMedia, remote: string, renegotiate = false) {
  const existing = entry.peers.get(remote);
  const peer = renegotiate && existing ? existing : connect(ctx, entry, remote, newEpoch(), true);
  enqueue(ctx, entry, remote, async () => {
    if (entry.peers.get(remote) !== peer || entry.ended) return;
    await attachLocal(ctx, entry, peer);
    if (peer.connection.signalingState !== 'stable') return;
    const description = await peer.connection.createOffer();
    await peer.connection.setLocalDescription(description);
    const sdp = remote === NETWORK_PEER ? await gathered(peer.connection) : (description.sdp ?? '');
    // Gathering takes a moment: the call may have ended, or the connection been replaced, meanwhile.
    if (!isCurrent(entry, remote, peer)) return;
    await ctx.options.send(entry.callId, { type: 'offer', sdp, epoch: peer.epoch }, remote);
  });
}

/** The offerer of a broken connection tries a new generation, a few times, if it is still broken then. */
function retry(ctx: MediaContext, entry: CallMedia, peer: Peer, after: number) {
  if (!peer.offerer) return;
  setTimeout(() => {
    const call = ctx.options.callOf(entry.callId);
    if (entry.ended || entry.peers.get(peer.remote) !== peer || !call || !connects(call)) return;
    const state = peer.connection.connectionState;
    if (state === 'connected' || state === 'connecting' || state === 'new') return;
    const tries = entry.retries.get(peer.remote) ?? 0;
    if (tries >= MAX_RETRIES) return;
    entry.retries.set(peer.remote, tries + 1);
    offer(ctx, entry, peer.remote);
  }, after);
}

/** A member's signal, taken after the work already queued for that member. */
export function receive(
  ctx: MediaContext,
  entry: CallMedia,
  from: string,
  signal: Exclude<Signal, { type: 'offerRequest' }>,
) {
  const epoch = signal.epoch ?? '';
  enqueue(ctx, entry, from, async () => {
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
    peer ??= connect(ctx, entry, from, epoch, false);
    await answer(ctx, entry, peer, signal.sdp);
  });
}

/** Answers a member's offer on its connection, with what this phone sends in its role. */
async function answer(ctx: MediaContext, entry: CallMedia, peer: Peer, offered: string) {
  const { connection, remote: from, epoch } = peer;
  if (connection.signalingState === 'have-local-offer') {
    // Same generation, both renegotiating: take theirs, as the rollback of perfect negotiation does.
    await connection.setLocalDescription({ type: 'rollback' });
  }
  if (entry.role === 'agent') await attachLocal(ctx, entry, peer);
  await connection.setRemoteDescription({ type: 'offer', sdp: offered });
  if (entry.role !== 'agent') await applyRole(ctx, entry, peer);
  applyFollow(entry);
  const description = await connection.createAnswer();
  await connection.setLocalDescription(description);
  const sdp = from === NETWORK_PEER ? await gathered(connection) : (description.sdp ?? '');
  await ctx.options.send(entry.callId, { type: 'answer', sdp, epoch }, from);
}
