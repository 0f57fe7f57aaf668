/**
 * Which calls this phone carries media for and with whom: its role in each, the members it
 * connects with, who offers to whom, and the end of a call's media.
 */
import { NETWORK_PEER } from '@open/protocol/cti/protocol';
import { retire } from './media-connection.js';
import {
  carries,
  connects,
  isSignal,
  viaRelay,
  type CallMedia,
  type CallView,
  type MediaContext,
  type Role,
} from './media-model.js';
import { offer, receive } from './media-negotiation.js';
import { applyFollow } from './media-tracks.js';
import { publish, showIfNone, showNext } from './media-view.js';

function roleIn(ctx: MediaContext, call: CallView, me: string): Role | null {
  const supervising = call.supervisors.find((s) => s.agent_id === me);
  if (supervising) return supervising.mode;
  // A supervisor who stopped listening still gets the call's view once, without itself.
  const known = ctx.calls.get(call.call_id);
  return known && known.role !== 'agent' ? null : 'agent';
}

function entryFor(ctx: MediaContext, callId: string, role: Role): CallMedia {
  const existing = ctx.calls.get(callId);
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
  ctx.calls.set(callId, entry);
  showIfNone(ctx, callId);
  return entry;
}

/** Whom this phone must have a connection with in the call. */
function membersFor(entry: CallMedia, call: CallView): string[] {
  // On a trunk call the outside party is the relay; supervisors still get the agent's voice.
  const colleague = viaRelay(call) ? (entry.role === 'agent' ? NETWORK_PEER : undefined) : call.peer?.agent_id;
  if (entry.role !== 'agent') return colleague ? [colleague] : [];
  return [...(colleague ? [colleague] : []), ...call.supervisors.map((s) => s.agent_id)];
}

export function end(ctx: MediaContext, callId: string) {
  const entry = ctx.calls.get(callId);
  if (!entry) return;
  ctx.calls.delete(callId);
  entry.ended = true;
  for (const peer of [...entry.peers.values()]) retire(entry, peer);
  for (const track of entry.local?.getTracks() ?? []) track.stop();
  entry.local = null;
  showNext(ctx, callId);
}

/** The call's view changed (callDataChange): connections to open or close, mute and hold. */
export function follow(ctx: MediaContext, call: CallView) {
  if (!carries(call)) return;
  const me = ctx.options.self();
  if (!me) return;
  if (call.call_status === 'ended') {
    end(ctx, call.call_id);
    return;
  }
  const role = roleIn(ctx, call, me.agent_id);
  if (role === null) {
    // stopMonitor: the supervisor's connections close, and the agents close theirs on seeing it gone.
    end(ctx, call.call_id);
    return;
  }
  if (!connects(call)) return;
  const entry = entryFor(ctx, call.call_id, role);
  if (entry.role !== role) {
    // monitor ⇄ insert: the supervisor renegotiates each connection with its new direction.
    entry.role = role;
    for (const remote of entry.peers.keys()) offer(ctx, entry, remote, true);
  }
  if (role === 'agent') connectMembers(ctx, entry, call, me.extension);
  entry.muted = call.muted;
  entry.held = call.held;
  applyFollow(entry);
  if (ctx.shown === entry.callId) publish(ctx);
}

/** An agent's connections: offered to the members it must offer to, closed with those who left. */
function connectMembers(ctx: MediaContext, entry: CallMedia, call: CallView, extension: string | null) {
  const members = membersFor(entry, call);
  const colleague = call.peer?.agent_id;
  for (const remote of members) {
    if (entry.peers.has(remote)) continue;
    // The caller offers to the colleague; each agent offers to each supervisor. On the
    // trunk the phone offers on calls it places; on a call that came in, the relay offers.
    if (remote === NETWORK_PEER) {
      if (call.call_type === 'outbound') offer(ctx, entry, remote);
    } else if (remote !== colleague || call.caller === extension) offer(ctx, entry, remote);
  }
  for (const peer of [...entry.peers.values()]) if (!members.includes(peer.remote)) retire(entry, peer);
}

/**
 * The phone signed in (`resumed`: its own session came back). A new session has no
 * connection left anywhere it counts, so it offers a new generation to every member of each
 * call; a resumed one offers only where its connection is gone or broken.
 */
export function rejoin(ctx: MediaContext, views: readonly CallView[], resumed: boolean) {
  const me = ctx.options.self();
  if (!me) return;
  const internal = views.filter((call) => carries(call) && connects(call));
  // Calls that ended while the phone was away.
  for (const callId of [...ctx.calls.keys()]) if (!internal.some((c) => c.call_id === callId)) end(ctx, callId);
  for (const call of internal) {
    const role = roleIn(ctx, call, me.agent_id);
    if (role === null) continue;
    const entry = entryFor(ctx, call.call_id, role);
    entry.role = role;
    for (const remote of membersFor(entry, call)) {
      // The relay offers again on a call that came in; the phone only answers it.
      if (remote === NETWORK_PEER && call.call_type !== 'outbound') continue;
      const peer = entry.peers.get(remote);
      const state = peer?.connection.connectionState;
      const healthy = peer?.connection.signalingState === 'stable' && (state === 'connected' || state === 'connecting');
      if (!resumed || !healthy) offer(ctx, entry, remote);
    }
    follow(ctx, call);
  }
}

/** A signal another member's phone sent through the engine, for a call this phone carries. */
export function signal(ctx: MediaContext, callId: string, from: string, sent: unknown) {
  if (!isSignal(sent)) return;
  const me = ctx.options.self();
  const call = ctx.options.callOf(callId);
  // A call this phone does not have (ended, or never here): nothing to connect.
  if (!me || !call || !carries(call) || !connects(call)) return;
  const role = roleIn(ctx, call, me.agent_id);
  if (role === null) return;
  const entry = entryFor(ctx, callId, role);
  if (sent.type === 'offerRequest') {
    // Only the relay asks, and only the phone handling the call answers it with an offer.
    if (from === NETWORK_PEER && role === 'agent') offer(ctx, entry, from);
    return;
  }
  receive(ctx, entry, from, sent);
}
