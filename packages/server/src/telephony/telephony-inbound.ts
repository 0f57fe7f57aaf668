import type { FastifyBaseLogger } from 'fastify';
import { makeResponse, type SipRequest, type SipResponse, type Stack } from 'sip';
import type { PlaceInbound, RunsTenant } from '../cti/engine/calls/outside-line.js';
import type { HostPort } from '../config.js';
import type { MediaRelay, RelayCall } from './media-relay.js';
import { isAllowedSource, newTag, userOf } from './sip-messages.js';
import type { Refusals } from './refusals.js';
import { answerTrunk } from './trunk-answer.js';
import { trunkLoad, type DialogHandler, type LegContext } from './trunk-leg.js';
import type { TrunkDirectory } from './trunk-directory.js';
import type { TrunkSettings } from './trunk-settings.js';

/** How call records and logs name a trunk (never with its credentials). */
export const trunkName = (trunk: Pick<TrunkSettings, 'host' | 'port' | 'transport'>) =>
  `sip:${trunk.host}:${trunk.port};transport=${trunk.transport}`;

/** What the node's SIP user agent routes requests with: its stack, its dialogs, where calls in go. */
export interface SipRouting {
  stack: Stack;
  /** The relay a new call's media goes to (relay-pool.ts). */
  pickRelay(): MediaRelay;
  /** What rings where, in memory: a refused INVITE reads no database. */
  directory: TrunkDirectory;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error' | 'debug'>;
  legs: LegContext;
  dialogs: Map<string, DialogHandler>;
  /** Where inbound calls go, and whether their tenant runs here; null until the call centre is up. */
  placeInbound(): { place: PlaceInbound; runsHere: RunsTenant } | null;
  /** The SIP edge this node sits behind (SIP_EDGE); null: it faces the carriers itself. */
  edge: HostPort | null;
  /** Refuses a new INVITE with one answer, not one per Timer G (refusals.ts). */
  refusals: Refusals;
}

const ALLOWED_METHODS = 'INVITE, ACK, CANCEL, BYE, OPTIONS';

/** The header the edge (deploy/kamailio/kamailio.cfg) names a request's sender in. */
export const EDGE_SOURCE_HEADER = 'x-open-source';

/**
 * Who sent a request: the packet's source, or behind the edge the address the edge names (it
 * drops any such header from outside). Null: not from the edge, which is the only way in.
 */
export function senderOf(request: SipRequest, source: string, edge: HostPort | null): string | null {
  if (!edge) return source;
  const plain = source.startsWith('::ffff:') ? source.slice(7) : source;
  if (plain !== edge.host) return null;
  const named = request.headers[EDGE_SOURCE_HEADER];
  return typeof named === 'string' && named.trim() !== '' ? named.trim() : source;
}

/** A request outside any transaction: to its dialog, a new INVITE in, or a stateless answer. */
export function routeRequest(routing: SipRouting, request: SipRequest, packetSource: string) {
  const { stack, dialogs } = routing;
  const source = senderOf(request, packetSource, routing.edge);
  if (source === null) {
    // Behind the edge nothing else may reach the node: what does is refused, and quietly.
    routing.log.debug(
      { source: packetSource, method: request.method },
      'a SIP request from outside the edge was refused',
    );
    if (request.method === 'INVITE') routing.refusals.refuse(request, 403, 'Forbidden');
    else if (request.method !== 'ACK') stack.send(makeResponse(request, 403, 'Forbidden'));
    return;
  }
  const callId = request.headers['call-id'];
  const dialog = dialogs.get(callId);
  if (dialog && (request.method !== 'INVITE' || typeof request.headers.to.params.tag === 'string')) {
    dialog.onRequest(request);
    return;
  }
  switch (request.method) {
    case 'INVITE':
      if (dialog) return; // a retransmission the transaction layer missed
      void inbound(routing, request, source);
      return;
    case 'ACK':
      return;
    case 'OPTIONS':
      // The edge's own pings (its dispatcher finding which nodes answer) name no sender.
      if (routing.edge && request.headers[EDGE_SOURCE_HEADER] === undefined) {
        stack.send(makeResponse(request, 200, 'OK', { headers: { allow: ALLOWED_METHODS } }));
        return;
      }
      void answerOptions(routing, request, source);
      return;
    case 'BYE':
    case 'CANCEL':
      stack.send(makeResponse(request, 481, 'Call/Transaction Does Not Exist'));
      return;
    default:
      stack.send(makeResponse(request, 405, 'Method Not Allowed'));
  }
}

/**
 * A carrier's keep-alive is answered with what we take; anyone else's OPTIONS is refused like
 * its INVITE, so a scanner's probe learns no more than that something answers SIP here.
 */
async function answerOptions({ stack, directory, log }: SipRouting, request: SipRequest, source: string) {
  let admitted = false;
  try {
    admitted = await directory.admits(source);
  } catch (error) {
    log.warn({ err: error }, 'the trunks could not be read to answer an OPTIONS');
  }
  stack.send(
    admitted
      ? makeResponse(request, 200, 'OK', { headers: { allow: ALLOWED_METHODS } })
      : makeResponse(request, 403, 'Forbidden'),
  );
}

