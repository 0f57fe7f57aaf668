import type { FastifyBaseLogger } from 'fastify';
import type { SipRequest, SipResponse, Stack } from 'sip';
import type { CarrierHost, CarrierState } from '@open/protocol/trunk';
import { localUri, newCallId, newTag, serverUri } from './sip-messages.js';
import { USER_AGENT } from './trunk-leg.js';
import { carrierHostsOf, type TrunkSettings, type TrunkTransport } from './trunk-settings.js';

/** An OPTIONS not answered within this is a miss (the stack itself would wait Timer F, 32 s). */
export const CARRIER_ANSWER_WAIT_MS = 3_000;
/**
 * Misses in a row before a carrier server is down: one lost datagram skips nothing; two are
 * between one and two check periods of silence.
 */
export const CARRIER_DOWN_AFTER_MISSES = 2;

/** A carrier server as this node last found it. */
export interface CarrierHealth extends CarrierHost {
  state: CarrierState;
  roundTripMs: number | null;
  lastAnswerAt: string | null;
  /** When the state last changed (ISO 8601); null while unchecked. */
  since: string | null;
}

interface Found {
  state: CarrierState;
  roundTripMs: number | null;
  lastAnswerAt: string | null;
  since: string | null;
  misses: number;
}

export interface CarrierWatch {
  /** The trunk's carrier servers in its order, each as last found. */
  health(trunk: Pick<TrunkSettings, 'host' | 'port' | 'transport' | 'failoverHosts'>): CarrierHealth[];
  /** Whether the server missed its last CARRIER_DOWN_AFTER_MISSES pings (unchecked is not down). */
  isDown(transport: TrunkTransport, host: CarrierHost): boolean;
  /** Over every switched-on trunk's servers as last checked: for `/health`, which names no carrier. */
  summary(): CarrierSummary;
  /** Checks every switched-on trunk's servers now (a trunk saved, or the first check). */
  checkNow(): Promise<void>;
  stop(): void;
}

export interface CarrierSummary {
  up: number;
  down: number;
  unchecked: number;
  /** Switched-on trunks whose every server is down: their calls out cannot be placed. */
  trunksUnreachable: number;
}

const keyOf = (transport: TrunkTransport, { host, port }: CarrierHost) => `${transport}|${host.toLowerCase()}|${port}`;

/**
 * A response the carrier sent, not one the SIP stack made up: the stack answers a request it could
 * not deliver with its own 408, 503, 404 or 430, which have no To tag (RFC 3261 8.2.6.2: a final
 * response from a server has one, though some send a 200 to OPTIONS without).
 */
const fromTheCarrier = (response: SipResponse) =>
  typeof response.headers.to.params.tag === 'string' || ![408, 503, 404, 430].includes(response.status);

/**
 * One OPTIONS to a carrier server from the node at `local`: the round trip of the server's answer
 * in milliseconds, or null when none came within `answerWaitMs`.
 */
function pingServer(
  stack: Pick<Stack, 'send'>,
  local: { host: string; port: number },
  transport: TrunkTransport,
  host: CarrierHost,
  answerWaitMs: number,
): Promise<number | null> {
  const uri = serverUri({ ...host, transport });
  const request: SipRequest = {
    method: 'OPTIONS',
    uri,
    headers: {
      to: { uri, params: {} },
      from: { uri: localUri(local.host, local.port, 'ping', transport), params: { tag: newTag() } },
      'call-id': newCallId(local.host),
      cseq: { method: 'OPTIONS', seq: 1 },
      via: [],
      'max-forwards': 70,
      contact: [{ uri: localUri(local.host, local.port, 'ping', transport), params: {} }],
      accept: 'application/sdp',
      'user-agent': USER_AGENT,
    },
  };
  const started = performance.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(null);
    }, answerWaitMs);
    try {
      stack.send(request, (response) => {
        if (!fromTheCarrier(response)) return;
        clearTimeout(timer);
        resolve(Math.round((performance.now() - started) * 10) / 10);
      });
    } catch {
      // A name that does not resolve or a socket that cannot open: no answer, as from a dead server.
      clearTimeout(timer);
      resolve(null);
    }
  });
}

/**
 * What a server is after one more ping (`roundTripMs` null: no answer), said in the log when it
 * goes down or comes back.
 */
