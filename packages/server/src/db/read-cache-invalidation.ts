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
import pg from 'pg';
import type { Lifecycle } from '../lifecycle.js';
import type { Executor } from './executor.js';
import type { MemoryReadCache, ReadCache } from './read-cache.js';
import { isDatabaseUnavailable } from './unavailable.js';

/**
 * One channel for the whole database; the payload names the schema whose content changed, so
 * deployments (and test files) sharing a database in schemas of their own leave each other be.
 */
export const READ_CACHE_CHANNEL = 'open_read_cache';

/** Where the listener reports (Fastify's logger fits). */
export interface InvalidationLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Reconnection delays: `firstMs`, doubling per failed attempt up to `maxMs`, with jitter. */
export interface RetryPolicy {
  firstMs: number;
  maxMs: number;
}

/** Runs `run` after `ms` and returns how to cancel it. Tests pass one that reconnects on cue. */
export type Schedule = (run: () => void, ms: number) => () => void;

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
const CONNECT_TIMEOUT_MS = 10_000;

const defaultSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => {
    clearTimeout(timer);
  };
};

const silentLog: InvalidationLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const ignore = () => undefined;

export function createPgReadCacheInvalidation(deps: PgReadCacheInvalidationDeps): PgReadCacheInvalidation {
  const { cache, db, connection, lifecycle } = deps;
  const retry = deps.retry ?? defaultRetry;
  const heartbeatMs = deps.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const schedule = deps.schedule ?? defaultSchedule;

  let log = silentLog;
  let stopped = false;
  let failures = 0;
  /** The client being connected, then listening; at most one at a time. */
  let client: pg.Client | undefined;
  /** Gives up on that client and schedules the next attempt. */
  let drop: ((error: unknown) => void) | undefined;
  let listening: { pid: number; schema: string } | undefined;
  let cancelRetry: (() => void) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const counts = { notifications: 0, connects: 0 };

  cache.suspend();

  function retryLater(): void {
    failures++;
    const delay = Math.min(retry.maxMs, retry.firstMs * 2 ** (failures - 1));
    // Nodes that lost the database together should not all come back in the same instant.
    cancelRetry = schedule(
      () => {
        cancelRetry = undefined;
        void connect();
      },
      Math.round(delay * (0.5 + Math.random() / 2)),
    );
  }

  async function connect(): Promise<void> {
    if (stopped || client) return;
    const own = new pg.Client({
      ...connection,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: 'open-platform read cache listener',
    });
    client = own;
    let lost = false;
    // Called for a failed connection attempt and for a dropped connection alike, maybe twice
    // ('error' then 'end'), so it acts once.
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      const wasListening = listening !== undefined && client === own;
      if (client === own) {
        client = undefined;
        listening = undefined;
      }
      cache.suspend();
      own.removeAllListeners('notification');
      own.end().catch(ignore);
      if (stopped) return;
      retryLater();
      log.warn(
        { err: error, failures },
        wasListening
          ? 'read cache: lost the invalidation listener; reading from the database until it is back'
          : 'read cache: cannot listen for invalidations; reading from the database meanwhile',
      );
    };
    drop = onLost;
    own.on('error', onLost);
    own.on('end', () => {
      onLost(new Error('the listener connection ended'));
    });
    own.on('notification', (message) => {
      if (message.channel !== READ_CACHE_CHANNEL || message.payload !== listening?.schema) return;
      counts.notifications++;
      cache.invalidate();
    });
    try {
      await own.connect();
      const { rows } = await own.query<{ schema: string; pid: number }>(
        'select current_schema() as schema, pg_backend_pid() as pid',
      );
      await own.query(`listen ${READ_CACHE_CHANNEL}`);
      const [row] = rows;
      if (!row) throw new Error('the listener connection has no schema');
      // Lost on the way, or the app closed meanwhile: either has already let go of it.
      if (client !== own) {
        await own.end().catch(ignore);
        return;
      }
      listening = row;
      failures = 0;
      counts.connects++;
      // Whatever was written while nobody listened is unknown: start from nothing.
      cache.resume();
      log.info({ backendPid: row.pid, schema: row.schema }, 'read cache: listening for invalidations');
    } catch (error) {
      onLost(error);
    }
  }

  /** Asks the listener's connection for a sign of life; no answer counts as a dropped one. */
  function beat(): void {
    const own = client;
    const giveUp = drop;
    if (!own || !giveUp || !listening) return;
    const silence = setTimeout(() => {
      giveUp(new Error(`the listener did not answer within ${heartbeatMs} ms`));
    }, heartbeatMs);
    silence.unref();
    own.query('select 1').then(
      () => {
        clearTimeout(silence);
      },
      (error: unknown) => {
        clearTimeout(silence);
        giveUp(error);
      },
    );
  }

  lifecycle.onClose('read cache listener', async () => {
    stopped = true;
    cancelRetry?.();
    clearInterval(heartbeat);
    cache.suspend();
    const own = client;
    client = undefined;
    listening = undefined;
    if (own) await own.end().catch(ignore);
  });

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
          if (isDatabaseUnavailable(error)) log.warn({ err: error }, message);
          else log.error({ err: error }, message);
        }
      },
    },
    async start(startLog) {
      log = startLog;
      heartbeat = setInterval(beat, heartbeatMs);
      heartbeat.unref();
      await connect();
    },
    status: () => ({
      listening: listening !== undefined,
      pid: listening?.pid,
      notifications: counts.notifications,
      connects: counts.connects,
    }),
  };
}
