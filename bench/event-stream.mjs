#!/usr/bin/env node
// @ts-check
// How soon a CRM's back end hears a call-centre event through the event stream
// (docs/EVENT-STREAM.md), against the same event reaching the agent's own phone in the same run
// (the reference: the push the phone gets over its socket). One agent changes status RATE times a
// second for SECONDS; STREAMS streams of one API key read every change. Printed: the delay of
// each change on the phone and on the streams (p50, p99, from the moment setAgentStatus is sent),
// the server's CPU per change, and the same with no stream open. The built server, on PGlite
// and (unless BENCH_ONLY=pglite) on PostgreSQL.
// Run: npm run build && node bench/event-stream.mjs
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import {
  API_PREFIX,
  cpuMillis,
  requireBuiltServer,
  SERVER,
  startServer,
  withPostgresSchema,
  writeSummary,
} from './lib.mjs';
import { watchLoad } from './load.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 5);
const AGENT = 'wangwei@demo.example.com';

requireBuiltServer();
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();

/** @param {string} url @param {string} name @param {unknown} body @param {Record<string, string>} [headers] */
async function api(url, name, body, headers = {}) {
  const response = await fetch(`${url}${API_PREFIX}${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = /** @type {{ code: number, data: any }} */ (await response.json());
  if (answer.code !== 0) throw new Error(`${name}: ${JSON.stringify(answer)}`);
  return { data: answer.data, response };
}

/** The demo admin's session cookie. @param {string} url */
async function signIn(url) {
  const { response } = await api(url, 'global/login', { account: 'admin', password: 'admin@open' });
  return (response.headers.getSetCookie().find((line) => line.startsWith('open_session=')) ?? '').split(';')[0] ?? '';
}

/**
 * The agent's phone: resolves `ready`, sends requests, and notes when each status change arrives
 * (by the `status_since` the engine gave it).
 * @param {string} url
 */
async function phone(url) {
  const { data } = await api(url, 'basic/get_login_token', { account: AGENT, password: 'agent@open' });
  const ws = new WebSocket(`${url.replace('http', 'ws')}/dzfront/open/server/cti?lang=en`, {
    perMessageDeflate: false,
  });
  /** @type {Map<string, (frame: any) => void>} */
  const pending = new Map();
  /** @type {{ since: string, at: number }[]} each status change, as the phone heard it */
  const heard = [];
  let seq = 0;
  await new Promise((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: data.token })));
    ws.on('error', reject);
    ws.on('message', (/** @type {Buffer} */ raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.type === 'ready') resolve(undefined);
      else if (frame.type === 'res') pending.get(frame.id)?.(frame);
      else if (frame.type === 'event' && frame.name === 'agentStatusChange')
        heard.push({ since: frame.data.status_since, at: now() });
    });
  });
  /** @param {string} method @param {object} params */
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = `r${(seq += 1)}`;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ type: 'req', id, method, params }));
    });
  return { request, heard, close: () => ws.terminate() };
}

/**
 * A stream of `key`, noting when each agentStatusChange arrives (by its status_since).
 * @param {string} url @param {string} key
 */
async function stream(url, key) {
  const abort = new AbortController();
  const response = await fetch(`${url}${API_PREFIX}events/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ types: ['agentStatusChange'] }),
    signal: abort.signal,
  });
  if (response.status !== 200) throw new Error(`stream: HTTP ${response.status}`);
  /** @type {Map<string, number>} */
  const heard = new Map();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (response.body))) {
      const at = now();
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const since = /"status_since":"([^"]+)"/.exec(block)?.[1];
        if (since) heard.set(since, at);
      }
    }
  })().catch(() => undefined);
  return { heard, close: () => abort.abort() };
}

/** @param {number[]} values @param {number} q */
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

/**
 * RATE status changes a second for SECONDS with `streams` streams open; the delays of each.
 * @param {{ url: string, pid: number }} server @param {number} streams
 */
