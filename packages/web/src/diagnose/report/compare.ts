/**
 * The comparison of two runs: each measure side by side, with which run did better.
 */
import type { RttSummary } from '../shared/stats';
import type { DiagReport, LoginStep } from './diag-report';

type Direction = 'higher' | 'lower';

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
