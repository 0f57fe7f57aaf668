import { describe, expect, it } from 'vitest';
import { estimateMos, mosFromR, verdictForR } from './e-model.js';

describe('estimateMos', () => {
  it('grades a perfect link', () => {
    // d = 20/2 + 2·0 + 20 = 30 ms; Id = 0.024·30 = 0.72 (d < 177.3); Ie,eff = 0 (no loss);
    // R = 93.2 − 0.72 = 92.48;
    // MOS = 1 + 0.035·92.48 + 92.48·32.48·7.52·7e-6 = 1 + 3.2368 + 0.15811742… = 4.39491742…
    const estimate = estimateMos({ rttMs: 20, jitterMs: 0, lossPercent: 0 });
    expect(estimate.oneWayDelayMs).toBe(30);
    expect(estimate.r).toBeCloseTo(92.48, 10);
    expect(estimate.mos).toBeCloseTo(4.394917421056, 10);
    expect(estimate.verdict).toBe('good');
    expect(estimate.lossPercent).toBe(0);
  });

  it('adds the second delay term past 177.3 ms', () => {
    // d = 300/2 + 2·30 + 20 = 230 ms; Id = 0.024·230 + 0.11·(230 − 177.3) = 5.52 + 5.797 = 11.317;
    // R = 93.2 − 11.317 = 81.883;
    // MOS = 1 + 0.035·81.883 + 81.883·21.883·18.117·7e-6 = 1 + 2.865905 + 0.22724008… = 4.09314508…
    const estimate = estimateMos({ rttMs: 300, jitterMs: 30, lossPercent: 0 });
    expect(estimate.oneWayDelayMs).toBe(230);
    expect(estimate.r).toBeCloseTo(81.883, 10);
    expect(estimate.mos).toBeCloseTo(4.093145078433, 10);
    expect(estimate.verdict).toBe('good');
  });

  it('charges loss through Ie,eff', () => {
    // Ie,eff = 0 + 95·5/(5/1 + 25.1) = 475/30.1 = 15.78073089…; R = 93.2 − 0.72 − 15.78073089 = 76.69926910…;
    // MOS = 1 + 0.035·76.69926910 + 76.69926910·16.69926910·23.30073089·7e-6 = 1 + 2.68447442 + 0.20890857 = 3.89338299…
    const estimate = estimateMos({ rttMs: 20, jitterMs: 0, lossPercent: 5 });
    expect(estimate.r).toBeCloseTo(76.699269103, 8);
    expect(estimate.mos).toBeCloseTo(3.893382996584, 8);
    expect(estimate.verdict).toBe('acceptable');
    expect(estimate.lossPercent).toBe(5);
  });

  it('gives MOS 1 when R falls below 0', () => {
    // d = 1000 + 20 = 1020; Id = 24.48 + 0.11·842.7 = 117.177; Ie,eff = 9500/125.1 = 75.939…; R = −99.916…
    const estimate = estimateMos({ rttMs: 2000, jitterMs: 0, lossPercent: 100 });
    expect(estimate.r).toBeCloseTo(-99.916248601, 6);
    expect(estimate.mos).toBe(1);
    expect(estimate.verdict).toBe('bad');
  });

  it('refuses nonsense rather than grade it', () => {
    expect(() => estimateMos({ rttMs: Number.NaN, jitterMs: 0, lossPercent: 0 })).toThrow(RangeError);
    expect(() => estimateMos({ rttMs: 20, jitterMs: -1, lossPercent: 0 })).toThrow(RangeError);
    expect(() => estimateMos({ rttMs: 20, jitterMs: 0, lossPercent: 101 })).toThrow(RangeError);
  });
});

describe('mosFromR', () => {
  it('clamps below 0 and above 100', () => {
    expect(mosFromR(-5)).toBe(1);
    expect(mosFromR(120)).toBe(4.5);
  });

  it('meets the clamps at the edges', () => {
    // R = 0: 1 + 0 + 0 = 1; R = 100: 1 + 3.5 + 0 = 4.5.
    expect(mosFromR(0)).toBe(1);
    expect(mosFromR(100)).toBeCloseTo(4.5, 12);
    // R = 60: 1 + 2.1 + 0 = 3.1; R = 80: 1 + 2.8 + 80·20·20·7e-6 = 3.8 + 0.224 = 4.024.
    expect(mosFromR(60)).toBeCloseTo(3.1, 12);
    expect(mosFromR(80)).toBeCloseTo(4.024, 12);
  });
});

describe('verdictForR', () => {
  it('puts each boundary in the better band', () => {
    expect(verdictForR(80)).toBe('good');
    expect(verdictForR(79.999)).toBe('acceptable');
    expect(verdictForR(70)).toBe('acceptable');
    expect(verdictForR(69.999)).toBe('poor');
    expect(verdictForR(60)).toBe('poor');
    expect(verdictForR(59.999)).toBe('bad');
    expect(verdictForR(-10)).toBe('bad');
  });
});
