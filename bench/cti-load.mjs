#!/usr/bin/env node
// @ts-check
// Softphone sockets under load (issue #8 item 9): N agents connected to the built server
// (authenticate, heartbeat), against the same number of clients of a bare `ws` server measured
// in the same run: memory per connection, the latency of an event pushed to all of them, and
// the call setups per second the engine sustains with half the agents in calls. On the embedded
// PGlite (a temporary DATA_DIR) and on PostgreSQL (a schema of its own, dropped afterwards).
// Run: npm run build && npm run bench:cti-load
// BENCH_N (default 1000,10000), BENCH_ONLY (pglite or postgres), BENCH_CLIENT_PROCS (2),
// BENCH_CONNECT_RATE (connections a second, 500), BENCH_SETTLE_SECONDS (10),
// BENCH_EVENT_REPEATS (5), BENCH_CALL_SECONDS (45), BENCH_DATABASE_URL, BENCH_SERVER,
// BENCH_WEBHOOKS=1 (each database measured again with a webhook taking every event, posting to a
// receiver in this process: the engine's figures against the same run without it, and the posts'
// delay; docs/WEBHOOKS.md), BENCH_TRACE_GC=<file> (the servers run with --trace-gc, their output
// appended to the file with the push's start and end marked: which collections fell in the push).
import { appendFileSync } from 'node:fs';
import { fork, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SignJWT } from 'jose';
import pg from 'pg';
import WebSocket from 'ws';
import { API_PREFIX, cpuMillis, freePort, PG_URL, requireBuiltServer, root, SERVER, writeSummary } from './lib.mjs';
import { benchAgentId, seedAgents } from './cti-load/seed.mjs';
import { loadAverage, watchLoad } from './load.mjs';

const NS = (process.env.BENCH_N ?? '1000,10000').split(',').map((value) => Number(value.trim()));
const ONLY = process.env.BENCH_ONLY;
const PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? 2);
const RATE = Number(process.env.BENCH_CONNECT_RATE ?? 500);
const CONCURRENCY = 100;
const SETTLE_S = Number(process.env.BENCH_SETTLE_SECONDS ?? 10);
const REPEATS = Number(process.env.BENCH_EVENT_REPEATS ?? 5);
const CALL_S = Number(process.env.BENCH_CALL_SECONDS ?? 45);
const WEBHOOKS = process.env.BENCH_WEBHOOKS === '1';
/**
 * A folder: CPU profiles of the push and of the call loop, and heap snapshots idle and with the
 * clients connected, written there per database and N (read them with bench/profile-read.mjs).
 * Profiling slows the server: figures of such a run are not for publishing.
 */
const PROFILE_DIR = process.env.BENCH_PROFILE;
const TRACE_GC = process.env.BENCH_TRACE_GC;
if (PROFILE_DIR) await mkdir(PROFILE_DIR, { recursive: true });
const SNAPSHOT_MAX_N = 2_000;
/** Ends in 8: answers after 3 s, hangs up 10 s into the call (docs/CTI.md). */
const CALL_NUMBER = '13900000008';
const CALL_CYCLE_S = 13;
/** An agent's wrap-up between the end of a call and the next: 0 to this, at random. */
const THINK_MS = 4000;
/** The sustained window starts once the first calls have ended and their agents dial again. */
const WINDOW_DELAY_S = 15;
const SOCKET_PATH = '/dzfront/open/server/cti';
const BARE = path.join(root, 'bench/cti-load/bare-server.mjs');
const CLIENTS = path.join(root, 'bench/cti-load/clients.mjs');
const SEED_PGLITE = path.join(root, 'bench/cti-load/seed-pglite.mjs');

if (NS.some((n) => !Number.isInteger(n) || n < 2))
  throw new Error(`BENCH_N: whole numbers of 2 or more (got ${NS.join(',')})`);
if (ONLY !== undefined && ONLY !== 'pglite' && ONLY !== 'postgres') throw new Error('BENCH_ONLY: pglite or postgres');
requireBuiltServer();

const now = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------------------------------------
// Processes and what to undo: every child is killed and every folder and schema removed, at the
// end, on an error and on Ctrl-C.

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];

