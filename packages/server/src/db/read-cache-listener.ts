/**
 * The listener half of the read cache's invalidation on PostgreSQL (read-cache-invalidation.ts):
 * one connection of its own that LISTENs, reconnects with backoff when it is lost, and proves
 * itself alive by a heartbeat. The cache is served from memory only while it listens.
 */
import pg from 'pg';
import type { MemoryReadCache } from './read-cache.js';

/**
 * One channel for the whole database; the payload names the schema whose content changed, so
 * deployments (and test files) sharing a database in schemas of their own leave each other be.
 */
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

export const READ_CACHE_CHANNEL = 'open_read_cache';

const CONNECT_TIMEOUT_MS = 10_000;

const ignore = () => undefined;

/** The listener of one node: its settings, and where its connection is. */
export interface Listener {
  readonly cache: MemoryReadCache;
  /** How the pool connects; the listener opens a connection of its own with it. */
  readonly connection: pg.ClientConfig;
  readonly retry: RetryPolicy;
  readonly heartbeatMs: number;
  readonly schedule: Schedule;
  log: InvalidationLog;
  stopped: boolean;
  failures: number;
  /** The client being connected, then listening; at most one at a time. */
  client: pg.Client | undefined;
  /** Gives up on that client and schedules the next attempt. */
  drop: ((error: unknown) => void) | undefined;
  listening: { pid: number; schema: string } | undefined;
  cancelRetry: (() => void) | undefined;
  heartbeat: NodeJS.Timeout | undefined;
  readonly counts: { notifications: number; connects: number };
}

function retryLater(listener: Listener): void {
  const { retry } = listener;
  listener.failures++;
  const delay = Math.min(retry.maxMs, retry.firstMs * 2 ** (listener.failures - 1));
  // Nodes that lost the database together should not all come back in the same instant.
  listener.cancelRetry = listener.schedule(
    () => {
      listener.cancelRetry = undefined;
      void connect(listener);
    },
    Math.round(delay * (0.5 + Math.random() / 2)),
  );
}

/**
 * What to do when `own` is lost. Called for a failed connection attempt and for a dropped
 * connection alike, maybe twice ('error' then 'end'), so it acts once.
 */
function onLostOnce(listener: Listener, own: pg.Client): (error?: unknown) => void {
  let lost = false;
  return (error?: unknown) => {
    if (lost) return;
    lost = true;
    const wasListening = listener.listening !== undefined && listener.client === own;
    if (listener.client === own) {
      listener.client = undefined;
      listener.listening = undefined;
    }
    listener.cache.suspend();
    own.removeAllListeners('notification');
    own.end().catch(ignore);
    if (listener.stopped) return;
    retryLater(listener);
    listener.log.warn(
      { err: error, failures: listener.failures },
      wasListening
        ? 'read cache: lost the invalidation listener; reading from the database until it is back'
        : 'read cache: cannot listen for invalidations; reading from the database meanwhile',
    );
  };
}

/** Opens a listener connection, unless one is open or the node stops. */
export async function connect(listener: Listener): Promise<void> {
  if (listener.stopped || listener.client) return;
  const own = new pg.Client({
    ...listener.connection,
    keepAlive: true,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'open-platform read cache listener',
  });
  listener.client = own;
  const onLost = onLostOnce(listener, own);
  listener.drop = onLost;
  own.on('error', onLost);
  own.on('end', () => {
    onLost(new Error('the listener connection ended'));
  });
  own.on('notification', (message) => {
    if (message.channel !== READ_CACHE_CHANNEL || message.payload !== listener.listening?.schema) return;
    listener.counts.notifications++;
    listener.cache.invalidate();
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
    if (listener.client !== own) {
      await own.end().catch(ignore);
      return;
    }
    listener.listening = row;
    listener.failures = 0;
    listener.counts.connects++;
    // Whatever was written while nobody listened is unknown: start from nothing.
    listener.cache.resume();
    listener.log.info({ backendPid: row.pid, schema: row.schema }, 'read cache: listening for invalidations');
  } catch (error) {
    onLost(error);
  }
}

/** Asks the listener's connection for a sign of life; no answer counts as a dropped one. */
export function beat(listener: Listener): void {
  const { heartbeatMs } = listener;
  const own = listener.client;
  const giveUp = listener.drop;
  if (!own || !giveUp || !listener.listening) return;
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

/** The node stops: no more attempts or heartbeats, and the connection is closed. */
export async function stopListening(listener: Listener): Promise<void> {
  listener.stopped = true;
  listener.cancelRetry?.();
  clearInterval(listener.heartbeat);
  listener.cache.suspend();
  const own = listener.client;
  listener.client = undefined;
  listener.listening = undefined;
  if (own) await own.end().catch(ignore);
}
