import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, makeResponse, type Stack } from 'sip';
import { freeTcpAndUdpPort } from '../../test/free-port.js';
import { trunkSettings } from '../../test/trunk-fixture.js';
import { CARRIER_DOWN_AFTER_MISSES, watchCarriers, type CarrierWatch } from './carrier-watch.js';
import type { TrunkSettings } from './trunk-settings.js';

/**
 * The carrier servers' OPTIONS pings between two real SIP stacks on loopback: the node's, and a
 * carrier's that answers, refuses or falls silent; a port where a socket swallows every datagram
 * stands for a server that died.
 */

/** The carrier's side: another loopback address (the stack takes a request to its own address for one of its flows). */
const CARRIER_HOST = '127.0.0.2';

const trunk = (host: { port: number }, failover: { port: number }[]): TrunkSettings =>
  trunkSettings({
    host: CARRIER_HOST,
    port: host.port,
    allowedSources: ['127.0.0.1'],
    failoverHosts: failover.map(({ port }) => ({ host: CARRIER_HOST, port })),
    optionsPing: true,
  });

/** A carrier's SIP server: answers OPTIONS with `status` (null: falls silent), with a To tag or without. */
function carrierServer(port: number) {
  let status: number | null = 200;
  let tagged = true;
  const stack = create({ address: CARRIER_HOST, port, udp: true, tcp: false }, (request) => {
    if (status === null || request.method !== 'OPTIONS') return;
    const response = makeResponse(request, status, 'Whatever');
    if (tagged) response.headers.to = { ...response.headers.to, params: { ...response.headers.to.params, tag: 'c4r' } };
    stack.send(response);
  });
  return {
    answer(next: number | null, withTag = true) {
      status = next;
      tagged = withTag;
    },
    stop: () => {
      stack.destroy();
    },
  };
}

let node: Stack;
let carrier: ReturnType<typeof carrierServer>;
let carrierPort: number;
let blackHole: Socket;
let blackHolePort: number;
/** The pings that reached the dead server, by Call-ID (the stack sends each again until Timer F). */
const swallowed = new Set<string>();
const warnings: unknown[][] = [];
const infos: unknown[][] = [];

beforeAll(async () => {
  const nodePort = await freeTcpAndUdpPort();
  node = create({ address: '127.0.0.1', port: nodePort, udp: true, tcp: false }, () => undefined);
  carrierPort = await freeTcpAndUdpPort(CARRIER_HOST);
  carrier = carrierServer(carrierPort);
  blackHolePort = await freeTcpAndUdpPort(CARRIER_HOST);
  blackHole = createSocket('udp4');
  blackHole.on('message', (message) => {
    const text = message.toString();
    const callId = /^Call-ID:\s*(.*)$/im.exec(text)?.[1]?.trim();
    if (text.startsWith('OPTIONS ') && callId) swallowed.add(callId);
  });
  await new Promise<void>((resolve) => blackHole.bind(blackHolePort, CARRIER_HOST, resolve));
});

afterAll(() => {
  node.destroy();
  carrier.stop();
  blackHole.close();
});

function watching(trunks: TrunkSettings[]): CarrierWatch {
  return watchCarriers({
    stack: node,
    local: { host: '127.0.0.1', port: 5060 },
    log: { warn: (...args: unknown[]) => warnings.push(args), info: (...args: unknown[]) => infos.push(args) },
    trunks: () => Promise.resolve(trunks),
    // The tests drive each round themselves.
    everyMs: 3_600_000,
    answerWaitMs: 400,
  });
}

