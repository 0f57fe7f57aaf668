/**
 * A cache for data that is read on every page and rarely written: the serialised answers of the
 * catalogue's `cache: 'published'` calls (see http/cached-answer.ts), and the category rows that
 * every reader query starts from. Writers invalidate it after their transaction commits.
 */
export interface ReadCache {
  /**
   * The value under `key`, loaded once. `weigh` gives a value's size in bytes, counted against
   * the cache's byte bound; values without it count only against the entry bound.
   */
  get<T>(key: string, load: () => Promise<T>, weigh?: (value: T) => number): Promise<T>;
  /**
   * The value under `key` if it is held now, else undefined: the published reads answer a hit
   * without a promise (one per request of the hottest path), and call `get` on a miss.
   */
  peek(key: string): unknown;
  /**
   * Drops every entry, on this node and, where a bus carries it, on every node (see
   * read-cache-invalidation.ts). Never rejects: the write it follows has committed.
   */
  invalidate(): Promise<void> | void;
}

/** No caching: every read goes to the database. */
export const noReadCache: ReadCache = {
  get: (_key, load) => load(),
  peek: () => undefined,
  invalidate: () => undefined,
};

/**
 * How much the cache may hold. Keys are whole request bodies, so a crawler asking for every
 * id, language, version and page could otherwise grow it without end; past either bound the
 * least recently used entries go. The published documentation of a product (hundreds of pages,
 * 19 languages, a few versions) fits; a crawler only pushes out what it does not read again.
 */
export interface ReadCacheBounds {
  maxEntries: number;
  /** Sum of the weights (bytes of serialised answers, plus keys). */
  maxBytes: number;
}

export const defaultReadCacheBounds: ReadCacheBounds = { maxEntries: 10_000, maxBytes: 64 * 1024 * 1024 };

/** The in-process cache, with the switches the cross-node invalidation needs. */
export interface MemoryReadCache extends ReadCache {
  invalidate(): void;
  /**
   * Drops everything and stops serving and keeping entries until `resume`: while this node may
   * miss another node's invalidation, every read goes to the database.
   */
  suspend(): void;
  /** Drops everything (invalidations may have been missed) and serves from memory again. */
  resume(): void;
  stats(): { entries: number; bytes: number; serving: boolean };
}

interface Entry {
  value: unknown;
  weight: number;
}

/**
 * In-process least-recently-used cache. On its own it is correct only where this process sees
 * every write (the embedded database: one process owns its data folder); on PostgreSQL,
 * read-cache-invalidation.ts drops it on every node and suspends it while it cannot listen.
 */
export function createMemoryReadCache(bounds: ReadCacheBounds = defaultReadCacheBounds): MemoryReadCache {
  // A Map iterates in insertion order and a hit re-inserts its entry, so the first key is the
  // least recently used.
  const entries = new Map<string, Entry>();
  // Concurrent misses of one key share a load instead of each querying the database.
  const loading = new Map<string, Promise<unknown>>();
  let bytes = 0;
  let serving = true;
  // A load that started before an invalidation must not put its stale answer back.
  let generation = 0;

  function remove(key: string, entry: Entry): void {
    entries.delete(key);
    bytes -= entry.weight;
  }

  function store(key: string, entry: Entry): void {
    // One value larger than the whole bound would only empty the cache to make room.
    if (entry.weight > bounds.maxBytes) return;
    const previous = entries.get(key);
    if (previous) remove(key, previous);
    entries.set(key, entry);
    bytes += entry.weight;
    while (entries.size > bounds.maxEntries || bytes > bounds.maxBytes) {
      const oldest = entries.entries().next().value;
      if (!oldest) break;
      remove(oldest[0], oldest[1]);
    }
  }

  function dropAll(): void {
    generation++;
    entries.clear();
    loading.clear();
    bytes = 0;
  }

  /** The entry under `key`, now the most recently used. */
  function touch(key: string): Entry | undefined {
    const hit = entries.get(key);
    if (hit) {
      entries.delete(key);
      entries.set(key, hit);
    }
    return hit;
  }

  return {
    peek: (key) => (serving ? touch(key)?.value : undefined),
    get<T>(key: string, load: () => Promise<T>, weigh?: (value: T) => number): Promise<T> {
      if (!serving) return load();
      const hit = touch(key);
      if (hit) return Promise.resolve(hit.value as T);
      const pending = loading.get(key);
      if (pending) return pending as Promise<T>;
      const startedAt = generation;
      const promise = load().then((value) => {
        if (startedAt === generation && serving) store(key, { value, weight: key.length + (weigh?.(value) ?? 0) });
        return value;
      });
      loading.set(key, promise);
      const forget = () => {
        if (loading.get(key) === promise) loading.delete(key);
      };
      // Handled here so a failed load is not also reported as unhandled; callers get it too.
      promise.then(forget, forget);
      return promise;
    },
    invalidate: dropAll,
    suspend() {
      serving = false;
      dropAll();
    },
    resume() {
      dropAll();
      serving = true;
    },
    stats: () => ({ entries: entries.size, bytes, serving }),
  };
}
