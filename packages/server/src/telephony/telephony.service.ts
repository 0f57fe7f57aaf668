// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the declarations of two untyped packages must travel with the server into every project that compiles it (web, softphone and e2e reach it through their tests)
/// <reference path="./vendor.d.ts" />
import type { FastifyBaseLogger } from 'fastify';
import { create, makeResponse, type SipRequest, type Stack } from 'sip';
import type { TelephonySettings } from '../config.js';
import type { Executor } from '../db/executor.js';
import {
  noTrunks,
  type OutsideLine,
  type PlaceInbound,
  type RunsTenant,
  type Trunks,
} from '../cti/engine/calls/outside-line.js';
import type { HostPort } from '../config.js';
import type { EdgeRoutes } from './edge-routes.js';
import { dialPlanJudge } from './dial-plan.js';
import { createRefusals } from './refusals.js';
import { createRelayPool, type RelayPool } from './relay-pool.js';
import { isResponse, plainNumber } from './sip-messages.js';
import { routeRequest, trunkName, type SipRouting } from './telephony-inbound.js';
import { dialTrunk } from './trunk-dial.js';
import { watchCarriers, type CarrierHealth } from './carrier-watch.js';
import { createTenantTrunks, createTrunkDirectory } from './trunk-directory.js';
import { DIALOG_CHECK_FACTOR, trunkLoad, type DialogHandler, type LegContext } from './trunk-leg.js';
import { listEnabledTrunks } from './trunk.data.js';
import { carrierHostsOf, type TrunkSettings } from './trunk-settings.js';
import type { SecretBox } from '../secret-box.js';
import { trunkPasswordContext } from './trunk-secrets.js';

export { trunkName } from './telephony-inbound.js';
export type { PlaceInbound } from '../cti/engine/calls/outside-line.js';

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

/**
 * The node's SIP side, as the call centre sees it (the port is the engine's: outside-line.ts), and
 * as the CMS shows a trunk: its carrier servers as this node last found them.
 */
export interface Telephony extends Trunks {
  carriers(trunk: TrunkSettings): CarrierHealth[];
}

/** A server without SIP_LISTEN and RTPENGINE_NG: every tenant is on the simulated network. */
export const noTelephony: Telephony = {
  ...noTrunks,
  carriers: (trunk) =>
    carrierHostsOf(trunk).map((host) => ({
      ...host,
      state: 'unchecked',
      roundTripMs: null,
      lastAnswerAt: null,
      since: null,
    })),
};

/**
 * The SIP stack on SIP_LISTEN (UDP and TCP): stray responses go to their dialog, requests to
 * `onRequest`; a request that throws is answered 500 (an ACK gets no answer).
 */
function createSipStack(
  sip: NonNullable<TelephonySettings['sip']>,
  dialogs: Map<string, DialogHandler>,
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>,
  onRequest: (request: SipRequest, source: string) => void,
): Stack {
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
  return stack;
}

/**
 * Behind the edge every request this node starts leaves through it (a loose route, RFC 3261
 * 16.12), so the carrier sees the edge's address and the edge keeps the dialog's route. In-dialog
 * requests already carry the route set the edge recorded.
 */
function throughEdge(stack: Stack, edge: HostPort | null): Stack {
  if (!edge) return stack;
  const route = {
    uri: `sip:${edge.host.includes(':') ? `[${edge.host}]` : edge.host}:${String(edge.port)};lr`,
    params: {},
  };
  return {
    send(message, onResponse) {
      if ('method' in message && (message.headers.route ?? []).length === 0) message.headers.route = [route];
      stack.send(message, onResponse);
    },
    destroy: () => {
      stack.destroy();
    },
  };
}

/**
 * The node's SIP user agent (UDP and TCP on SIP_LISTEN) and its rtpengine client: calls out on a
 * tenant's trunk, and INVITEs from carriers to a tenant's numbers in. The SIP stack is the `sip`
 * package (docs/TELEPHONY.md says why).
 */
