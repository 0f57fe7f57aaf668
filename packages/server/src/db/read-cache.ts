/**
 * A cache for data that is read on every page and rarely written (published versions, later
 * published documents). Writers invalidate it after their transaction commits.
 */
export interface ReadCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidate(): void;
}

/** No caching: every read goes to the database. */
export const noReadCache: ReadCache = {
  get: (_key, load) => load(),
  invalidate: () => undefined,
};

/**
 * In-process cache. Correct only where this process sees every write: always with the
 * embedded database (one process owns its data folder); with PostgreSQL only while a single
 * node runs, which is why main.ts does not use it there.
 */
export function createMemoryReadCache(): ReadCache {
  const entries = new Map<string, unknown>();
  // A load that started before an invalidation must not put its stale answer back.
  let generation = 0;
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (entries.has(key)) return entries.get(key) as T;
      const startedAt = generation;
      const value = await load();
      if (startedAt === generation) entries.set(key, value);
      return value;
    },
    invalidate() {
      generation++;
      entries.clear();
    },
  };
}