describe('carrier servers pinged with OPTIONS', () => {
  it('finds one that answers up with its round trip, and a silent one down after two missed pings, said once', async () => {
    warnings.length = 0;
    const watch = watching([trunk({ port: carrierPort }, [{ port: blackHolePort }])]);
    // Nothing is known before the first answer or silence.
    expect(watch.health(trunk({ port: carrierPort }, [])).map((server) => server.state)).toEqual(['unchecked']);
    // The watch checked once as it started; this is the second round.
    await watch.checkNow();
    const [first, second] = watch.health(trunk({ port: carrierPort }, [{ port: blackHolePort }]));
    expect(first).toMatchObject({ port: carrierPort, state: 'up', lastAnswerAt: expect.any(String) as unknown });
    expect(first?.roundTripMs).toBeGreaterThan(0);
    expect(second).toMatchObject({ port: blackHolePort, state: 'down', roundTripMs: null, lastAnswerAt: null });
    await watch.checkNow();
    expect(watch.isDown('udp', { host: CARRIER_HOST, port: blackHolePort })).toBe(true);
    expect(watch.isDown('udp', { host: CARRIER_HOST, port: carrierPort })).toBe(false);
    expect(watch.summary()).toEqual({ up: 1, down: 1, unchecked: 0, trunksUnreachable: 0 });
    const saidDown = warnings.filter((args) => String(args[1]).includes('does not answer OPTIONS'));
    expect(saidDown).toHaveLength(1);
    expect(saidDown[0]?.[0]).toMatchObject({ carrier: `${CARRIER_HOST}:${String(blackHolePort)}`, transport: 'udp' });
    watch.stop();
  });

  it('takes any answer as up (a server that refuses OPTIONS still answers), and says when a dead one is back', async () => {
    infos.length = 0;
    const only = trunk({ port: carrierPort }, []);
    const watch = watching([only]);
    carrier.answer(405);
    await watch.checkNow();
    expect(watch.health(only)[0]?.state).toBe('up');

    carrier.answer(null);
    // One missed ping is a blip, not a dead server: still up, its round trip unknown.
    await watch.checkNow();
    expect(watch.health(only)[0]).toMatchObject({ state: 'up', roundTripMs: null });
    for (let round = 1; round < CARRIER_DOWN_AFTER_MISSES; round += 1) await watch.checkNow();
    const [down] = watch.health(only);
    expect(down).toMatchObject({
      state: 'down',
      since: expect.any(String) as unknown,
      lastAnswerAt: expect.any(String) as unknown,
    });
    // Every server of the trunk is down: its calls out cannot be placed.
    expect(watch.summary()).toEqual({ up: 0, down: 1, unchecked: 0, trunksUnreachable: 1 });

    // Back, answering as some servers do, without a To tag: an answer all the same.
    carrier.answer(200, false);
    await watch.checkNow();
    expect(watch.health(only)[0]?.state).toBe('up');
    carrier.answer(200);
    expect(infos.filter((args) => String(args[1]).includes('answers again'))).toHaveLength(1);
    watch.stop();
  });

  it('forgets a server no trunk names any more, and counts nothing for no trunk', async () => {
    const trunks = [trunk({ port: blackHolePort }, [])];
    const watch = watching(trunks);
    for (let round = 0; round < CARRIER_DOWN_AFTER_MISSES; round += 1) await watch.checkNow();
    expect(watch.isDown('udp', { host: CARRIER_HOST, port: blackHolePort })).toBe(true);
    trunks.length = 0;
    await watch.checkNow();
    expect(watch.isDown('udp', { host: CARRIER_HOST, port: blackHolePort })).toBe(false);
    expect(watch.summary()).toEqual({ up: 0, down: 0, unchecked: 0, trunksUnreachable: 0 });
    watch.stop();
  });

  it('leaves a trunk whose pings are turned off alone: nothing sent, nothing counted', async () => {
    const quiet = { ...trunk({ port: blackHolePort }, []), optionsPing: false };
    const watch = watching([quiet]);
    for (let round = 0; round < CARRIER_DOWN_AFTER_MISSES; round += 1) await watch.checkNow();
    expect(watch.health(quiet)[0]?.state).toBe('unchecked');
    expect(watch.isDown('udp', { host: CARRIER_HOST, port: blackHolePort })).toBe(false);
    expect(watch.summary()).toEqual({ up: 0, down: 0, unchecked: 0, trunksUnreachable: 0 });
    watch.stop();
  });

  it('does not pile rounds up when a silent server makes each one outlast the period', async () => {
    const watch = watchCarriers({
      stack: node,
      local: { host: '127.0.0.1', port: 5060 },
      log: { warn: () => undefined, info: () => undefined },
      trunks: () => Promise.resolve([trunk({ port: blackHolePort }, [])]),
      everyMs: 20,
      answerWaitMs: 400,
    });
    // Pings of the tests before are still sent again by the stack: only new ones count.
    const before = new Set(swallowed);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    watch.stop();
    const pings = [...swallowed].filter((callId) => !before.has(callId));
    // A round every 400 ms, each waiting for its silent server, not one per 20 ms tick.
    expect(pings.length).toBeGreaterThanOrEqual(2);
    expect(pings.length).toBeLessThanOrEqual(4);
    // Nothing was left queued to run after the stop.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(swallowed.size - before.size).toBe(pings.length);
  });

  it('a name that does not resolve is a server that does not answer, not a crash', async () => {
    const unresolvable = { ...trunk({ port: 5060 }, []), host: 'carrier.invalid' };
    const watch = watching([unresolvable]);
    for (let round = 0; round < CARRIER_DOWN_AFTER_MISSES; round += 1) await watch.checkNow();
    expect(watch.health(unresolvable)[0]?.state).toBe('down');
    watch.stop();
  });
});
