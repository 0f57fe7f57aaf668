import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORTED_KEY, otherReports, randomId } from './diagnose-store';
import { emptyReport } from './report/diag-report';

describe('randomId', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('works where crypto.randomUUID does not exist (a page over plain HTTP on an internal address)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    const first = randomId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(randomId()).not.toBe(first);
  });
});

describe('otherReports', () => {
  it('keeps a run and its own export, imported again, as two choices', () => {
    const run = emptyReport({
      id: 'a1',
      label: '#1',
      startedAt: '2026-11-30T17:00:00.000Z',
      userAgent: 'test',
      serverUrl: 'http://127.0.0.1',
    });
    const choices = otherReports({ runs: [run], imported: { ...run } });
    expect(choices.map((choice) => choice.report.id)).toEqual(['a1', 'a1']);
    expect(new Set(choices.map((choice) => choice.key)).size).toBe(2);
    expect(choices[1]?.key).toBe(IMPORTED_KEY);
  });
});
