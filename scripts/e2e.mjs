#!/usr/bin/env node
// The browser and process tests (npm test's last step): the e2e project and the e2e-waiting
// project as two vitest runs side by side. One run of both projects would not overlap them:
// Vitest 4 hands files out in one queue, and a file of a project already at its one worker
// holds up the files behind it. Why these two and not two workers: WAITING_E2E in vitest.config.ts.
//
// The e2e run writes as it goes; the e2e-waiting run's output is kept and printed once both
// have ended, so neither log is cut into the other. Exits 1 if either run failed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const extra = process.argv.slice(2);

/** @param {string} project @param {boolean} quiet */
function run(project, quiet) {
  const child = spawn(process.execPath, [vitest, 'run', '--project', project, ...extra], {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  /** @type {Buffer[]} */
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const ended = new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(output) }));
  });
  return { child, ended };
}

const runs = [run('e2e', false), run('e2e-waiting', true)];
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    for (const { child } of runs) child.kill(signal);
  });
}
const ends = /** @type {{ code: number, output: Buffer }[]} */ (await Promise.all(runs.map(({ ended }) => ended)));
process.stdout.write('\n== e2e-waiting (ran beside the run above)\n');
for (const { output } of ends) process.stdout.write(output);
process.exitCode = ends.every(({ code }) => code === 0) ? 0 : 1;
