/**
 * The diagnostics report (issue #10): what one run measured, the shape its JSON file keeps, and
 * the bounds an exported file stays within. Each concern of the report has its module beside this
 * one: the import and export (report-file.ts), the CSV of its log (log-csv.ts), the comparison of
 * two runs (compare.ts) and the "Network test result" fields of spec §3 (result-fields.ts).
 */
import type { MosEstimate } from '@open/protocol/quality/e-model';
import type { RttSummary } from '../shared/stats';
import type { LogRow } from './log-row';

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
