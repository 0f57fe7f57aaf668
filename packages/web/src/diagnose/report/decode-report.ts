/**
 * The decoder of a whole DiagReport, field by field: types, ranges, list bounds and the log's
 * detail keys. It throws DecodeError; only parseReport and reportToJson (report-file.ts) catch it.
 */
import type { MosEstimate, Verdict } from '@open/protocol/quality/e-model';
import type { RttSummary } from '../shared/stats';
import {
  boolean,
  DecodeError,
  describe,
  fail,
  isoTime,
  isRecord,
  list,
  literal,
  nullable,
  number,
  object,
  oneOf,
  string,
  type Decoder,
} from './decoders';
import {
  REPORT_FORMAT,
  REPORT_LIMITS,
  REPORT_VERSION,
  type BandwidthResult,
  type CurlPhases,
  type CurlResult,
  type DiagReport,
  type LoginStep,
} from './diag-report';
import { logTypes, type LogRow, type LogSource } from './log-row';

const ms = number({ min: 0 });
const count = number({ min: 0, integer: true });

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

export const decodeReport = object<DiagReport>({
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
