/**
 * The diagnostics report (issue #10): what one run measured, its JSON export and import, the CSV
 * of its log, the comparison of two runs, and the "Network test result" fields of spec §3.
 *
 * The import is checked by hand-written decoders rather than zod: the project keeps zod out of
 * the browser bundles (see eslint.config.js), and the checks below are small. Each decoder builds
 * a fresh value from the checked one, so an imported report carries no field it did not check.
 */
import type { MosEstimate, RttSummary, Verdict } from './stats';

export type LogSource = 'client' | 'server';

/** Types of log rows (spec §4 log events + the page's own). */
export const logTypes = [
  'connecting',
  'connected',
  'heartbeatSent',
  'heartbeatReceipt',
  'authFailed',
  'closed',
  'error',
  'reconnecting',
  'reconnected',
  'networkConnected',
  'networkDisconnected',
  'networkRecovered',
  'loginStep',
  'curl',
  'ping',
  'bandwidth',
  'networkType',
  'quality',
  'info',
] as const;
export type LogType = (typeof logTypes)[number];

/**
 * A log row: the message is rendered from type + detail in the reader's language, so a report
 * imported in another language reads in that language.
 */
export interface LogRow {
  /** ISO 8601. */
  time: string;
  source: LogSource;
  type: LogType;
  /** Keys are identifiers (letters, digits, _; a letter first), as translation placeholders are. */
  detail: Record<string, string | number | boolean | null>;
}

export interface BandwidthResult {
  goodputMbps: number;
  linkMbps: number;
  bytes: number;
  durationMs: number;
  streams: number;
  series: { t: number; mbps: number }[];
}

export interface CurlPhases {
  dnsMs: number;
  connectMs: number;
  tlsMs: number;
  firstByteMs: number;
  downloadMs: number;
}

export interface CurlResult {
  target: string;
  requestTime: string;
  ok: boolean;
  status: number | null;
  durationMs: number | null;
  phases: CurlPhases | null;
  error: 'timeout' | 'exception' | null;
  message: string | null;
}

export interface LoginStep {
  name: 'ssoSignature' | 'basicToken' | 'socketAuth';
  ok: boolean;
  ms: number | null;
  code: number | null;
  message: string | null;
}

export interface DiagReport {
  format: 'open-diagnostics';
  version: 1;
  id: string;
  label: string;
  startedAt: string;
  finishedAt: string | null;
  userAgent: string;
  serverUrl: string;
  network: {
    /** 'unknown' when the browser does not say. */
    type: string;
    effectiveType: string | null;
    downlinkMbps: number | null;
    rttMs: number | null;
  };
  socket: {
    state: 'connecting' | 'open' | 'closing' | 'closed' | null;
    closeType: 'normal' | 'abnormal' | null;
    reconnectCount: number;
    heartbeatRtts: number[];
    authMs: number | null;
  };
  login: LoginStep[];
  bandwidth: { download: BandwidthResult | null; upload: BandwidthResult | null };
  curl: CurlResult[];
  ping: {
    http: RttSummary | null;
    socket: RttSummary | null;
    httpSamples: (number | null)[];
    socketSamples: (number | null)[];
  };
  quality: MosEstimate | null;
  logs: LogRow[];
}

export const REPORT_FORMAT = 'open-diagnostics';
export const REPORT_VERSION = 1;
/** Longest text parseReport reads (characters); reportToJson never writes a longer one. */
export const REPORT_MAX_CHARS = 5_000_000;

/**
 * Most items a report may hold in each list. The page must keep its report within them (drop the
 * oldest log rows, say), or reportToJson refuses it: a file it wrote must import again.
 */
export const REPORT_LIMITS = {
  logs: 20_000,
  curl: 200,
  series: 10_000,
  login: 50,
  /** Heartbeat round trips and each list of ping samples. */
  samples: 10_000,
  detailKeys: 50,
} as const;

