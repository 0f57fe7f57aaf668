#!/usr/bin/env node
// @ts-check
// Requests per second of two published reads of the documentation, doc/get_resource_info and
// doc/get_category_list, through the built server (answers kept serialised in its read cache)
// on the embedded PGlite and on PostgreSQL, each against a bare Fastify handler sending the
// very same bytes from memory, measured in the same run. Each server runs in its own process;
// autocannon drives it from this one (2 cores: one each).
// Run: npm run build && npm run bench:doc-read
// BENCH_SECONDS, BENCH_ROUNDS, BENCH_DATABASE_URL and BENCH_SERVER change the duration, the
// number of alternating rounds, the database and the build of main.js measured.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_PREFIX,
  cpuMillis,
  PG_URL,
  pinLoadGeneratorAway,
  requireBuiltServer,
  root,
  SERVER,
  startServer,
  throughput,
  withPostgresSchema,
  writeSummary,
} from './lib.mjs';
import { watchLoad } from './load.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const CONNECTIONS = 20;
const REFERENCE = path.join(root, 'bench/reference/bare-bytes.mjs');
const LANG = 'en';

requireBuiltServer();
const serverCore = pinLoadGeneratorAway();

/**
 * One call as a reader's page makes it, and the exact answer our server gave.
 * @typedef {{ name: string, body: string, answer: string }} Call
 */

/**
 * POSTs a call and returns the answer's text, failing on anything but a success.
 * @param {string} url
 * @param {string} name
 * @param {unknown} body
 */
