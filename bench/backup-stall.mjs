#!/usr/bin/env node
// @ts-check
// `node bench/backup-stall.mjs [rounds]` (or BENCH_ROUNDS; 3 by default): what an online backup of the embedded database costs
// the requests that do not use the database (issue #38, item 4). The built server starts on a
// fresh DATA_DIR (seeded, ~40 MB of PGlite files); a client sends `diag/ping` (no database) one
// after another, first with nothing else going on (the reference), then while `npm run backup`
// takes an online backup through the server's socket. Prints each side's p50, p99 and slowest
// ping, and how long the backup held the database's connection (queries wait that long: that is
// by design, docs/DEPLOY.md).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PREFIX, requireBuiltServer, root, SERVER, startServer, writeSummary } from './lib.mjs';
import { watchLoad } from './load.mjs';

const rounds = Number(process.argv[2] ?? process.env.BENCH_ROUNDS ?? 3);

/** @param {number[]} values @param {number} q */
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

/**
 * Pings until `until` resolves (or for `ms` when it is a number); the latency of each, in ms.
 * @param {string} url @param {Promise<unknown> | number} until
 */
async function pingWhile(url, until) {
  let done = false;
  const stop = typeof until === 'number' ? new Promise((resolve) => setTimeout(resolve, until)) : until;
  void stop.then(() => (done = true));
  /** @type {number[]} */
  const latencies = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${url}${API_PREFIX}diag/ping`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`diag/ping answered ${response.status}`);
    latencies.push(performance.now() - started);
  }
  await stop;
  return latencies;
}

/** Runs `npm run backup`'s script into a new folder; resolves with what it printed. @param {string} dataDir */
function backup(dataDir) {
  return new Promise((resolve, reject) => {
    void mkdtemp(path.join(tmpdir(), 'bench-backup-out-')).then((out) => {
      const child = spawn(process.execPath, [path.join(root, 'scripts/backup.mjs'), path.join(out, 'b')], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let printed = '';
      child.stdout.on('data', (/** @type {Buffer} */ chunk) => (printed += chunk.toString()));
      child.on('exit', (code) => {
        void rm(out, { recursive: true, force: true });
        if (code === 0) resolve(printed);
        else reject(new Error(`backup exited ${code}:\n${printed}`));
      });
    });
  });
}

/** @param {number[]} values */
const describe = (values) =>
  `p50 ${quantile(values, 0.5).toFixed(1)} ms, p99 ${quantile(values, 0.99).toFixed(1)} ms, slowest ${Math.max(...values).toFixed(1)} ms (${values.length} pings)`;

requireBuiltServer();
const doneWatching = watchLoad('the backup rounds');
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-backup-'));
const server = await startServer(SERVER, { DATA_DIR: dataDir, DATABASE_URL: '' });
/** @type {number[]} */
const alone = [];
/** @type {number[]} */
const during = [];
/** @type {number[]} */
const locked = [];
try {
  await pingWhile(server.url, 1_000); // warm-up
  for (let round = 1; round <= rounds; round++) {
    const quiet = await pingWhile(server.url, 3_000);
    const taking = backup(dataDir);
    const busy = await pingWhile(server.url, taking);
    const printed = /** @type {string} */ (await taking);
    const waited = Number(/queries waited (\d+) ms/.exec(printed)?.[1]);
    alone.push(...quiet);
    during.push(...busy);
    locked.push(waited);
    console.log(
      `round ${round}: alone ${describe(quiet)}; during the backup ${describe(busy)}; queries waited ${waited} ms`,
    );
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
const load = doneWatching();
console.log(`\nAll rounds, diag/ping alone:             ${describe(alone)}`);
console.log(`All rounds, during an online backup:     ${describe(during)}`);
console.log(`The backup held the connection (queries waited): ${locked.join(', ')} ms`);
writeSummary(
  'backup-stall',
  [
    {
      figure: 'diag/ping slowest during an online backup',
      ours: Math.max(...during),
      reference: Math.max(...alone),
      unit: 'ms',
      better: 'lower',
    },
    {
      figure: 'diag/ping p99 during an online backup',
      ours: quantile(during, 0.99),
      reference: quantile(alone, 0.99),
      unit: 'ms',
      better: 'lower',
    },
  ],
  load,
);
