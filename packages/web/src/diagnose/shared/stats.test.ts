import { describe, expect, it } from 'vitest';
import {
  jitter,
  linkRate,
  PAYLOAD_BYTES_PER_SEGMENT,
  rateSeries,
  summariseRtts,
  throughput,
  WIRE_BYTES_PER_SEGMENT,
} from './stats';

describe('summariseRtts', () => {
  it('summarises a run with one loss', () => {
    // 5 sent, 4 received: loss 1/5 = 20 %; min 10, max 25; avg (10 + 20 + 15 + 25)/4 = 70/4 = 17.5;
    // jitter skips the lost one: (|20−10| + |15−20| + |25−15|)/3 = (10 + 5 + 10)/3 = 25/3 = 8.333…
    expect(summariseRtts([10, 20, 15, null, 25])).toEqual({
      sent: 5,
      received: 4,
      lossPercent: 20,
      minMs: 10,
      avgMs: 17.5,
      maxMs: 25,
      jitterMs: 25 / 3,
    });
  });

  it('has no round trip when every ping was lost', () => {
    expect(summariseRtts([null, null, null])).toEqual({
      sent: 3,
      received: 0,
      lossPercent: 100,
      minMs: null,
      avgMs: null,
      maxMs: null,
      jitterMs: null,
    });
  });

  it('loses nothing when nothing was sent', () => {
    expect(summariseRtts([])).toEqual({
      sent: 0,
      received: 0,
      lossPercent: 0,
      minMs: null,
      avgMs: null,
      maxMs: null,
      jitterMs: null,
    });
  });

  it('has no jitter with one sample', () => {
    expect(summariseRtts([42])).toEqual({
      sent: 1,
      received: 1,
      lossPercent: 0,
      minMs: 42,
      avgMs: 42,
      maxMs: 42,
      jitterMs: null,
    });
  });

  it('counts a non-finite number as lost', () => {
    // 4 sent, 2 received: loss 50 %; avg (10 + 30)/2 = 20; jitter |30 − 10| = 20.
    expect(summariseRtts([10, Number.NaN, Infinity, 30])).toMatchObject({
      received: 2,
      lossPercent: 50,
      avgMs: 20,
      jitterMs: 20,
    });
  });
});

describe('jitter', () => {
  it('is the mean absolute difference of neighbours', () => {
    // (|20−10| + |15−20| + |25−15|)/3 = 25/3
    expect(jitter([10, 20, 15, 25])).toBeCloseTo(8.3333333, 6);
    // (|12−10| + |10−12|)/2 = 2: a steady wobble, whatever its direction.
    expect(jitter([10, 12, 10])).toBe(2);
    expect(jitter([30, 30, 30])).toBe(0);
  });

  it('is null under 2 samples', () => {
    expect(jitter([])).toBeNull();
    expect(jitter([5])).toBeNull();
  });
});

