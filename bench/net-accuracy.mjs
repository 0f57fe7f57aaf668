#!/usr/bin/env node
// @ts-check
// How close the diagnostics page's bandwidth test comes to a link of known speed (issue #10):
// two network namespaces joined by a veth pair whose two ends are shaped with `tc ... tbf`, the
// built server in one, headless Chromium running the real page (#/diagnose) in the other. For
// each rate it prints the link speed the page measured, download and upload, over the shaped
// rate, and a reference measured in the same run over the same shaping without the browser:
// curl posting to the same diag/download and diag/upload endpoints.
// Run as root: npm run build && npm run bench:net-accuracy
// BENCH_RATES (Mbit/s, comma-separated, default 10,50) and BENCH_SECONDS (the reference's
// transfer time at the rate, default 8) change what is measured.
// The namespaces (and with them the veth pair) are removed whatever happens: on success, on
// failure, on Ctrl-C or kill; a run killed with SIGKILL leaves them to the next run, which
// removes the namespaces of runs no longer alive before it starts.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { API_PREFIX, requireBuiltServer, root, SERVER, writeSummary } from './lib.mjs';
import { watchLoad } from './load.mjs';

const RATES = (process.env.BENCH_RATES ?? '10,50').split(',').map(Number);
const REFERENCE_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TOLERANCE = 0.03;
const PAGE_TIMEOUT_MS = 120_000;
/** The largest body diag/download sends and diag/upload takes (limits.diagTransferBytes). */
const MAX_TRANSFER_BYTES = 32 * 1024 * 1024;
/**
 * Link bytes per TCP payload byte: with a 1500-byte MTU and TCP timestamps, a full segment
 * carries 1448 payload bytes (1500 − 20 IP − 20 TCP − 12 options) in a 1514-byte Ethernet frame,
 * the size tbf counts on a veth (no preamble, no FCS).
 */
const LINK_PER_GOODPUT = 1514 / 1448;
/**
 * tbf burst, in bytes: what may leave at the veth's own speed once the bucket is full. At least
 * rate/HZ (4 ms at HZ = 250, this kernel's and Debian's) so a timer tick's worth of tokens always
 * fits, and at least 10 KB (several full frames). Larger bursts add a one-off bonus at the start
 * of each transfer (25 KB at 50 Mbit/s is 4 ms worth); measured on this machine with a plain
 * HTTP server, bursts from 5 KB to 64 KB all gave 0.98–1.01 of the rate at 10 and 50 Mbit/s.
 * @param {number} mbit
 */
const tbfBurstBytes = (mbit) => Math.max(Math.ceil((mbit * 1e6) / 8 / 250), 10_000);
/**
 * tbf queue (limit), in bytes: 50 ms at the rate plus the burst, but at least 256 KiB. A longer
 * queue only delays packets; a shorter one drops them, and on a veth (RTT ~0) TCP's window
 * overflowed the 62 KB of 50 ms at 10 Mbit/s: thousands of drops a transfer, and now and then a
 * retransmission timeout (200 ms at least) that stalled the link. Of 51 curl downloads of 2 s
 * there, 3 came out at 0.83–0.91 of the rate; with 256 KiB none of 51 did, and nothing was
 * dropped. At 50 Mbit/s, 50 ms (312 KB) dropped nothing already. 256 KiB is 210 ms of queue at
 * 10 Mbit/s when full, a common buffer for an access link of that speed.
 * @param {number} mbit
 */
const tbfLimitBytes = (mbit) => Math.max(Math.ceil(((mbit * 1e6) / 8) * 0.05) + tbfBurstBytes(mbit), 256 * 1024);

const SERVER_IP = '10.231.0.1';
const CLIENT_IP = '10.231.0.2';
/** A fresh namespace: nothing else listens there. */
const PORT = 8080;
const ORIGIN = `http://${SERVER_IP}:${PORT}`;
const PAGE_URL = `${ORIGIN}/dzfront/open/client/#/diagnose`;
const NAME = /^oa-(srv|cli)-(\d+)$/;

