/**
 * Diagnostics reports for the tests of packages/web/src/diagnose/report: an empty run's start and
 * a report with every field filled.
 */
import { emptyReport, type DiagReport } from '../src/diagnose/report/diag-report';

export const init = {
  id: 'run-1',
  label: 'Office Wi-Fi',
  startedAt: '2024-05-01T09:30:00.000Z',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126',
  serverUrl: 'https://cc.example.com',
};

/** A report with every field filled, every nullable one with a value. */
export function fullReport(): DiagReport {
  return {
    ...emptyReport(init),
    finishedAt: '2024-05-01T09:31:05.250Z',
    network: { type: 'wifi', effectiveType: '4g', downlinkMbps: 10, rttMs: 50 },
    socket: { state: 'open', closeType: 'abnormal', reconnectCount: 2, heartbeatRtts: [30, 34, 32], authMs: 85 },
    login: [
      { name: 'ssoSignature', ok: true, ms: 120, code: 0, message: null },
      { name: 'basicToken', ok: true, ms: 80, code: 0, message: 'ok' },
      { name: 'socketAuth', ok: true, ms: 40, code: null, message: null },
    ],
    bandwidth: {
      download: {
        goodputMbps: 95.6,
        linkMbps: 99.96,
        bytes: 119_500_000,
        durationMs: 10_000,
        streams: 4,
        series: [
          { t: 500, mbps: 80 },
          { t: 1000, mbps: 96.5 },
        ],
      },
      upload: { goodputMbps: 19.1, linkMbps: 19.97, bytes: 23_875_000, durationMs: 10_000, streams: 2, series: [] },
    },
    curl: [
      {
        target: 'https://cc.example.com/api/health',
        requestTime: '2024-05-01T09:30:10.000Z',
        ok: true,
        status: 200,
        durationMs: 182.4,
        phases: { dnsMs: 12, connectMs: 30, tlsMs: 45, firstByteMs: 80, downloadMs: 15.4 },
        error: null,
        message: null,
      },
      {
        target: 'https://cdn.example.com/x.js',
        requestTime: '2024-05-01T09:30:11.000+08:00',
        ok: false,
        status: null,
        durationMs: 5000,
        phases: null,
        error: 'timeout',
        message: 'no answer in 5 s',
      },
    ],
    ping: {
      http: { sent: 5, received: 4, lossPercent: 20, minMs: 10, avgMs: 17.5, maxMs: 25, jitterMs: 25 / 3 },
      socket: { sent: 3, received: 3, lossPercent: 0, minMs: 9, avgMs: 11, maxMs: 13, jitterMs: 2 },
      httpSamples: [10, 20, 15, null, 25],
      socketSamples: [9, 11, 13],
    },
    quality: { r: 92.48, mos: 4.3949, verdict: 'good', oneWayDelayMs: 30, lossPercent: 0 },
    logs: [
      { time: '2024-05-01T09:30:00.100Z', source: 'client', type: 'connecting', detail: {} },
      { time: '2024-05-01T09:30:00.200Z', source: 'server', type: 'connected', detail: { sessionId: 'abc' } },
      { time: '2024-05-01T09:30:01.000Z', source: 'client', type: 'heartbeatSent', detail: { seq: 1 } },
      { time: '2024-05-01T09:30:01.030Z', source: 'server', type: 'heartbeatReceipt', detail: { seq: 1, rttMs: 30 } },
      {
        time: '2024-05-01T09:30:02.000Z',
        source: 'client',
        type: 'closed',
        detail: { code: 1006, reason: '', clean: false, extra: null },
      },
    ],
  };
}

/** The value a fixture is known to hold, typed as such. */
export function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('the fixture lacks this value');
  return value;
}