describe('throughput', () => {
  it('does not count the warm-up burst', () => {
    // 5 MB in the first second (a proxy's buffer), then 1 MB a second. From t = 1000 (5 000 000
    // bytes) to t = 5000 (9 000 000 bytes): 4 000 000 bytes in 4 s = 8 000 000 bit/s.
    const samples = [
      { t: 500, bytes: 4_000_000 },
      { t: 1000, bytes: 5_000_000 },
      { t: 2000, bytes: 6_000_000 },
      { t: 3000, bytes: 7_000_000 },
      { t: 4000, bytes: 8_000_000 },
      { t: 5000, bytes: 9_000_000 },
    ];
    expect(throughput(samples, 1000)).toEqual({ bitsPerSecond: 8_000_000, bytes: 4_000_000, durationMs: 4000 });
  });

  it('starts at the last sample inside the warm-up', () => {
    // Last sample at or before 1000 is t = 800 (100 000 bytes); to t = 2800 (600 000): 500 000
    // bytes in 2 s = 2 000 000 bit/s.
    const samples = [
      { t: 800, bytes: 100_000 },
      { t: 2800, bytes: 600_000 },
    ];
    expect(throughput(samples, 1000)).toEqual({ bitsPerSecond: 2_000_000, bytes: 500_000, durationMs: 2000 });
  });

  it('sorts unordered samples', () => {
    const samples = [
      { t: 3000, bytes: 3_000_000 },
      { t: 1000, bytes: 1_000_000 },
      { t: 2000, bytes: 2_000_000 },
      { t: 500, bytes: 600_000 },
    ];
    // From t = 1000 to t = 3000: 2 000 000 bytes in 2 s = 8 000 000 bit/s.
    expect(throughput(samples, 1000)).toEqual({ bitsPerSecond: 8_000_000, bytes: 2_000_000, durationMs: 2000 });
  });

  it('starts at the first sample after the warm-up when none fell inside it', () => {
    // From t = 1500 (2 000 000) to t = 2500 (2 250 000): 250 000 bytes in 1 s = 2 000 000 bit/s.
    const samples = [
      { t: 2500, bytes: 2_250_000 },
      { t: 1500, bytes: 2_000_000 },
    ];
    expect(throughput(samples, 1000)).toEqual({ bitsPerSecond: 2_000_000, bytes: 250_000, durationMs: 1000 });
  });

  it('is null with nothing after the warm-up or no time measured', () => {
    expect(throughput([], 1000)).toBeNull();
    expect(throughput([{ t: 1000, bytes: 5 }], 1000)).toBeNull();
    expect(throughput([{ t: 1500, bytes: 5 }], 1000)).toBeNull();
    expect(
      throughput(
        [
          { t: 500, bytes: 1 },
          { t: 900, bytes: 2 },
        ],
        1000,
      ),
    ).toBeNull();
  });
});

describe('rateSeries', () => {
  it('gives one point per full window, at its end', () => {
    const samples = [
      { t: 250, bytes: 10_000 },
      { t: 500, bytes: 25_000 },
      { t: 1200, bytes: 60_000 },
      { t: 1499, bytes: 62_500 },
    ];
    // Windows of 500 ms: [0, 500] 25 000 bytes → 25 000·8/0.5 = 400 000 bit/s;
    // (500, 1000]: no sample, 0; (1000, 1500]: 62 500 − 25 000 = 37 500 → 600 000 bit/s.
    // lastT = 1499 < 1500, so the third window is not full: two points.
    expect(rateSeries(samples, 500)).toEqual([
      { t: 500, bitsPerSecond: 400_000 },
      { t: 1000, bitsPerSecond: 0 },
    ]);
    // With one more sample at 1500 the third window is full.
    expect(rateSeries([...samples, { t: 1500, bytes: 62_500 }].reverse(), 500)).toEqual([
      { t: 500, bitsPerSecond: 400_000 },
      { t: 1000, bitsPerSecond: 0 },
      { t: 1500, bitsPerSecond: 600_000 },
    ]);
  });

  it('is empty without samples or a usable window', () => {
    expect(rateSeries([], 500)).toEqual([]);
    expect(rateSeries([{ t: 400, bytes: 1 }], 500)).toEqual([]);
    expect(rateSeries([{ t: 1000, bytes: 1 }], 0)).toEqual([]);
    expect(rateSeries([{ t: 1000, bytes: 1 }], Number.NaN)).toEqual([]);
  });
});

describe('linkRate', () => {
  it('adds the header bytes of each segment', () => {
    expect(PAYLOAD_BYTES_PER_SEGMENT).toBe(1500 - 20 - 20 - 12);
    expect(WIRE_BYTES_PER_SEGMENT).toBe(1500 + 14);
    // 9.56e6 · 1514/1448 = 9 995 745.86 bit/s: 0.043 % under 1.0e7.
    const rate = linkRate(9.56e6);
    expect(Math.abs(rate - 1e7) / 1e7).toBeLessThan(0.001);
    expect(rate).toBeCloseTo(9_995_745.856, 2);
  });
});
