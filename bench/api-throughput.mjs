#!/usr/bin/env node
// @ts-check
// Requests per second for one small JSON read, doc/get_version_info, through the built server
// on the embedded PGlite and on PostgreSQL, against a bare Fastify handler run in the same go.
// Each server runs in its own process; autocannon drives it from this one (2 cores: one each).
// Run: npm run build && npm run bench:api
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_PREFIX,
  PG_URL,
  requireBuiltServer,
  root,
  SERVER,
  startServer,
  throughput,
  withPostgresSchema,
  writeSummary,
} from './lib.mjs';
import { watchLoad } from './load.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const API = `${API_PREFIX}doc/get_version_info`;

requireBuiltServer();

/** @param {string} url */
const measure = (url) => throughput({ url: `${url}${API}`, body: '{}', connections: CONNECTIONS, seconds: DURATION_S });

const loadAfter = watchLoad('the measurement');
const rows = [];
const reference = await startServer(path.join(root, 'bench/reference/bare-fastify.mjs'), {});
const ref = await measure(reference.url);
await reference.stop();
rows.push(['bare Fastify handler (reference)', ref]);

const dataDir = await mkdtemp(path.join(tmpdir(), 'open-bench-'));
const embedded = await startServer(SERVER, {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
});
rows.push(['our server, embedded PGlite', await measure(embedded.url)]);
await embedded.stop();
await rm(dataDir, { recursive: true, force: true });

// PostgreSQL in a schema of its own, dropped afterwards: the database outlives the run.
try {
  await withPostgresSchema(async (databaseUrl) => {
    const postgres = await startServer(SERVER, { DATABASE_URL: databaseUrl });
    rows.push(['our server, PostgreSQL (pg pool)', await measure(postgres.url)]);
    await postgres.stop();
  });
} catch (error) {
  console.log(`(PostgreSQL at ${PG_URL} not measured: ${error instanceof Error ? error.message : String(error)})`);
}

console.log(`\nPOST ${API}, ${CONNECTIONS} connections, ${DURATION_S} s each after 1 s warm-up\n`);
console.log(`${'server'.padEnd(36)}${'req/s'.padStart(10)}${'vs ref'.padStart(9)}${'p99 ms'.padStart(9)}`);
for (const [name, { rps, p99 }] of /** @type {[string, {rps: number, p99: number}][]} */ (rows)) {
  console.log(
    `${name.padEnd(36)}${rps.toFixed(0).padStart(10)}${(rps / ref.rps).toFixed(2).padStart(8)}x${String(p99).padStart(9)}`,
  );
}
const load = loadAfter();
writeSummary(
  'api-throughput',
  /** @type {[string, { rps: number }][]} */ (rows).slice(1).map(([name, { rps }]) => ({
    figure: `${name}, req/s`,
    ours: rps,
    reference: ref.rps,
    unit: 'req/s',
    better: 'higher',
  })),
  load,
);