export function emptyReport(init: {
  id: string;
  label: string;
  startedAt: string;
  userAgent: string;
  serverUrl: string;
}): DiagReport {
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    id: init.id,
    label: init.label,
    startedAt: init.startedAt,
    finishedAt: null,
    userAgent: init.userAgent,
    serverUrl: init.serverUrl,
    network: { type: 'unknown', effectiveType: null, downlinkMbps: null, rttMs: null },
    socket: { state: null, closeType: null, reconnectCount: 0, heartbeatRtts: [], authMs: null },
    login: [],
    bandwidth: { download: null, upload: null },
    curl: [],
    ping: { http: null, socket: null, httpSamples: [], socketSamples: [] },
    quality: null,
    logs: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Decoders: each checks an unknown value and returns a fresh typed copy, or throws DecodeError
// naming the path of the first problem. Only parseReport and reportToJson catch it.

class DecodeError extends Error {}

type Decoder<T> = (value: unknown, path: string) => T;
/** One decoder per key, none missing: the compiler checks that every field of T is checked. */
type Shape<T> = { [K in keyof T]-?: Decoder<T[K]> };

function where(path: string): string {
  return path === '' ? 'the report' : path;
}

/** A value as a sentence shows it: short, and never the whole of a long string. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

function fail(path: string, expected: string, value: unknown): never {
  throw new DecodeError(`${where(path)} should be ${expected}, but is ${describe(value)}.`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object<T>(shape: Shape<T>): Decoder<T> {
  const keys = Object.keys(shape) as (keyof T & string)[];
  const known = new Set<string>(keys);
  return (value, path) => {
    if (!isRecord(value)) return fail(path, 'an object', value);
    const out: Partial<Record<keyof T, unknown>> = {};
    for (const key of keys) {
      const sub = path === '' ? key : `${path}.${key}`;
      if (!Object.hasOwn(value, key)) throw new DecodeError(`${sub} is missing.`);
      out[key] = shape[key](value[key], sub);
    }
    const extra = Object.keys(value).find((key) => !known.has(key));
    if (extra !== undefined) {
      throw new DecodeError(`${path === '' ? extra : `${path}.${extra}`} is not a field of this report format.`);
    }
    // Every key of the shape was set above from its own decoder.
    return out as T;
  };
}

function literal<const L extends string | number>(expected: L): Decoder<L> {
  return (value, path) => (value === expected ? expected : fail(path, JSON.stringify(expected), value));
}

function oneOf<const L extends string>(options: readonly L[]): Decoder<L> {
  return (value, path) => {
    const found = options.find((option) => option === value);
    return found ?? fail(path, `one of ${options.join(', ')}`, value);
  };
}

const string: Decoder<string> = (value, path) => (typeof value === 'string' ? value : fail(path, 'a text', value));

const boolean: Decoder<boolean> = (value, path) =>
  typeof value === 'boolean' ? value : fail(path, 'true or false', value);

function number(range: { min?: number; max?: number; integer?: boolean } = {}): Decoder<number> {
  const { min = -Infinity, max = Infinity, integer = false } = range;
  const kind = integer ? 'a whole number' : 'a number';
  const expected =
    min === -Infinity && max === Infinity
      ? kind
      : max === Infinity
        ? `${kind} of at least ${min}`
        : `${kind} from ${min} to ${max}`;
  return (value, path) => {
    // JSON cannot carry NaN or Infinity, but a number past 1.8e308 parses to Infinity.
    if (typeof value !== 'number' || !Number.isFinite(value)) return fail(path, kind, value);
    if (value < min || value > max || (integer && !Number.isInteger(value))) return fail(path, expected, value);
    return value;
  };
}

const ms = number({ min: 0 });
const count = number({ min: 0, integer: true });

function nullable<T>(decode: Decoder<T>): Decoder<T | null> {
  return (value, path) => (value === null ? null : decode(value, path));
}

function list<T>(decode: Decoder<T>, max: number): Decoder<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) return fail(path, 'a list', value);
    if (value.length > max)
      throw new DecodeError(`${where(path)} has ${value.length} items; at most ${max} are allowed.`);
    return value.map((item: unknown, i) => decode(item, `${path}[${i}]`));
  };
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const isoTime: Decoder<string> = (value, path) =>
  typeof value === 'string' && ISO_TIME.test(value) && Number.isFinite(Date.parse(value))
    ? value
    : fail(path, 'a time in ISO 8601 form (like 2024-05-01T09:30:00.000Z)', value);

const DETAIL_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

const detail: Decoder<LogRow['detail']> = (value, path) => {
  if (!isRecord(value)) return fail(path, 'an object', value);
  const keys = Object.keys(value).sort();
  if (keys.length > REPORT_LIMITS.detailKeys) {
    throw new DecodeError(`${path} has ${keys.length} entries; at most ${REPORT_LIMITS.detailKeys} are allowed.`);
  }
  const entries = keys.map((key): [string, string | number | boolean | null] => {
    // Also keeps out "__proto__" and friends, which begin with an underscore.
    if (!DETAIL_KEY.test(key)) throw new DecodeError(`${path} has a key that is not a name: ${describe(key)}.`);
    const item = value[key];
    const sub = `${path}.${key}`;
    if (item === null || typeof item === 'string' || typeof item === 'boolean') return [key, item];
    return [key, number()(item, sub)];
  });
  // fromEntries defines properties, so no key can reach the prototype.
  return Object.fromEntries(entries);
};

const rttSummary: Decoder<RttSummary> = (value, path) => {
  const summary = object<RttSummary>({
    sent: count,
    received: count,
    lossPercent: number({ min: 0, max: 100 }),
    minMs: nullable(ms),
    avgMs: nullable(ms),
    maxMs: nullable(ms),
    jitterMs: nullable(ms),
  })(value, path);
  if (summary.received > summary.sent) {
    throw new DecodeError(`${path}.received (${summary.received}) is more than ${path}.sent (${summary.sent}).`);
  }
  return summary;
};

const mosEstimate = object<MosEstimate>({
  r: number(),
  mos: number({ min: 1, max: 4.5 }),
  verdict: oneOf<Verdict>(['good', 'acceptable', 'poor', 'bad']),
  oneWayDelayMs: ms,
  lossPercent: number({ min: 0, max: 100 }),
});

const bandwidthResult = object<BandwidthResult>({
  goodputMbps: ms,
  linkMbps: ms,
  bytes: count,
  durationMs: ms,
  streams: count,
  series: list(object<BandwidthResult['series'][number]>({ t: ms, mbps: ms }), REPORT_LIMITS.series),
});

const curlResult = object<CurlResult>({
  target: string,
  requestTime: isoTime,
  ok: boolean,
  // 0 is what fetch reports for an opaque or failed response.
  status: nullable(number({ min: 0, max: 999, integer: true })),
  durationMs: nullable(ms),
  phases: nullable(object<CurlPhases>({ dnsMs: ms, connectMs: ms, tlsMs: ms, firstByteMs: ms, downloadMs: ms })),
  error: nullable(oneOf(['timeout', 'exception'])),
  message: nullable(string),
});

const loginStep = object<LoginStep>({
  name: oneOf(['ssoSignature', 'basicToken', 'socketAuth']),
  ok: boolean,
  ms: nullable(ms),
  code: nullable(number({ integer: true })),
  message: nullable(string),
});

const logRow = object<LogRow>({
  time: isoTime,
  source: oneOf<LogSource>(['client', 'server']),
  type: oneOf(logTypes),
  detail,
});

const samples = list(nullable(ms), REPORT_LIMITS.samples);

const diagReport = object<DiagReport>({
  format: literal(REPORT_FORMAT),
  version: literal(REPORT_VERSION),
  id: string,
  label: string,
  startedAt: isoTime,
  finishedAt: nullable(isoTime),
  userAgent: string,
  serverUrl: string,
  network: object<DiagReport['network']>({
    type: string,
    effectiveType: nullable(string),
    downlinkMbps: nullable(ms),
    rttMs: nullable(ms),
  }),
  socket: object<DiagReport['socket']>({
    state: nullable(oneOf(['connecting', 'open', 'closing', 'closed'])),
    closeType: nullable(oneOf(['normal', 'abnormal'])),
    reconnectCount: count,
    heartbeatRtts: list(ms, REPORT_LIMITS.samples),
    authMs: nullable(ms),
  }),
  login: list(loginStep, REPORT_LIMITS.login),
  bandwidth: object<DiagReport['bandwidth']>({
    download: nullable(bandwidthResult),
    upload: nullable(bandwidthResult),
  }),
  curl: list(curlResult, REPORT_LIMITS.curl),
  ping: object<DiagReport['ping']>({
    http: nullable(rttSummary),
    socket: nullable(rttSummary),
    httpSamples: samples,
    socketSamples: samples,
  }),
  quality: nullable(mosEstimate),
  logs: list(logRow, REPORT_LIMITS.logs),
});

// ---------------------------------------------------------------------------------------------

/**
 * The report as a file: pretty-printed JSON, keys in the order of the DiagReport type (detail keys
 * sorted), so two exports of one report are the same bytes.
 *
 * @throws Error when the report would not import again (a NaN, a list past REPORT_LIMITS, a text
 * past REPORT_MAX_CHARS), naming the problem: a file support cannot open is worse than no file.
 */
export function reportToJson(report: DiagReport): string {
  let checked: DiagReport;
  try {
    checked = diagReport(report, '');
  } catch (error) {
    if (error instanceof DecodeError)
      throw new Error(`The report cannot be exported: ${error.message}`, { cause: error });
    throw error;
  }
  const text = `${JSON.stringify(checked, null, 2)}\n`;
  if (text.length > REPORT_MAX_CHARS) {
    throw new Error(
      `The report cannot be exported: it takes ${text.length} characters, more than ${REPORT_MAX_CHARS}.`,
    );
  }
  return text;
}

export type ImportFailure = 'notJson' | 'notReport' | 'unsupportedVersion' | 'damaged' | 'tooLarge';

/**
 * Reads a file written by reportToJson. Never throws; on success the report is a fresh value in
 * which every field was checked, on failure `detail` names the first problem in plain English.
 */
export function parseReport(
  text: string,
): { ok: true; report: DiagReport } | { ok: false; reason: ImportFailure; detail: string } {
  if (text.length > REPORT_MAX_CHARS) {
    return {
      ok: false,
      reason: 'tooLarge',
      detail: `The file has ${text.length} characters; at most ${REPORT_MAX_CHARS} are read.`,
    };
  }
  let value: unknown;
  try {
    // A byte order mark is no part of JSON, but editors on Windows add one.
    value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    return { ok: false, reason: 'notJson', detail: `The file is not JSON: ${String(error)}` };
  }
  if (!isRecord(value)) {
    return { ok: false, reason: 'notReport', detail: `The file holds ${describe(value)}, not a diagnostics report.` };
  }
  if (value.format !== REPORT_FORMAT) {
    const found = Object.hasOwn(value, 'format') ? describe(value.format) : 'missing';
    return { ok: false, reason: 'notReport', detail: `format should be "${REPORT_FORMAT}", but is ${found}.` };
  }
  if (value.version !== REPORT_VERSION && typeof value.version === 'number') {
    return {
      ok: false,
      reason: 'unsupportedVersion',
      detail: `The report is of version ${value.version}; this page reads version ${REPORT_VERSION}.`,
    };
  }
  try {
    return { ok: true, report: diagReport(value, '') };
  } catch (error) {
    if (error instanceof DecodeError) return { ok: false, reason: 'damaged', detail: error.message };
    // The decoders throw nothing else; should one ever, the promise of never throwing still holds.
    return { ok: false, reason: 'damaged', detail: String(error) };
  }
}

// ---------------------------------------------------------------------------------------------

/** Characters a spreadsheet takes as the start of a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * CSV of the log (one row per log row: time, source, type, message), RFC 4180 quoting and CRLF
 * line ends, a UTF-8 BOM so Excel reads non-Latin text, and cells starting with = + - @ (or
 * tab/CR) prefixed with ' against formula injection. The message comes from the given renderer
 * (the page passes its translator). Header names also come from the caller.
 */
export function logToCsv(
  rows: readonly LogRow[],
  headers: { time: string; source: string; type: string; message: string },
  render: (row: LogRow) => string,
  sourceName: (s: LogSource) => string,
): string {
  const lines = [
    [headers.time, headers.source, headers.type, headers.message],
    ...rows.map((row) => [row.time, sourceName(row.source), row.type, render(row)]),
  ];
  return `\uFEFF${lines.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('')}`;
}

// ---------------------------------------------------------------------------------------------

export type Direction = 'higher' | 'lower';

export type MetricKey =
  | 'downloadMbps'
  | 'uploadMbps'
  | 'httpRttAvg'
  | 'httpJitter'
  | 'httpLoss'
  | 'socketRttAvg'
  | 'socketJitter'
  | 'socketLoss'
  | 'heartbeatRttAvg'
  | 'reconnectCount'
  | 'mos'
  | 'loginTotalMs'
  | 'curlAvgMs';

export interface MetricDiff {
  key: MetricKey;
  unit: 'Mbps' | 'ms' | '%' | 'count' | 'mos';
  a: number | null;
  b: number | null;
  better: 'a' | 'b' | 'same' | null;
}

/** Relative difference under which two runs count as the same: below a run-to-run wobble. */
const SAME_RELATIVE = 0.02;

/**
 * Absolute difference under which two runs count as the same, per unit, for values near 0 where
 * 2 % is nothing:
 *  - ms: 1, since browsers coarsen performance.now() to between 0.1 and 1 ms;
 *  - Mbps: 0.1, below anything a call or a page load notices;
 *  - %: 0.5 points, under one lost ping in a run of 100;
 *  - count: 0, since one reconnect more is a real difference;
 *  - mos: 0.05, under the 0.1 step in which MOS is usually reported.
 */
const SAME_ABSOLUTE: Record<MetricDiff['unit'], number> = { ms: 1, Mbps: 0.1, '%': 0.5, count: 0, mos: 0.05 };

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Loss of a ping run, or null when none was sent (0 % of nothing says nothing). */
function loss(summary: RttSummary | null): number | null {
  return summary === null || summary.sent === 0 ? null : summary.lossPercent;
}

/** The login's total time; null unless every step succeeded and was timed, as a failed login's time means nothing. */
function loginTotal(steps: readonly LoginStep[]): number | null {
  if (steps.length === 0) return null;
  let total = 0;
  for (const step of steps) {
    if (!step.ok || step.ms === null) return null;
    total += step.ms;
  }
  return total;
}

const metrics: readonly {
  key: MetricKey;
  unit: MetricDiff['unit'];
  direction: Direction;
  read: (report: DiagReport) => number | null;
}[] = [
  // Link Mbps, as the page shows it; goodput would give the same verdict, being proportional.
  { key: 'downloadMbps', unit: 'Mbps', direction: 'higher', read: (r) => r.bandwidth.download?.linkMbps ?? null },
  { key: 'uploadMbps', unit: 'Mbps', direction: 'higher', read: (r) => r.bandwidth.upload?.linkMbps ?? null },
  { key: 'httpRttAvg', unit: 'ms', direction: 'lower', read: (r) => r.ping.http?.avgMs ?? null },
  { key: 'httpJitter', unit: 'ms', direction: 'lower', read: (r) => r.ping.http?.jitterMs ?? null },
  { key: 'httpLoss', unit: '%', direction: 'lower', read: (r) => loss(r.ping.http) },
  { key: 'socketRttAvg', unit: 'ms', direction: 'lower', read: (r) => r.ping.socket?.avgMs ?? null },
  { key: 'socketJitter', unit: 'ms', direction: 'lower', read: (r) => r.ping.socket?.jitterMs ?? null },
  { key: 'socketLoss', unit: '%', direction: 'lower', read: (r) => loss(r.ping.socket) },
  { key: 'heartbeatRttAvg', unit: 'ms', direction: 'lower', read: (r) => mean(r.socket.heartbeatRtts) },
  // A run whose socket test never started has no reconnect count, only the initial 0.
  {
    key: 'reconnectCount',
    unit: 'count',
    direction: 'lower',
    read: (r) => (r.socket.state === null ? null : r.socket.reconnectCount),
  },
  { key: 'mos', unit: 'mos', direction: 'higher', read: (r) => r.quality?.mos ?? null },
  { key: 'loginTotalMs', unit: 'ms', direction: 'lower', read: (r) => loginTotal(r.login) },
  {
    key: 'curlAvgMs',
    unit: 'ms',
    direction: 'lower',
    read: (r) => mean(r.curl.flatMap((c) => (c.ok && c.durationMs !== null ? [c.durationMs] : []))),
  },
];

/**
 * Side by side, each metric with which run is better: null when either side lacks it, 'same'
 * when the two differ by at most 2 % of the larger or by SAME_ABSOLUTE of its unit. Failed
 * requests are left out of the averages they would distort (curl, login).
 */
export function compareReports(a: DiagReport, b: DiagReport): MetricDiff[] {
  return metrics.map(({ key, unit, direction, read }) => {
    const va = read(a);
    const vb = read(b);
    let better: MetricDiff['better'] = null;
    if (va !== null && vb !== null) {
      const margin = Math.max(SAME_RELATIVE * Math.max(Math.abs(va), Math.abs(vb)), SAME_ABSOLUTE[unit]);
      if (Math.abs(va - vb) <= margin) better = 'same';
      else better = va > vb === (direction === 'higher') ? 'a' : 'b';
    }
    return { key, unit, a: va, b: vb, better };
  });
}

// ---------------------------------------------------------------------------------------------

/**
 * The result fields of spec §3 "Network test result" from a report: detection time, network
 * type, speed (download link Mbps), rtt (ping http avg, else socket), request time, request
 * result, request duration (from the first curl result), socket state, reconnect count, message
 * body and content (the last log row's type and detail).
 */
export interface NetworkTestResult {
  detectionTime: string;
  networkType: string;
  speedMbps: number | null;
  rttMs: number | null;
  requestTime: string | null;
  requestResult: 'success' | 'timeout' | 'exception' | null;
  requestDurationMs: number | null;
  socketState: DiagReport['socket']['state'];
  reconnectCount: number;
  messageBody: string | null;
  messageContent: string | null;
}

/**
 * Detection time is when the run started, the one time every report has. A request that failed
 * without a timeout or an exception (an HTTP error status) is reported as an exception, the only
 * failure spec §3 names besides a timeout. The message content is the detail as JSON, keys sorted.
 */
export function networkTestResult(report: DiagReport): NetworkTestResult {
  const request = report.curl[0];
  const last = report.logs.at(-1);
  let requestResult: NetworkTestResult['requestResult'] = null;
  if (request !== undefined) requestResult = request.ok ? 'success' : (request.error ?? 'exception');
  return {
    detectionTime: report.startedAt,
    networkType: report.network.type,
    speedMbps: report.bandwidth.download?.linkMbps ?? null,
    rttMs: report.ping.http?.avgMs ?? report.ping.socket?.avgMs ?? null,
    requestTime: request?.requestTime ?? null,
    requestResult,
    requestDurationMs: request?.durationMs ?? null,
    socketState: report.socket.state,
    reconnectCount: report.socket.reconnectCount,
    messageBody: last?.type ?? null,
    messageContent:
      last === undefined
        ? null
        : JSON.stringify(Object.fromEntries(Object.entries(last.detail).sort(([x], [y]) => (x < y ? -1 : 1)))),
  };
}
