#!/usr/bin/env node
// @ts-check
// Resident memory (VmRSS) of the built server, idle after start and around a burst of requests,
// on the embedded PGlite (first start on a fresh folder, then a restart on the same folder) and
// on PostgreSQL, against a bare Fastify server measured in the same run.
// Run: npm run build && npm run bench:memory
// BENCH_SERVER points at another build of main.js (to compare before and after a change).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import {
  API_PREFIX,
  PG_URL,
  requireBuiltServer,
  root,
  SERVER,
  startServer,
  withPostgresSchema,
  writeSummary,
} from './lib.mjs';

const REFERENCE = path.join(root, 'bench/reference/bare-fastify.mjs');
const IDLE_S = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const CONNECTIONS = 10;
const API = `${API_PREFIX}doc/get_version_info`;

requireBuiltServer();

/**
 * Resident and peak resident memory of a process, in MiB.
 * @param {number} pid
 */
async function memoryOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (/** @type {string} */ name) =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/**
 * Starts a server, lets it idle, sends it a burst of requests, lets it idle again.
 * @param {string} name
 * @param {string} script
 * @param {Record<string, string>} env
 */
async function measure(name, script, env) {
  const server = await startServer(script, env);
  try {
    const atStart = await memoryOf(server.pid);
    await sleep(IDLE_S * 1000);
    const idle = await memoryOf(server.pid);
    const result = await autocannon({
      url: `${server.url}${API}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      connections: CONNECTIONS,
      amount: REQUESTS,
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    const loaded = await memoryOf(server.pid);
    await sleep(IDLE_S * 1000);
    const after = await memoryOf(server.pid);
    return {
      name,
      start: server.startSeconds,
      atStart: atStart.rss,
      idle: idle.rss,
      loaded: loaded.rss,
      after: after.rss,
      peak: after.hwm,
    };
  } finally {
    await server.stop();
  }
}

/** @type {Awaited<ReturnType<typeof measure>>[]} */
const rows = [];
const notes = [];

rows.push(await measure('bare Fastify server (reference)', REFERENCE, {}));

const dataDir = await mkdtemp(path.join(tmpdir(), 'open-bench-memory-'));
try {
  const embedded = { DATA_DIR: dataDir, DATABASE_URL: '' };
  rows.push(await measure('PGlite, first start (fresh folder)', SERVER, embedded));
  rows.push(await measure('PGlite, restart (same folder)', SERVER, embedded));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

// PostgreSQL in a schema of its own, dropped afterwards: the database outlives the run.
try {
  const row = await withPostgresSchema((databaseUrl) =>
    measure('PostgreSQL (pg pool)', SERVER, { DATABASE_URL: databaseUrl }),
  );
  rows.push(row);
} catch (error) {
  notes.push(`PostgreSQL at ${PG_URL} not measured: ${error instanceof Error ? error.message : String(error)}`);
}

const ref = /** @type {(typeof rows)[number]} */ (rows[0]);
const mb = (/** @type {number} */ value) => `${value.toFixed(0)} MB`;
const vs = (/** @type {number} */ value, /** @type {number} */ base) => `${(value / base).toFixed(2)}x`;
console.log(
  `\nVmRSS of the server process: at its start line, idle ${IDLE_S} s later, right after ${REQUESTS} requests ` +
    `(POST ${API}, ${CONNECTIONS} connections) and idle ${IDLE_S} s after them; peak is VmHWM at the end.\n`,
);
console.log(
  '| server | start | at start line | idle after start | vs reference | after load | idle after load | vs reference | peak |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.name} | ${row.start.toFixed(1)} s | ${mb(row.atStart)} | ${mb(row.idle)} | ${vs(row.idle, ref.idle)} | ` +
      `${mb(row.loaded)} | ${mb(row.after)} | ${vs(row.after, ref.after)} | ${mb(row.peak)} |`,
  );
}
for (const note of notes) console.log(`\n(${note})`);
// No load check here: the script prints no timed ratio (as before, it does not call watchLoad).
writeSummary(
  'memory',
  rows.slice(1).flatMap((row) => [
    { figure: `${row.name}, idle after start`, ours: row.idle, reference: ref.idle, unit: 'MB', better: 'lower' },
    { figure: `${row.name}, idle after load`, ours: row.after, reference: ref.after, unit: 'MB', better: 'lower' },
  ]),
);
