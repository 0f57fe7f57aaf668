// @ts-check
// What the benchmarks that start servers share: the built server's path, a free port, starting
// a server script in its own process and waiting for its start line, a PostgreSQL schema of the
// run's own, autocannon against one POST JSON call, and the machine-readable summary every
// benchmark writes for `npm run bench` (bench/all.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER = path.resolve(process.env.BENCH_SERVER ?? path.join(root, 'packages/server/dist/main.js'));
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const API_PREFIX = '/dzfront/open/server/api/';

/** Stops the bench with a hint when the server has not been built. */
export function requireBuiltServer() {
  if (!existsSync(SERVER)) {
    console.error(`${path.relative(root, SERVER)} is missing: run npm run build first.`);
    process.exit(1);
  }
}

/** A port nobody listens on right now. */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Gives the servers measured one core and this process (the load generator) the other, where
 * the machine has two or more cores and `taskset` (Linux). Unpinned, the scheduler moves the
 * server, its helper threads and the load generator across both cores and each run shares them
 * differently: the same build measured twice moved by 7% and more. Pinned, each server's CPU
 * per request is counted on a core of its own, the reference's and ours alike. Returns the
 * core for the servers, or undefined (with a note printed) when it cannot pin.
 * @returns {string | undefined}
 */
export function pinLoadGeneratorAway() {
  if (os.availableParallelism() < 2) {
    console.log('(one core: the servers and the load generator share it)');
    return undefined;
  }
  try {
    execFileSync('taskset', ['-a', '-cp', '0', String(process.pid)], { stdio: 'ignore' });
    return '1';
  } catch {
    console.log('(taskset is not available: the servers and the load generator are not pinned to cores)');
    return undefined;
  }
}

/**
 * Starts a server script in its own process, on a free port, and waits for its start line;
 * with `core`, pinned to that core (see pinLoadGeneratorAway).
 * @param {string} script
 * @param {Record<string, string>} env
 * @param {{ core?: string }} [options]
 */
export async function startServer(script, env, { core } = {}) {
  const port = await freePort();
  const started = performance.now();
  const command = core === undefined ? [process.execPath, script] : ['taskset', '-c', core, process.execPath, script];
  // taskset replaces itself with node, so the child's pid is the server's.
  const child = spawn(command[0] ?? process.execPath, command.slice(1), {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      if (output.includes('Open platform is running')) resolve(undefined);
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${script} has no pid`);
  return {
    pid,
    url: `http://127.0.0.1:${port}`,
    startSeconds: (performance.now() - started) / 1000,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Runs `run` with a DATABASE_URL whose search_path is a schema of its own, dropped afterwards:
 * the database outlives the run. Fails (before `run`) when PostgreSQL cannot be reached.
 * @template T
 * @param {(databaseUrl: string) => Promise<T>} run
 * @param {string | undefined} [kept]  a schema to use and keep (created when missing), instead of a new one dropped afterwards
 * @returns {Promise<T>}
 */
export async function withPostgresSchema(run, kept) {
  const schema = kept || `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
    await admin.query(`create schema ${kept ? 'if not exists ' : ''}${schema}`);
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return await run(url.toString());
  } finally {
    if (!kept) await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
}

/**
 * Requests per second and p99 latency of one POST JSON call, after a warm-up (1 s unless said
 * otherwise) that is discarded. Any answer but a 2xx fails the run: a fast error is not a figure.
 * @param {{ url: string, body: string, connections: number, seconds: number, warmUpSeconds?: number }} options
 */
export async function throughput({ url, body, connections, seconds, warmUpSeconds = 1 }) {
  const options = {
    url,
    method: /** @type {const} */ ('POST'),
    headers: { 'content-type': 'application/json' },
    body,
    connections,
  };
  if (warmUpSeconds > 0) await autocannon({ ...options, duration: warmUpSeconds });
  const result = await autocannon({ ...options, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, requests: result.requests.total };
}

/**
 * CPU time a process has used so far, user and system, in milliseconds (Linux: /proc, in clock
 * ticks of 10 ms). Unlike requests per second, it barely moves when other work shares the cores.
 * @param {number} pid
 */
export async function cpuMillis(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * One headline figure of a benchmark, next to its reference.
 * - `better`: which way `ours` (and so `ratio`) is better; `closer`: the nearer to the reference.
 * - `note`: a word the table should carry (a budget passed, a target missed).
 * @typedef {{ figure: string, ours: number, reference: number, unit: string,
 *   better: 'higher' | 'lower' | 'closer', note?: string }} SummaryFigure
 */

/**
 * Appends the benchmark's headline figures to the file named by BENCH_SUMMARY_FILE, one JSON
 * line each: `{ bench, figure, ours, reference, unit, ratio, better, warning, note? }`, where
 * `ratio` is always ours / reference and `warning` says the figure was printed under a load
 * WARNING (watchLoad's `warned`). Does nothing when the variable is not set: what the scripts
 * print does not change. bench/all.mjs sets it and prints the figures in one table.
 * @param {string} bench  the script's name, as `npm run bench -- --only` takes it
 * @param {SummaryFigure[]} figures
 * @param {{ warned: boolean }} [load]  what watchLoad's function returned, for the timed scripts
 */
export function writeSummary(bench, figures, load) {
  const file = process.env.BENCH_SUMMARY_FILE;
  if (!file) return;
  const lines = figures.map(({ figure, ours, reference, unit, better, note }) =>
    JSON.stringify({
      bench,
      figure,
      ours,
      reference,
      unit,
      ratio: ours / reference,
      better,
      warning: load?.warned ?? false,
      ...(note === undefined ? {} : { note }),
    }),
  );
  appendFileSync(file, lines.map((line) => `${line}\n`).join(''));
}