function nextFound(
  was: Found | undefined,
  roundTripMs: number | null,
  at: string,
  { host, transport }: { host: CarrierHost; transport: TrunkTransport },
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Found {
  const record: Found = was ?? { state: 'unchecked', roundTripMs: null, lastAnswerAt: null, since: null, misses: 0 };
  const where = { carrier: `${host.host}:${host.port}`, transport };
  if (roundTripMs !== null) {
    if (record.state === 'down') log.info(where, 'a carrier server answers again');
    if (record.state !== 'up') record.since = at;
    return Object.assign(record, { state: 'up', roundTripMs, lastAnswerAt: at, misses: 0 });
  }
  record.misses += 1;
  record.roundTripMs = null;
  if (record.misses >= CARRIER_DOWN_AFTER_MISSES && record.state !== 'down') {
    log.warn({ ...where, missed: record.misses }, 'a carrier server does not answer OPTIONS: calls try the next one');
    Object.assign(record, { state: 'down', since: at });
  }
  return record;
}

/** Each server once over the trunks, and the trunks whose every server is down. */
function summarise(
  trunks: readonly TrunkSettings[],
  health: (trunk: TrunkSettings) => CarrierHealth[],
): CarrierSummary {
  const summary: CarrierSummary = { up: 0, down: 0, unchecked: 0, trunksUnreachable: 0 };
  const counted = new Set<string>();
  for (const trunk of trunks) {
    const servers = health(trunk);
    if (servers.every((server) => server.state === 'down')) summary.trunksUnreachable += 1;
    for (const server of servers) {
      const key = keyOf(trunk.transport, server);
      if (counted.has(key)) continue;
      counted.add(key);
      summary[server.state] += 1;
    }
  }
  return summary;
}

/**
 * Sends an OPTIONS to each carrier server of every switched-on trunk, every `everyMs`, and keeps
 * what came back: any answer from the server (200, or a 403 or 405 from one that does not like
 * OPTIONS) says it is up, with its round trip; CARRIER_DOWN_AFTER_MISSES pings without one in a
 * row say it is down. A call out tries the servers that are not down first (trunk-dial.ts); the
 * CMS and `/health` show the states. The log says when a server goes down and when it is back,
 * once each.
 */
export function watchCarriers({
  stack,
  local,
  log,
  trunks,
  everyMs,
  answerWaitMs = CARRIER_ANSWER_WAIT_MS,
  now = () => new Date(),
}: {
  stack: Pick<Stack, 'send'>;
  local: { host: string; port: number };
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** The switched-on trunks, read again at each check; those with `optionsPing` off are left alone. */
  trunks: () => Promise<TrunkSettings[]>;
  everyMs: number;
  answerWaitMs?: number;
  now?: () => Date;
}): CarrierWatch {
  const records = new Map<string, Found>();
  let stopped = false;

  function note(transport: TrunkTransport, host: CarrierHost, roundTripMs: number | null) {
    const key = keyOf(transport, host);
    records.set(key, nextFound(records.get(key), roundTripMs, now().toISOString(), { host, transport }, log));
  }

  let current: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let watched: TrunkSettings[] = [];
  async function checkAll(): Promise<void> {
    if (stopped) return;
    let list: TrunkSettings[];
    try {
      list = await trunks();
    } catch (error) {
      log.warn({ err: error }, 'the trunks to check could not be read');
      return;
    }
    watched = list.filter((trunk) => trunk.optionsPing);
    const targets = new Map<string, { transport: TrunkTransport; host: CarrierHost }>();
    for (const trunk of list.filter((each) => each.optionsPing))
      for (const host of carrierHostsOf(trunk))
        targets.set(keyOf(trunk.transport, host), { transport: trunk.transport, host });
    // A server no trunk names any more is forgotten, so a later trunk starts from unchecked.
    for (const key of records.keys()) if (!targets.has(key)) records.delete(key);
    await Promise.all(
      [...targets.values()].map(async ({ transport, host }) => {
        const answer = await pingServer(stack, local, transport, host, answerWaitMs);
        if (!stopped) note(transport, host, answer);
      }),
    );
  }

  /**
   * One round at a time, and at most one waiting behind it: a save during a round is checked in
   * the next one, and a round that outlasts the period (a silent server takes CARRIER_ANSWER_WAIT_MS)
   * is not piled up behind by the timer.
   */
  function checkNow(): Promise<void> {
    if (current === null) {
      current = checkAll().finally(() => {
        current = null;
      });
      return current;
    }
    next ??= current.then(() => {
      next = null;
      return checkNow();
    });
    return next;
  }

  function health(trunk: Pick<TrunkSettings, 'host' | 'port' | 'transport' | 'failoverHosts'>): CarrierHealth[] {
    return carrierHostsOf(trunk).map((host) => {
      const record = records.get(keyOf(trunk.transport, host));
      return {
        ...host,
        state: record?.state ?? 'unchecked',
        roundTripMs: record?.roundTripMs ?? null,
        lastAnswerAt: record?.lastAnswerAt ?? null,
        since: record?.since ?? null,
      };
    });
  }

  void checkNow();
  const timer = setInterval(() => {
    if (!stopped && current === null) void checkNow();
  }, everyMs);
  timer.unref();

  return {
    health,
    summary: () => summarise(watched, health),
    isDown(transport, host) {
      return records.get(keyOf(transport, host))?.state === 'down';
    },
    checkNow,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
