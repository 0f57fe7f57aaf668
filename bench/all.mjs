#!/usr/bin/env node
// @ts-check
// Runs the benchmarks one after another, each in its own process, shows their output as it comes
// and keeps it in bench/results/<date>/<benchmark>.log, then prints one table of their headline
// figures (each script appends them to BENCH_SUMMARY_FILE, see writeSummary in lib.mjs) with the
// date, the machine and the load average before and after each benchmark.
// Run: npm run build && npm run bench [-- --only doc-read,search] [-- --quick] [-- --max-wait 180]
// The BENCH_* variables of the scripts pass through to every script (README.md of this folder).
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { describeGoal, goalOf, judge } from './goals.mjs';
import { root } from './lib.mjs';
import { LOAD_LIMIT, loadAverage } from './load.mjs';

/**
 * The benchmarks, cheapest first. `timed`: the script prints timed ratios and checks the load
 * (watchLoad), so the run waits for a quiet machine before it. `quick`: what --quick passes,
 * only options the script has for a shorter run of the same measurement (a variable already set
 * in the environment wins). `takes`: about how long a run takes on the 2-core machine, in full
 * and with --quick.
 * @type {{ name: string, timed: boolean, quick: Record<string, string>, takes: [string, string] }[]}
 */
const BENCHMARKS = [
  { name: 'bundle-size', timed: false, quick: {}, takes: ['5 s', '5 s'] },
  { name: 'api-throughput', timed: true, quick: { BENCH_SECONDS: '2' }, takes: ['45 s', '25 s'] },
  { name: 'memory', timed: false, quick: { BENCH_IDLE_SECONDS: '2' }, takes: ['1.5 min', '1 min'] },
  {
    name: 'doc-read',
    timed: true,
    quick: { BENCH_SECONDS: '4', BENCH_ROUNDS: '4' },
    takes: ['2.5 min', '1 min'],
  },
  { name: 'search', timed: true, quick: { BENCH_REPS: '5' }, takes: ['13 min', '10 min'] },
  { name: 'segmenting', timed: true, quick: {}, takes: ['1.5 min', '1.5 min'] },
  {
    name: 'cti-load',
    timed: true,
    quick: { BENCH_CALL_SECONDS: '15', BENCH_SETTLE_SECONDS: '5' },
    takes: ['12 min', '8 min'],
  },
  { name: 'net-accuracy', timed: true, quick: { BENCH_SECONDS: '4' }, takes: ['1.5 min', '1.5 min'] },
  { name: 'diagnose-cpu', timed: true, quick: { BENCH_ROUNDS: '1' }, takes: ['3 min', '1 min'] },
  {
    name: 'trunk-calls',
    timed: true,
    quick: { BENCH_N: '5', BENCH_WINDOW_SECONDS: '8' },
    takes: ['2 min', '1 min'],
  },
  { name: 'post-dial-delay', timed: true, quick: { BENCH_ROUNDS: '5' }, takes: ['1 min', '0.5 min'] },
  { name: 'edge-flood', timed: true, quick: { BENCH_WINDOW_S: '4' }, takes: ['1 min', '0.5 min'] },
  { name: 'backup-stall', timed: true, quick: { BENCH_ROUNDS: '1' }, takes: ['1 min', '0.5 min'] },
  { name: 'event-stream', timed: true, quick: { BENCH_SECONDS: '4' }, takes: ['2.5 min', '1 min'] },
];
const NAMES = BENCHMARKS.map((b) => b.name);