async function post(url, name, body) {
  const response = await fetch(`${url}${API_PREFIX}${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const envelope = /** @type {{ code: number, data: unknown }} */ (JSON.parse(text));
  if (response.status !== 200 || envelope.code !== 0) throw new Error(`${name}: HTTP ${response.status} ${text}`);
  if (!response.headers.get('etag')) throw new Error(`${name}: no ETag, so not a published read`);
  return { text, data: envelope.data };
}

/**
 * The calls measured, with bodies naming content that exists in this database (the seeded
 * documentation): the default version's tree, and its page whose title sorts first (the same
 * page on every database, whatever ids the seed drew).
 * @param {string} url
 * @returns {Promise<Call[]>}
 */
async function callsOf(url) {
  const versions = /** @type {{ list: { _id: string, isDefault: boolean }[] }} */ (
    (await post(url, 'doc/get_version_info', {})).data
  );
  const version = versions.list.find((v) => v.isDefault)?._id ?? 'all';
  const listed = /** @type {{ list: { _id: string, title: string }[] }} */ (
    (await post(url, 'doc/get_resource_list', { version, lang: LANG, page_number: -1 })).data
  );
  const first = listed.list.toSorted((a, b) => a.title.localeCompare(b.title, 'en'))[0]?._id;
  if (!first) throw new Error('the seeded documentation has no page');
  const bodies = [
    ['doc/get_resource_info', { _id: first, lang: LANG, version }],
    ['doc/get_category_list', { version, lang: LANG }],
  ];
  /** @type {Call[]} */
  const calls = [];
  for (const [name, body] of /** @type {[string, unknown][]} */ (bodies)) {
    calls.push({ name, body: JSON.stringify(body), answer: (await post(url, name, body)).text });
  }
  return calls;
}

/** @typedef {{ rps: number, p99: number, requests: number, cpuMs: number }} Round */
/** @typedef {{ rps: number, p99: number, cpuPerRequest: number }} Figures */
/** @type {{ database: string, call: string, bytes: number, ref: Figures, ours: Figures, roundRatios: number[] }[]} */
const rows = [];
const notes = [];

/** @param {number[]} values */
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Measures each call on our server and on the reference serving our server's answers, in
 * alternating rounds: on a shared machine the load drifts, and both sides should meet it alike.
 * @param {string} database
 * @param {Record<string, string>} env
 */
async function measureOn(database, env) {
  const server = await startServer(SERVER, env, { core: serverCore });
  const folder = await mkdtemp(path.join(tmpdir(), 'open-bench-doc-read-'));
  try {
    const calls = await callsOf(server.url);
    const answersFile = path.join(folder, 'answers.json');
    await writeFile(
      answersFile,
      JSON.stringify(Object.fromEntries(calls.map((c) => [`${API_PREFIX}${c.name}`, c.answer]))),
    );
    const reference = await startServer(REFERENCE, { BENCH_ANSWERS: answersFile }, { core: serverCore });
    try {
      for (const c of calls) {
        const sent = await fetch(`${reference.url}${API_PREFIX}${c.name}`, { method: 'POST', body: c.body });
        if ((await sent.text()) !== c.answer) throw new Error(`${c.name}: the reference does not send our answer`);
        const sides = [reference, server].map((process) => ({
          process,
          url: `${process.url}${API_PREFIX}${c.name}`,
          rounds: /** @type {Round[]} */ ([]),
          cpuMs: 0,
        }));
        for (let round = 0; round < ROUNDS; round++) {
          for (const side of sides) {
            const options = { url: side.url, body: c.body, connections: CONNECTIONS, seconds: DURATION_S / ROUNDS };
            if (round === 0) await throughput({ ...options, seconds: 1, warmUpSeconds: 0 });
            const cpuBefore = await cpuMillis(side.process.pid);
            const measured = await throughput({ ...options, warmUpSeconds: 0 });
            const cpuMs = (await cpuMillis(side.process.pid)) - cpuBefore;
            side.rounds.push({ ...measured, cpuMs });
            side.cpuMs += cpuMs;
          }
        }
        const [ref, ours] = sides.map(({ rounds, cpuMs }) => ({
          rps: rounds.reduce((sum, r) => sum + r.rps, 0) / rounds.length,
          p99: median(rounds.map((r) => r.p99)),
          cpuPerRequest: (cpuMs * 1000) / rounds.reduce((sum, r) => sum + r.requests, 0),
        }));
        if (!ref || !ours) throw new Error('no figures');
        // Each round's pair (the reference, then ours, seconds apart) met the same machine: the
        // ratio of a pair does not drift with the load as the figures of a whole run can.
        const perRequest = (/** @type {Round} */ r) => r.cpuMs / r.requests;
        const [refRounds, ourRounds] = sides.map((side) => side.rounds);
        const roundRatios = (refRounds ?? []).map((r, i) => {
          const o = ourRounds?.[i];
          return o ? perRequest(r) / perRequest(o) : NaN;
        });
        rows.push({ database, call: c.name, bytes: Buffer.byteLength(c.answer), ref, ours, roundRatios });
      }
    } finally {
      await reference.stop();
    }
  } finally {
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

const loadAfter = watchLoad('the measurement');
const dataDir = await mkdtemp(path.join(tmpdir(), 'open-bench-'));
try {
  await measureOn('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
try {
  await withPostgresSchema((databaseUrl) => measureOn('PostgreSQL', { DATABASE_URL: databaseUrl }));
} catch (error) {
  notes.push(`PostgreSQL at ${PG_URL} not measured: ${error instanceof Error ? error.message : String(error)}`);
}

const n = (/** @type {number} */ value) => Math.round(value).toLocaleString('en-US');
console.log(
  `\nPOST, ${CONNECTIONS} connections, ${DURATION_S} s per server and call after 1 s warm-up, in ${ROUNDS} ` +
    'alternating rounds (req/s: their mean; p99: their median); reference: a bare Fastify handler sending the same ' +
    'bytes from memory, measured in the same run. CPU per request: user + system time of the server process over ' +
    'the rounds, divided by the requests it answered (the second "vs reference" is reference / ours over the whole ' +
    'run; "per round" is the median of the rounds\' own ratios, each a pair measured seconds apart, with their range). ' +
    (serverCore === undefined
      ? 'Not pinned to cores.\n'
      : `Each server pinned to core ${serverCore}, the load generator to core 0.\n`),
);
console.log(
  '| call | database | answer | reference req/s | reference p99 | our req/s | our p99 | vs reference | ' +
    'CPU per request, reference | CPU per request, ours | vs reference | per round (range) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| \`${row.call}\` | ${row.database} | ${n(row.bytes)} B | ${n(row.ref.rps)} | ${row.ref.p99} ms | ` +
      `${n(row.ours.rps)} | ${row.ours.p99} ms | ${(row.ours.rps / row.ref.rps).toFixed(2)}x | ` +
      `${row.ref.cpuPerRequest.toFixed(0)} µs | ${row.ours.cpuPerRequest.toFixed(0)} µs | ` +
      `${(row.ref.cpuPerRequest / row.ours.cpuPerRequest).toFixed(2)}x | ` +
      `${median(row.roundRatios).toFixed(2)}x (${Math.min(...row.roundRatios).toFixed(2)}–` +
      `${Math.max(...row.roundRatios).toFixed(2)}) |`,
  );
}
for (const note of notes) console.log(`\n(${note})`);
const load = loadAfter();
writeSummary(
  'doc-read',
  rows.flatMap((row) => [
    {
      figure: `${row.call} on ${row.database}, req/s`,
      ours: row.ours.rps,
      reference: row.ref.rps,
      unit: 'req/s',
      better: /** @type {const} */ ('higher'),
    },
    {
      figure: `${row.call} on ${row.database}, CPU per request`,
      ours: row.ours.cpuPerRequest,
      reference: row.ref.cpuPerRequest,
      unit: 'µs',
      better: /** @type {const} */ ('lower'),
      note: `reference / ours ${(row.ref.cpuPerRequest / row.ours.cpuPerRequest).toFixed(2)}x, per round ${median(row.roundRatios).toFixed(2)}x`,
    },
  ]),
  load,
);
