import { describe, expect, it } from 'vitest';
import { estimateMos } from '@open/protocol/quality/e-model';
import { createQualityMonitor, type QualityReading } from './call-quality.js';

/** Readings one second apart: 50 packets a second (20 ms frames), `lost` of them lost each second. */
function seconds(perSecond: readonly Partial<{ lost: number; jitterMs: number; rttMs: number | null }>[]) {
  let received = 0;
  let lost = 0;
  const readings: QualityReading[] = [{ packetsReceived: 0, packetsLost: 0, jitterMs: 0, rttMs: 20 }];
  for (const second of perSecond) {
    lost += second.lost ?? 0;
    received += 50 - (second.lost ?? 0);
    readings.push({
      packetsReceived: received,
      packetsLost: lost,
      jitterMs: second.jitterMs ?? 2,
      rttMs: second.rttMs === undefined ? 20 : second.rttMs,
    });
  }
  return readings;
}

const warningsAfter = (readings: readonly QualityReading[]) => {
  const monitor = createQualityMonitor();
  return readings.map((reading) => monitor.read(reading)?.warnings ?? null);
};

describe('call quality', () => {
  it('grades a clean second with the E-model and raises nothing', () => {
    const monitor = createQualityMonitor();
    expect(monitor.read({ packetsReceived: 0, packetsLost: 0, jitterMs: 0, rttMs: 20 })).toBeNull();
    const quality = monitor.read({ packetsReceived: 50, packetsLost: 0, jitterMs: 0, rttMs: 20 });
    // rtt 20, jitter 0, loss 0: R = 92.48, MOS 4.39 (e-model.test.ts works it out).
    expect(quality).toEqual({
      warnings: [],
      mos: 4.4,
      r: 92.5,
      verdict: 'good',
      loss_percent: 0,
      jitter_ms: 0,
      rtt_ms: 20,
    });
  });

  it('counts loss per second, not since the call began', () => {
    const monitor = createQualityMonitor();
    monitor.read({ packetsReceived: 1000, packetsLost: 0, jitterMs: 0, rttMs: 20 });
    // 5 of the second's 50 packets lost: 10 %, though the call as a whole lost 5 of 1050.
    const quality = monitor.read({ packetsReceived: 1045, packetsLost: 5, jitterMs: 0, rttMs: 20 });
    expect(quality?.loss_percent).toBe(10);
    expect(quality?.r).toBe(Math.round(estimateMos({ rttMs: 20, jitterMs: 0, lossPercent: 10 }).r * 10) / 10);
  });

  it('raises a warning after 3 bad seconds of 5 and clears it after 5 clean ones', () => {
    // 2 of 50 lost = 4 % (> 3 %): bad seconds at 1, 3, 4; the third bad one raises highLoss.
    const readings = seconds([{ lost: 2 }, {}, { lost: 2 }, { lost: 2 }, {}, {}, {}, {}, {}, {}]);
    const warnings = warningsAfter(readings);
    expect(warnings.slice(1, 4)).toEqual([[], [], []]);
    // d = 20/2 + 2·2 + 20 = 34 ms, Id = 0.816; Ie,eff = 95·4/(4 + 25.1) = 13.06; R = 79.3, above 70:
    // the grade alone does not warn.
    expect(warnings[4]).toEqual(['highLoss']);
    // Still raised while any of the last 5 seconds was bad (the last bad one is second 4).
    expect(warnings.slice(5, 9)).toEqual([['highLoss'], ['highLoss'], ['highLoss'], ['highLoss']]);
    expect(warnings[9]).toEqual([]);
  });

  it('does not warn for a single bad second or two', () => {
    const warnings = warningsAfter(seconds([{ lost: 25 }, {}, {}, { lost: 25 }, {}, {}, {}]));
    expect(warnings.every((w) => w === null || w.length === 0)).toBe(true);
  });

  it('warns of jitter, round trip and a low grade each at its own threshold', () => {
    const bad = { jitterMs: 31, rttMs: 401 };
    expect(warningsAfter(seconds([bad, bad, bad])).at(-1)).toEqual(['highJitter', 'highRtt']);
    const atThreshold = { jitterMs: 30, rttMs: 400 };
    // At the thresholds, not past them; d = 200 + 60 + 20 = 280 ms, Id = 6.72 + 0.11·102.7 = 18.02,
    // R = 75.2, above 70.
    expect(warningsAfter(seconds([atThreshold, atThreshold, atThreshold])).at(-1)).toEqual([]);
    // 3 of 100 lost is exactly 3 %: not past it.
    const threePercent = [0, 1, 2, 3].map((n) => ({
      packetsReceived: 97 * n,
      packetsLost: 3 * n,
      jitterMs: 2,
      rttMs: 20,
    }));
    expect(warningsAfter(threePercent).at(-1)).toEqual([]);
    // 20 % loss: R = 93.2 − 0.72 − 95·20/(20 + 25.1) ≈ 50.4, verdict bad.
    const broken = { lost: 10 };
    expect(warningsAfter(seconds([broken, broken, broken])).at(-1)).toEqual(['highLoss', 'lowMos']);
  });

  it('grades on loss and jitter when the round trip is not known yet', () => {
    const monitor = createQualityMonitor();
    monitor.read({ packetsReceived: 0, packetsLost: 0, jitterMs: 0, rttMs: null });
    const quality = monitor.read({ packetsReceived: 50, packetsLost: 0, jitterMs: 0, rttMs: null });
    expect(quality?.rtt_ms).toBeNull();
    expect(quality?.verdict).toBe('good');
  });

  it('skips a second with no audio due (a held call) and a restart of the counters', () => {
    const monitor = createQualityMonitor();
    monitor.read({ packetsReceived: 500, packetsLost: 10, jitterMs: 0, rttMs: 20 });
    expect(monitor.read({ packetsReceived: 500, packetsLost: 10, jitterMs: 0, rttMs: 20 })).toBeNull();
    // A new connection for the same call starts its counters again.
    expect(monitor.read({ packetsReceived: 40, packetsLost: 0, jitterMs: 0, rttMs: 20 })).toBeNull();
    expect(monitor.read({ packetsReceived: 90, packetsLost: 0, jitterMs: 0, rttMs: 20 })?.loss_percent).toBe(0);
  });
});
