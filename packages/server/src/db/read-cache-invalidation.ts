/**
 * The read cache on PostgreSQL, where several nodes may write: each node keeps its own memory
 * cache, and a write on any node drops them all through PostgreSQL's LISTEN/NOTIFY. This is the
 * seam a Redis bus would take when REDIS_URL arrives with the multi-node work; until then
 * PostgreSQL, which every node already talks to, carries the message.
 *
 * Correctness rests on three rules. A node serves from memory only while its listener is up
 * (a notification sent while it was down is lost for good). Every (re)connection drops the
 * whole cache, since notifications may have been missed. And the memory cache's generation
 * counter keeps a load that overlapped an invalidation from putting stale data back.
 *
 * What remains: a writer that dies between its commit and its NOTIFY leaves the other nodes on
 * the old content until the next write (a trigger sending NOTIFY inside the transaction would
 * close that window).
 */
import { sql } from 'kysely';
import type pg from 'pg';
import type { Lifecycle } from '../lifecycle.js';
import type { Executor } from './executor.js';
import type { MemoryReadCache, ReadCache } from './read-cache.js';
import {
  READ_CACHE_CHANNEL,
  beat,
  connect,
  stopListening,
  type InvalidationLog,
  type Listener,
  type RetryPolicy,
  type Schedule,
} from './read-cache-listener.js';
import { isDatabaseUnavailable } from './unavailable.js';

export { READ_CACHE_CHANNEL } from './read-cache-listener.js';
export type { InvalidationLog, RetryPolicy, Schedule } from './read-cache-listener.js';

export interface PgReadCacheInvalidationDeps {
  /** This node's cache. Suspended from here on until the listener is up. */
  cache: MemoryReadCache;
  /** Where NOTIFY is sent from: the pool, which works while the listener is down. */
  db: Executor;
  /** How the pool connects; the listener opens a connection of its own with it. */
  connection: pg.ClientConfig;
  lifecycle: Lifecycle;
  retry?: RetryPolicy;
  /**
   * How often the listener proves its connection alive. A connection that died without a
   * word (a half-open TCP link) delivers no notifications and reports no error, so silence
   * alone is no proof that nothing changed.
   */
  heartbeatMs?: number;
  schedule?: Schedule;
}

export interface ListenerStatus {
  listening: boolean;
  /** The listener's backend process id on the server, while it listens. */
  pid: number | undefined;
  /** Invalidations received from the channel (this node's own writes included). */
  notifications: number;
  /** Successful (re)connections. */
  connects: number;
}

export interface PgReadCacheInvalidation {
  /** What the app reads through: this node's cache, dropped on every node by a content write. */
  readonly readCache: ReadCache;
  /** Opens the listener. Resolves once it listens or its first attempt failed (it then retries). */
  start(log: InvalidationLog): Promise<void>;
  status(): ListenerStatus;
}

const defaultRetry: RetryPolicy = { firstMs: 500, maxMs: 30_000 };
const DEFAULT_HEARTBEAT_MS = 30_000;

const defaultSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => {
    clearTimeout(timer);
  };
};

const silentLog: InvalidationLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A node's read cache on PostgreSQL, and its listener (read-cache-listener.ts) for the other nodes' writes. */
export function createPgReadCacheInvalidation(deps: PgReadCacheInvalidationDeps): PgReadCacheInvalidation {
  const { cache, db, connection, lifecycle } = deps;
  const heartbeatMs = deps.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const listener: Listener = {
    cache,
    connection,
    retry: deps.retry ?? defaultRetry,
    heartbeatMs,
    schedule: deps.schedule ?? defaultSchedule,
    log: silentLog,
    stopped: false,
    failures: 0,
    client: undefined,
    drop: undefined,
    listening: undefined,
    cancelRetry: undefined,
    heartbeat: undefined,
    counts: { notifications: 0, connects: 0 },
  };

  cache.suspend();

  lifecycle.onClose('read cache listener', () => stopListening(listener));

  return {
    readCache: {
      get: (key, load, weigh) => cache.get(key, load, weigh),
      peek: (key) => cache.peek(key),
      async invalidate() {
        cache.invalidate();
        try {
          // The server fills in the schema, from the pool's own search_path.
          await sql`select pg_notify(${READ_CACHE_CHANNEL}, current_schema())`.execute(db);
        } catch (error) {
          // The database went away just after the write committed: an outage, which the
          // listeners on other nodes meet too (they start again from an empty cache), not a bug.
          const message = 'read cache: could not tell the other nodes that content changed';
          if (isDatabaseUnavailable(error)) listener.log.warn({ err: error }, message);
          else listener.log.error({ err: error }, message);
        }
      },
    },
    async start(startLog) {
      listener.log = startLog;
      listener.heartbeat = setInterval(() => {
        beat(listener);
      }, heartbeatMs);
      listener.heartbeat.unref();
      await connect(listener);
    },
    status: () => ({
      listening: listener.listening !== undefined,
      pid: listener.listening?.pid,
      notifications: listener.counts.notifications,
      connects: listener.counts.connects,
    }),
  };
}
