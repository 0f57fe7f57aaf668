/**
 * A trunk with two carrier servers (docs/TELEPHONY.md, 'Failover servers'): the first a dead one
 * (a socket on the carrier's address that swallows every datagram, as a crashed server's host
 * does), the second baresip answering on its own. Without OPTIONS pings a call waits out the dead
 * server's silence and moves on; with them the dead server is found down and skipped, shown so by
 * cms/get_trunk and counted by /health; a trunk whose only server is down makes the node degraded.
 */
import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { cspViolations, launchBrowser, startServer, type RunningServer } from './harness.js';
import { callPhone, heardEvents, startEmbedAgent, type EmbedAgent } from './embed-agent.js';
import { FAR_HOST, freeSipPort, startFarEnd, startRtpengine, type FarEnd, type RunningRelay } from './telephony.js';
import { adminSession, type AdminSession } from './trunk-helpers.js';

const CALLED = '+8613700000009';

let relay: RunningRelay;
let server: RunningServer;
let browser: Browser;
let admin: AdminSession;
let agent: EmbedAgent;
let far: FarEnd;
let deadPort: number;
/** The dead server's host: every datagram it was sent, by SIP method. */
let dead: Socket;
const deadHeard: string[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

interface Carrier {
  host: string;
  port: number;
  state: string;
  round_trip_ms: number | null;
}

const trunkCarriers = async () =>
  ((await admin.call('cms/get_trunk', { tenant_id: admin.tenantId })).data as { carriers: Carrier[] }).carriers;

const health = async () =>
  (await (await fetch(`${server.origin}/dzfront/open/server/health`)).json()) as {
    status: string;
    telephony: { carriers: Record<string, number> };
  };

async function callStatus(): Promise<string | undefined> {
  const state = await callPhone<{ calls: { call_status: string }[] }>(agent, 'getState');
  return state.calls[0]?.call_status;
}

/** Calls the far end, waits for the talk, hangs up: how long the call took to be answered. */
async function callThrough(): Promise<number> {
  const started = Date.now();
  const { call_id: callId } = await callPhone<{ call_id: string }>(agent, 'dialOut', { number: CALLED });
  await expect.poll(callStatus, { timeout: 20_000 }).toBe('talking');
  const answeredMs = Date.now() - started;
  await callPhone(agent, 'hangUp', { call_id: callId });
  await expect
    .poll(async () => {
      const events = (await heardEvents(agent, 'callDataChange')) as { call: { call_id: string; outcome: string } }[];
      return events.filter((e) => e.call.call_id === callId).at(-1)?.call.outcome;
    })
    .toBe('completed');
  await callPhone(agent, 'setAgentStatus', { status: 'idle' });
  return answeredMs;
}

beforeAll(async () => {
  relay = await startRtpengine();
  cleanups.push(() => relay.stop());
  deadPort = await freeSipPort(FAR_HOST);
  dead = createSocket('udp4');
  dead.on('message', (message) => {
    deadHeard.push(message.toString().split(' ')[0] ?? '');
  });
  await new Promise<void>((resolve) => dead.bind(deadPort, FAR_HOST, resolve));
  cleanups.push(
    () =>
      new Promise((resolve) =>
        dead.close(() => {
          resolve(undefined);
        }),
      ),
  );
  far = await startFarEnd(CALLED, 1000);
  cleanups.push(() => far.stop());
  const sipPort = await freeSipPort();
  [server, browser] = await Promise.all([
    // Pinged every second, so a dead server is found within seconds.
    startServer({
      env: { SIP_LISTEN: `127.0.0.1:${String(sipPort)}`, RTPENGINE_NG: relay.ng, SIP_OPTIONS_EVERY: '1' },
    }),
    launchBrowser(['--autoplay-policy=no-user-gesture-required']),
  ]);
  cleanups.push(
    () => server.stop(),
    () => browser.close(),
  );
  admin = await adminSession(server.origin);
  agent = await startEmbedAgent(browser, server.origin, 'maria@demo.example.com');
  await callPhone(agent, 'login', { status: 'idle' });
});

afterAll(async () => {
  expect(cspViolations).toEqual([]);
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('a trunk whose first carrier server is dead', () => {
  it('without pings: the call waits out the dead server’s silence, then goes to the next and is answered', async () => {
    await admin.setTrunk({
      host: FAR_HOST,
      port: deadPort,
      failover_hosts: [{ host: FAR_HOST, port: far.port }],
      options_ping: false,
    });
    deadHeard.length = 0;
    const answeredMs = await callThrough();
    // The dead server was tried first (and sent its INVITE again while it stayed silent), never pinged.
    expect(deadHeard.filter((method) => method === 'INVITE').length).toBeGreaterThan(0);
    expect(deadHeard).not.toContain('OPTIONS');
    expect((await trunkCarriers()).map((carrier) => carrier.state)).toEqual(['unchecked', 'unchecked']);
    console.log(`[failover] no pings: answered by the second server ${String(answeredMs)} ms after the dial`);
  });

  it('with pings: the dead server is found down and skipped, the call goes straight to the next; get_trunk and /health say so', async () => {
    await admin.setTrunk({
      host: FAR_HOST,
      port: deadPort,
      failover_hosts: [{ host: FAR_HOST, port: far.port }],
      options_ping: true,
    });
    // The live one with the round trip of its last answer (a ping missed on a busy machine leaves it
    // up without one until the next).
    await expect
      .poll(
        async () =>
          (await trunkCarriers()).map(
            (carrier) => `${carrier.state}${carrier.round_trip_ms === null ? '' : ' answered'}`,
          ),
        { timeout: 15_000 },
      )
      .toEqual(['down', 'up answered']);
    expect(await health()).toMatchObject({
      status: 'ok',
      telephony: { carriers: { up: 1, down: 1, unchecked: 0, trunks_unreachable: 0 } },
    });
    deadHeard.length = 0;
    const answeredMs = await callThrough();
    // The call's INVITE went to the live server alone; the dead one is still pinged, to find it back.
    expect(deadHeard.filter((method) => method === 'INVITE')).toEqual([]);
    await expect.poll(() => deadHeard).toContain('OPTIONS');
    console.log(`[failover] with pings: answered ${String(answeredMs)} ms after the dial, the dead server skipped`);
  });

  it('a trunk whose every server is down makes the node degraded (still 200), and well again once one answers', async () => {
    await admin.setTrunk({ host: FAR_HOST, port: deadPort, failover_hosts: [], options_ping: true });
    await expect.poll(async () => (await health()).status, { timeout: 15_000 }).toBe('degraded');
    expect((await health()).telephony.carriers).toMatchObject({ down: 1, trunks_unreachable: 1 });
    await admin.setTrunk({ host: FAR_HOST, port: far.port, failover_hosts: [], options_ping: true });
    await expect.poll(async () => (await health()).status, { timeout: 15_000 }).toBe('ok');
  });

  it('refuses a failover server that is the trunk’s own, given twice, or the cloud’s metadata service', async () => {
    const base = { tenant_id: admin.tenantId, enabled: false, host: FAR_HOST, port: 5060, username: null };
    const refusals = await Promise.all(
      [
        [{ host: FAR_HOST, port: 5060 }],
        [
          { host: 'b.carrier.example', port: 5060 },
          { host: 'B.carrier.example', port: 5060 },
        ],
        [{ host: '169.254.169.254', port: 5060 }],
        [{ host: 'sip:b.carrier.example', port: 5060 }],
        [{ host: 'b.carrier.example', port: 0 }],
        Array.from({ length: 4 }, (_, at) => ({ host: `s${String(at)}.carrier.example`, port: 5060 })),
      ].map((failover_hosts) =>
        admin.call('cms/set_trunk', {
          ...base,
          allowed_sources: [],
          dids: [],
          display_numbers: [],
          failover_hosts,
        }),
      ),
    );
    expect(refusals.map((answer) => answer.code)).toEqual([40002, 40002, 40013, 40002, 40002, 40002]);
    const fields = refusals.map((answer) =>
      ((answer.data as { issues?: { field: string; reason: string }[] } | null)?.issues ?? []).map(
        (issue) => `${issue.field} ${issue.reason}`,
      ),
    );
    expect(fields[0]).toEqual(['failover_hosts.0.host duplicate']);
    expect(fields[1]).toEqual(['failover_hosts.1.host duplicate']);
    expect(refusals[2]?.data).toMatchObject({ field: 'failover_hosts.0.host' });
    expect(fields[3]).toEqual(['failover_hosts.0.host notAllowed']);
    expect(fields[4]?.[0]).toMatch(/^failover_hosts\.0\.port /);
    expect(fields[5]).toEqual(['failover_hosts tooBig']);
    for (const answer of refusals) expect(answer.message.length).toBeGreaterThan(10);
  });
});