const usage = `Usage: npm run bench [-- options]
  --only a,b      run only these benchmarks (${NAMES.join(', ')})
  --quick         shorter runs of the same measurements, where a script has an option for it:
${BENCHMARKS.filter((b) => Object.keys(b.quick).length > 0)
  .map(
    (b) =>
      `                    ${b.name}: ${Object.entries(b.quick)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
  )
  .join('\n')}
  --max-wait s    before a timed benchmark, wait at most s seconds (default 180) for the 1-minute
                  load average to fall to ${LOAD_LIMIT}; 0 starts at once (the script then warns)`;

/** Reads the options; stops with the usage on a wrong one. */
function readArgs() {
  try {
    return parseArgs({
      options: {
        only: { type: 'string' },
        quick: { type: 'boolean' },
        'max-wait': { type: 'string' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(2);
  }
}
const args = readArgs();
if (args.help) {
  console.log(usage);
  process.exit(0);
}
const only = args.only?.split(',').map((name) => name.trim()) ?? NAMES;
const unknown = only.filter((name) => !NAMES.includes(name));
if (unknown.length > 0) {
  console.error(`No benchmark named ${unknown.join(', ')}: the benchmarks are ${NAMES.join(', ')}.`);
  process.exit(2);
}
const maxWait = Number(args['max-wait'] ?? 180);
if (!(maxWait >= 0)) {
  console.error(`--max-wait takes seconds (got ${String(args['max-wait'])}).`);
  process.exit(2);
}
const quick = args.quick ?? false;
const selected = BENCHMARKS.filter((b) => only.includes(b.name));

// ---------------------------------------------------------------------------------------------
// The machine and the run.

const started = new Date();
const cpus = os.cpus();
const machine =
  `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ` +
  `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB memory, Node ${process.version}, ${os.type()} ${os.release()}`;
let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
} catch {
  // Not a git checkout.
}
const stamp = started.toISOString().slice(0, 19).replace(/:/g, '-');
const resultsDir = path.join(root, 'bench/results', stamp);
mkdirSync(resultsDir, { recursive: true });
const relative = (/** @type {string} */ file) => path.relative(root, file);
const header = [
  `Date: ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}`,
  `Machine: ${machine}`,
  `Mode: ${
    quick
      ? `--quick (${selected
          .flatMap((b) => Object.entries(b.quick).map(([k, v]) => `${b.name} ${k}=${process.env[k] ?? v}`))
          .join(', ')})`
      : 'full'
  }`,
];
const passedThrough = Object.keys(process.env).filter((k) => k.startsWith('BENCH_') && k !== 'BENCH_SUMMARY_FILE');
if (passedThrough.length > 0)
  header.push(`Set in the environment: ${passedThrough.map((k) => `${k}=${process.env[k] ?? ''}`).join(' ')}`);

console.log(header.join('\n'));
console.log(`Benchmarks: ${selected.map((b) => `${b.name} (about ${b.takes[quick ? 1 : 0]})`).join(', ')}`);
console.log(`Output and figures are kept in ${relative(resultsDir)}/\n`);

// ---------------------------------------------------------------------------------------------
// Signals: the benchmark runs in a process group of its own, which gets the signal (as a
// Ctrl-C in a terminal would); the scripts clean up after themselves. No further benchmark starts.

/** @type {import('node:child_process').ChildProcess | undefined} */
let current;
/** @type {NodeJS.Signals | undefined} */
let stoppedBy;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    stoppedBy = signal;
    console.error(
      `\n${signal}: stopping ${current ? 'the running benchmark' : 'the run'}; no further benchmark starts.`,
    );
    if (current?.pid !== undefined && current.exitCode === null && current.signalCode === null) {
      try {
        process.kill(-current.pid, signal);
      } catch {
        // Gone already.
      }
    }
  });
}

/**
 * Before a timed benchmark: waits (at most maxWait seconds) until the 1-minute load average is
 * at most LOAD_LIMIT, so that the benchmark does not start under the load of the one before it.
 */
async function waitForQuiet() {
  let load = loadAverage();
  if (load <= LOAD_LIMIT || maxWait === 0) return;
  console.log(
    `Load average (1 min) ${load.toFixed(2)}, above ${LOAD_LIMIT}: waiting for it to fall (at most ${maxWait} s).`,
  );
  const since = performance.now();
  let said = since;
  while (load > LOAD_LIMIT && stoppedBy === undefined) {
    const waited = (performance.now() - since) / 1000;
    if (waited >= maxWait) {
      console.log(`Still ${load.toFixed(2)} after ${maxWait} s: starting anyway (the script will warn).`);
      return;
    }
    if (performance.now() - said >= 30_000) {
      console.log(`  load average ${load.toFixed(2)} after ${waited.toFixed(0)} s`);
      said = performance.now();
    }
    await sleep(5000);
    load = loadAverage();
  }
  if (stoppedBy === undefined)
    console.log(`Load average ${load.toFixed(2)} after ${((performance.now() - since) / 1000).toFixed(0)} s.`);
}

/**
 * A figure as a script wrote it (see writeSummary in lib.mjs); JSON turns NaN into null.
 * @typedef {{ bench: string, figure: string, ours: number | null, reference: number | null, unit: string,
 *   ratio: number | null, better: 'higher' | 'lower' | 'closer', warning: boolean, note?: string }} Figure
 */
/**
 * @typedef {{ name: string, code: number | null, signal: string | null, seconds: number, before: number,
 *   after: number, warned: boolean, figures: Figure[], log: string, lastError: string }} Run
 */

/**
 * Runs one benchmark script, its output shown and kept in its log; returns its figures.
 * @param {(typeof BENCHMARKS)[number]} bench
 * @returns {Promise<Run>}
 */
async function runOne(bench) {
  const log = path.join(resultsDir, `${bench.name}.log`);
  const summaryFile = path.join(resultsDir, `${bench.name}.jsonl`);
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, BENCH_SUMMARY_FILE: summaryFile };
  if (quick) for (const [key, value] of Object.entries(bench.quick)) env[key] ??= value;
  const script = path.join(root, 'bench', `${bench.name}.mjs`);
  const out = createWriteStream(log);
  const before = loadAverage();
  const startedAt = performance.now();
  console.log(`=== ${bench.name}: node ${relative(script)} (log: ${relative(log)})`);
  console.log(`Load average (1 min) before it: ${before.toFixed(2)}\n`);
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  current = child;
  let warned = false;
  let lastError = '';
  let pending = '';
  child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
    process.stdout.write(chunk);
    out.write(chunk);
    // A WARNING line of watchLoad (load.mjs): every figure of the run was printed under it.
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    if (lines.some((line) => line.startsWith('WARNING:'))) warned = true;
  });
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => {
    process.stderr.write(chunk);
    out.write(chunk);
    const lines = chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim() !== '');
    lastError = lines.at(-1) ?? lastError;
  });
  /** @type {[number | null, NodeJS.Signals | null]} */
  const [code, signal] = await new Promise((resolve) => child.once('exit', (...result) => resolve(result)));
  // The output still in the pipes; a server the script left running may hold them open.
  await Promise.race([new Promise((resolve) => child.once('close', resolve)), sleep(2000)]);
  child.stdout.destroy();
  child.stderr.destroy();
  current = undefined;
  if (pending.startsWith('WARNING:')) warned = true;
  await new Promise((resolve) => out.end(resolve));
  const after = loadAverage();
  const seconds = (performance.now() - startedAt) / 1000;
  /** @type {Figure[]} */
  const figures = existsSync(summaryFile)
    ? readFileSync(summaryFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => /** @type {Figure} */ (JSON.parse(line)))
    : [];
  console.log(
    `\n=== ${bench.name}: ${signal ? `ended by ${signal}` : `exit ${String(code)}`} after ${seconds.toFixed(0)} s, ` +
      `${figures.length} figures; load average ${before.toFixed(2)} before, ${after.toFixed(2)} after\n`,
  );
  return { name: bench.name, code, signal, seconds, before, after, warned, figures, log, lastError };
}

/** @type {Run[]} */
const runs = [];
for (const bench of selected) {
  if (stoppedBy) break;
  if (bench.timed) await waitForQuiet();
  if (stoppedBy) break;
  runs.push(await runOne(bench));
}

// ---------------------------------------------------------------------------------------------
// The table.

/**
 * @param {number | null} value
 * @param {string} unit
 */
function format(value, unit) {
  if (value === null || !Number.isFinite(value)) return '-';
  switch (unit) {
    case 'B':
      return `${(value / 1024).toFixed(1)} KB`;
    case 'req/s':
      return `${Math.round(value).toLocaleString('en-US')} req/s`;
    case 'MB':
    case 'µs':
      return `${Math.round(value).toLocaleString('en-US')} ${unit}`;
    case 'ms':
      return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
    case '':
      return value.toFixed(3);
    default:
      return `${value.toFixed(value < 100 ? 2 : 1)} ${unit}`;
  }
}

/** @param {Figure} f */
const ratio = (f) =>
  f.ratio === null || !Number.isFinite(f.ratio) ? '-' : `${f.ratio.toFixed(f.better === 'closer' ? 3 : 2)}x`;
const cell = (/** @type {string} */ text) => text.replace(/\|/g, '\\|');

const table = [
  '| benchmark | figure | ours | reference | ratio (ours / ref.) | better | goal | verdict | load before → after | warning | note |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
];
/**
 * Figures measured on a quiet machine that miss their goal (goals.mjs): they fail the run.
 * @type {string[]}
 */
const missed = [];
for (const run of runs) {
  const load = `${run.before.toFixed(2)} → ${run.after.toFixed(2)}`;
  const status = run.signal ? `ended by ${run.signal}` : run.code === 0 ? '' : `exit ${String(run.code)}`;
  if (run.figures.length === 0) {
    const why = [status || 'no figures', run.lastError].filter(Boolean).join(': ');
    table.push(`| ${run.name} | - | - | - | - | - | - | - | ${load} | ${run.warned ? 'WARNING' : ''} | ${cell(why)} |`);
    continue;
  }
  for (const [i, f] of run.figures.entries()) {
    // The script's own verdict, or a WARNING line seen in its output.
    const warned = f.warning || run.warned;
    const warning = warned ? 'WARNING: load, do not publish' : '';
    const note = [f.note, i === 0 ? status : ''].filter(Boolean).join('; ');
    const goal = goalOf(f);
    const verdict = goal ? judge(goal, { ...f, warning: warned }) : '';
    if (goal && verdict === 'missed')
      missed.push(`${run.name}: ${f.figure} (${describeGoal(goal, f.unit)}, ${goal.source})`);
    table.push(
      `| ${run.name} | ${cell(f.figure)} | ${format(f.ours, f.unit)} | ${format(f.reference, f.unit)} | ${ratio(f)} | ` +
        `${f.better} | ${goal ? `${describeGoal(goal, f.unit)} (${goal.source})` : ''} | ` +
        `${verdict === 'missed' ? '**MISSED**' : verdict} | ${load} | ${warning} | ${cell(note)} |`,
    );
  }
}
const notRun = selected.filter((b) => !runs.some((r) => r.name === b.name)).map((b) => b.name);
const footer = [
  `Load average: the machine's 1-minute load average just before each benchmark started and just after it ended ` +
    `(${cpus.length} cores). WARNING: the script printed a WARNING line (load above ${LOAD_LIMIT} before or during ` +
    'its measurement); its figures are not to be published.',
  `Runs: ${runs
    .map(
      (r) =>
        `${r.name} ${r.signal ? `ended by ${r.signal}` : `exit ${String(r.code)}`} in ${r.seconds.toFixed(0)} s ` +
        `(${relative(r.log)})`,
    )
    .join('; ')}`,
  ...(notRun.length > 0 ? [`Not run: ${notRun.join(', ')} (stopped by ${stoppedBy ?? 'the user'})`] : []),
  `Goals (bench/goals.mjs): ${
    missed.length === 0 ? 'none missed on a quiet machine' : `${String(missed.length)} missed: ${missed.join('; ')}`
  }. A figure taken under load is not judged.`,
];
const report = [...header, '', ...table, '', ...footer].join('\n');
const reportFile = path.join(resultsDir, 'summary.md');
writeFileSync(reportFile, `${report}\n`);
console.log(`${'='.repeat(100)}\n\n${report}\n\nThis table: ${relative(reportFile)}`);

if (stoppedBy) process.exit(128 + (os.constants.signals[stoppedBy] ?? 0));
process.exitCode = runs.every((r) => r.code === 0) && missed.length === 0 ? 0 : 1;
