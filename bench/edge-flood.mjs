#!/usr/bin/env node
// @ts-check
// A SIP flood against a node behind the edge (issue #39, item 3): Debian's Kamailio with
// deploy/kamailio/kamailio.cfg in front of the built server (PostgreSQL and Redis, SIP_EDGE),
// Debian's rtpengine. Five windows, each measured the same way: the documentation API's latency
// (two clients calling doc/get_version_info in a loop), the agents' socket (the four demo agents
// asking getState every 50 ms), the node's memory and the CPU of the node and of the edge, with
//   1. nothing else: the reference every other window is compared with, in the same run;
//   2. 2,000 INVITE/s from one address and 100 INVITE/s "from the carrier's address" (what a
//      spoofer on UDP can send) to the tenant's DID, through the edge;
//   3. nothing again (does the node give its memory back);
//   4. the same INVITEs sent to a port nothing listens on: what generating them costs this
//      machine's cores, the fair reference for window 2 on one machine;
//   5. the same 2,000 INVITE/s sent straight at the node's own SIP port: what the edge spares it.
// The INVITEs come from a worker thread of this script on 127.0.0.3 (the stranger) and 127.0.0.2
// (the carrier); everything shares this machine's cores, which the load average printed says.
// Run: npm run build && node bench/edge-flood.mjs
// BENCH_WINDOW_S (default 10): seconds per window. BENCH_FLOOD (2000), BENCH_SPOOFED (100): rates.
import { createSocket } from 'node:dgram';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import {
  API_PREFIX,
  cpuMillis,
  requireBuiltServer,
  root,
  SERVER,
  startServer,
  withPostgresSchema,
  writeSummary,
} from './lib.mjs';
import { watchLoad } from './load.mjs';
import { admin, freeUdpPort, startRelay } from './trunk/parts.mjs';

const WINDOW_MS = Number(process.env.BENCH_WINDOW_S ?? 10) * 1000;
const FLOOD = Number(process.env.BENCH_FLOOD ?? 2000);
const SPOOFED = Number(process.env.BENCH_SPOOFED ?? 100);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `bench-edge:${randomBytes(4).toString('hex')}:`;
const DID = '+862100000000';
const EDGE_HOST = '127.0.0.10';
const NODE_HOST = '127.0.0.11';
const CARRIER = '127.0.0.2';
const STRANGER = '127.0.0.3';
const AGENTS = ['maria', 'chenjie', 'lina', 'wangwei'].map((name) => `${name}@demo.example.com`);

requireBuiltServer();
/** The agents' sockets are being closed on purpose: their close is no failure. */
let closing = false;

/** Debian's Kamailio with the deployment's configuration, in the foreground. @param {string} node */
async function startEdge(node) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-edge-'));
  await writeFile(path.join(dir, 'nodes.list'), `1 sip:${node}\n`);
  const port = await freeUdpPort(EDGE_HOST);
  const redis = new URL(REDIS_URL);
  const child = spawn(
    '/usr/sbin/kamailio',
    ['-DD', '-E', '-m', '64', '-M', '8', '-f', path.join(root, 'deploy/kamailio/kamailio.cfg'), '-Y', dir],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        EDGE_LISTEN_UDP: `udp:${EDGE_HOST}:${port}`,
        EDGE_LISTEN_TCP: `tcp:${EDGE_HOST}:${port}`,
        EDGE_REDIS: `name=r;addr=${redis.hostname};port=${redis.port || '6379'}`,
        EDGE_PREFIX: PREFIX,
        EDGE_NODES: path.join(dir, 'nodes.list'),
      },
    },
  );
  process.once('exit', () => child.kill('SIGKILL'));
  edgePid = child.pid ?? 0;
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  await sleep(1500);
  if (child.exitCode !== null) throw new Error(`kamailio exited: ${output}`);
  return {
    port,
    output: () => output,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** @param {number} pid */
const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
};

/** @param {number[]} times */
function quantiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (/** @type {number} */ q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95) };
}

