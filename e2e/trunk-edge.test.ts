/**
 * Several nodes behind the SIP edge (docs/TELEPHONY.md, "Several nodes behind an edge"): two
 * nodes on PostgreSQL and Redis, Debian's Kamailio with deploy/kamailio/kamailio.cfg in front,
 * rtpengine for the media, baresip as the carrier's telephone, an agent in Chromium. A caller
 * reaches the agent through the edge and the node that runs the tenant, both sides hear each
 * other; the agent's call out leaves through the edge; a flood from one address is banned while
 * a genuine call is answered; the owner killed, a new call reaches the node that took over.
 *
 * Each part has an address of its own on loopback, as hosts would: the edge 127.0.0.10, the
 * nodes 127.0.0.11 and .12, the carrier 127.0.0.2, a stranger 127.0.0.3.
 */
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callPhone, checkIn, heardEvents, startEmbedAgent, type EmbedAgent } from './embed-agent.js';
import { cspViolations, launchBrowser, startServer, type RunningServer } from './harness.js';
import { clusterEnv, createTestDatabase, type TestDatabase } from './faults/cti-kit.js';
import { startPrivateRedis, type PrivateRedis } from './faults/private-redis.js';
import {
  FAR_HOST,
  freeSipPort,
  sipp,
  startEdge,
  startFarEnd,
  startRtpengine,
  toneWav,
  type FarEnd,
  type RunningEdge,
  type RunningRelay,
} from './telephony.js';
import { callStatus, heardByAgent, receivedAudio, recordPeerConnections, signOut } from './trunk-audio-helpers.js';
import { adminSession, type AdminSession } from './trunk-helpers.js';

const AGENT_TONE = 440;
const FAR_TONE = 1000;
const DID = '+862100000000';
const CALLER = '+8613700000000';
const EDGE_HOST = '127.0.0.10';
const NODE_HOSTS = ['127.0.0.11', '127.0.0.12'] as const;
const STRANGER = '127.0.0.3';
const LEASE_MS = 5_000;
const PREFIX = `open-edge:${randomBytes(4).toString('hex')}:`;