const pid = process.pid;
const SRV_NS = `oa-srv-${pid}`;
const CLI_NS = `oa-cli-${pid}`;
// Interface names have at most 15 characters; a pid at most 7 digits.
const SRV_VETH = `oa-vs-${pid}`;
const CLI_VETH = `oa-vc-${pid}`;

/** @param {string} message */
function fail(message) {
  console.error(`net-accuracy: ${message}`);
  process.exit(1);
}

if (RATES.some((mbit) => !(mbit > 0 && mbit <= 1000)) || !(REFERENCE_SECONDS > 0))
  fail('BENCH_RATES takes rates in Mbit/s from 1 to 1000, comma-separated; BENCH_SECONDS a positive number.');
if (process.getuid?.() !== 0) fail('needs root (network namespaces, veth and tc): run it as root.');
requireBuiltServer();
if (!existsSync(path.join(root, 'packages/web/dist/index.html')))
  fail('packages/web/dist is missing: run npm run build first.');
for (const tool of ['ip', 'tc']) {
  if (spawnSync(tool, ['-V']).error) fail(`${tool} (iproute2) is not installed.`);
}
if (!existsSync(CHROMIUM)) fail(`no Chromium at ${CHROMIUM} (CHROMIUM_PATH changes it).`);
if (spawnSync('curl', ['--version']).error) {
  console.log('curl is not installed (the reference needs it): installing it with apt-get install -y curl');
  const installed = spawnSync('apt-get', ['install', '-y', 'curl'], { stdio: 'inherit' });
  if (installed.status !== 0) fail('could not install curl.');
}

/**
 * Runs a command and returns its output; throws with its stderr when it fails.
 * @param {string} file
 * @param {string[]} args
 */