async function cleanUp() {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  while (cleanups.length > 0)
    await cleanups
      .pop()?.()
      .catch(() => undefined);
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping every process of the bench and removing its data.`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** VmRSS in MiB: the median of 5 readings a second apart. @param {number} pid */
async function steadyRss(pid) {
  const readings = [];
  for (let i = 0; i < 5; i++) {
    if (i > 0) await sleep(1000);
    readings.push((await memoryOf(pid)).rss);
  }
  return readings.sort((a, b) => a - b)[2] ?? NaN;
}

/**
 * Resident memory of an idle server as found (garbage and all: when V8 last collected decides
 * tens of MB), and right after a full garbage collection, which the per-connection figure uses.
 * @param {{ pid: number, collectGarbage: () => Promise<void> }} server
 */
async function idleMemory(server) {
  const found = await steadyRss(server.pid);
  await server.collectGarbage();
  return { found, collected: await steadyRss(server.pid) };
}

/** @param {number} pid */
async function memoryOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (/** @type {string} */ name) =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/**
 * Starts a server script in its own process on a free port and waits for its start line. Keeps
 * what it logs at warn and above (and anything on stderr), to report it. The inspector listens
 * on a port of its own, only so the bench can ask for a full garbage collection before it reads
 * the memory (`collectGarbage`); nothing is attached otherwise.
 * @param {string} script
 * @param {Record<string, string>} env
 */
async function startServer(script, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [...(TRACE_GC ? ['--trace-gc'] : []), '--inspect=127.0.0.1:0', script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  /** @type {{ text: string, stopping: boolean }[]} */
  const problems = [];
  let started = false;
  let stopping = false;
  let inspector = '';
  // On stdout, the log's JSON lines at warn (40) and above, as `message (error message)`; the
  // start banner and the inspector's own lines are not problems.
  const keep = (/** @type {string} */ line, /** @type {boolean} */ isStderr) => {
    const debuggerUrl = /Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1];
    if (debuggerUrl) inspector = debuggerUrl;
    if (line.trim() === '' || problems.length >= 10_000 || /debugger|For help, see/i.test(line)) return;
    /** @type {{ level?: number, msg?: string, err?: { message?: string } } | undefined} */
    let entry;
    try {
      entry = line.startsWith('{') ? JSON.parse(line) : undefined;
    } catch {
      // Not a log line of the server's logger (something printed an object over several lines).
    }
    if (entry) {
      if ((entry.level ?? 0) < 40) return;
      const text = `${entry.msg ?? ''}${entry.err?.message ? ` (${entry.err.message})` : ''}`;
      problems.push({ text, stopping });
    } else if (isStderr) problems.push({ text: line.slice(0, 200), stopping });
  };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (/** @type {Buffer} */ chunk) => {
      if (TRACE_GC) appendFileSync(TRACE_GC, chunk);
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes('Open platform is running')) started = true;
        else if (started || stream === child.stderr) keep(line, stream === child.stderr);
      }
    });
  }
  await new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (started) {
        clearInterval(timer);
        resolve(undefined);
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`${path.relative(root, script)} exited with ${String(code)} before its start line`));
    });
  });
  const pid = /** @type {number} */ (child.pid);
  return {
    pid,
    url: `http://127.0.0.1:${port}`,
    problems,
    /**
     * Inspector commands in one session (`Profiler.*`, `HeapProfiler.*`): the answers in order,
     * and a heap snapshot's chunks written to `snapshotTo` when one is taken.
     * @param {{ method: string, params?: object }[]} commands
     * @param {string} [snapshotTo]
     */
    async inspect(commands, snapshotTo) {
      const socket = new WebSocket(inspector, { maxPayload: 2 ** 30 });
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const { createWriteStream } = await import('node:fs');
      const file = snapshotTo ? createWriteStream(snapshotTo) : null;
      /** @type {unknown[]} */
      const answers = [];
      try {
        for (const [index, command] of commands.entries()) {
          answers.push(
            await new Promise((resolve) => {
              const onMessage = (/** @type {Buffer} */ data) => {
                const message =
                  /** @type {{ id?: number, method?: string, params?: { chunk: string }, result?: unknown }} */ (
                    JSON.parse(data.toString())
                  );
                if (message.method === 'HeapProfiler.addHeapSnapshotChunk') file?.write(message.params?.chunk ?? '');
                if (message.id !== index + 1) return;
                socket.off('message', onMessage);
                resolve(message.result);
              };
              socket.on('message', onMessage);
              socket.send(JSON.stringify({ id: index + 1, ...command }));
            }),
          );
        }
      } finally {
        socket.close();
        if (file) await new Promise((resolve) => file.end(resolve));
      }
      return answers;
    },
    /**
     * A CPU profile of what follows, until the returned function is called (which writes it to
     * `file`): the inspector's sampling profiler, in a session held open meanwhile.
     * @param {string} file
     */
    async profileCpu(file) {
      const socket = new WebSocket(inspector, { maxPayload: 2 ** 30 });
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      let id = 0;
      const send = (/** @type {string} */ method, /** @type {object} */ params = {}) =>
        new Promise((resolve) => {
          const mine = ++id;
          const onMessage = (/** @type {Buffer} */ data) => {
            const message = /** @type {{ id?: number, result?: { profile?: unknown } }} */ (
              JSON.parse(data.toString())
            );
            if (message.id !== mine) return;
            socket.off('message', onMessage);
            resolve(message.result);
          };
          socket.on('message', onMessage);
          socket.send(JSON.stringify({ id: mine, method, params }));
        });
      await send('Profiler.enable');
      await send('Profiler.setSamplingInterval', { interval: 500 });
      await send('Profiler.start');
      return async () => {
        const result = /** @type {{ profile: unknown }} */ (await send('Profiler.stop'));
        socket.close();
        const { writeFile } = await import('node:fs/promises');
        await writeFile(file, JSON.stringify(result.profile));
      };
    },
    /** A full garbage collection (the inspector's HeapProfiler.collectGarbage), then nothing attached. */
    async collectGarbage() {
      const socket = new WebSocket(inspector);
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      await new Promise((resolve) => {
        socket.on('message', (/** @type {Buffer} */ data) => {
          if (/** @type {{ id?: number }} */ (JSON.parse(data.toString())).id === 1) resolve(undefined);
        });
        socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
      });
      socket.close();
      await sleep(500);
    },
    /** SIGTERM, then SIGKILL if it has not exited within 15 s; says which it took. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return 'exited before';
      stopping = true;
      child.kill('SIGTERM');
      const how = await Promise.race([exited.then(() => 'SIGTERM'), sleep(15_000).then(() => 'timeout')]);
      if (how === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
      children.delete(child);
      return how === 'timeout' ? 'SIGKILL (no exit within 15 s of SIGTERM)' : 'SIGTERM';
    },
  };
}

/** CPU time (user + system) of some processes, sampled every 250 ms, to read over any interval. */
function cpuSampler(/** @type {number[]} */ pids) {
  /** @type {{ at: number, ms: Map<number, number> }[]} */
  const samples = [];
  const take = async () => {
    const ms = new Map();
    for (const pid of pids) ms.set(pid, await cpuMillis(pid).catch(() => NaN));
    samples.push({ at: now(), ms });
  };
  void take();
  const timer = setInterval(() => void take(), 250);
  return {
    /** Share of one core a process used between two times (from the samples nearest them). */
    usage(/** @type {number} */ pid, /** @type {number} */ from, /** @type {number} */ to) {
      const nearest = (/** @type {number} */ t) =>
        samples.reduce((best, s) => (Math.abs(s.at - t) < Math.abs(best.at - t) ? s : best));
      const a = nearest(from);
      const b = nearest(to);
      if (a === b) return NaN;
      return ((b.ms.get(pid) ?? NaN) - (a.ms.get(pid) ?? NaN)) / (b.at - a.at);
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * The client processes, each driven by messages (bench/cti-load/clients.mjs).
 * @param {number} count
 */
function forkClients(count) {
  return Array.from({ length: count }, () => {
    const child = fork(CLIENTS, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.add(child);
    /** @type {Map<number, { resolve: (value: unknown) => void, reject: (error: Error) => void }>} */
    const pending = new Map();
    let next = 0;
    child.on('message', (/** @type {{ id: number, result?: unknown, error?: string }} */ message) => {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
    });
    child.on('exit', (code) => {
      children.delete(child);
      for (const waiting of pending.values()) waiting.reject(new Error(`a client process exited with ${String(code)}`));
    });
    return {
      pid: /** @type {number} */ (child.pid),
      /**
       * @template T
       * @param {string} cmd
       * @param {Record<string, unknown>} [args]
       * @returns {Promise<T>}
       */
      call(cmd, args = {}) {
        next += 1;
        const id = next;
        return new Promise((resolve, reject) => {
          pending.set(id, { resolve: (value) => resolve(/** @type {T} */ (value)), reject });
          child.send({ ...args, id, cmd });
        });
      },
      async close() {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        await this.call('close').catch(() => undefined);
        await Promise.race([exited, sleep(5000)]);
        child.kill('SIGKILL');
      },
    };
  });
}
/** @typedef {ReturnType<typeof forkClients>[number]} ClientProcess */

/**
 * How far the clock of each client process is from ours (at the smallest round trip of 20).
 * @param {ClientProcess[]} workers
 */
async function clockOffset(workers) {
  let worst = 0;
  for (const worker of workers) {
    let best = { rtt: Infinity, offset: 0 };
    for (let i = 0; i < 20; i++) {
      const sent = now();
      const theirs = await worker.call('clock');
      const back = now();
      if (back - sent < best.rtt) best = { rtt: back - sent, offset: Number(theirs) - (sent + back) / 2 };
    }
    worst = Math.max(worst, Math.abs(best.offset) + best.rtt / 2);
  }
  return worst;
}

// ---------------------------------------------------------------------------------------------
// Figures.

/** @param {number[]} values @param {number} p */
function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** @param {Record<string, number>[]} records */
function addCounts(records) {
  /** @type {Record<string, number>} */
  const sum = {};
  for (const record of records) for (const [key, value] of Object.entries(record)) sum[key] = (sum[key] ?? 0) + value;
  return sum;
}

const counts = (/** @type {Record<string, number>} */ record) =>
  Object.entries(record)
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ') || 'none';

// ---------------------------------------------------------------------------------------------
// The call centre's side: admin sign-in, the tenant change, login tokens.

/**
 * POSTs a call of the API (as the CMS does: same origin, the session cookie).
 * @param {string} url
 * @param {string} name
 * @param {unknown} body
 * @param {string} [cookie]
 */
async function post(url, name, body, cookie) {
  const response = await fetch(`${url}${API_PREFIX}${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const envelope = /** @type {{ code: number, data: unknown }} */ (JSON.parse(text));
  if (response.status !== 200 || envelope.code !== 0) throw new Error(`${name}: HTTP ${response.status} ${text}`);
  return { headers: response.headers, data: envelope.data };
}

/** Signs in the demo admin and returns the session cookie. @param {string} url */
async function adminCookie(url) {
  const response = await post(url, 'global/login', { account: 'admin', password: 'admin@open' });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('open_session='));
  if (!cookie) throw new Error('global/login set no open_session cookie');
  return cookie.split(';')[0] ?? '';
}

/**
 * Login tokens as basic/get_login_token issues them (packages/server/src/auth/login-token.ts),
 * signed here with the tenant's key instead of after a password check (scrypt) each.
 * @param {import('./cti-load/seed.mjs').Tenant} tenant
 * @param {number} count
 */
async function mintTokens(tenant, count) {
  const key = Buffer.from(tenant.signing_key, 'base64url');
  const iat = Math.floor(Date.now() / 1000);
  const tokens = [];
  for (let i = 1; i <= count; i++) {
    tokens.push(
      await new SignJWT({ tid: tenant.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('open-platform')
        .setAudience('cti')
        .setSubject(benchAgentId(i))
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(iat + 15 * 60)
        .sign(key),
    );
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// One measurement: a server, N clients, memory, events, calls.

/**
 * @typedef {{
 *   server: string, n: number, connected: number, failures: Record<string, number>,
 *   connectRate: number, authP50: number, authP99: number, readyBytes: number,
 *   rss0: number, rssN: number, rss0Found: number, rssNFound: number, hwmN: number, perConnection: number,
 *   eventP50: number, eventP99: number, eventMissing: number, eventBytes: number, httpP50: number,
 *   cpuPerEvent: number, clientCpu: number, clockOffset: number,
 *   calls?: CallFigures, rssEnd?: number, hwmEnd?: number, webhook?: WebhookFigures,
 *   unexpectedCloses: Record<string, number>, problems: { text: string, stopping: boolean }[], stopped: string,
 *   load: number[],
 * }} Row
 * @typedef {{
 *   checkInSeconds: number, checkInCodes: Record<string, number>, callers: number,
 *   burstRate: number, burstSeconds: number, burstCpu: number, dialP50: number, dialP99: number,
 *   sustained: number, ceiling: number, windowCpu: number, readyP50: number, readyP99: number,
 *   readyAnswered: number, readyAsked: number, unanswered: number, codes: Record<string, number>,
 * }} CallFigures
 * @typedef {{ received: number, lagP50: number, lagP99: number, statuses: Record<string, number> }} WebhookFigures
 */

/**
 * The CRM's receiver of a webhook taking every event: answers 204 at once and keeps, per post, the
 * time from the event (its `timestamp`, the server's clock: the same machine) to its receipt.
 */
async function startReceiver() {
  /** @type {number[]} */
  let lags = [];
  const server = createServer((request, response) => {
    /** @type {Buffer[]} */
    const chunks = [];
    request.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = /** @type {{ timestamp: string }} */ (JSON.parse(Buffer.concat(chunks).toString()));
      lags.push(Date.now() - Date.parse(body.timestamp));
      response.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  );
  return {
    url: `http://127.0.0.1:${String(address.port)}/hooks`,
    /** What arrived since the last take. */
    take() {
      const taken = lags;
      lags = [];
      return { received: taken.length, lagP50: percentile(taken, 50), lagP99: percentile(taken, 99) };
    },
  };
}

/**
 * Connects `tokens.length` clients spread over the client processes.
 * @param {ClientProcess[]} workers
 * @param {string} url
 * @param {string[]} tokens
 */
async function connect(workers, url, tokens) {
  const shares = workers.map((_, w) => tokens.filter((__, i) => i % workers.length === w));
  const results = await Promise.all(
    workers.map((worker, w) =>
      worker.call('connect', {
        url,
        tokens: shares[w],
        rate: RATE / workers.length,
        concurrency: Math.ceil(CONCURRENCY / workers.length),
        timeoutMs: 60_000,
      }),
    ),
  );
  const typed =
    /** @type {{ connected: number, failures: Record<string, number>, authMs: number[], readyBytes: number, seconds: number }[]} */ (
      results
    );
  const authMs = typed.flatMap((r) => r.authMs);
  const connected = typed.reduce((sum, r) => sum + r.connected, 0);
  return {
    connected,
    failures: addCounts(typed.map((r) => r.failures)),
    connectRate: connected / Math.max(...typed.map((r) => r.seconds)),
    authP50: percentile(authMs, 50),
    authP99: percentile(authMs, 99),
    readyBytes: Math.max(...typed.map((r) => r.readyBytes)),
  };
}

/**
 * Pushes an event to every client `REPEATS` times (`trigger` makes the server send it) and times
 * each client's receipt from just before the trigger.
 * @param {ClientProcess[]} workers
 * @param {number} serverPid
 * @param {(repeat: number) => Promise<void>} trigger
 */
async function eventLatency(workers, serverPid, trigger) {
  const latencies = [];
  const httpMs = [];
  let missing = 0;
  let bytes = 0;
  let serverCpu = 0;
  let clientCpu = 0;
  let span = 0;
  let delivered = 0;
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    await Promise.all(workers.map((w) => w.call('watch', { name: 'tenantInfoChange' })));
    const cpuBefore = await Promise.all([serverPid, ...workers.map((w) => w.pid)].map((pid) => cpuMillis(pid)));
    const start = now();
    await trigger(repeat);
    httpMs.push(now() - start);
    const collected = /** @type {{ times: number[], missing: number, bytes: number }[]} */ (
      await Promise.all(workers.map((w) => w.call('collect', { timeoutMs: 60_000 })))
    );
    const cpuAfter = await Promise.all([serverPid, ...workers.map((w) => w.pid)].map((pid) => cpuMillis(pid)));
    const times = collected.flatMap((c) => c.times);
    for (const t of times) latencies.push(t - start);
    missing += collected.reduce((sum, c) => sum + c.missing, 0);
    bytes = Math.max(bytes, ...collected.map((c) => c.bytes));
    delivered += times.length;
    serverCpu += (cpuAfter[0] ?? 0) - (cpuBefore[0] ?? 0);
    clientCpu += cpuAfter.slice(1).reduce((sum, ms, i) => sum + ms - (cpuBefore[i + 1] ?? 0), 0);
    if (times.length > 0) span += Math.max(...times) - start;
    await sleep(1000);
  }
  return {
    eventP50: percentile(latencies, 50),
    eventP99: percentile(latencies, 99),
    eventMissing: missing,
    eventBytes: bytes,
    httpP50: percentile(httpMs, 50),
    cpuPerEvent: (serverCpu * 1000) / delivered,
    // Of the client processes together, in cores, while the events were on their way.
    clientCpu: clientCpu / span,
  };
}

/**
 * Every agent checks in, then half of them call in a closed loop (clients.mjs `callLoop`).
 * @param {ClientProcess[]} workers
 * @param {number} serverPid
 * @returns {Promise<CallFigures>}
 */
async function callLoad(workers, serverPid) {
  const checkIn = /** @type {{ start: number, end: number, codes: Record<string, number> }[]} */ (
    await Promise.all(workers.map((w) => w.call('requestAll', { method: 'login', params: { status: 'idle' } })))
  );
  const checkInSeconds = (Math.max(...checkIn.map((r) => r.end)) - Math.min(...checkIn.map((r) => r.start))) / 1000;
  await sleep(2000);
  const sampler = cpuSampler([serverPid]);
  const start = now() + 500;
  const windowStart = start + WINDOW_DELAY_S * 1000;
  const until = windowStart + CALL_S * 1000;
  /** @type {Awaited<ReturnType<typeof import('./cti-load/clients.mjs').callLoop>>[]} */
  const loops = await Promise.all(
    workers.map((w) => w.call('callLoop', { number: CALL_NUMBER, start, until, thinkMs: THINK_MS })),
  );
  sampler.stop();
  const callers = loops.reduce((sum, l) => sum + l.callers, 0);
  const firstRound = loops.flatMap((l) => l.firstRound);
  const burstEnd = Math.max(...firstRound);
  const readyMs = loops.flatMap((l) => l.readyMs);
  return {
    checkInSeconds,
    checkInCodes: addCounts(checkIn.map((r) => r.codes)),
    callers,
    burstRate: firstRound.length / ((burstEnd - start) / 1000),
    burstSeconds: (burstEnd - start) / 1000,
    burstCpu: sampler.usage(serverPid, start, burstEnd),
    dialP50: percentile(
      loops.flatMap((l) => l.dialMs),
      50,
    ),
    dialP99: percentile(
      loops.flatMap((l) => l.dialMs),
      99,
    ),
    sustained: loops.flatMap((l) => l.redials).filter((t) => t >= windowStart && t <= until).length / CALL_S,
    ceiling: callers / (CALL_CYCLE_S + THINK_MS / 2000),
    windowCpu: sampler.usage(serverPid, windowStart, until),
    readyP50: percentile(readyMs, 50),
    readyP99: percentile(readyMs, 99),
    readyAnswered: readyMs.length,
    readyAsked: loops.reduce((sum, l) => sum + l.readyAsked, 0),
    unanswered: loops.reduce((sum, l) => sum + l.unanswered, 0),
    codes: addCounts(loops.map((l) => l.codes)),
  };
}

/**
 * Starts a server, connects n clients, measures; `events` triggers the event, `calls` whether to
 * run the call load (our server only).
 * @param {{ name: string, script: string, env: Record<string, string>, n: number, tokens: () => Promise<string[]>,
 *   trigger: (url: string) => Promise<(repeat: number) => Promise<void>>, calls: boolean }} run
 * @returns {Promise<Row>}
 */
async function measure({ name, script, env, n, tokens, trigger, calls }) {
  console.error(`[${name}, N = ${n.toLocaleString('en-US')}] starting the server`);
  const server = await startServer(script, env);
  const workers = forkClients(PROCS);
  /** @type {Row | undefined} */
  let result;
  const loadAtStart = loadAverage();
  try {
    const offset = await clockOffset(workers);
    await sleep(SETTLE_S * 1000);
    const idle0 = await idleMemory(server);
    const stem = PROFILE_DIR && path.join(PROFILE_DIR, `${name.toLowerCase()}-${String(n)}`);
    // Snapshots of 10,000 sockets would be strings too long for JSON.parse: taken at small N.
    const heap = stem && n <= SNAPSHOT_MAX_N;
    if (heap) await snapshot(server, `${stem}-idle.heapsnapshot`);
    const push = await trigger(server.url);
    const given = await tokens();
    console.error(`[${name}, N = ${n.toLocaleString('en-US')}] connecting ${given.length} clients`);
    const connected = await connect(workers, `${server.url.replace('http', 'ws')}${SOCKET_PATH}`, given);
    await sleep(SETTLE_S * 1000);
    const idleN = await idleMemory(server);
    const hwmN = (await memoryOf(server.pid)).hwm;
    if (heap) await snapshot(server, `${stem}-connected.heapsnapshot`);
    console.error(`[${name}, N = ${n.toLocaleString('en-US')}] events`);
    const stopPushProfile = stem ? await server.profileCpu(`${stem}-push.cpuprofile`) : null;
    if (TRACE_GC) appendFileSync(TRACE_GC, `=== push starts: ${name}, N = ${n}\n`);
    const events = await eventLatency(workers, server.pid, push);
    if (TRACE_GC) appendFileSync(TRACE_GC, `=== push ends: ${name}, N = ${n}\n`);
    await stopPushProfile?.();
    /** @type {Row} */
    const row = {
      server: name,
      n,
      ...connected,
      rss0: idle0.collected,
      rssN: idleN.collected,
      rss0Found: idle0.found,
      rssNFound: idleN.found,
      hwmN,
      perConnection: ((idleN.collected - idle0.collected) * 1024) / connected.connected,
      ...events,
      clockOffset: offset,
      unexpectedCloses: {},
      problems: server.problems,
      stopped: 'not stopped',
      load: [loadAtStart],
    };
    result = row;
    if (calls) {
      console.error(`[${name}, N = ${n.toLocaleString('en-US')}] check-in and calls (${CALL_S + WINDOW_DELAY_S} s)`);
      const stopCallProfile = stem ? await server.profileCpu(`${stem}-calls.cpuprofile`) : null;
      row.calls = await callLoad(workers, server.pid);
      await stopCallProfile?.();
      const end = await memoryOf(server.pid);
      row.rssEnd = end.rss;
      row.hwmEnd = end.hwm;
    }
    const statuses = /** @type {{ unexpectedCloses: Record<string, number> }[]} */ (
      await Promise.all(workers.map((w) => w.call('status')))
    );
    row.unexpectedCloses = addCounts(statuses.map((s) => s.unexpectedCloses));
    return row;
  } finally {
    await Promise.all(workers.map((w) => w.close()));
    const stopped = await server.stop();
    if (result) {
      result.stopped = stopped;
      result.load.push(loadAverage());
    }
    console.error(`[${name}, N = ${n.toLocaleString('en-US')}] server stopped: ${stopped}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The databases, prepared once with the largest N of agents.

/**
 * A heap snapshot of the server after a full collection, written to `file`.
 * @param {Awaited<ReturnType<typeof startServer>>} server
 * @param {string} file
 */
async function snapshot(server, file) {
  console.error(`  heap snapshot: ${path.relative(root, file)}`);
  await server.inspect(
    [
      { method: 'HeapProfiler.collectGarbage' },
      { method: 'HeapProfiler.takeHeapSnapshot', params: { reportProgress: false } },
    ],
    file,
  );
}

/**
 * Our server on a database: migrated and seeded by a first start, then given the agents.
 * @param {'pglite' | 'postgres'} kind
 * @returns {Promise<{ name: string, env: Record<string, string>, tenant: import('./cti-load/seed.mjs').Tenant }>}
 */
async function prepare(kind) {
  const agents = Math.max(...NS);
  if (kind === 'pglite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'open-bench-cti-load-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const first = await startServer(SERVER, env);
    await first.stop();
    const output = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [SEED_PGLITE, dataDir, String(agents)], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.add(child);
      let text = '';
      child.stdout.on('data', (/** @type {Buffer} */ chunk) => (text += chunk.toString()));
      child.on('exit', (code) => {
        children.delete(child);
        if (code === 0) resolve(text);
        else reject(new Error(`seeding PGlite exited with ${String(code)}`));
      });
    });
    return { name: 'PGlite', env, tenant: JSON.parse(String(output)) };
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  cleanups.push(async () => {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const env = { DATABASE_URL: url.toString() };
  const first = await startServer(SERVER, env);
  await first.stop();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const tenant = await seedAgents((text, params) => client.query(text, params), agents);
    return { name: 'PostgreSQL', env, tenant };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The run.

const limits = await readFile('/proc/self/limits', 'utf8');
const openFiles = Number(/Max open files\s+(\d+)/.exec(limits)?.[1] ?? NaN);
const ports = (await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')).trim().split(/\s+/).map(Number);
const need = Math.max(...NS) + 200;
if (openFiles < need) {
  console.error(
    `Open files are limited to ${openFiles} a process; the server needs about ${need} for N = ${Math.max(...NS)}. ` +
      `Raise it (ulimit -n ${need}) and run again.`,
  );
  process.exit(1);
}

/** @type {Row[]} */
const rows = [];
const notes = [];
const loadAfter = watchLoad('the whole run');
try {
  const kinds = /** @type {('pglite' | 'postgres')[]} */ (['pglite', 'postgres']).filter(
    (kind) => ONLY === undefined || ONLY === kind,
  );
  const databases = [];
  /** @type {Awaited<ReturnType<typeof startReceiver>> | undefined} */
  let receiverOf;
  for (const kind of kinds) {
    try {
      console.error(`[${kind}] preparing the database with ${Math.max(...NS).toLocaleString('en-US')} agents`);
      databases.push(await prepare(kind));
    } catch (error) {
      notes.push(`${kind} not measured: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const n of NS) {
    let readyBytes = 0;
    let eventBytes = 0;
    for (const database of databases) {
      const { tenant } = database;
      /** @param {{ url: string, take: () => Omit<WebhookFigures, 'statuses'> } | null} receiver */
      const run = async (receiver) => {
        const row = await measure({
          name: receiver ? `${database.name} + webhook` : database.name,
          script: SERVER,
          env: database.env,
          n,
          tokens: () => mintTokens(tenant, n),
          trigger: async (url) => {
            const cookie = await adminCookie(url);
            if (receiver) {
              const { webhookEventTypes } = await import('@open/protocol/webhooks');
              await post(
                url,
                'cms/set_webhook',
                { tenant_id: tenant.id, url: receiver.url, events: [...webhookEventTypes], enabled: true },
                cookie,
              );
              receiver.take();
            } else {
              // The run without: the webhook a run with left in the database goes.
              const made = /** @type {{ list: { _id: string }[] }} */ (
                (await post(url, 'cms/get_webhook_list', { tenant_id: tenant.id }, cookie)).data
              );
              for (const webhook of made.list) await post(url, 'cms/remove_webhook', { _id: webhook._id }, cookie);
            }
            // The demo tenant as it is, but for its after-call work, changed and changed back:
            // the last repeat leaves it as it was.
            const body = (/** @type {number} */ acw) => ({
              _id: tenant.id,
              name: tenant.name,
              default_lang: tenant.default_lang,
              acw_seconds: acw,
              not_ready_reasons: tenant.not_ready_reasons,
              display_numbers: tenant.display_numbers,
            });
            return async (repeat) => {
              const last = repeat === REPEATS - 1;
              await post(
                url,
                'cms/set_tenant_info',
                body(last ? tenant.acw_seconds : tenant.acw_seconds + 1 + (repeat % 2)),
                cookie,
              );
            };
          },
          calls: true,
        });
        if (receiver) row.webhook = { ...receiver.take(), statuses: {} };
        return row;
      };
      const row = await run(null);
      rows.push(row);
      if (WEBHOOKS) rows.push(await run((receiverOf ??= await startReceiver())));
      readyBytes ||= row.readyBytes;
      eventBytes ||= row.eventBytes;
    }
    rows.push(
      await measure({
        name: 'bare ws server (reference)',
        script: BARE,
        env: { BENCH_READY_BYTES: String(readyBytes || 1000) },
        n,
        tokens: () => Promise.resolve(Array.from({ length: n }, () => 'reference')),
        trigger: (url) =>
          Promise.resolve(async () => {
            const response = await fetch(`${url}/broadcast?bytes=${String(eventBytes || 1000)}`, { method: 'POST' });
            await response.text();
          }),
        calls: false,
      }),
    );
  }
} finally {
  await cleanUp();
}

// ---------------------------------------------------------------------------------------------
// The report.

const int = (/** @type {number} */ value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '-');
const ms = (/** @type {number} */ value) =>
  Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')} ms` : '-';
const mb = (/** @type {number} */ value) => `${Math.round(value).toLocaleString('en-US')} MB`;
const kb = (/** @type {number} */ value) => `${value.toFixed(1)} KB`;
const pct = (/** @type {number} */ value) => (Number.isFinite(value) ? `${Math.round(value * 100)}%` : '-');
const x = (/** @type {number} */ value) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : '-');

console.log(
  `\nN clients in ${PROCS} client processes, connected at ${RATE}/s at most (${CONCURRENCY} handshakes at a time), ` +
    `each authenticating then pinging every 20 s. Memory: VmRSS of the server process (median of 5 readings a ` +
    `second apart) right after a full garbage collection, idle ${SETTLE_S} s after its start and ${SETTLE_S} s ` +
    `after the last client connected; per connection: the difference / N (as found before the collection: ` +
    `under Details). Event: ` +
    `${REPEATS} times one cms/set_tenant_info (after-call work changed; our server pushes tenantInfoChange to every ` +
    `agent) or one broadcast of a message of the same size (reference), timed from just before the HTTP call to ` +
    `each client's receipt; p50 and p99 over all receipts. CPU per delivered event: the server's CPU time over ` +
    `the pushes / receipts. Reference: a bare ws server (bench/cti-load/bare-server.mjs) answering the first frame ` +
    `with one of the size of our ready frame, measured in the same run.\n`,
);
console.log(
  '| N | server | connected | auth p50 / p99 | RSS idle | RSS with N | per connection | vs reference | ' +
    'event p50 | event p99 | p99 vs reference | CPU per delivered event |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  const ref = rows.find((r) => r.n === row.n && r.server.startsWith('bare'));
  console.log(
    `| ${int(row.n)} | ${row.server} | ${int(row.connected)} | ${ms(row.authP50)} / ${ms(row.authP99)} | ` +
      `${mb(row.rss0)} | ${mb(row.rssN)} | ${kb(row.perConnection)} | ` +
      `${x(row.perConnection / (ref?.perConnection ?? NaN))} | ${ms(row.eventP50)} | ${ms(row.eventP99)} | ` +
      `${x(row.eventP99 / (ref?.eventP99 ?? NaN))} | ${Math.round(row.cpuPerEvent)} µs |`,
  );
}

const callRows = rows.filter((r) => r.calls);
if (callRows.length > 0) {
  console.log(
    `\nCalls: every agent checks in (login), then half of them (the callers) each dial a number ending in 8 ` +
      `(answers after 3 s, hangs up 10 s later), wait for the end, pause 0-${THINK_MS / 1000} s, end their ` +
      `after-call work (setAgentStatus idle) and dial again, for ${WINDOW_DELAY_S + CALL_S} s; the other half stay ` +
      `idle and ping. Burst: the callers' first dials, sent at once (setups answered with code 0 / time to the ` +
      `last). Sustained: setups of second and later calls answered with code 0 from ${WINDOW_DELAY_S} s on, ` +
      `over ${CALL_S} s, against the most this loop can make (callers / ${CALL_CYCLE_S + THINK_MS / 2000} s, ` +
      `every caller always in a call). CPU: the server process, in cores (its garbage collector's threads can take ` +
      `it past 100%).\n`,
  );
  console.log(
    '| N | database | check-in of all | burst setups/s | dialOut p50 / p99 | CPU in burst | sustained calls/s | ' +
      'loop ceiling | vs ceiling | setAgentStatus idle answered | its p50 / p99 | CPU in window | RSS after |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of callRows) {
    const c = /** @type {CallFigures} */ (row.calls);
    console.log(
      `| ${int(row.n)} | ${row.server} | ${c.checkInSeconds.toFixed(1)} s | ${int(c.burstRate)} | ` +
        `${ms(c.dialP50)} / ${ms(c.dialP99)} | ${pct(c.burstCpu)} | ${c.sustained.toFixed(1)} | ` +
        `${c.ceiling.toFixed(1)} | ${x(c.sustained / c.ceiling)} | ${int(c.readyAnswered)} of ${int(c.readyAsked)} | ` +
        `${ms(c.readyP50)} / ${ms(c.readyP99)} | ` +
        `${pct(c.windowCpu)} | ${mb(row.rssEnd ?? NaN)} |`,
    );
  }
}

const webhookRows = rows.filter((r) => r.webhook && r.calls);
if (webhookRows.length > 0) {
  console.log(
    `\nWebhooks: the same database and load again, with one webhook of the tenant taking every event type ` +
      `(docs/WEBHOOKS.md), posting to a receiver in the bench's process that answers 204 at once. Reference: the ` +
      `run without it just before. Delay: from the event's timestamp to the post's arrival, p50 / p99 over every ` +
      `post of the run.\n`,
  );
  console.log(
    '| N | database | dialOut p50 / p99 | without | setAgentStatus p50 / p99 | without | sustained calls/s | without | ' +
      'CPU in window | without | posts received | delay p50 / p99 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of webhookRows) {
    const c = /** @type {CallFigures} */ (row.calls);
    const w = /** @type {WebhookFigures} */ (row.webhook);
    const plain = rows.find((r) => r.n === row.n && r.server === row.server.replace(' + webhook', ''))?.calls;
    console.log(
      `| ${int(row.n)} | ${row.server} | ${ms(c.dialP50)} / ${ms(c.dialP99)} | ` +
        `${ms(plain?.dialP50 ?? NaN)} / ${ms(plain?.dialP99 ?? NaN)} | ${ms(c.readyP50)} / ${ms(c.readyP99)} | ` +
        `${ms(plain?.readyP50 ?? NaN)} / ${ms(plain?.readyP99 ?? NaN)} | ${c.sustained.toFixed(1)} | ` +
        `${(plain?.sustained ?? NaN).toFixed(1)} | ${pct(c.windowCpu)} | ${pct(plain?.windowCpu ?? NaN)} | ` +
        `${int(w.received)} | ${ms(w.lagP50)} / ${ms(w.lagP99)} |`,
    );
  }
}

console.log('\nDetails:');
console.log(
  `- open files: ${openFiles} a process; local ports ${ports.join('-')}; clock offset between processes at most ` +
    `${Math.max(...rows.map((r) => r.clockOffset)).toFixed(2)} ms.`,
);
for (const row of rows) {
  const label = `${row.server}, N = ${int(row.n)}`;
  const c = row.calls;
  console.log(
    `- ${label}: connected ${int(row.connected)} at ${int(row.connectRate)}/s (failures: ${counts(row.failures)}); ` +
      `ready ${int(row.readyBytes)} B, event ${int(row.eventBytes)} B, missed events ${int(row.eventMissing)}; ` +
      `HTTP call answered in ${ms(row.httpP50)} (p50); client processes used ${row.clientCpu.toFixed(2)} cores ` +
      `while events arrived; RSS as found ${mb(row.rss0Found)} idle, ${mb(row.rssNFound)} with N, peak so far ` +
      `${mb(row.hwmN)}; unexpected closes: ${counts(row.unexpectedCloses)}; stopped by ${row.stopped}; load ` +
      `average ${row.load.map((l) => l.toFixed(1)).join(' at the start, ')} at the end (2 cores).`,
  );
  if (c) {
    console.log(
      `  calls: check-in codes ${counts(c.checkInCodes)}; ${int(c.callers)} callers; burst ${c.burstSeconds.toFixed(1)} s; ` +
        `answers ${counts(c.codes)}; setAgentStatus answered ${int(c.readyAnswered)}, requests unanswered at the ` +
        `end ${int(c.unanswered)}; RSS peak ${mb(row.hwmEnd ?? NaN)}.`,
    );
  }
  for (const stopping of [false, true]) {
    const lines = row.problems.filter((p) => p.stopping === stopping).map((p) => p.text);
    if (lines.length === 0) continue;
    const distinct = counts(addCounts(lines.map((text) => ({ [text]: 1 }))));
    console.log(
      `  the server logged ${lines.length} lines at warn or above ${stopping ? 'while stopping' : 'while running'}: ${distinct}`,
    );
  }
}
for (const note of notes) console.log(`\n(${note})`);
const load = loadAfter();
/**
 * For `npm run bench` (writeSummary): our rows against the bare server's of the same N, and the
 * sustained calls against the loop's ceiling.
 * @type {import('./lib.mjs').SummaryFigure[]}
 */
const summary = [];
for (const row of rows) {
  const ref = rows.find((r) => r.n === row.n && r.server.startsWith('bare'));
  if (!ref || ref === row) continue;
  const label = `${row.server}, N = ${int(row.n)}`;
  summary.push(
    {
      figure: `${label}, memory per connection`,
      ours: row.perConnection,
      reference: ref.perConnection,
      unit: 'KB',
      better: 'lower',
    },
    { figure: `${label}, event p99`, ours: row.eventP99, reference: ref.eventP99, unit: 'ms', better: 'lower' },
    {
      figure: `${label}, CPU per delivered event`,
      ours: row.cpuPerEvent,
      reference: ref.cpuPerEvent,
      unit: 'µs',
      better: 'lower',
    },
  );
  if (row.calls && row.webhook) {
    // A webhook must not slow the engine: the same figures without it are the reference.
    const plain = rows.find((r) => r.n === row.n && r.server === row.server.replace(' + webhook', ''))?.calls;
    summary.push(
      {
        figure: `${label}, dialOut p50 while calls run (reference: without the webhook)`,
        ours: row.calls.dialP50,
        reference: plain?.dialP50 ?? NaN,
        unit: 'ms',
        better: 'lower',
      },
      {
        figure: `${label}, sustained calls/s (reference: without the webhook)`,
        ours: row.calls.sustained,
        reference: plain?.sustained ?? NaN,
        unit: 'calls/s',
        better: 'higher',
      },
    );
    continue;
  }
  if (row.calls) {
    // Issue #40: a method on PGlite answers as fast as on PostgreSQL, so PostgreSQL's is the reference.
    const other = row.server.startsWith('PGlite')
      ? rows.find((r) => r.n === row.n && r.calls && r.server.startsWith('PostgreSQL'))?.calls
      : undefined;
    const calls = row.calls;
    /** A method's p50 while calls run, against the same on PostgreSQL. @param {string} method @param {'dial' | 'ready'} key */
    const methodP50 = (method, key) => ({
      figure: `${label}, ${method} p50 while calls run`,
      ours: calls[`${key}P50`],
      reference: other?.[`${key}P50`] ?? NaN,
      unit: 'ms',
      better: /** @type {const} */ ('lower'),
      note: `p99 ${ms(calls[`${key}P99`])}${other ? '; reference: the same on PostgreSQL' : ''}`,
    });
    summary.push(
      {
        figure: `${label}, sustained calls/s (reference: the loop's ceiling)`,
        ours: calls.sustained,
        reference: calls.ceiling,
        unit: 'calls/s',
        better: 'higher',
      },
      methodP50('dialOut', 'dial'),
      methodP50('setAgentStatus', 'ready'),
    );
  }
}
writeSummary('cti-load', summary, load);
