import { describe, expect, it } from 'vitest';
import { legendValue } from './legend-value';

const chart = { data: [[1, 2, 3], [80, 96.54, null], []] };

describe('legendValue', () => {
  it('gives the value under the cursor', () => {
    expect(legendValue(chart, 80, 1, 0)).toBe('80.0');
  });

  it('gives nothing under the cursor where a sample is missing (a lost ping)', () => {
    expect(legendValue(chart, null, 1, 2)).toBe('');
  });

  it('gives the latest value when the cursor is off the chart, never a placeholder', () => {
    expect(legendValue(chart, null, 1, null)).toBe('96.5');
  });

  it('gives nothing for a series without values yet', () => {
    expect(legendValue(chart, null, 2, null)).toBe('');
    expect(legendValue(chart, null, 5, null)).toBe('');
  });
});
