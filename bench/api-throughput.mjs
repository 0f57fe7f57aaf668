#!/usr/bin/env node
// @ts-check
// Requests per second for one small JSON read, doc/get_version_info, through the built server
// on the embedded PGlite and on PostgreSQL, against a bare Fastify handler run in the same go.
// Each server runs in its own process; autocannon drives it from this one (2 cores: one each).
// Run: npm run build && npm run bench:api
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const API = '/dzfront/open/server/api/doc/get_version_info';

/**
 * Starts a server script and waits for its start line.
 * @param {string} script
 * @param {Record<string, string>} env
 */
async function startServer(script, env) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, [script], {
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
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** @param {string} url */
async function measure(url) {
  const options = {
    url: `${url}${API}`,
    method: /** @type {const} */ ('POST'),
    headers: { 'content-type': 'application/json' },
    body: '{}',
    connections: CONNECTIONS,
  };
  await autocannon({ ...options, duration: 1 }); // warm-up, discarded
  const result = await autocannon({ ...options, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const rows = [];
const reference = await startServer(path.join(root, 'bench/reference/bare-fastify.mjs'), {});
const ref = await measure(reference.url);
await reference.stop();
rows.push(['bare Fastify handler (reference)', ref]);

const dataDir = await mkdtemp(path.join(tmpdir(), 'open-bench-'));
const embedded = await startServer(path.join(root, 'packages/server/dist/main.js'), {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
});
rows.push(['our server, embedded PGlite', await measure(embedded.url)]);
await embedded.stop();
await rm(dataDir, { recursive: true, force: true });

// PostgreSQL in a schema of its own, dropped afterwards: the database outlives the run.
const schema = `bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_URL });
try {
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const postgres = await startServer(path.join(root, 'packages/server/dist/main.js'), { DATABASE_URL: url.toString() });
  rows.push(['our server, PostgreSQL (pg pool)', await measure(postgres.url)]);
  await postgres.stop();
} catch (error) {
  console.log(`(PostgreSQL at ${PG_URL} not measured: ${error instanceof Error ? error.message : String(error)})`);
} finally {
  await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
  await admin.end().catch(() => undefined);
}

console.log(`\nPOST ${API}, ${CONNECTIONS} connections, ${DURATION_S} s each after 1 s warm-up\n`);
console.log(`${'server'.padEnd(36)}${'req/s'.padStart(10)}${'vs ref'.padStart(9)}${'p99 ms'.padStart(9)}`);
for (const [name, { rps, p99 }] of /** @type {[string, {rps: number, p99: number}][]} */ (rows)) {
  console.log(
    `${name.padEnd(36)}${rps.toFixed(0).padStart(10)}${(rps / ref.rps).toFixed(2).padStart(8)}x${String(p99).padStart(9)}`,
  );
}