let redis: PrivateRedis;
let database: TestDatabase;
/** Two rtpengines (RTPENGINE_NG lists both): each call goes to one that answers. */
let relays: RunningRelay[];
let edge: RunningEdge;
let browser: Browser;
let admin: AdminSession;
const nodes: RunningServer[] = [];
const nodeSip: string[] = [];
/** What afterAll undoes, latest first: beforeAll may fail half-way. */
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'open-trunk-edge-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const microphone = path.join(dir, 'agent-440.wav');
  await writeFile(microphone, toneWav(AGENT_TONE, 120, 48_000));
  [redis, database, ...relays] = await Promise.all([
    startPrivateRedis(),
    createTestDatabase('edge'),
    startRtpengine(),
    startRtpengine(),
  ]);
  cleanups.push(
    () => redis.close(),
    () => database.drop(),
    ...relays.map((relay) => () => relay.stop()),
  );
  for (const host of NODE_HOSTS) nodeSip.push(`${host}:${String(await freeSipPort(host))}`);
  edge = await startEdge({
    host: EDGE_HOST,
    redis: { host: '127.0.0.1', port: redis.port },
    prefix: PREFIX,
    nodes: nodeSip,
  });
  cleanups.push(() => edge.stop());
  browser = await launchBrowser([
    `--use-file-for-fake-audio-capture=${microphone}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
  cleanups.push(() => browser.close());
  // One after the other: the first start migrates and seeds the shared database.
  for (const sip of nodeSip) {
    const node = await startServer({
      env: {
        ...clusterEnv(database, redis.url, PREFIX, LEASE_MS),
        SIP_LISTEN: sip,
        RTPENGINE_NG: relays.map((relay) => relay.ng).join(','),
        SIP_EDGE: edge.address,
      },
    });
    nodes.push(node);
    cleanups.push(() => node.stop());
  }
  admin = await adminSession(nodes[0]?.origin ?? '');
  await admin.setTrunk({ host: FAR_HOST, port: 5060, allowed_sources: [FAR_HOST], dids: [DID] });
}, 120_000);

afterAll(async () => {
  expect(cspViolations).toEqual([]);
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Redis as the edge reads it: the node id in the tenant's lease, and the address it gave for it. */
async function ownerOfTenant(): Promise<{ node: string | null; sip: string | null }> {
  const client = new Redis(redis.url);
  try {
    const node = await client.get(`${PREFIX}lease:${admin.tenantId}`);
    return { node, sip: node ? await client.get(`${PREFIX}sip:node:${node}`) : null };
  } finally {
    client.disconnect();
  }
}

/** Agents a test opened: signed out after it, however it ended, so the next one's phone starts clean. */
const openAgents: EmbedAgent[] = [];

afterEach(async () => {
  for (const agent of openAgents.splice(0)) {
    await callPhone(agent, 'logout', {}).catch(() => undefined);
    await agent.context.close().catch(() => undefined);
  }
});

/** An agent signed in and checked in on `node`, its phone's connections recorded for getStats. */
async function agentOn(node: RunningServer, account: string): Promise<EmbedAgent> {
  const agent = await startEmbedAgent(browser, node.origin, account, 'en', recordPeerConnections);
  openAgents.push(agent);
  await checkIn(agent);
  return agent;
}

/** The far end rings the DID at the edge; the agent answers and both sides' audio flows. */
async function answeredThroughEdge(far: FarEnd, agent: EmbedAgent): Promise<void> {
  await far.command('dial', `sip:${DID}@${edge.address}`);
  await expect.poll(() => callStatus(agent), { timeout: 20_000 }).toBe('ringing');
  await callPhone(agent, 'answer', {});
  await expect.poll(async () => (await receivedAudio(agent)).packets, { timeout: 15_000 }).toBeGreaterThan(50);
}

/** Sequential calls to the documentation API for `ms`: their p50 and p95, in milliseconds. */
async function apiLatency(origin: string, ms: number): Promise<{ p50: number; p95: number; count: number }> {
  const times: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${origin}/dzfront/open/server/api/doc/get_version_info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), count: times.length };
}

/**
 * A stranger sends the edge INVITEs to the DID at `perSecond` for `ms`, each a new call (20 every
 * 10 ms); how many answers came back.
 */
async function inviteFlood(perSecond: number, ms: number): Promise<{ sent: number; answered: number }> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, STRANGER, resolve));
  let answered = 0;
  socket.on('message', () => (answered += 1));
  const { port } = socket.address();
  let sent = 0;
  const until = Date.now() + ms;
  const batch = Math.max(1, Math.round(perSecond / 100));
  while (Date.now() < until) {
    for (let i = 0; i < batch; i += 1) {
      const id = `${randomBytes(6).toString('hex')}-${String(sent)}`;
      const invite = [
        `INVITE sip:${DID}@${edge.address} SIP/2.0`,
        `Via: SIP/2.0/UDP ${STRANGER}:${String(port)};branch=z9hG4bK${id}`,
        `From: <sip:flood@${STRANGER}>;tag=${id}`,
        `To: <sip:${DID}@${EDGE_HOST}>`,
        `Call-ID: ${id}@${STRANGER}`,
        'CSeq: 1 INVITE',
        `Contact: <sip:flood@${STRANGER}:${String(port)}>`,
        'Max-Forwards: 70',
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n');
      socket.send(invite, edge.port, EDGE_HOST);
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.close();
  return { sent, answered };
}

describe('two nodes behind the edge', () => {
  it('a caller reaches the agent through the edge and the node that runs the tenant: both sides hear each other', async () => {
    const far = await startFarEnd(CALLER, FAR_TONE);
    try {
      const agent = await agentOn(nodes[0] as RunningServer, 'maria@demo.example.com');
      const owner = await ownerOfTenant();
      // The edge reads the owner's address where the node wrote it.
      expect(nodeSip).toContain(owner.sip);
      await answeredThroughEdge(far, agent);
      const offered = (await heardEvents(agent, 'callDataChange')) as { call: { caller: string } }[];
      expect(offered.at(-1)?.call.caller).toBe(CALLER);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const heard = await heardByAgent(agent, [AGENT_TONE, FAR_TONE]);
      expect(heard[FAR_TONE]).toBeGreaterThan(10 * (heard[AGENT_TONE] ?? 0));
      // The far end hangs up: its BYE follows the route the edge recorded, back to the node.
      await far.command('hangup');
      await expect.poll(() => callStatus(agent), { timeout: 10_000 }).not.toBe('talking');
      await signOut(agent);
    } finally {
      await far.stop();
    }
  }, 90_000);

  it('a carrier played by SIPp calls through the edge with a delayed offer: the agent hears its own voice echoed back, and the BYE follows the recorded route', async () => {
    await admin.setTrunk({ host: FAR_HOST, port: 5060, allowed_sources: [FAR_HOST], dids: [DID] });
    const agent = await agentOn(nodes[0] as RunningServer, 'maria@demo.example.com');
    const caller = sipp('caller-delayed-offer.xml', {
      port: await freeSipPort(FAR_HOST),
      target: edge.address,
      service: DID,
      extra: ['-mp', String(await freeSipPort(FAR_HOST)), '-rtp_echo'],
    });
    try {
      await expect.poll(() => callStatus(agent), { timeout: 20_000 }).toBe('ringing');
      await callPhone(agent, 'answer', {});
      await expect.poll(async () => (await receivedAudio(agent)).packets, { timeout: 15_000 }).toBeGreaterThan(50);
      const heard = await heardByAgent(agent, [AGENT_TONE, FAR_TONE]);
      expect(heard[AGENT_TONE]).toBeGreaterThan(10 * (heard[FAR_TONE] ?? 0));
      // SIPp's BYE went to the edge (its Record-Route), which took it to the node: a clean end.
      expect(await caller.exited, caller.output()).toBe(0);
      await expect.poll(() => callStatus(agent), { timeout: 10_000 }).toBeUndefined();
      await signOut(agent);
    } finally {
      await caller.stop();
    }
  }, 90_000);

  it("the agent's call out leaves through the edge: the carrier's telephone answers and hears the agent", async () => {
    const far = await startFarEnd('+8613800000001', FAR_TONE);
    try {
      await admin.setTrunk({ host: FAR_HOST, port: far.port, allowed_sources: [FAR_HOST], dids: [DID] });
      const agent = await agentOn(nodes[1] as RunningServer, 'maria@demo.example.com');
      await callPhone(agent, 'dialOut', { number: '+8613800000001' });
      await expect.poll(() => callStatus(agent), { timeout: 15_000 }).toBe('talking');
      await expect.poll(async () => (await receivedAudio(agent)).packets, { timeout: 10_000 }).toBeGreaterThan(50);
      // The edge carried it: the carrier saw the edge's address, not the node's.
      expect(edge.output()).toMatch(
        new RegExp(
          `a call out from node 127\\.0\\.0\\.1[12]:\\d+ to sip:\\+?8613800000001@${FAR_HOST}:${String(far.port)}`,
        ),
      );
      await callPhone(agent, 'hangUp', {});
      await expect.poll(() => far.output(), { timeout: 10_000 }).toMatch(/terminated/);
      await signOut(agent);
    } finally {
      await far.stop();
    }
  }, 90_000);

  it('a flood of INVITEs from one address is banned at the edge while a genuine call is answered', async () => {
    const far = await startFarEnd(CALLER, FAR_TONE);
    try {
      await admin.setTrunk({ host: FAR_HOST, port: far.port, allowed_sources: [FAR_HOST], dids: [DID] });
      const origin = (nodes[0] as RunningServer).origin;
      const agent = await agentOn(nodes[0] as RunningServer, 'maria@demo.example.com');
      const quiet = await apiLatency(origin, 3_000);
      const [flood, busy] = await Promise.all([
        inviteFlood(2_000, 4_000),
        apiLatency(origin, 3_000),
        answeredThroughEdge(far, agent),
      ]);
      console.log(
        `[edge] 2,000 INVITE/s from one address for 4 s (${String(flood.sent)} sent, ${String(flood.answered)} answered before the ban); ` +
          `doc API p50/p95 ${quiet.p50.toFixed(1)}/${quiet.p95.toFixed(1)} ms without the flood, ` +
          `${busy.p50.toFixed(1)}/${busy.p95.toFixed(1)} ms during it (load ${(await import('node:os')).loadavg()[0]?.toFixed(2) ?? '?'})`,
      );
      // The edge answered the first few (403: a stranger) and then nothing: banned.
      expect(flood.answered).toBeLessThan(flood.sent / 10);
      expect(edge.output()).toContain(`${STRANGER} floods the edge`);
      // The genuine call went on: audio both ways.
      const heard = await heardByAgent(agent, [AGENT_TONE, FAR_TONE]);
      expect(heard[FAR_TONE]).toBeGreaterThan(10 * (heard[AGENT_TONE] ?? 0));
      await callPhone(agent, 'hangUp', {});
      await signOut(agent);
    } finally {
      await far.stop();
    }
  }, 90_000);

  it('a relay killed: new calls go to the other relay, with audio both ways', async () => {
    const far = await startFarEnd(CALLER, FAR_TONE);
    const [dying] = relays as [RunningRelay, RunningRelay];
    try {
      await admin.setTrunk({ host: FAR_HOST, port: far.port, allowed_sources: [FAR_HOST], dids: [DID] });
      const agent = await agentOn(nodes[0] as RunningServer, 'maria@demo.example.com');
      await dying.crash();
      // Every node finds it dead within a check (5 s) and its 3 s wait.
      for (const node of nodes) {
        await expect
          .poll(async () => JSON.stringify(await (await fetch(`${node.origin}/dzfront/open/server/health`)).json()), {
            timeout: 15_000,
          })
          .toContain(`{"address":"${dying.ng}","answers":false`);
      }
      await answeredThroughEdge(far, agent);
      const heard = await heardByAgent(agent, [AGENT_TONE, FAR_TONE]);
      expect(heard[FAR_TONE]).toBeGreaterThan(10 * (heard[AGENT_TONE] ?? 0));
      await callPhone(agent, 'hangUp', {});
    } finally {
      await far.stop();
    }
  }, 90_000);

  it('the owner killed mid-call: the edge ends its call with a BYE, and a new call reaches the node that took the tenant over', async () => {
    const [early, later] = await Promise.all([startFarEnd(CALLER, FAR_TONE), startFarEnd('+8613700000009', FAR_TONE)]);
    try {
      await admin.setTrunk({ host: FAR_HOST, port: early.port, allowed_sources: [FAR_HOST], dids: [DID] });
      const first = await agentOn(nodes[0] as RunningServer, 'maria@demo.example.com');
      await answeredThroughEdge(early, first);
      const before = await ownerOfTenant();
      const ownerIndex = nodeSip.indexOf(before.sip ?? '');
      expect(ownerIndex).toBeGreaterThanOrEqual(0);
      const owner = nodes[ownerIndex] as RunningServer;
      const survivor = nodes[1 - ownerIndex] as RunningServer;
      const killedAt = Date.now();
      owner.process.kill('SIGKILL');
      await first.context.close();
      // An agent on the survivor: it takes the tenant once the dead node's lease has run out.
      const agent = await agentOn(survivor, 'lina@demo.example.com');
      await expect
        .poll(async () => (await ownerOfTenant()).sip, { timeout: 3 * LEASE_MS })
        .toBe(nodeSip[1 - ownerIndex]);
      await answeredThroughEdge(later, agent);
      const heard = await heardByAgent(agent, [AGENT_TONE, FAR_TONE]);
      expect(heard[FAR_TONE]).toBeGreaterThan(10 * (heard[AGENT_TONE] ?? 0));
      await callPhone(agent, 'hangUp', {});
      // The call on the dead node: the edge's keep-alive finds it gone (its first in-dialog OPTIONS
      // 30 s after the call began, then 10 s) and hangs up towards the carrier.
      await expect.poll(() => early.output(), { timeout: 70_000, interval: 1_000 }).toMatch(/terminated/);
      console.log(
        `[edge] the dead node's call ended at the carrier ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
      );
    } finally {
      await Promise.all([early.stop(), later.stop()]);
    }
  }, 150_000);

  it("Redis away: a carrier's INVITE is answered 503 (its number is not wrong), and the edge routes again once Redis is back", async () => {
    const carrier = createSocket('udp4');
    await new Promise<void>((resolve) => carrier.bind(0, FAR_HOST, resolve));
    const answerTo = (method: string) =>
      new Promise<string>((resolve) => {
        const id = randomBytes(6).toString('hex');
        const timer = setTimeout(() => {
          carrier.off('message', onAnswer);
          resolve('no answer within 5 s');
        }, 5_000);
        const onAnswer = (message: Buffer) => {
          const status = message.toString().split('\r\n')[0] ?? '';
          if (!message.toString().includes(`Call-ID: ${id}@`) || / 1\d\d /.test(status)) return;
          clearTimeout(timer);
          carrier.off('message', onAnswer);
          resolve(status);
        };
        carrier.on('message', onAnswer);
        const { port } = carrier.address();
        carrier.send(
          [
            `${method} sip:${DID}@${edge.address} SIP/2.0`,
            `Via: SIP/2.0/UDP ${FAR_HOST}:${String(port)};branch=z9hG4bK${id}`,
            `From: <sip:${CALLER}@${FAR_HOST}>;tag=${id}`,
            `To: <sip:${DID}@${EDGE_HOST}>`,
            `Call-ID: ${id}@${FAR_HOST}`,
            `CSeq: 1 ${method}`,
            'Max-Forwards: 70',
            'Content-Length: 0',
            '',
            '',
          ].join('\r\n'),
          edge.port,
          EDGE_HOST,
        );
      });
    try {
      expect(await answerTo('OPTIONS')).toBe('SIP/2.0 200 OK');
      await redis.stop('SIGKILL');
      expect(await answerTo('INVITE')).toBe('SIP/2.0 503 Service Unavailable');
      expect(edge.output()).toContain('edge: Redis cannot be read');
      // Back empty, as a Redis without persistence restarts: the nodes write their routes again.
      await redis.start();
      // Polled as a carrier pings (not faster than the edge's flood limit).
      await expect.poll(() => answerTo('OPTIONS'), { timeout: 3 * LEASE_MS, interval: 500 }).toBe('SIP/2.0 200 OK');
    } finally {
      carrier.close();
    }
  }, 60_000);
});