/** The API's answer times over `ms`, from `clients` loops. @param {string} origin @param {number} ms */
async function apiTimes(origin, ms, clients = 2) {
  /** @type {number[]} */
  const times = [];
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const response = await fetch(`${origin}${API_PREFIX}doc/get_version_info`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
    }),
  );
  return quantiles(times);
}

/** The demo agents' sockets, signed in, answering `getState`. @param {string} origin */
async function openAgents(origin) {
  const url = `${origin.replace('http', 'ws')}/dzfront/open/server/cti`;
  return Promise.all(
    AGENTS.map(async (account) => {
      const login = await fetch(`${origin}${API_PREFIX}basic/get_login_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account, password: 'agent@open' }),
      });
      const token = /** @type {{ data: { token: string } }} */ (await login.json()).data.token;
      const ws = new WebSocket(url, { perMessageDeflate: false });
      /** @type {Map<string, () => void>} */
      const pending = new Map();
      await new Promise((resolve, reject) => {
        ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
        ws.on('message', (data) => {
          const frame = JSON.parse(data.toString());
          if (frame.type === 'ready') resolve(undefined);
          if (frame.type === 'res') pending.get(frame.id)?.();
        });
        ws.once('error', reject);
        ws.once('close', (code) => {
          if (!closing) throw new Error(`an agent's socket closed (${code}): the measurement would stall`);
        });
      });
      let seq = 0;
      return {
        ws,
        /** One getState, answered: its time in ms. */
        ask() {
          const id = `b${(seq += 1)}`;
          const started = performance.now();
          return new Promise((resolve) => {
            pending.set(id, () => {
              pending.delete(id);
              resolve(performance.now() - started);
            });
            ws.send(JSON.stringify({ type: 'req', id, method: 'getState', params: {} }));
          });
        },
      };
    }),
  );
}

/**
 * Each agent asks every 50 ms, as a busy phone might: the socket allows 50 frames a second
 * (ctiLimits) and closes one that sends more.
 * @param {Awaited<ReturnType<typeof openAgents>>} agents @param {number} ms
 */
async function socketTimes(agents, ms) {
  /** @type {number[]} */
  const times = [];
  const until = Date.now() + ms;
  await Promise.all(
    agents.map(async (agent) => {
      while (Date.now() < until) {
        times.push(/** @type {number} */ (await agent.ask()));
        await sleep(50);
      }
    }),
  );
  return quantiles(times);
}

/**
 * INVITEs at `rate` a second for `ms` from a worker thread on `from` to `host:port`; how many
 * were sent and how many answers (of any kind) came back.
 * @param {{ from: string, host: string, port: number, rate: number, ms: number }} flood
 * @returns {Promise<{ sent: number, answered: number, statuses: Record<string, number> }>}
 */
function flood(flood) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { flood, DID } });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** A window: the API, the sockets and the node's memory, with `during` running alongside. */
async function measure(
  /** @type {string} */ origin,
  /** @type {any} */ agents,
  /** @type {number} */ pid,
  during = Promise.resolve(/** @type {any} */ (null)),
) {
  const [cpuBefore, edgeBefore] = await Promise.all([cpuMillis(pid), edgeCpuMillis()]);
  const [api, socket, sent] = await Promise.all([apiTimes(origin, WINDOW_MS), socketTimes(agents, WINDOW_MS), during]);
  const [cpuAfter, edgeAfter] = await Promise.all([cpuMillis(pid), edgeCpuMillis()]);
  // CPU over the window and the flood's last second, in cores: what the node (and the edge) spent.
  const seconds = WINDOW_MS / 1000;
  return {
    api,
    socket,
    rssMb: rssMb(pid),
    flood: sent,
    nodeCores: (cpuAfter - cpuBefore) / 1000 / seconds,
    edgeCores: (edgeAfter - edgeBefore) / 1000 / seconds,
  };
}

