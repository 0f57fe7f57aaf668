/**
 * PostgreSQL stopped (pg_ctl stop -m fast, then -m immediate) and started again under a steady
 * stream of documentation reads, CMS writes and health checks, the server left running: during
 * the outage every call is answered at once with the coded 503 `databaseUnavailable` (never a
 * 500, never a hang) and the health check says 503; the process survives; once PostgreSQL is
 * back the server serves again by itself, and every write it acknowledged is there.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { startServer, type RunningServer } from '../harness.js';
import {
  callApi,
  checkLedger,
  CmsWriter,
  emptyLedger,
  healthOf,
  signIn,
  type Ledger,
  type Outcome,
} from './cms-traffic.js';
import { startPrivatePostgres, type PrivatePostgres, type StopMode } from './private-postgres.js';

/** How long the callers keep calling a stopped database. */
const OUTAGE_MS = 3_000;
/** The pause of each caller between two calls: a steady stream, not a benchmark. */
const PACE_MS = 40;

type Phase = 'up' | 'stopping' | 'down' | 'restarting' | 'recovered';
type Kind = 'search' | 'tree' | 'write' | 'save' | 'health';
const kinds: readonly Kind[] = ['search', 'tree', 'write', 'save', 'health'];

/** One call: when it was sent (the phase then), and what came back. */
interface Call {
  kind: Kind;
  phase: Phase;
  cycle: StopMode;
  /** HTTP status, undefined when nothing came back (refused, reset, timed out). */
  status: number | undefined;
  code: number | undefined;
  timedOut: boolean;
  ms: number;
}

let started: { postgres: PrivatePostgres; server?: RunningServer; cookie?: string } | undefined;

beforeAll(async () => {
  const postgres = await startPrivatePostgres();
  started = { postgres };
  const database = `open_faults_outage_${randomBytes(4).toString('hex')}`;
  await postgres.createDatabase(database);
  const server = await startServer({ env: { DATABASE_URL: postgres.urlOf(database) } });
  started.server = server;
  started.cookie = await signIn(server.origin);
});

afterAll(async () => {
  await started?.server?.stop();
  await started?.postgres.close();
});

/** The cluster, the server on it and a CMS session, as beforeAll left them. */
function fixture(): { postgres: PrivatePostgres; server: RunningServer; cookie: string } {
  const { postgres, server, cookie } = started ?? {};
  if (!postgres || !server || cookie === undefined) throw new Error('PostgreSQL and the server start in beforeAll');
  return { postgres, server, cookie };
}

