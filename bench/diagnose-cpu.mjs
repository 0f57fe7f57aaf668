#!/usr/bin/env node
// @ts-check
// What a full run of the diagnostics page (#/diagnose: login, socket, ping, curl, bandwidth)
// costs the agent's browser in CPU: headless Chromium against the built server, the page's
// traffic capped at 50 Mbit/s each way (Chromium's own throttling, as a link of that speed would
// pace it). The reference, in the same run: the bandwidth test's transfers alone (4 streams, 10 s
// down then 10 s up, the same request sizes, through the same cap) from a blank page of the same
// origin, with no page drawn around them. The page's figure includes what the reference moves.
// CPU is the browser's whole process tree (its ended renderers counted by their parents), user
// and system, per run; the server's is printed beside it.
// Run: npm run build && node bench/diagnose-cpu.mjs   (BENCH_ROUNDS, default 3; BENCH_CAP_MBPS, default 50)
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { cpuMillis, requireBuiltServer, SERVER, startServer, writeSummary } from './lib.mjs';
import { watchLoad } from './load.mjs';
/* global XMLHttpRequest -- bareTransfers runs in the page, where the bandwidth test uploads with it */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CAP_MBPS = Number(process.env.BENCH_CAP_MBPS ?? 50);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * CPU used so far by `pid` and every live descendant, with the ended children they reaped, in ms.
 * @param {number} pid
 */
function treeCpuMillis(pid) {
  /** @type {Map<number, { ppid: number, ticks: number }>} */
  const processes = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime: fields 14-17 of stat(5), 11-14 after the name.
      const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
      processes.set(Number(name), { ppid: Number(fields[1]), ticks });
    } catch {
      // Ended while being read.
    }
  }
  const inTree = (/** @type {number} */ candidate) => {
    for (let at = candidate; at > 1; at = processes.get(at)?.ppid ?? 0) if (at === pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [candidate, { ticks: own }] of processes) if (inTree(candidate)) ticks += own;
  return ticks * 10;
}

/**
 * The bandwidth test's transfers, run in the page (see packages/web/src/diagnose/network/bandwidth.ts):
 * streams that start at 256 KiB and double while a request takes under a second.
 * @param {{ streams: number, seconds: number, download: string, upload: string }} options
 */
async function bareTransfers({ streams, seconds, download, upload }) {
  const MAX = 32 * 1024 * 1024;
  const random = new Uint8Array(MAX);
  for (let at = 0; at < MAX; at += 65536) crypto.getRandomValues(random.subarray(at, at + 65536));
  for (const direction of ['download', 'upload']) {
    const until = performance.now() + seconds * 1000;
    const stream = async () => {
      let bytes = 256 * 1024;
      while (performance.now() < until) {
        const begun = performance.now();
        if (direction === 'download') {
          const response = await fetch(download, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ bytes }),
            cache: 'no-store',
          });
          const reader = response.body?.getReader();
          while (reader && !(await reader.read()).done);
        } else {
          await new Promise((resolve, reject) => {
            const xhr = new XMLHttpRequest();
            xhr.open('POST', upload);
            xhr.onload = resolve;
            xhr.onerror = reject;
            xhr.send(random.slice(0, bytes));
          });
        }
        if (performance.now() - begun < 1000) bytes = Math.min(bytes * 2, MAX);
      }
    };
    await Promise.all(Array.from({ length: streams }, stream));
  }
}

requireBuiltServer();
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-diagnose-'));
const server = await startServer(SERVER, { DATA_DIR: dataDir, DATABASE_URL: '', DIAG_TRANSFER_LIMIT_MB: '0' });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const browserPid = Number(
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .find((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid && stat.includes('chrom');
      } catch {
        return false;
      }
    }),
);
if (!(browserPid > 0)) throw new Error('the browser process was not found among this process’s children');

/** A page of the server's origin, its traffic capped as a 50 Mbit/s link would pace it. */
async function cappedPage() {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  await context.addInitScript(() => localStorage.setItem('globalLang', 'en'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (CAP_MBPS * 1e6) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  return { context, page };
}

/** @param {() => Promise<void>} run */
async function measured(run) {
  const [browserBefore, serverBefore, started] = [treeCpuMillis(browserPid), await cpuMillis(server.pid), Date.now()];
  await run();
  return {
    browserS: (treeCpuMillis(browserPid) - browserBefore) / 1000,
    serverS: ((await cpuMillis(server.pid)) - serverBefore) / 1000,
    wallS: (Date.now() - started) / 1000,
  };
}

const fullRun = async () => {
  const { context, page } = await cappedPage();
  await page.goto(`${server.url}/dzfront/open/client/#/diagnose`);
  await page.getByTestId('run-all').waitFor();
  const result = await measured(async () => {
    await page.getByLabel('Account', { exact: true }).fill('lina@demo.example.com');
    await page.getByLabel('Password', { exact: true }).fill('agent@open');
    await page.getByTestId('run-all').click();
    const bandwidth = page.getByTestId('bandwidth-result');
    while ((await bandwidth.getAttribute('data-state')) !== 'done') await page.waitForTimeout(250);
  });
  await context.close();
  return result;
};

const reference = async () => {
  const { context, page } = await cappedPage();
  await page.goto(`${server.url}/dzfront/open/client/favicon.svg`);
  const result = await measured(() =>
    page.evaluate(bareTransfers, {
      streams: 4,
      seconds: 10,
      download: '/dzfront/open/server/api/diag/download',
      upload: '/dzfront/open/server/api/diag/upload',
    }),
  );
  await context.close();
  return result;
};

const doneWithLoad = watchLoad('the diagnostics page’s CPU');
/** @type {{ page: Awaited<ReturnType<typeof fullRun>>, bare: Awaited<ReturnType<typeof reference>> }[]} */
const rounds = [];
try {
  for (let round = 0; round < ROUNDS; round++) rounds.push({ page: await fullRun(), bare: await reference() });
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
// The browser's renderers are not this process's to reap: their time, measured per round, is
// this run's own all the same, not other work.
const load = doneWithLoad({
  unreapedMillis: rounds.reduce((sum, { page, bare }) => sum + (page.browserS + bare.browserS) * 1000, 0),
});
const median = (/** @type {number[]} */ values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
console.log(
  '\nround  page: browser CPU s, server CPU s, wall s   |  transfers alone: browser CPU s, server CPU s, wall s',
);
rounds.forEach(({ page, bare }, index) =>
  console.log(
    `${String(index + 1).padStart(5)}  ${page.browserS.toFixed(1).padStart(6)} ${page.serverS.toFixed(1).padStart(6)} ` +
      `${page.wallS.toFixed(1).padStart(6)}   |  ${bare.browserS.toFixed(1).padStart(6)} ${bare.serverS.toFixed(1).padStart(6)} ${bare.wallS.toFixed(1).padStart(6)}`,
  ),
);
const pageCpu = median(rounds.map(({ page }) => page.browserS));
const bareCpu = median(rounds.map(({ bare }) => bare.browserS));
console.log(
  `\nMedian browser CPU of a full run: ${pageCpu.toFixed(1)} s, of its transfers alone ${bareCpu.toFixed(1)} s: ` +
    `${(pageCpu / bareCpu).toFixed(2)}x (the page also logs in, pings, runs curl and draws what it measures).`,
);
writeSummary(
  'diagnose-cpu',
  [
    {
      figure: 'browser CPU of a full run vs its transfers alone',
      ours: pageCpu,
      reference: bareCpu,
      unit: 's',
      better: 'lower',
    },
  ],
  load,
);
