import { describe, expect, it } from 'vitest';
import { createMemoryReadCache, noReadCache } from './read-cache.js';

/** A load that counts its calls and answers `value`. */
function counted<T>(value: T) {
  const load = () => {
    load.calls++;
    return Promise.resolve(value);
  };
  load.calls = 0;
  return load;
}

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

  it('shares one load between concurrent misses, but not across an invalidation', async () => {
    const cache = createMemoryReadCache();
    let release: (value: string) => void = () => undefined;
    let loads = 0;
    const load = () => {
      loads++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.get('k', load);
    const second = cache.get('k', load);
    expect(loads).toBe(1);
    release('old');
    expect([await first, await second]).toEqual(['old', 'old']);

    cache.invalidate();
    const before = cache.get('k', load);
    const releaseBefore = release;
    cache.invalidate();
    const after = cache.get('k', load);
    expect(loads).toBe(3);
    releaseBefore('stale');
    release('fresh');
    expect([await before, await after]).toEqual(['stale', 'fresh']);
    expect(await cache.get('k', () => Promise.resolve('unused'))).toBe('fresh');
  });

  it('keeps no failure, and hands it to every caller that waited for it', async () => {
    const cache = createMemoryReadCache();
    const failing = () => Promise.reject(new Error('not found'));
    await expect(Promise.all([cache.get('k', failing), cache.get('k', failing)])).rejects.toThrow('not found');
    expect(await cache.get('k', () => Promise.resolve('found'))).toBe('found');
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const cache = createMemoryReadCache({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, counted(key));
    await cache.get('a', counted('a')); // a is now the most recent; b the least
    await cache.get('d', counted('d'));
    expect(cache.stats().entries).toBe(3);
    const [a, b] = [counted('a'), counted('b')];
    await cache.get('a', a);
    await cache.get('b', b);
    expect([a.calls, b.calls]).toEqual([0, 1]);
    expect(cache.stats().entries).toBe(3);
  });

  it('holds at most maxBytes of weighed values and keys, and never one value larger than that', async () => {
    const cache = createMemoryReadCache({ maxEntries: 1_000, maxBytes: 100 });
    const weigh = (value: string) => value.length;
    for (let i = 0; i < 20; i++) await cache.get(`k${i}`, counted('x'.repeat(20)), weigh);
    const { entries, bytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(100);
    expect(entries).toBe(4); // 20 bytes of value and 2 or 3 of key each
    const huge = counted('x'.repeat(101));
    await cache.get('huge', huge, weigh);
    await cache.get('huge', huge, weigh);
    expect(huge.calls).toBe(2);
    expect(cache.stats().entries).toBe(4);
  });

  it('while suspended, loads every time and keeps nothing; resuming starts from an empty cache', async () => {
    const cache = createMemoryReadCache();
    await cache.get('k', counted('before'));
    cache.suspend();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0, serving: false });
    const load = counted('during');
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load.calls).toBe(2);

    let release: (value: string) => void = () => undefined;
    const overlapping = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.resume();
    release('loaded while suspended');
    await overlapping;
    expect(cache.stats()).toMatchObject({ entries: 0, serving: true });
    expect(await cache.get('k', counted('after'))).toBe('after');
    expect(await cache.get('k', counted('unused'))).toBe('after');
  });

  it('peek answers what is held now, counts as a use, and holds nothing while suspended', async () => {
    const cache = createMemoryReadCache({ maxEntries: 2, maxBytes: 1_000_000 });
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a', counted('A'));
    await cache.get('b', counted('B'));
    expect(cache.peek('a')).toBe('A'); // a is now the most recent; b the least
    await cache.get('c', counted('C'));
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual(['A', undefined, 'C']);
    cache.invalidate();
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a', counted('A'));
    cache.suspend();
    expect(cache.peek('a')).toBeUndefined();
    expect(noReadCache.peek('a')).toBeUndefined();
  });

  it('noReadCache always loads', async () => {
    let loads = 0;
    await noReadCache.get('k', () => Promise.resolve(++loads));
    await noReadCache.get('k', () => Promise.resolve(++loads));
    expect(loads).toBe(2);
  });
});