/** Keeps every kind of call going until `stop()`, recording each one. */
function steadyTraffic(ledger: Ledger) {
  const { server, cookie } = fixture();
  const calls: Call[] = [];
  let phase: Phase = 'up';
  let cycle: StopMode = 'fast';
  let running = true;
  // Two CMS clients, each with a category of its own.
  const writer = new CmsWriter(() => server.origin, cookie, ledger);
  const saver = new CmsWriter(() => server.origin, cookie, ledger);
  const writers = [writer, saver];
  const record = (kind: Kind, sentIn: Phase, sentCycle: StopMode, outcome: Outcome) => {
    calls.push({
      kind,
      phase: sentIn,
      cycle: sentCycle,
      status: outcome.answered ? outcome.status : undefined,
      code: outcome.answered ? outcome.envelope.code : undefined,
      timedOut: !outcome.answered && outcome.timedOut,
      ms: outcome.ms,
    });
  };
  const send: Record<Kind, () => Promise<Outcome>> = {
    // A search is never cached: it always reaches the database.
    search: () =>
      callApi(server.origin, 'doc/get_resource_list', {
        version: 'all',
        lang: 'en',
        keyword: 'call',
        page_number: 1,
        page_size: 5,
      }),
    // A published read the answer cache may hold while the cache's listener is connected.
    tree: () => callApi(server.origin, 'doc/get_category_list', { version: 'all', lang: 'en' }),
    write: () => writer.write(),
    save: () => saver.write(),
    health: async () => {
      const { status, ms, timedOut } = await healthOf(server.origin);
      return status === undefined
        ? { answered: false, error: 'no answer', timedOut, ms }
        : { answered: true, status, envelope: { code: status === 200 ? 0 : -1, message: '', data: null }, ms };
    },
  };
  const loops = kinds.map(async (kind) => {
    while (running) {
      const sentIn = phase;
      const sentCycle = cycle;
      record(kind, sentIn, sentCycle, await send[kind]());
      await sleep(PACE_MS);
    }
  });
  return {
    calls,
    writers,
    setPhase(next: Phase, nextCycle: StopMode = cycle) {
      phase = next;
      cycle = nextCycle;
    },
    /** Waits until every kind has had `count` successful calls sent in the current phase. */
    async succeeded(count: number) {
      const sentIn = phase;
      const sentCycle = cycle;
      const ok = (kind: Kind) =>
        calls.filter((c) => c.kind === kind && c.phase === sentIn && c.cycle === sentCycle && c.code === 0).length >=
        count;
      while (!kinds.every(ok)) {
        if (server.process.exitCode !== null || server.process.signalCode !== null)
          throw new Error(`the server died:\n${server.output().slice(-3000)}`);
        await sleep(50);
      }
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

const unavailable = errorCatalogue.databaseUnavailable;

describe('PostgreSQL stopped and started under load', () => {
  it('answers databaseUnavailable during the outage, comes back by itself and loses no acknowledged write', async () => {
    const { postgres, server, cookie } = fixture();
    const ledger = emptyLedger();
    const traffic = steadyTraffic(ledger);
    const { calls } = traffic;
    const pid = server.process.pid;
    const recoveries: Record<string, number> = {};
    const startMs: Record<string, number> = {};
    try {
      for (const mode of ['fast', 'immediate'] as const) {
        traffic.setPhase('up', mode);
        await traffic.succeeded(3);
        traffic.setPhase('stopping');
        await postgres.stop(mode);
        traffic.setPhase('down');
        await sleep(OUTAGE_MS);
        traffic.setPhase('restarting');
        const restarting = Date.now();
        await postgres.start();
        startMs[mode] = Date.now() - restarting;
        // Back by itself: no call to the server but the traffic, no restart of it.
        await traffic.succeeded(1);
        recoveries[mode] = Date.now() - restarting;
        traffic.setPhase('recovered');
        await traffic.succeeded(3);
      }
    } finally {
      await traffic.stop();
    }
    const { checked, lost } = await checkLedger(server.origin, cookie, ledger);

    for (const mode of ['fast', 'immediate'] as const) {
      const of = (phase: Phase) => calls.filter((c) => c.cycle === mode && c.phase === phase);
      const down = of('down');
      const byKind = kinds.map((kind) => `${down.filter((c) => c.kind === kind).length} ${kind}`).join(', ');
      const codedUnavailable = down.filter((c) =>
        c.kind === 'health' ? c.status === 503 : c.status === unavailable.status && c.code === unavailable.code,
      );
      console.log(
        `[faults] PostgreSQL stop -m ${mode}: ${down.length} calls during ${OUTAGE_MS} ms down (${byKind}), ` +
          `${codedUnavailable.length} answered 503 databaseUnavailable (health: 503), slowest ${Math.max(0, ...down.map((c) => c.ms))} ms; ` +
          `${of('stopping').length} calls while stopping, ${of('restarting').length} while restarting; ` +
          `pg_ctl start took ${startMs[mode] ?? '?'} ms, every kind of call served again ${recoveries[mode] ?? '?'} ms after it was called; ` +
          `${of('recovered').filter((c) => c.code === 0).length}/${of('recovered').length} ok after`,
      );
      // Every kind was called while the database was down, and each got the coded 503.
      for (const kind of kinds) expect(down.filter((c) => c.kind === kind).length).toBeGreaterThan(0);
      expect(down.filter((c) => !codedUnavailable.includes(c))).toEqual([]);
      // Once back, everything is served again.
      expect(of('recovered').filter((c) => c.code !== 0)).toEqual([]);
    }
    const statuses = [...new Set(calls.map((c) => c.status))].sort();
    const failures = calls.filter((c) => c.status === undefined);
    const fives = calls.filter((c) => c.status !== undefined && c.status >= 500 && c.status !== 503);
    console.log(
      `[faults] PostgreSQL outages: ${calls.length} calls in all, statuses ${statuses.join('/')}, ` +
        `${failures.length} without an answer (${failures.filter((c) => c.timedOut).length} timed out), ` +
        `${fives.length} other 5xx; ${ledger.writes} acknowledged writes (${traffic.writers.reduce((n, w) => n + w.resynced, 0)} resynced), ` +
        `${checked} rows checked, lost ${lost.length}; server pid ${pid} still running: ${server.process.exitCode === null}`,
    );
    // Never a hang, a dropped connection or a 500, whatever the phase.
    expect(failures).toEqual([]);
    expect(fives).toEqual([]);
    // The only refusals a writer met were the outage's.
    const refusals = traffic.writers.flatMap((w) => w.refusals);
    expect(refusals.filter((o) => o.answered && o.envelope.code !== unavailable.code)).toEqual([]);
    expect(lost).toEqual([]);
    // The same process all along.
    expect(server.process.exitCode).toBeNull();
    expect(server.process.signalCode).toBeNull();
    expect(server.process.pid).toBe(pid);
  });
});
