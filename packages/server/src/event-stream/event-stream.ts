import type { FastifyBaseLogger } from 'fastify';
import { apiKeyLimits, STREAM_END_EVENT } from '@open/protocol/event-stream';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import type { Executor } from '../db/executor.js';
import { ApiError } from '../errors.js';
import { eventObject } from '../webhooks/webhook-dispatcher.js';
import { existingApiKeys } from './api-key.data.js';
import { eventsAfter, newestEventId, tenantsWithEventsAfter, type StoredEvent } from './event-stream.data.js';

/** Where a stream's text goes: the HTTP answer, seen as a writable that can push back. */
export interface StreamSink {
  /** False: the reader has not taken what was written; wait for `onDrain`. */
  write(chunk: string): boolean;
  onDrain(listener: () => void): void;
  end(): void;
}

export interface OpenStream {
  keyId: string;
  tenantId: string;
  /** The id of the last event sent ('0' before the oldest). */
  after: string;
  types: readonly string[] | undefined;
  sink: StreamSink;
}

interface Stream extends OpenStream {
  reading: boolean;
  /** Woken while reading or waiting for the reader: read again once done. */
  again: boolean;
  draining: boolean;
  ended: boolean;
}

/** A stored event as one server-sent event: its id (what a reconnect sends back), type and body. */
export function sseOf(row: StoredEvent): string {
  const body = JSON.stringify(
    eventObject({
      event_id: row.id,
      type: row.type,
      occurred_at: row.occurred_at,
      tenant_id: row.tenant_id,
      payload: row.payload,
    }),
  );
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${body}\n\n`;
}

/** The last event of a stream the server ends on purpose, with the catalogue's code and its words. */
export function endOf(reason: ErrorName, message: string): string {
  return `event: ${STREAM_END_EVENT}\ndata: ${JSON.stringify({ code: errorCatalogue[reason].code, message })}\n\n`;
}

const later = (a: string, b: string) => BigInt(a) > BigInt(b);
/** Read through a call: both change while a read is awaited, which narrowing cannot see. */
const hasEnded = (stream: Stream) => stream.ended;
const wokenAgain = (stream: Stream) => stream.again;

type PageQuery = Parameters<typeof eventsAfter>[1];
/** A page of events, each with its server-sent event written once for every stream that sends it. */
type PageReader = (query: PageQuery) => Promise<(StoredEvent & { sse: string })[]>;

/**
 * Reads pages of the log, one query for the streams that ask for the same page at once: a wake
 * finds a tenant's streams mostly at the same cursor (all caught up), and they then share one
 * read and one serialisation of each event, however many there are.
 */
function sharedPages(db: Executor): PageReader {
  const inFlight = new Map<string, ReturnType<PageReader>>();
  return (query) => {
    const key = JSON.stringify([query.tenantId, query.after, query.types ?? null, query.limit]);
    let page = inFlight.get(key);
    if (!page) {
      page = eventsAfter(db, query)
        .then((rows) => rows.map((row) => ({ ...row, sse: sseOf(row) })))
        .finally(() => inFlight.delete(key));
      inFlight.set(key, page);
    }
    return page;
  };
}

/**
 * Reads the stream's events after its cursor and writes them, page by page, until it is up to
 * date or its reader pushes back (then again on drain). A wake while it reads or waits only
 * marks it to read again, so one stream never has two reads at once.
 */
async function pumpStream(
  stream: Stream,
  deps: { read: PageReader; pageSize: number; log: Pick<FastifyBaseLogger, 'warn'> },
): Promise<void> {
  const { read, pageSize, log } = deps;
  if (stream.ended) return;
  if (stream.reading || stream.draining) {
    stream.again = true;
    return;
  }
  stream.reading = true;
  try {
    for (;;) {
      stream.again = false;
      const rows = await read({ tenantId: stream.tenantId, after: stream.after, types: stream.types, limit: pageSize });
      if (hasEnded(stream)) return;
      // One write a page, not one an event: each is a system call on the reader's socket.
      const open = rows.length === 0 || stream.sink.write(rows.map((row) => row.sse).join(''));
      const last = rows.at(-1);
      if (last) stream.after = last.id;
      if (!open) {
        stream.draining = true;
        stream.sink.onDrain(() => {
          stream.draining = false;
          void pumpStream(stream, deps);
        });
        return;
      }
      if (rows.length < pageSize && !wokenAgain(stream)) return;
    }
  } catch (error) {
    // The database away: the next wake or look tries again; the reader keeps its stream.
    log.warn({ err: error, tenant: stream.tenantId }, 'an event stream could not read the event log');
  } finally {
    stream.reading = false;
  }
}

/** A comment line on each stream: readers skip it; a proxy sees traffic, and a dead reader's socket errors. */
function beat(streams: ReadonlySet<Stream>): void {
  for (const stream of streams) if (!stream.draining) stream.sink.write(': keep-alive\n\n');
}

/** The open streams whose key is gone (revoked on any node); none when the check fails (the next one tries again). */
async function revokedStreams(
  db: Executor,
  streams: ReadonlySet<Stream>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Stream[]> {
  if (streams.size === 0) return [];
  try {
    const alive = await existingApiKeys(db, [...new Set([...streams].map((stream) => stream.keyId))]);
    return [...streams].filter((stream) => !alive.has(stream.keyId));
  } catch (error) {
    log.warn({ err: error }, 'could not check the API keys of the open event streams');
    return [];
  }
}

export interface EventStreamOptions {
  db: Executor;
  pollMs?: number;
  keyCheckMs?: number;
  heartbeatMs?: number;
  pageSize?: number;
  /** The message of a `streamEnd` (in English: a stream has no reader's language). */
  words?: (reason: ErrorName) => string;
}

/**
 * This node's open event streams (docs/EVENT-STREAM.md). A stream reads the event log after its
 * cursor whenever it is woken, one page at a time, and waits for its reader between pages (a slow
 * reader holds back only its own stream, and nothing piles up in memory: the log is the buffer).
 * Wakes come from this node's own writes at once (`stored`), and from one look a second at the
 * whole log for what other nodes stored (`pollMs`), however many streams are open. Every
 * `keyCheckMs` the keys of the open streams are read again, so a key revoked on another node
 * ends its streams here too; a quiet stream gets a comment line every `heartbeatMs`.
 */
export function createEventStreams({
  db,
  pollMs = 1_000,
  keyCheckMs = 5_000,
  heartbeatMs = apiKeyLimits.heartbeatSeconds * 1_000,
  pageSize = apiKeyLimits.pageSize,
  words = (reason: ErrorName) => reason,
}: EventStreamOptions) {
  const streams = new Set<Stream>();
  let log: Pick<FastifyBaseLogger, 'warn' | 'error'> = console;
  /** The newest event id this node has looked at; null until the first look. */
  let seen: string | null = null;
  let looking = false;
  let timers: NodeJS.Timeout[] = [];
  let closed = false;

  function end(stream: Stream, reason: ErrorName | null): void {
    if (stream.ended) return;
    stream.ended = true;
    streams.delete(stream);
    if (reason) stream.sink.write(endOf(reason, words(reason)));
    stream.sink.end();
    if (streams.size === 0) stopTimers();
  }

  const read = sharedPages(db);
  const pump = (stream: Stream) => pumpStream(stream, { read, pageSize, log });

  /** Wakes the streams of the tenants that have events past their cursor. */
  function wake(newest: ReadonlyMap<string, string | null>): void {
    for (const stream of streams) {
      const top = newest.get(stream.tenantId);
      if (top === null || (top !== undefined && later(top, stream.after))) void pump(stream);
    }
  }

  async function look(): Promise<void> {
    if (looking || streams.size === 0) return;
    looking = true;
    try {
      if (seen === null) {
        // The first look since streams opened: whatever came before it, each stream reads once.
        seen = await newestEventId(db);
        for (const stream of streams) void pump(stream);
      }
      const found = await tenantsWithEventsAfter(db, seen);
      if (found.newest !== null) seen = found.newest;
      wake(new Map(found.tenants.map((tenant) => [tenant.tenant_id, tenant.newest])));
    } catch (error) {
      log.warn({ err: error }, 'could not look for new events for the event streams');
    } finally {
      looking = false;
    }
  }

  function startTimers(): void {
    if (timers.length > 0) return;
    timers = [
      setInterval(() => void look(), pollMs),
      setInterval(() => {
        void revokedStreams(db, streams, log).then((gone) => {
          for (const stream of gone) end(stream, 'apiKeyInvalid');
        });
      }, keyCheckMs),
      setInterval(() => {
        beat(streams);
      }, heartbeatMs),
    ];
    for (const timer of timers) timer.unref();
  }

  function stopTimers(): void {
    for (const timer of timers) clearInterval(timer);
    timers = [];
    // With no stream open nobody looks: the next look starts from the newest event again.
    seen = null;
  }

  return {
    /**
     * Opens a stream from `after`; refused with `eventStreamLimit` when the key has as many open
     * as it may. Returns the function that closes it (the reader went away).
     */
    open(options: OpenStream): () => void {
      if (closed) throw new ApiError('serverStopping');
      let held = 0;
      for (const other of streams) if (other.keyId === options.keyId) held++;
      const limit = { max: apiKeyLimits.streamsPerKey };
      if (held >= limit.max) throw new ApiError('eventStreamLimit', limit, limit);
      const stream: Stream = { ...options, reading: false, again: false, draining: false, ended: false };
      streams.add(stream);
      startTimers();
      void pump(stream);
      return () => {
        end(stream, null);
      };
    },
    /** This node stored events (event-log.ts): their tenants' streams read now, not at the next look. */
    stored(tenantIds: Iterable<string>): void {
      if (streams.size === 0) return;
      wake(new Map([...tenantIds].map((tenant) => [tenant, null])));
    },
    /** A key was revoked on this node: its streams end now. */
    revoked(keyId: string): void {
      for (const stream of [...streams]) if (stream.keyId === keyId) end(stream, 'apiKeyInvalid');
    },
    /** How many streams this node holds (for tests and health). */
    size: () => streams.size,
    useLogger(logger: Pick<FastifyBaseLogger, 'warn' | 'error'>) {
      log = logger;
    },
    /** The node is stopping: every stream ends with `serverStopping`, so readers reconnect elsewhere and resume. */
    close(): void {
      closed = true;
      for (const stream of [...streams]) end(stream, 'serverStopping');
      stopTimers();
    },
  };
}

export type EventStreams = ReturnType<typeof createEventStreams>;