/** Kamailio's processes (the main one and its children), their CPU so far in milliseconds. */
let edgePid = 0;
async function edgeCpuMillis() {
  if (edgePid === 0) return 0;
  const children = readFileSync(`/proc/${edgePid}/task/${edgePid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const times = await Promise.all([edgePid, ...children.map(Number)].map((pid) => cpuMillis(pid).catch(() => 0)));
  return times.reduce((sum, ms) => sum + ms, 0);
}

async function main() {
  const relay = await startRelay();
  const nodeSip = `${NODE_HOST}:${await freeUdpPort(NODE_HOST)}`;
  const edge = await startEdge(nodeSip);
  try {
    await withPostgresSchema(async (databaseUrl) => {
      const server = await startServer(SERVER, {
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_PREFIX: PREFIX,
        SIP_LISTEN: nodeSip,
        RTPENGINE_NG: relay.ng,
        SIP_EDGE: `${EDGE_HOST}:${edge.port}`,
      });
      try {
        const { call, tenantId } = await admin(server.url);
        // Caps as an operator sets them: what spoofed INVITEs can take is the tenant's, not the node's.
        await call('cms/set_trunk', {
          tenant_id: tenantId,
          enabled: true,
          host: CARRIER,
          port: 5060,
          transport: 'udp',
          username: '',
          allowed_sources: [CARRIER],
          dids: [DID],
          display_numbers: [],
          dial_plan: { country: 'CN' },
          failover_hosts: [],
          options_ping: false,
          max_calls: 20,
          max_waiting: 10,
        });
        const agents = await openAgents(server.url);
        // A first window thrown away: the node's first requests (caches, JIT) would make the reference look slow.
        await Promise.all([apiTimes(server.url, 3000), socketTimes(agents, 3000)]);
        const done = watchLoad('the four windows');
        const quiet = await measure(server.url, agents, server.pid);
        const throughEdge = await measure(
          server.url,
          agents,
          server.pid,
          Promise.all([
            flood({ from: STRANGER, host: EDGE_HOST, port: edge.port, rate: FLOOD, ms: WINDOW_MS }),
            flood({ from: CARRIER, host: EDGE_HOST, port: edge.port, rate: SPOOFED, ms: WINDOW_MS }),
          ]),
        );
        const after = await measure(server.url, agents, server.pid);
        // The same INVITEs to a port nothing listens on: what sending them costs this machine,
        // with neither the edge nor the node doing anything (the kernel's ICMP aside).
        const closedPort = await freeUdpPort('127.0.0.9');
        const generatorOnly = await measure(
          server.url,
          agents,
          server.pid,
          Promise.all([
            flood({ from: STRANGER, host: '127.0.0.9', port: closedPort, rate: FLOOD, ms: WINDOW_MS }),
            flood({ from: CARRIER, host: '127.0.0.9', port: closedPort, rate: SPOOFED, ms: WINDOW_MS }),
          ]),
        );
        const [nodeHost, nodePort] = nodeSip.split(':');
        const straight = await measure(
          server.url,
          agents,
          server.pid,
          flood({ from: '127.0.0.4', host: nodeHost ?? NODE_HOST, port: Number(nodePort), rate: FLOOD, ms: WINDOW_MS }),
        );
        const load = done();
        closing = true;
        for (const agent of agents) agent.ws.close();
        const row = (/** @type {string} */ name, /** @type {any} */ w) =>
          `${name.padEnd(44)} API p50/p95 ${w.api.p50.toFixed(1)}/${w.api.p95.toFixed(1)} ms (${(w.api.p95 / quiet.api.p95).toFixed(2)}x)  ` +
          `socket p50/p95 ${w.socket.p50.toFixed(1)}/${w.socket.p95.toFixed(1)} ms (${(w.socket.p95 / quiet.socket.p95).toFixed(2)}x)  RSS ${w.rssMb.toFixed(0)} MB  ` +
          `CPU node ${w.nodeCores.toFixed(2)} / edge ${w.edgeCores.toFixed(2)} cores`;
        console.log(`\nedge-flood: ${WINDOW_MS / 1000} s windows, node on PostgreSQL and Redis behind Kamailio`);
        console.log(row('1. quiet (the reference)', quiet));
        console.log(row(`2. ${FLOOD}/s stranger + ${SPOOFED}/s spoofed, at the edge`, throughEdge));
        console.log(row('3. quiet again', after));
        console.log(row('4. the same INVITEs to a closed port', generatorOnly));
        console.log(row(`5. ${FLOOD}/s stranger straight at the node`, straight));
        console.log(
          `   the flood at the edge against the same INVITEs sent nowhere (window 2 / window 4): API p95 ${(throughEdge.api.p95 / generatorOnly.api.p95).toFixed(2)}x, socket p95 ${(throughEdge.socket.p95 / generatorOnly.socket.p95).toFixed(2)}x`,
        );
        const [stranger, spoofed] = throughEdge.flood;
        console.log(
          `   at the edge: stranger ${stranger.sent} sent, ${stranger.answered} answered (${JSON.stringify(stranger.statuses)}); ` +
            `spoofed ${spoofed.sent} sent, answers ${JSON.stringify(spoofed.statuses)}`,
        );
        console.log(`   at the node: ${straight.flood.sent} sent, answers ${JSON.stringify(straight.flood.statuses)}`);
        console.log(`   the edge banned: ${/floods the edge/.test(edge.output()) ? 'yes' : 'no'}`);
        writeSummary(
          'edge-flood',
          [
            {
              figure: 'API p95 while the edge takes a flood',
              ours: throughEdge.api.p95,
              reference: quiet.api.p95,
              unit: 'ms',
              better: 'lower',
            },
            {
              figure: 'socket p95 while the edge takes a flood',
              ours: throughEdge.socket.p95,
              reference: quiet.socket.p95,
              unit: 'ms',
              better: 'lower',
            },
            {
              figure: 'API p95 with the flood straight at the node',
              ours: straight.api.p95,
              reference: quiet.api.p95,
              unit: 'ms',
              better: 'lower',
            },
            {
              figure: 'API p95 at the edge vs the same INVITEs sent nowhere',
              ours: throughEdge.api.p95,
              reference: generatorOnly.api.p95,
              unit: 'ms',
              better: 'lower',
            },
          ],
          load,
        );
      } finally {
        await server.stop();
      }
    });
  } finally {
    await edge.stop();
    await relay.client.close();
    await relay.stop();
  }
}

// The worker: one flood, then its counts back to the main thread.
const { isMainThread, parentPort, workerData } = await import('node:worker_threads');
if (isMainThread) {
  await main();
} else {
  const { flood: f, DID: did } = workerData;
  const socket = createSocket('udp4');
  await new Promise((resolve) => socket.bind(0, f.from, () => resolve(undefined)));
  const { port } = socket.address();
  /** @type {Record<string, number>} */
  const statuses = {};
  let answered = 0;
  socket.on('message', (message) => {
    answered += 1;
    const status = message.toString().slice(8, 11);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const sdp = [
    'v=0',
    `o=f 1 1 IN IP4 ${f.from}`,
    's=-',
    `c=IN IP4 ${f.from}`,
    't=0 0',
    'm=audio 40000 RTP/AVP 0',
    '',
  ].join('\r\n');
  let sent = 0;
  const until = Date.now() + f.ms;
  const batch = Math.max(1, Math.round(f.rate / 100));
  while (Date.now() < until) {
    for (let i = 0; i < batch; i += 1) {
      const id = `${randomBytes(6).toString('hex')}${sent}`;
      socket.send(
        [
          `INVITE sip:${did}@${f.host}:${f.port} SIP/2.0`,
          `Via: SIP/2.0/UDP ${f.from}:${port};branch=z9hG4bK${id}`,
          `From: <sip:+8613700000000@${f.from}>;tag=${id}`,
          `To: <sip:${did}@${f.host}>`,
          `Call-ID: ${id}@${f.from}`,
          'CSeq: 1 INVITE',
          `Contact: <sip:caller@${f.from}:${port}>`,
          'Max-Forwards: 70',
          'Content-Type: application/sdp',
          `Content-Length: ${Buffer.byteLength(sdp)}`,
          '',
          sdp,
        ].join('\r\n'),
        f.port,
        f.host,
      );
      sent += 1;
    }
    await sleep(10);
  }
  await sleep(1000);
  socket.close();
  parentPort?.postMessage({ sent, answered, statuses });
}