function run(file, args) {
  return execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** @param {number} ms */
function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** @param {number} id */
function alive(id) {
  try {
    process.kill(id, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** @param {string} ns */
function pidsIn(ns) {
  try {
    return run('ip', ['netns', 'pids', ns]).split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * Ends the processes left in our namespaces (the server, Chromium and its children, a curl):
 * all started by this run, or by the dead run that left the namespace. A namespace outlives
 * `ip netns delete` while a process is in it, and so does its end of the veth.
 * @param {string[]} namespaces
 */
function endProcessesIn(namespaces) {
  for (const signal of /** @type {const} */ (['SIGTERM', 'SIGKILL'])) {
    const pids = namespaces.flatMap(pidsIn);
    if (pids.length === 0) return;
    for (const id of pids) {
      try {
        process.kill(id, signal);
      } catch {
        // Gone already.
      }
    }
    for (let waited = 0; waited < 5000 && namespaces.flatMap(pidsIn).length > 0; waited += 100) sleepSync(100);
  }
}

/** @param {string[]} namespaces */
function deleteNamespaces(namespaces) {
  endProcessesIn(namespaces);
  for (const ns of namespaces) {
    try {
      run('ip', ['netns', 'delete', ns]);
    } catch {
      // Never made, or removed already.
    }
  }
}

/** Our namespaces' names, as `ip netns list` shows them. */
function listedNamespaces() {
  return run('ip', ['netns', 'list'])
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name) => NAME.test(name));
}

// Leftovers of runs that are no longer alive (killed with SIGKILL, or the machine stopped).
/** @param {number} owner A run's pid: dead, or ours reused (ours are not made yet). */
const gone = (owner) => owner === pid || !alive(owner);
const stale = listedNamespaces().filter((name) => gone(Number(NAME.exec(name)?.[2])));
if (stale.length > 0) {
  console.log(`removing namespaces left by earlier runs: ${stale.join(', ')}`);
  deleteNamespaces(stale);
}

// And their temporary folders (the server's data, Chromium's profile), named after their pid.
const TEMP_NAME = /^open-bench-net-(\d+)-/;
for (const name of readdirSync(tmpdir())) {
  const owner = TEMP_NAME.exec(name)?.[1];
  if (owner !== undefined && gone(Number(owner))) rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
}

const tempDir = mkdtempSync(path.join(tmpdir(), `open-bench-net-${pid}-`));
const dataDir = path.join(tempDir, 'data');
/** @type {import('node:child_process').ChildProcess | undefined} */
let server;
/** @type {import('playwright-core').Browser | undefined} */
let browser;
let cleanedUp = false;

/** Synchronous, so it also runs from a signal or an 'exit' handler; runs once. */
function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  deleteNamespaces([SRV_NS, CLI_NS]);
  rmSync(tempDir, { recursive: true, force: true });
  const left = listedNamespaces().filter((name) => name === SRV_NS || name === CLI_NS);
  if (left.length > 0) console.error(`net-accuracy: could not remove ${left.join(', ')}`);
}

/**
 * Closes Chromium and the server gently (a few seconds at most), then removes everything.
 * @param {number} code
 */
async function shutdown(code) {
  const gently = Promise.allSettled([
    browser?.close(),
    server && server.exitCode === null && server.signalCode === null
      ? new Promise((resolve) => {
          server?.once('exit', resolve);
          server?.kill('SIGTERM');
        })
      : undefined,
  ]);
  await Promise.race([gently, new Promise((resolve) => setTimeout(resolve, 5000))]);
  cleanup();
  // After a run that measured, once the server and Chromium are gone (their CPU counts as the run's own).
  if (code === 0) writeSummary('net-accuracy', summaryFigures(), loadAfter());
  process.exit(code);
}

/** @type {Promise<void> | undefined} Set by a signal: the run is being stopped. */
let stopping;
for (const [signal, code] of /** @type {const} */ ([
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
])) {
  process.on(signal, () => {
    // A second signal does not wait for the gentle close.
    if (stopping) {
      cleanup();
      process.exit(code);
    }
    console.error(`\nnet-accuracy: ${signal}, removing the namespaces`);
    stopping = shutdown(code);
  });
}
process.on('uncaughtException', (error) => {
  console.error('net-accuracy failed:', error);
  cleanup();
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  console.error('net-accuracy failed:', error);
  cleanup();
  process.exit(1);
});
process.on('exit', cleanup);

/** The two namespaces, the veth pair between them, the addresses; loopback up in both. */
function makeNetwork() {
  run('ip', ['netns', 'add', SRV_NS]);
  run('ip', ['netns', 'add', CLI_NS]);
  run('ip', ['link', 'add', SRV_VETH, 'netns', SRV_NS, 'type', 'veth', 'peer', 'name', CLI_VETH, 'netns', CLI_NS]);
  for (const { ns, dev, ip } of [
    { ns: SRV_NS, dev: SRV_VETH, ip: SERVER_IP },
    { ns: CLI_NS, dev: CLI_VETH, ip: CLIENT_IP },
  ]) {
    run('ip', ['-n', ns, 'addr', 'add', `${ip}/30`, 'dev', dev]);
    run('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
    run('ip', ['-n', ns, 'link', 'set', dev, 'up']);
  }
}

/**
 * Shapes the egress of both veth ends: the server's end shapes the download, the client's the
 * upload.
 * @param {number} mbit
 */
function shape(mbit) {
  const tbf = ['root', 'tbf', 'rate', `${mbit}mbit`, 'burst', String(tbfBurstBytes(mbit))];
  tbf.push('limit', String(tbfLimitBytes(mbit)));
  for (const { ns, dev } of [
    { ns: SRV_NS, dev: SRV_VETH },
    { ns: CLI_NS, dev: CLI_VETH },
  ]) {
    run('ip', ['netns', 'exec', ns, 'tc', 'qdisc', 'replace', 'dev', dev, ...tbf]);
  }
}

/** The built server in the server namespace, on a fresh embedded database; resolves once it listens. */
async function startServer() {
  const child = spawn('ip', ['netns', 'exec', SRV_NS, process.execPath, SERVER], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: SERVER_IP,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      if (output.includes('Open platform is running')) {
        clearTimeout(timer);
        resolve(undefined);
      }
    });
    child.stderr.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}

/**
 * Chromium in the client namespace. Playwright drives it over pipes, which the namespace does
 * not touch: only its network is the client's.
 */
function launchBrowser() {
  const wrapper = path.join(tempDir, 'chromium-in-netns.sh');
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${CLI_NS} ${CHROMIUM} "$@"\n`);
  chmodSync(wrapper, 0o755);
  // Playwright makes Chromium's profile and its artifacts folder in os.tmpdir(): in ours, so
  // they go with it even when Chromium is killed.
  process.env.TMPDIR = tempDir;
  return chromium.launch({
    executablePath: wrapper,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    // Our own handlers close it and remove the namespaces.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/**
 * curl in the client namespace; its -w figures, split on spaces.
 * @param {string[]} args
 */
function curl(args) {
  // Not spawnSync: a signal must be handled while a transfer runs.
  const child = spawn('ip', ['netns', 'exec', CLI_NS, 'curl', '-sS', '--max-time', '120', '-H', 'Expect:', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (/** @type {Buffer} */ chunk) => (stdout += chunk.toString()));
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => (stderr += chunk.toString()));
  return /** @type {Promise<string[]>} */ (
    new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) resolve(stdout.trim().split(' '));
        else reject(new Error(`curl ${args.join(' ')} failed (${code}): ${stderr.trim()}`));
      });
    })
  );
}

const DOWNLOAD_URL = `${ORIGIN}${API_PREFIX}diag/download`;
const UPLOAD_URL = `${ORIGIN}${API_PREFIX}diag/upload`;

/**
 * The reference: about REFERENCE_SECONDS of data at the rate, each way, in requests of at most
 * 32 MiB, with curl; goodput = payload bytes / curl's total time of the requests (which is what
 * its speed_download and speed_upload are), in Mbit/s.
 * @param {number} mbit
 */
async function reference(mbit) {
  const total = Math.round(((mbit * 1e6) / 8) * REFERENCE_SECONDS);
  const requests = Math.ceil(total / MAX_TRANSFER_BYTES);
  const bytes = Math.floor(total / requests);
  const uploadFile = path.join(tempDir, 'upload.bin');
  const answerFile = path.join(tempDir, 'answer.json');
  writeFileSync(uploadFile, randomBytes(bytes));
  let down = { bytes: 0, seconds: 0 };
  let up = { bytes: 0, seconds: 0 };
  for (let i = 0; i < requests; i++) {
    const [status, size = 0, seconds = NaN] = await curl([
      ...['-o', answerFile, '-w', '%{http_code} %{size_download} %{time_total}', '-X', 'POST'],
      ...['-H', 'content-type: application/json', '--data', JSON.stringify({ bytes }), DOWNLOAD_URL],
    ]);
    if (status !== '200' || Number(size) !== bytes)
      throw new Error(`diag/download answered HTTP ${status} with ${size} bytes instead of ${bytes}`);
    down = { bytes: down.bytes + bytes, seconds: down.seconds + Number(seconds) };
  }
  for (let i = 0; i < requests; i++) {
    const [status, size = 0, seconds = NaN] = await curl([
      ...['-o', answerFile, '-w', '%{http_code} %{size_upload} %{time_total}'],
      ...['-H', 'content-type: application/octet-stream', '--data-binary', `@${uploadFile}`, UPLOAD_URL],
    ]);
    const answer = readFileSync(answerFile, 'utf8');
    /** @type {{ code?: number, data?: { bytes?: number } }} */
    let envelope = {};
    try {
      envelope = JSON.parse(answer);
    } catch {
      // Reported below.
    }
    if (status !== '200' || Number(size) !== bytes || envelope.code !== 0 || envelope.data?.bytes !== bytes)
      throw new Error(`diag/upload of ${bytes} bytes answered HTTP ${status}: ${answer.slice(0, 300)}`);
    up = { bytes: up.bytes + bytes, seconds: up.seconds + Number(seconds) };
  }
  /** @param {{ bytes: number, seconds: number }} side */
  const mbps = (side) => (side.bytes * 8) / side.seconds / 1e6;
  return { download: mbps(down), upload: mbps(up), bytes, requests };
}

/**
 * A page of a fresh visitor reading English, on #/diagnose.
 * @param {import('playwright-core').Browser} b
 */
async function openPage(b) {
  const context = await b.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    localStorage.setItem('globalLang', 'en');
  });
  const page = await context.newPage();
  /** What the page reported going wrong, for the message when it does not get on. */
  const errors = /** @type {string[]} */ ([]);
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text().split('\n')[0] ?? '');
  });
  /** @param {string} what */
  const stuck = (what) =>
    new Error(`${what}${errors.length > 0 ? `; the page reported: ${[...new Set(errors)].join(' | ')}` : ''}`);
  const response = await page.goto(PAGE_URL, { timeout: 60_000 });
  if (!response?.ok()) throw new Error(`${PAGE_URL} answered HTTP ${response?.status()}`);
  // The route's heading shows once the page and its dictionary have loaded.
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(() => {
      throw stuck(`#/diagnose did not render in 60 s (no h1)`);
    });
  return { context, page, stuck, title: await page.title() };
}

const RESULT = '[data-testid="bandwidth-result"]';

/**
 * The page's own bandwidth test, through its contract: the button data-testid="bandwidth-run"
 * runs the download then the upload; the element data-testid="bandwidth-result" then gets
 * data-state="done" (or "failed") and the figures in data-{download,upload}-{link,goodput}-mbps.
 * @param {import('playwright-core').Browser} b
 */
async function pageTest(b) {
  const { context, page, stuck } = await openPage(b);
  try {
    await page.getByTestId('bandwidth-run').click({ timeout: 30_000 });
    const result = page.locator(`${RESULT}[data-state="done"], ${RESULT}[data-state="failed"]`);
    await result.waitFor({ state: 'attached', timeout: PAGE_TIMEOUT_MS }).catch(() => {
      throw stuck(`the bandwidth test did not finish in ${PAGE_TIMEOUT_MS / 1000} s`);
    });
    if ((await result.getAttribute('data-state')) === 'failed')
      throw new Error(`the page's bandwidth test failed: ${(await result.textContent())?.trim() ?? ''}`);
    /** @param {string} name */
    const figure = async (name) => {
      const text = await result.getAttribute(`data-${name}-mbps`);
      const value = Number(text);
      if (text === null || text.trim() === '' || !Number.isFinite(value))
        throw new Error(`${RESULT} has data-${name}-mbps="${text}", not a number`);
      return value;
    };
    return {
      download: { link: await figure('download-link'), goodput: await figure('download-goodput') },
      upload: { link: await figure('upload-link'), goodput: await figure('upload-goodput') },
    };
  } finally {
    await context.close();
  }
}

/**
 * @typedef {{ mbit: number, direction: string, by: string, link: number, goodput: number,
 *   referenceLink: number }} Row
 */
/** @type {Row[]} */
const rows = [];
/** @type {string[]} */
const notes = [];

const loadAfter = watchLoad('the measurement');
try {
  makeNetwork();
  console.log(`namespaces ${SRV_NS} (server, ${SERVER_IP}) and ${CLI_NS} (Chromium and curl, ${CLIENT_IP})`);
  await startServer();
  console.log(`server listening at ${ORIGIN} in ${SRV_NS}`);

  browser = await launchBrowser();
  const first = await openPage(browser);
  console.log(`Chromium in ${CLI_NS} loaded ${PAGE_URL}: "${first.title}"`);
  // Fail early, and clearly, when the build lacks the endpoints or the page.
  const [probe] = await curl([
    ...['-o', '/dev/null', '-w', '%{http_code}', '-X', 'POST', '-H', 'content-type: application/json'],
    ...['--data', '{"bytes":1}', DOWNLOAD_URL],
  ]);
  if (probe !== '200')
    throw new Error(`POST ${DOWNLOAD_URL} answered HTTP ${probe}: this build has no diag/download (npm run build?)`);
  const buttons = await first.page.getByTestId('bandwidth-run').count();
  await first.context.close();
  if (buttons === 0)
    throw new Error('#/diagnose has no data-testid="bandwidth-run" button: this build lacks the bandwidth test page');

  for (const mbit of RATES) {
    shape(mbit);
    console.log(
      `\n${mbit} Mbit/s: tbf rate ${mbit}mbit burst ${tbfBurstBytes(mbit)} limit ${tbfLimitBytes(mbit)} on both veth ends`,
    );
    const ref = await reference(mbit);
    console.log(
      `  reference (curl): download ${ref.download.toFixed(2)}, upload ${ref.upload.toFixed(2)} Mbit/s goodput ` +
        `(${ref.requests} × ${ref.bytes.toLocaleString('en-US')} bytes each way)`,
    );
    const started = performance.now();
    const measured = await pageTest(browser);
    console.log(`  page: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const direction of /** @type {const} */ (['download', 'upload'])) {
      const referenceLink = ref[direction] * LINK_PER_GOODPUT;
      rows.push({ mbit, direction, by: 'page', ...measured[direction], referenceLink });
      rows.push({
        mbit,
        direction,
        by: 'curl (reference)',
        link: referenceLink,
        goodput: ref[direction],
        referenceLink,
      });
    }
  }
} catch (error) {
  // Stopped by a signal: what failed was closed under the run's feet; the signal's exit stands.
  if (stopping) await stopping;
  console.error(`net-accuracy failed: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}

const f = (/** @type {number} */ value, digits = 2) => value.toFixed(digits);
/**
 * For `npm run bench` (writeSummary): the page's link speed against curl's, each rate and direction.
 * @returns {import('./lib.mjs').SummaryFigure[]}
 */
function summaryFigures() {
  return rows
    .filter((row) => row.by === 'page')
    .map((row) => ({
      figure: `${row.mbit} Mbit/s ${row.direction}, link speed the page measured`,
      ours: row.link,
      reference: row.referenceLink,
      unit: 'Mbit/s',
      better: 'closer',
      note: `link / shaped ${f(row.link / row.mbit, 3)}${Math.abs(row.link / row.mbit - 1) <= TOLERANCE ? '' : `, NOT within ${TOLERANCE * 100} %`}`,
    }));
}
console.log(
  `\nShaped with tbf on both veth ends; link = goodput × 1514/1448 (TCP payload per Ethernet frame, MTU 1500, ` +
    `TCP timestamps). Reference: curl over the same shaping, about ${REFERENCE_SECONDS} s each way. ` +
    `Target: link within ${TOLERANCE * 100} % of the shaped rate.\n`,
);
console.log(
  '| rate | direction | measured by | shaped Mbit/s | link Mbit/s | link / shaped | goodput Mbit/s | vs reference | within 3 % |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  const ratio = row.link / row.mbit;
  const within = Math.abs(ratio - 1) <= TOLERANCE;
  console.log(
    `| ${row.mbit} Mbit/s | ${row.direction} | ${row.by} | ${row.mbit} | ${f(row.link)} | ${f(ratio, 3)} | ` +
      `${f(row.goodput)} | ${f(row.link / row.referenceLink, 3)}x | ${within ? 'yes' : 'NO'} |`,
  );
  if (!within)
    notes.push(
      `WARN: ${row.by} ${row.direction} at ${row.mbit} Mbit/s measured ${f(row.link)} Mbit/s, ` +
        `${f((ratio - 1) * 100, 1)} % off the shaped rate (target: within ${TOLERANCE * 100} %)` +
        (row.by === 'page' ? '' : ': the shaping itself is off, so the page figures are not a fair test'),
    );
}
for (const note of notes) console.log(note);
await shutdown(0);
