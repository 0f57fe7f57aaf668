import type { FastifyBaseLogger } from 'fastify';
import { makeResponse, type SipRequest, type Stack } from 'sip';
import type { PlaceInbound } from '../cti/engine/calls/outside-line.js';
import type { MediaRelay, RelayCall } from './media-relay.js';
import { isAllowedSource, newTag, userOf, withTag } from './sip-messages.js';
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
  relay: MediaRelay;
  /** What rings where, in memory: a refused INVITE reads no database. */
  directory: TrunkDirectory;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error' | 'debug'>;
  legs: LegContext;
  dialogs: Map<string, DialogHandler>;
  /** Where inbound calls go; null until the call centre is up. */
  placeInbound(): PlaceInbound | null;
}

/** A request outside any transaction: to its dialog, a new INVITE in, or a stateless answer. */
export function routeRequest(routing: SipRouting, request: SipRequest, source: string) {
  const { stack, dialogs } = routing;
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
      ? makeResponse(request, 200, 'OK', { headers: { allow: 'INVITE, ACK, CANCEL, BYE, OPTIONS' } })
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
  const { stack, relay, directory, log } = routing;
  const reply = (status: number, reason: string) => {
    stack.send(makeResponse(invite, status, reason));
  };
  reply(100, 'Trying');
  const did = userOf(invite.uri) || userOf(invite.headers.to.uri);
  const trunk = did ? await directory.byDid(did) : undefined;
  // The same answer whether the number is unknown or the address not allowed: a scanner
  // learns nothing about which numbers exist. Debug only: a flood would fill the log.
  if (!trunk?.enabled || !isAllowedSource(source, trunk.allowedSources)) {
    log.debug({ source, did }, 'an INVITE was refused: unknown number or address not allowed');
    reply(403, 'Forbidden');
    return;
  }
  const placeInbound = routing.placeInbound();
  if (!invite.content || !placeInbound) {
    reply(488, 'Not Acceptable Here');
    return;
  }
  // Past a cap the caller hears busy, before the relay is asked for ports: a flood of calls to a
  // DID (spoofed from the carrier's address, say) takes the tenant's channels, not the node's.
  const full = capReached(trunk, trunkLoad(routing.dialogs.values(), trunk.tenantId));
  if (full) {
    log.debug({ did, tenant: trunk.tenantId, cap: full }, 'an INVITE was refused: the trunk is at its cap');
    const to = withTag(invite.headers.to, newTag());
    stack.send(makeResponse(invite, 486, 'Busy Here', { headers: { to, reason: CAP_REASON[full] } }));
    return;
  }
  const fromTag = invite.headers.from.params.tag;
  const relayCall: RelayCall = {
    callId: invite.headers['call-id'],
    fromTag: typeof fromTag === 'string' ? fromTag : '',
    toTag: newTag(),
  };
  let browserOffer: string;
  try {
    browserOffer = await relay.trunkOffer(relayCall, invite.content);
  } catch (error) {
    log.warn({ err: error, did }, "rtpengine refused a carrier's offer");
    reply(488, 'Not Acceptable Here');
    return;
  }
  const leg = answerTrunk(routing.legs, trunk, invite, browserOffer, relayCall);
  const caller = userOf(invite.headers.from.uri) || 'anonymous';
  try {
    await placeInbound(
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
