import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from './diagnose-store';

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
