// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the declarations of two untyped packages must travel with the server into every project that compiles it (web, softphone and e2e reach it through their tests)
/// <reference path="./vendor.d.ts" />
import type { FastifyBaseLogger } from 'fastify';
import { create, makeResponse, type SipRequest, type Stack } from 'sip';
import type { TelephonySettings } from '../config.js';
import type { Executor } from '../db/executor.js';
import type { AttachedData } from '../cti/engine/calls/call-model.js';
import type { InboundLine, OutsideLine } from '../cti/engine/calls/outside-line.js';
import { createMediaRelay, type RelayCall } from './media-relay.js';
import { createNgClient } from './ng-client.js';
import { isAllowedSource, isResponse, newTag, plainNumber, userOf } from './sip-messages.js';
import { answerTrunk, dialTrunk, type DialogHandler, type LegContext } from './trunk-leg.js';
import { findTrunkByDid, loadTrunk } from './trunk.data.js';
import type { TrunkSettings } from './trunk-settings.js';

/** Where an accepted inbound call goes: the engine of the tenant (this node runs every tenant). */
export type PlaceInbound = (tenantId: string, from: string, data: AttachedData, line: InboundLine) => Promise<unknown>;

/** How call records and logs name a trunk (never with its credentials). */
export const trunkName = (trunk: Pick<TrunkSettings, 'host' | 'port' | 'transport'>) =>
  `sip:${trunk.host}:${trunk.port};transport=${trunk.transport}`;

/**
 * The number an outbound call presents: the agent's displayed number when the carrier allows it
 * (or the trunk lists none), else the trunk's first, since a carrier rejects or rewrites a
 * number it has not given the tenant.
 */
export function presentedNumber(trunk: Pick<TrunkSettings, 'displayNumbers'>, agentNumber: string): string {
  const [first] = trunk.displayNumbers;
  if (first === undefined) return agentNumber;
  const allowed = trunk.displayNumbers.some((number) => plainNumber(number) === plainNumber(agentNumber));
  return allowed ? agentNumber : first;
}

export interface Telephony {
  /** The tenant's trunk when it has one switched on; null: the simulated network. */
  lineFor(tenantId: string): Promise<OutsideLine | null>;
  /** Where inbound calls go; set once the call centre is up. */
  onInbound(place: PlaceInbound): void;
  close(): Promise<void>;
}

/** A server without SIP_LISTEN and RTPENGINE_NG: every tenant is on the simulated network. */
export const noTelephony: Telephony = {
  lineFor: () => Promise.resolve(null),
  onInbound: () => undefined,
  close: () => Promise.resolve(),
};

/**
 * The node's SIP user agent (UDP and TCP on SIP_LISTEN) and its rtpengine client: calls out on a
 * tenant's trunk, and INVITEs from carriers to a tenant's numbers in. The SIP stack is the `sip`
 * package (docs/TELEPHONY.md says why).
 */
export function createTelephony({
  settings,
  db,
  log,
}: {
  settings: TelephonySettings;
  db: Executor;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
}): Telephony {
  const { sip, relay: relayAddress } = settings;
  if (!sip || !relayAddress) return noTelephony;
  const ng = createNgClient(relayAddress);
  const relay = createMediaRelay(ng);
  const dialogs = new Map<string, DialogHandler>();
  let placeInbound: PlaceInbound | null = null;

  const stack: Stack = create(
    {
      address: sip.host,
      port: sip.port,
      publicAddress: sip.publicAddress,
      udp: true,
      tcp: true,
      logger: {
        recv(message) {
          // Responses no transaction claims (a 200 OK sent again) go to their dialog.
          if (isResponse(message)) {
            const dialog = dialogs.get(message.headers['call-id']);
            if (dialog && message.headers.cseq.method === 'INVITE' && message.status >= 200)
              dialog.onStrayResponse(message);
          }
        },
        error(error) {
          log.warn({ err: error }, 'SIP stack error');
        },
      },
    },
    (request, remote) => {
      try {
        onRequest(request, remote.address);
      } catch (error) {
        log.error({ err: error, method: request.method }, 'a SIP request could not be handled');
        if (request.method !== 'ACK') stack.send(makeResponse(request, 500, 'Server Internal Error'));
      }
    },
  );

  const context: LegContext = {
    stack,
    relay,
    local: { host: sip.publicAddress, port: sip.port },
    log,
    register: (callId, handler) => dialogs.set(callId, handler),
    forget: (callId) => dialogs.delete(callId),
  };

  function onRequest(request: SipRequest, source: string) {
    const callId = request.headers['call-id'];
    const dialog = dialogs.get(callId);
    if (dialog && (request.method !== 'INVITE' || typeof request.headers.to.params.tag === 'string')) {
      dialog.onRequest(request);
      return;
    }
    switch (request.method) {
      case 'INVITE':
        if (dialog) return; // a retransmission the transaction layer missed
        void inbound(request, source);
        return;
      case 'ACK':
        return;
      case 'OPTIONS':
        stack.send(makeResponse(request, 200, 'OK', { headers: { allow: 'INVITE, ACK, CANCEL, BYE, OPTIONS' } }));
        return;
      case 'BYE':
      case 'CANCEL':
        stack.send(makeResponse(request, 481, 'Call/Transaction Does Not Exist'));
        return;
      default:
        stack.send(makeResponse(request, 405, 'Method Not Allowed'));
    }
  }

  /** An INVITE from a carrier: from an allowed address, to a number of a tenant whose trunk is on. */
  async function inbound(invite: SipRequest, source: string) {
    const reply = (status: number, reason: string) => {
      stack.send(makeResponse(invite, status, reason));
    };
    reply(100, 'Trying');
    const did = userOf(invite.uri) || userOf(invite.headers.to.uri);
    const trunk = did ? await findTrunkByDid(db, did) : null;
    // The same answer whether the number is unknown or the address not allowed: a scanner
    // learns nothing about which numbers exist.
    if (!trunk?.enabled || !isAllowedSource(source, trunk.allowedSources)) {
      log.info({ source, did }, 'an INVITE was refused: unknown number or address not allowed');
      reply(403, 'Forbidden');
      return;
    }
    if (!invite.content || !placeInbound) {
      reply(488, 'Not Acceptable Here');
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
    const leg = answerTrunk(context, invite, browserOffer, relayCall);
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

  return {
    async lineFor(tenantId) {
      const trunk = await loadTrunk(db, tenantId);
      if (!trunk?.enabled) return null;
      return {
        trunk: trunkName(trunk),
        dial: (call, events) => dialTrunk(context, trunk, { ...call, from: presentedNumber(trunk, call.from) }, events),
      };
    },
    onInbound(place) {
      placeInbound = place;
    },
    async close() {
      // Calls still up end towards their carriers, rather than lingering there until their media times out.
      for (const dialog of [...dialogs.values()]) dialog.shutdown();
      if (dialogs.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      stack.destroy();
      await ng.close();
    },
  };
}
