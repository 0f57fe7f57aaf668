/**
 * The diagnostics page's runs: the one being measured, the earlier ones of this session, and an
 * imported one, shared by every section of the page. Each test writes its results into the
 * current report and every event into its log, so what is exported is what was seen.
 */
import { estimateMos } from '@open/protocol/quality/e-model';
import { createLazyStore } from '../state/store';
import { useStoreSelector } from '../state/use-store-selector';
import { loginSteps, type LoginRequest } from './login/login-steps';
import { measureBandwidth, defaultBandwidthOptions, type BandwidthProgress, type Direction } from './network/bandwidth';
import { runCurl, type CurlTarget } from './network/curl';
import { readNetworkInfo } from './network/network-info';
import { defaultPingOptions, httpPings, socketPings, HTTP_PING_PATH } from './network/ping';
import { emptyReport, type DiagReport } from './report/diag-report';
import type { LogRow, LogSource, LogType } from './report/log-row';
import { parseReport, type ImportFailure } from './report/report-file';
import { summariseRtts } from './shared/stats';
import { SocketProbe, type SocketStatus } from './socket/socket-probe';

export type Task = 'login' | 'network' | 'bandwidth' | 'curl' | 'ping' | 'all';

export interface DiagState {
  readonly report: DiagReport;
  /** Finished runs of this session, newest first. */
  readonly runs: readonly DiagReport[];
  readonly imported: DiagReport | null;
  readonly compare: { readonly on: boolean; readonly otherId: string | null };
  readonly busy: ReadonlySet<Task>;
  readonly bandwidth: BandwidthProgress | null;
  /** Addresses the person added to the curl test (kept in localStorage). */
  readonly extraTargets: readonly string[];
}

/** Spec §3's diagnostic log, bounded so a day-long session stays responsive. */
export const MAX_LOG_ROWS = 20_000;
const MAX_RUNS = 10;
const TARGETS_KEY = 'open.diagnose.curlTargets';
const MAX_EXTRA_TARGETS = 20;

/**
 * A random id. `crypto.randomUUID` exists only in secure contexts, and IT may open this page
 * over plain HTTP on an internal address; `getRandomValues` exists everywhere.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let runNumber = 0;
function freshReport(): DiagReport {
  runNumber += 1;
  return emptyReport({
    id: randomId(),
    label: `#${runNumber}`,
    startedAt: new Date().toISOString(),
    userAgent: navigator.userAgent,
    serverUrl: location.origin,
  });
}

function loadTargets(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(TARGETS_KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((t): t is string => typeof t === 'string').slice(0, MAX_EXTRA_TARGETS)
      : [];
  } catch {
    return [];
  }
}

// Made on first read: the first run's report reads the browser (navigator, location, localStorage).
const store = createLazyStore<DiagState>(() => ({
  report: freshReport(),
  runs: [],
  imported: null,
  compare: { on: false, otherId: null },
  busy: new Set(),
  bandwidth: null,
  extraTargets: loadTargets(),
}));
const current = store.get;
let probe: SocketProbe | undefined;
let stopProbe: (() => void) | undefined;

function set(change: Partial<DiagState>) {
  store.set({ ...current(), ...change });
}

function updateReport(change: (report: DiagReport) => Partial<DiagReport>) {
  const report = current().report;
  set({ report: { ...report, ...change(report) } });
}

export function log(source: LogSource, type: LogType, detail: LogRow['detail'] = {}): void {
  const row: LogRow = { time: new Date().toISOString(), source, type, detail };
  updateReport((report) => ({ logs: [...report.logs, row].slice(-MAX_LOG_ROWS) }));
}

async function busyWith<T>(task: Task, work: () => Promise<T>): Promise<T> {
  set({ busy: new Set([...current().busy, task]) });
  try {
    return await work();
  } finally {
    const busy = new Set(current().busy);
    busy.delete(task);
    set({ busy });
  }
}

function syncSocket(status: SocketStatus) {
  updateReport(() => ({ socket: { ...status, heartbeatRtts: [...status.heartbeatRtts] } }));
}

export function currentProbe(): SocketProbe | undefined {
  return probe;
}

/** Ends the socket test's socket (a normal close), if one is open. */
export function disconnect(): void {
  probe?.close();
}

/**
 * The login test, which ends with the socket test's socket authenticated: each step timed, and
 * the socket kept open afterwards for the heartbeat, the socket ping and the events.
 */
export function runLogin(request: LoginRequest, lang: string): Promise<void> {
  return busyWith('login', async () => {
    stopProbe?.();
    probe?.close();
    probe = undefined;
    updateReport(() => ({ login: [] }));
    const { steps, token } = await loginSteps(request, lang, log);
    updateReport(() => ({ login: steps }));
    if (!token) return;
    const opened = new SocketProbe(token, lang, log);
    probe = opened;
    stopProbe = opened.onChange(() => {
      if (probe === opened) syncSocket(opened.status);
    });
    const step = await opened.authenticate();
    updateReport((report) => ({ login: [...report.login, step] }));
  });
}

export function runNetworkType(): Promise<void> {
  return busyWith('network', () => {
    const network = readNetworkInfo();
    updateReport(() => ({ network }));
    log('client', 'networkType', { ...network });
    return Promise.resolve();
  });
}