export function createTelephony({
  settings,
  db,
  secrets,
  log,
  edgeRoutes = null,
}: {
  settings: TelephonySettings;
  /** Behind the edge with several nodes: where this node tells the edge its address and the trunks' routes. */
  edgeRoutes?: EdgeRoutes | null;
  db: Executor;
  /** Opens the trunk's password for digest authentication (checked at start: main.ts). */
  secrets: SecretBox | null;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error' | 'debug'>;
}): Telephony {
  const { sip } = settings;
  if (!sip || settings.relays.length === 0) return noTelephony;
  const dialogs = new Map<string, DialogHandler>();
  const relays = createRelayPool(settings.relays, log, () => dialogs.values());
  let placeInbound: { place: PlaceInbound; runsHere: RunsTenant } | null = null;
  const dialogCheck = setInterval(() => {
    for (const dialog of [...dialogs.values()]) dialog.checkDialog();
  }, settings.carrierCheckEveryMs * DIALOG_CHECK_FACTOR);
  dialogCheck.unref();

  const stack = throughEdge(
    createSipStack(sip, dialogs, log, (request, source) => {
      routeRequest(routing, request, source);
    }),
    settings.edge,
  );
  const carrierWatch = watchCarriers({
    stack,
    local: { host: sip.publicAddress, port: sip.port },
    log,
    trunks: () => listEnabledTrunks(db),
    everyMs: settings.carrierCheckEveryMs,
  });

  // Each call's context names the relay it was placed on (`relays.pick()`).
  const context: LegContext = {
    stack,
    relay: relays.pick(),
    local: { host: sip.publicAddress, port: sip.port },
    log,
    register: (callId, handler) => dialogs.set(callId, handler),
    forget: (callId) => dialogs.delete(callId),
  };
  const directory = createTrunkDirectory(db);
  const tenantTrunks = createTenantTrunks(db);
  const refusals = createRefusals(stack, sip);
  const routing: SipRouting = {
    stack,
    pickRelay: () => relays.pick(),
    directory,
    log,
    legs: context,
    dialogs,
    placeInbound: () => placeInbound,
    edge: settings.edge,
    refusals,
  };
  const edgeStarted =
    edgeRoutes
      ?.start({ address: `${sip.publicAddress}:${String(sip.port)}`, trunks: () => listEnabledTrunks(db), log })
      .catch((error: unknown) => {
        log.warn({ err: error }, "the SIP edge's routes could not be written to Redis; written again within a minute");
      }) ?? Promise.resolve();

  return {
    lineFor: (tenantId) => trunkLine({ tenantTrunks, secrets, dialogs, context, relays, carrierWatch }, tenantId),
    onInbound(place, runsHere) {
      placeInbound = { place, runsHere };
    },
    changed() {
      directory.changed();
      tenantTrunks.changed();
      void edgeRoutes?.republish();
      // A new or changed server is pinged now, not at the next round: the CMS shows it soon.
      void carrierWatch.checkNow();
    },
    carriers: (trunk) => carrierWatch.health(trunk),
    async health() {
      return { sip: `${sip.host}:${sip.port}`, relays: await relays.health(), carriers: carrierWatch.summary() };
    },
    async close() {
      await edgeStarted;
      await edgeRoutes?.close();
      carrierWatch.stop();
      clearInterval(dialogCheck);
      // Calls still up end towards their carriers, rather than lingering there until their media times out.
      for (const dialog of [...dialogs.values()]) dialog.shutdown();
      if (dialogs.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      stack.destroy();
      refusals.close();
      await relays.close();
    },
  };
}

/** A tenant's switched-on trunk as the engine's outside line; each call out goes to a relay of its own. */
async function trunkLine(
  parts: {
    tenantTrunks: ReturnType<typeof createTenantTrunks>;
    secrets: SecretBox | null;
    dialogs: Map<string, DialogHandler>;
    context: LegContext;
    relays: RelayPool;
    carrierWatch: ReturnType<typeof watchCarriers>;
  },
  tenantId: string,
): Promise<OutsideLine | null> {
  const { dialogs, context, relays, carrierWatch } = parts;
  const stored = await parts.tenantTrunks.of(tenantId);
  if (!stored?.enabled) return null;
  // In the clear only in memory, for the call's digest answers. A start checks every stored
  // password opens, so a failure here is a key changed under a running node: the call fails.
  const trunk = stored.password
    ? { ...stored, password: openPassword(parts.secrets, stored.password, tenantId) }
    : stored;
  return {
    trunk: trunkName(trunk),
    presents: (agentNumber) => presentedNumber(trunk, agentNumber),
    dialPlan: dialPlanJudge(trunk.dialPlan),
    atCallLimit: () => trunk.maxCalls !== null && trunkLoad(dialogs.values(), tenantId).calls >= trunk.maxCalls,
    // The engine sends what `presents` said; checked again, it stays what it is.
    dial: (call, events) =>
      dialTrunk(
        { ...context, relay: relays.pick() },
        trunk,
        { ...call, from: presentedNumber(trunk, call.from) },
        events,
        (host) => carrierWatch.isDown(trunk.transport, host),
      ),
  };
}

function openPassword(secrets: SecretBox | null, sealed: string, tenantId: string): string {
  if (!secrets) throw new Error(`The SIP trunk of "${tenantId}" has a password and this node has no SECRETS_KEY.`);
  return secrets.open(sealed, trunkPasswordContext(tenantId));
}
