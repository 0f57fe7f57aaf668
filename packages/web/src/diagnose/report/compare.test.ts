import { describe, expect, it } from 'vitest';
import { fullReport, init, present } from '../../../test/diagnose-reports';
import { compareReports, type MetricDiff } from './compare';
import { emptyReport } from './diag-report';

describe('compareReports', () => {
  function byKey(diffs: MetricDiff[]) {
    return Object.fromEntries(diffs.map((diff) => [diff.key, diff]));
  }

  it('says which run is better in each metric’s direction', () => {
    const a = fullReport();
    const b = fullReport();
    b.bandwidth.download = { ...present(a.bandwidth.download), linkMbps: 50 };
    b.ping.http = { ...present(a.ping.http), avgMs: 40, lossPercent: 0, sent: 5, received: 5 };
    b.socket.reconnectCount = 0;
    b.quality = { ...present(a.quality), mos: 3.2 };
    const diffs = byKey(compareReports(a, b));
    // Higher is better: 99.96 against 50 Mbps.
    expect(diffs.downloadMbps).toEqual({ key: 'downloadMbps', unit: 'Mbps', a: 99.96, b: 50, better: 'a' });
    expect(diffs.mos).toMatchObject({ a: 4.3949, b: 3.2, better: 'a' });
    // Lower is better: 17.5 against 40 ms, 20 % against 0 % loss, 2 against 0 reconnects.
    expect(diffs.httpRttAvg).toEqual({ key: 'httpRttAvg', unit: 'ms', a: 17.5, b: 40, better: 'a' });
    expect(diffs.httpLoss).toEqual({ key: 'httpLoss', unit: '%', a: 20, b: 0, better: 'b' });
    expect(diffs.reconnectCount).toEqual({ key: 'reconnectCount', unit: 'count', a: 2, b: 0, better: 'b' });
  });

  it('lists every metric once, in a fixed order', () => {
    expect(compareReports(fullReport(), fullReport()).map((diff) => diff.key)).toEqual([
      'downloadMbps',
      'uploadMbps',
      'httpRttAvg',
      'httpJitter',
      'httpLoss',
      'socketRttAvg',
      'socketJitter',
      'socketLoss',
      'heartbeatRttAvg',
      'reconnectCount',
      'mos',
      'loginTotalMs',
      'curlAvgMs',
    ]);
  });

  it('computes the derived metrics', () => {
    const diffs = byKey(compareReports(fullReport(), fullReport()));
    // Heartbeats (30 + 34 + 32)/3 = 32; login 120 + 80 + 40 = 240; curl: only the successful 182.4.
    expect(diffs.heartbeatRttAvg).toMatchObject({ a: 32, b: 32, better: 'same' });
    expect(diffs.loginTotalMs).toMatchObject({ a: 240, better: 'same' });
    expect(diffs.curlAvgMs).toMatchObject({ a: 182.4, better: 'same' });
  });

  it('is null when either side lacks the metric', () => {
    const a = fullReport();
    const b = emptyReport(init);
    const diffs = compareReports(a, b);
    expect(diffs.every((diff) => diff.better === null && diff.b === null)).toBe(true);
    expect(byKey(diffs).downloadMbps).toMatchObject({ a: 99.96, b: null, better: null });
    // A failed login step has no total; a ping run that sent nothing has no loss.
    a.login[1] = { ...present(a.login[1]), ok: false };
    a.ping.socket = { sent: 0, received: 0, lossPercent: 0, minMs: null, avgMs: null, maxMs: null, jitterMs: null };
    const own = byKey(compareReports(a, fullReport()));
    expect(own.loginTotalMs).toMatchObject({ a: null, b: 240, better: null });
    expect(own.socketLoss).toMatchObject({ a: null, b: 0, better: null });
  });

  it('calls differences within 2 % or the unit’s epsilon the same', () => {
    const a = fullReport();
    const b = fullReport();
    // 99.96 against 98.0: 1.96 ≤ 2 % of 99.96 (1.9992), same; against 97.9: 2.06 > 1.9992, a is better.
    b.bandwidth.download = { ...present(a.bandwidth.download), linkMbps: 98.0 };
    expect(byKey(compareReports(a, b)).downloadMbps?.better).toBe('same');
    b.bandwidth.download = { ...present(a.bandwidth.download), linkMbps: 97.9 };
    expect(byKey(compareReports(a, b)).downloadMbps?.better).toBe('a');
    // Jitter 25/3 ≈ 8.33 against 9.2 ms: 0.87 ms is under the 1 ms epsilon; against 9.4: 1.07 ms is not.
    b.ping.http = { ...present(a.ping.http), jitterMs: 9.2 };
    expect(byKey(compareReports(a, b)).httpJitter?.better).toBe('same');
    b.ping.http = { ...present(a.ping.http), jitterMs: 9.4 };
    expect(byKey(compareReports(a, b)).httpJitter?.better).toBe('a');
    // Reconnects have no epsilon: 2 against 3 differ.
    b.socket.reconnectCount = 3;
    expect(byKey(compareReports(a, b)).reconnectCount?.better).toBe('a');
  });
});