export function runBandwidth(signal?: AbortSignal): Promise<void> {
  return busyWith('bandwidth', async () => {
    for (const direction of ['download', 'upload'] as const satisfies readonly Direction[]) {
      try {
        const result = await measureBandwidth(direction, {
          ...defaultBandwidthOptions,
          ...(signal ? { signal } : {}),
          onProgress: (bandwidth) => {
            set({ bandwidth });
          },
        });
        updateReport((report) => ({ bandwidth: { ...report.bandwidth, [direction]: result } }));
        log('client', 'bandwidth', {
          direction,
          linkMbps: round(result.linkMbps),
          goodputMbps: round(result.goodputMbps),
          streams: result.streams,
        });
      } catch (error) {
        updateReport((report) => ({ bandwidth: { ...report.bandwidth, [direction]: null } }));
        log('client', 'bandwidth', { direction, error: error instanceof Error ? error.message : String(error) });
      }
    }
    set({ bandwidth: null });
  });
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The targets of the curl test: our API, one of our static files, and what the person added. */
export function curlTargets(extra: readonly string[] = current().extraTargets): CurlTarget[] {
  return [
    { url: HTTP_PING_PATH, method: 'POST', body: '{}' },
    { url: location.pathname, method: 'GET' },
    ...extra.map((url) => ({ url, method: 'GET' as const })),
  ];
}

export function setExtraTargets(targets: readonly string[]): void {
  const kept = targets.slice(0, MAX_EXTRA_TARGETS);
  localStorage.setItem(TARGETS_KEY, JSON.stringify(kept));
  set({ extraTargets: kept });
}

export function runCurlTest(): Promise<void> {
  return busyWith('curl', async () => {
    updateReport(() => ({ curl: [] }));
    for (const target of curlTargets()) {
      const result = await runCurl(target);
      updateReport((report) => ({ curl: [...report.curl, result] }));
      log(result.error || !result.ok ? 'client' : 'server', 'curl', {
        target: result.target,
        ok: result.ok,
        status: result.status,
        ms: result.durationMs,
        error: result.error,
        message: result.message,
      });
    }
  });
}

export function runPing(): Promise<void> {
  return busyWith('ping', async () => {
    const options = defaultPingOptions;
    const httpSamples = await httpPings({
      ...options,
      onSample: (rttMs, failure) => {
        log(rttMs === null ? 'client' : 'server', 'ping', { kind: 'http', rttMs: rttMs && round(rttMs), failure });
      },
    });
    updateReport((report) => ({
      ping: { ...report.ping, httpSamples, http: summariseRtts(httpSamples) },
    }));
    const socket = probe?.socket;
    if (!socket) {
      log('client', 'error', { error: 'socketMissing' });
    } else if (probe?.canSend()) {
      const socketSamples = await socketPings(socket, {
        ...options,
        onSample: (rttMs, failure) => {
          log(rttMs === null ? 'client' : 'server', 'ping', { kind: 'socket', rttMs: rttMs && round(rttMs), failure });
        },
      });
      updateReport((report) => ({
        ping: { ...report.ping, socketSamples, socket: summariseRtts(socketSamples) },
      }));
    }
    grade();
  });
}

/** The call-quality estimate from the ping over HTTP (the path calls' signalling takes). */
function grade() {
  const summary = current().report.ping.http;
  if (!summary || summary.avgMs === null) {
    updateReport(() => ({ quality: null }));
    return;
  }
  const quality = estimateMos({
    rttMs: summary.avgMs,
    jitterMs: summary.jitterMs ?? 0,
    lossPercent: summary.lossPercent,
  });
  updateReport(() => ({ quality }));
  log('client', 'quality', { mos: round(quality.mos), r: round(quality.r), verdict: quality.verdict });
}

/** Every test in turn, as a new run; the previous run stays available for comparison. */
export function runAll(request: LoginRequest, lang: string): Promise<void> {
  return busyWith('all', async () => {
    newRun();
    await runLogin(request, lang);
    await runNetworkType();
    await runPing();
    await runCurlTest();
    await runBandwidth();
    updateReport(() => ({ finishedAt: new Date().toISOString() }));
  });
}

/** Files the current run among this session's runs (if it measured anything) and starts another. */
export function newRun(): void {
  const { report, runs } = current();
  // A run that measured nothing yet is the new run already.
  if (report.logs.length === 0) return;
  const finished = { ...report, finishedAt: report.finishedAt ?? new Date().toISOString() };
  set({ runs: [finished, ...runs].slice(0, MAX_RUNS), report: freshReport() });
  // The socket stays: its events belong to the new run from now on.
}

/** Clears the current run's log and results (the page asks first). */
export function clearCurrent(): void {
  set({ report: freshReport() });
}

export function importReport(text: string): { ok: true } | { ok: false; reason: ImportFailure; detail: string } {
  const parsed = parseReport(text);
  if (!parsed.ok) return parsed;
  set({ imported: parsed.report, compare: { on: true, otherId: IMPORTED_KEY } });
  return { ok: true };
}

export function setCompare(compare: DiagState['compare']): void {
  set({ compare });
}

/**
 * The imported report's key among the reports to compare with. Not its id: a report exported
 * from one of this session's runs and imported again has that run's id, and the two would be
 * one choice in the list.
 */
export const IMPORTED_KEY = 'imported';

/** The reports one can compare the current run with, each under its own key: this session's earlier runs, then the imported one. */
export function otherReports(s: Pick<DiagState, 'runs' | 'imported'>): { key: string; report: DiagReport }[] {
  const runs = s.runs.map((report) => ({ key: `run:${report.id}`, report }));
  return s.imported ? [...runs, { key: IMPORTED_KEY, report: s.imported }] : runs;
}

/**
 * A part of the diagnostics' state in a component (see useStoreSelector): the bandwidth test's
 * progress changes ten times a second, and only its card is redrawn for it, not the log table.
 */
export function useDiagnose<T>(select: (state: DiagState) => T): T {
  return useStoreSelector(store, select);
}

/** Leaving the page closes the socket (its agent would otherwise stay signed in here). */
export function leavePage(): void {
  stopProbe?.();
  probe?.close();
  probe = undefined;
}