async function run(server, streams) {
  const cookie = await signIn(server.url);
  const tenants = await api(server.url, 'cms/get_tenant_list', { page_number: -1 }, { cookie });
  const tenantId = tenants.data.list[0]._id;
  // A key holds 5 streams at most (apiKeyLimits.streamsPerKey): a CRM with more nodes has more keys.
  /** @type {{ _id: string, key: string }[]} */
  const keys = [];
  for (let index = 0; index < Math.max(1, Math.ceil(streams / 5)); index++) {
    const body = { tenant_id: tenantId, name: `bench ${index}` };
    keys.push((await api(server.url, 'cms/create_api_key', body, { cookie })).data);
  }
  const agent = await phone(server.url);
  await agent.request('login', { status: 'idle' });
  /** @type {Awaited<ReturnType<typeof stream>>[]} */
  const readers = [];
  for (let index = 0; index < streams; index++)
    readers.push(await stream(server.url, keys[Math.floor(index / 5)]?.key ?? ''));
  await sleep(1_000);
  /** @type {number[]} when each change was asked for */
  const changes = [];
  agent.heard.length = 0;
  const cpuBefore = await cpuMillis(server.pid);
  const startedAt = now();
  for (let index = 0; index < SECONDS * RATE; index++) {
    const due = startedAt + (index * 1000) / RATE;
    if (due > now()) await sleep(due - now());
    const sent = now();
    const answer = /** @type {any} */ (
      await agent.request('setAgentStatus', index % 2 ? { status: 'idle' } : { status: 'busy', reason_id: 'break' })
    );
    if (answer.code !== 0) throw new Error(`setAgentStatus: ${JSON.stringify(answer)}`);
    changes.push(sent);
  }
  // What the streams still have to read (the log gathers 200 ms; a page is read per wake).
  await sleep(2_000);
  const cpu = (await cpuMillis(server.pid)) - cpuBefore;
  /** @type {number[]} */
  const phoneDelays = [];
  /** @type {number[]} */
  const streamDelays = [];
  let missed = 0;
  // One change, one event on the phone, in order: the i-th event is the i-th change's.
  changes.forEach((sent, index) => {
    const onPhone = agent.heard[index];
    if (onPhone === undefined) return;
    phoneDelays.push(onPhone.at - sent);
    for (const reader of readers) {
      const at = reader.heard.get(onPhone.since);
      if (at === undefined) missed++;
      else streamDelays.push(at - sent);
    }
  });
  for (const reader of readers) reader.close();
  await agent.request('logout', {});
  agent.close();
  for (const key of keys) await api(server.url, 'cms/remove_api_key', { _id: key._id }, { cookie });
  return { changes: changes.length, cpuPerChange: cpu / changes.length, phoneDelays, streamDelays, missed };
}

/** @param {string} label @param {(env: Record<string, string>) => Promise<{ url: string, pid: number, stop(): Promise<void> }>} start */
async function measure(label, start) {
  const server = await start({});
  let without, withStreams;
  try {
    without = await run(server, 0);
    withStreams = await run(server, STREAMS);
  } finally {
    await server.stop();
  }
  const row = {
    label,
    phoneP50: quantile(withStreams.phoneDelays, 0.5),
    phoneP99: quantile(withStreams.phoneDelays, 0.99),
    streamP50: quantile(withStreams.streamDelays, 0.5),
    streamP99: quantile(withStreams.streamDelays, 0.99),
    missed: withStreams.missed,
    cpuWithout: without.cpuPerChange,
    cpuWith: withStreams.cpuPerChange,
  };
  console.log(
    `${label}: ${withStreams.changes} changes, ${STREAMS} streams: phone p50 ${row.phoneP50.toFixed(1)} ms / p99 ${row.phoneP99.toFixed(1)} ms; ` +
      `stream p50 ${row.streamP50.toFixed(1)} ms / p99 ${row.streamP99.toFixed(1)} ms; not delivered ${row.missed}; ` +
      `server CPU a change ${row.cpuWithout.toFixed(2)} ms without streams, ${row.cpuWith.toFixed(2)} ms with`,
  );
  return row;
}

const loadAfter = watchLoad('the measurement');
const rows = [];
const dataDir = await mkdtemp(path.join(tmpdir(), 'open-bench-stream-'));
rows.push(await measure('PGlite', (env) => startServer(SERVER, { ...env, DATA_DIR: dataDir, DATABASE_URL: '' })));
await rm(dataDir, { recursive: true, force: true });
if (process.env.BENCH_ONLY !== 'pglite') {
  rows.push(
    await withPostgresSchema((databaseUrl) =>
      measure('PostgreSQL', (env) => startServer(SERVER, { ...env, DATABASE_URL: databaseUrl })),
    ),
  );
}
const load = loadAfter();
writeSummary(
  'event-stream',
  rows.flatMap((row) => [
    {
      figure: `${row.label}: stream delay p50 vs the phone's`,
      ours: row.streamP50,
      reference: Math.max(row.phoneP50, 0.1),
      unit: 'ms',
      better: /** @type {const} */ ('lower'),
    },
    {
      figure: `${row.label}: server CPU a change with ${STREAMS} streams vs none`,
      ours: row.cpuWith,
      reference: row.cpuWithout,
      unit: 'ms',
      better: /** @type {const} */ ('lower'),
    },
  ]),
  load,
);
