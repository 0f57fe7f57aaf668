/**
 * The server killed (SIGKILL) in the middle of a stream of CMS writes from several clients, on
 * the embedded PGlite and on PostgreSQL: once restarted on the same data, every write it had
 * acknowledged (code 0) is there, the sessions it had opened still work, and amcheck finds the
 * tables and indexes sound.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../harness.js';
import { checkLedger, CmsWriter, emptyLedger, signIn, type Outcome } from './cms-traffic.js';
import { checkPglite, checkPostgres, type IntegrityReport } from './integrity.js';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';

const ROUNDS = 3;
const CLIENTS = 4;

interface KillReport {
  rounds: number;
  acknowledged: number;
  /** Writes sent and not yet answered when the server died, summed over the rounds. */
  inFlightAtKill: number;
  checked: number;
  lost: string[];
  refusals: Outcome[];
  firstStartMs: number;
  restartMs: number[];
  /** Error- and fatal-level log lines of the restarted servers (recovery, migrations, requests). */
  errorLines: string[];
  streamMs: number[];
  checkMs: number[];
}

/** pino's error (50) and fatal (60) lines. */
function errorLinesOf(server: RunningServer): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)\b/.test(line));
}

/**
 * Rounds of: writers stream until a random number of further writes is acknowledged, the server
 * is killed at that moment, restarted on the same data, and every acknowledged write so far (all
 * rounds) is looked up through the CMS, with a session opened before the kill.
 */
async function killRounds(dataDir: string, env: Record<string, string>): Promise<KillReport> {
  const ledger = emptyLedger();
  const report: KillReport = {
    rounds: 0,
    acknowledged: 0,
    inFlightAtKill: 0,
    checked: 0,
    lost: [],
    refusals: [],
    firstStartMs: 0,
    restartMs: [],
    errorLines: [],
    streamMs: [],
    checkMs: [],
  };
  const starting = Date.now();
  let server: RunningServer = await startServer({ dataDir, env });
  report.firstStartMs = Date.now() - starting;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const cookies = await Promise.all(Array.from({ length: CLIENTS }, () => signIn(server.origin)));
      const origin = server.origin;
      const writers = cookies.map((cookie) => new CmsWriter(() => origin, cookie, ledger));
      const target = ledger.writes + 20 + randomInt(40);
      const victim = server;
      const exited = new Promise((resolve) => victim.process.once('exit', resolve));
      // An object, so the type checker sees the writers' callbacks may change it.
      const kill = { done: false };
      const streaming = Date.now();
      await Promise.all(
        writers.map(async (writer) => {
          for (;;) {
            const outcome = await writer.write();
            // The server is gone: this client's stream ends with the first write it did not answer.
            if (!outcome.answered) return;
            // Refused writes would never reach the target: stop here rather than stream for ever.
            if (writer.refusals.length > 0) throw new Error(`write refused: ${JSON.stringify(writer.refusals)}`);
            if (!kill.done && ledger.writes >= target) {
              kill.done = true;
              report.inFlightAtKill += writers.reduce((sum, w) => sum + w.inFlight, 0);
              victim.process.kill('SIGKILL');
            }
          }
        }),
      );
      await exited;
      if (!kill.done) throw new Error(`the server died before it was killed:\n${victim.output().slice(-3000)}`);
      report.errorLines.push(...errorLinesOf(victim));
      report.streamMs.push(Date.now() - streaming);
      report.rounds++;
      report.refusals.push(...writers.flatMap((w) => w.refusals));

      const restarting = Date.now();
      server = await startServer({ dataDir, env });
      report.restartMs.push(Date.now() - restarting);
      // A session opened before the kill was an acknowledged write too.
      const checking = Date.now();
      const { checked, lost } = await checkLedger(server.origin, cookies[0] ?? '', ledger);
      report.checkMs.push(Date.now() - checking);
      report.checked = checked;
      report.lost.push(...lost.map((what) => `round ${round}: ${what}`));
    }
  } finally {
    // The last server, restarted and never killed.
    report.errorLines.push(...errorLinesOf(server));
    await server.stop();
  }
  report.acknowledged = ledger.writes;
  return report;
}

function print(label: string, report: KillReport, integrity: IntegrityReport): void {
  console.log(
    `[faults] kill -9 during CMS writes on ${label}: ${report.rounds} rounds, ${CLIENTS} clients, ` +
      `${report.acknowledged} acknowledged writes (${report.checked} rows checked after each restart), ` +
      `${report.inFlightAtKill} writes in flight at the kills, lost ${report.lost.length}; ` +
      `first start ${report.firstStartMs} ms, streams ${report.streamMs.join('/')} ms, ` +
      `restarts ${report.restartMs.join('/')} ms, checks ${report.checkMs.join('/')} ms; amcheck: ${integrity.tables} tables, ` +
      `${integrity.indexes} B-tree indexes, ${integrity.problems.length} problems`,
  );
}

function expectSound(report: KillReport, integrity: IntegrityReport): void {
  expect(report.rounds).toBe(ROUNDS);
  expect(report.lost).toEqual([]);
  expect(report.errorLines).toEqual([]);
  // While the server lived, every write it answered was acknowledged.
  expect(report.refusals).toEqual([]);
  // The kills came mid-stream, with writes on the wire.
  expect(report.inFlightAtKill).toBeGreaterThan(0);
  expect(integrity.tables).toBeGreaterThan(0);
  expect(integrity.problems).toEqual([]);
}

const folders: string[] = [];
let postgres: PrivatePostgres | undefined;
afterAll(async () => {
  await postgres?.close();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function dataFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'open-faults-kill-'));
  folders.push(folder);
  return folder;
}

describe('kill -9 during a stream of acknowledged CMS writes', () => {
  it('loses nothing on the embedded PGlite', async () => {
    const dataDir = await dataFolder();
    const report = await killRounds(dataDir, {});
    // The server is stopped: the test opens its folder and checks every page and index.
    const integrity = await checkPglite(path.join(dataDir, 'pglite'));
    print('PGlite', report, integrity);
    expectSound(report, integrity);
  });

  it('loses nothing on PostgreSQL', async () => {
    // A private cluster, so nothing shared is touched; the server reconnects to it after each kill.
    postgres = await startPrivatePostgres();
    const database = `open_faults_kill_${randomBytes(4).toString('hex')}`;
    await postgres.createDatabase(database);
    const url = postgres.urlOf(database);
    const report = await killRounds(await dataFolder(), { DATABASE_URL: url });
    const integrity = await checkPostgres(url);
    print('PostgreSQL', report, integrity);
    expectSound(report, integrity);
  });
});