/**
 * Why a busy trunk refuses a call, in the Reason header (RFC 3326) carriers map to their own
 * signalling: Q.850 cause 34, no circuit available (every channel taken); 17, user busy (the
 * queue is full).
 */
const CAP_REASON = {
  maxCalls: 'Q.850;cause=34;text="Trunk at its call limit"',
  maxWaiting: 'Q.850;cause=17;text="Queue full"',
} as const;

/** The 503 of a node that does not run the call's tenant: the edge tries the owner instead. */
export const NOT_HERE_REASON = 'SIP;cause=503;text="Tenant runs on another node"';

/** Which cap a new inbound call would pass, if any. */
function capReached(
  trunk: Pick<TrunkSettings, 'maxCalls' | 'maxWaiting'>,
  load: { calls: number; waiting: number },
): keyof typeof CAP_REASON | null {
  if (trunk.maxCalls !== null && load.calls >= trunk.maxCalls) return 'maxCalls';
  if (trunk.maxWaiting !== null && load.waiting >= trunk.maxWaiting) return 'maxWaiting';
  return null;
}

/** An INVITE from a carrier: from an allowed address, to a number of a tenant whose trunk is on. */
async function inbound(routing: SipRouting, invite: SipRequest, source: string) {
  const { stack, directory, log } = routing;
  const refuse = (status: number, reason: string, headers?: Partial<SipResponse['headers']>) => {
    routing.refusals.refuse(invite, status, reason, headers);
  };
  stack.send(makeResponse(invite, 100, 'Trying'));
  const did = userOf(invite.uri) || userOf(invite.headers.to.uri);
  let trunk = did ? await directory.byDid(did) : undefined;
  // The edge routed it here by what Redis holds: a DID saved on another node a moment ago is
  // read again (at most once a second), not refused until this node's copy ages out.
  if (did && !trunk && routing.edge && directory.refresh()) trunk = await directory.byDid(did);
  // The same answer whether the number is unknown or the address not allowed: a scanner
  // learns nothing about which numbers exist. Debug only: a flood would fill the log.
  if (!trunk?.enabled || !isAllowedSource(source, trunk.allowedSources)) {
    log.debug({ source, did }, 'an INVITE was refused: unknown number or address not allowed');
    refuse(403, 'Forbidden');
    return;
  }
  const callCentre = routing.placeInbound();
  if (!callCentre) {
    // The call centre is still starting: the carrier tries again, or another route.
    refuse(503, 'Service Unavailable', { 'retry-after': 5 });
    return;
  }
  let here: boolean;
  try {
    here = await callCentre.runsHere(trunk.tenantId);
  } catch (error) {
    log.warn({ err: error, tenant: trunk.tenantId }, 'the call centre could not take an inbound call');
    here = false;
  }
  if (!here) {
    // Another node runs the tenant (its lease moved after the edge looked): the edge asks Redis
    // again and sends the INVITE there (deploy/kamailio/kamailio.cfg, failure route).
    log.debug({ did, tenant: trunk.tenantId }, 'an INVITE for a tenant another node runs was sent back to the edge');
    refuse(503, 'Service Unavailable', { 'retry-after': 1, reason: NOT_HERE_REASON });
    return;
  }
  // Past a cap the caller hears busy, before the relay is asked for ports: a flood of calls to a
  // DID (spoofed from the carrier's address, say) takes the tenant's channels, not the node's.
  const full = capReached(trunk, trunkLoad(routing.dialogs.values(), trunk.tenantId));
  if (full) {
    log.debug({ did, tenant: trunk.tenantId, cap: full }, 'an INVITE was refused: the trunk is at its cap');
    refuse(486, 'Busy Here', { reason: CAP_REASON[full] });
    return;
  }
  const fromTag = invite.headers.from.params.tag;
  const relayCall: RelayCall = {
    callId: invite.headers['call-id'],
    fromTag: typeof fromTag === 'string' ? fromTag : '',
    toTag: newTag(),
  };
  const relay = routing.pickRelay();
  // An INVITE without SDP (a delayed offer): the agent's phone offers once it answers.
  let browserOffer: string | null = null;
  try {
    if (invite.content) browserOffer = await relay.trunkOffer(relayCall, invite.content);
  } catch (error) {
    log.warn({ err: error, did, relay: relay.address }, "rtpengine refused a carrier's offer");
    refuse(488, 'Not Acceptable Here');
    return;
  }
  const leg = answerTrunk({ ...routing.legs, relay }, trunk, invite, browserOffer, relayCall);
  const caller = userOf(invite.headers.from.uri) || 'anonymous';
  try {
    await callCentre.place(
      trunk.tenantId,
      caller,
      { did },
      { trunk: trunkName(trunk), connect: (callId, events) => leg.connect(callId, events) },
    );
  } catch (error) {
    log.warn({ err: error, tenant: trunk.tenantId }, 'the call centre could not take an inbound call');
    leg.refuse(503, 'Service Unavailable');
  }
}
