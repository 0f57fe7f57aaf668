import { describe, expect, it } from 'vitest';
import { createMemoryReadCache, noReadCache } from './read-cache.js';

describe('memory read cache', () => {
  it('loads once, then answers from memory until invalidated', async () => {
    const cache = createMemoryReadCache();
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    cache.invalidate();
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep an answer whose load overlapped an invalidation', async () => {
    const cache = createMemoryReadCache();
    let release: (value: string) => void = () => undefined;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate(); // a write commits while the read is under way
    release('stale');
    expect(await slow).toBe('stale');
    expect(await cache.get('k', () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('noReadCache always loads', async () => {
    let loads = 0;
    await noReadCache.get('k', () => Promise.resolve(++loads));
    await noReadCache.get('k', () => Promise.resolve(++loads));
    expect(loads).toBe(2);
  });
});
