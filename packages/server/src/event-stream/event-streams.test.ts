import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { insertEvents } from '../webhooks/webhook.data.js';
import { createEventStreams, type StreamSink } from './event-stream.js';

/**
 * The node's streams against a reader that does not keep up: what the stream writes waits for
 * the reader, page by page, so the event log (not memory) holds what the reader has not taken.
 */

let database: TestDatabase;
let tenantId: string;
const keyId = 'key-under-test';

beforeAll(async () => {
  database = await createTestDatabase();
  const tenant = await database.db.selectFrom('tenant').select('id').executeTakeFirstOrThrow();
  tenantId = tenant.id;
  // The stream checks its key every few seconds; this one exists.
  await database.db
    .insertInto('api_key')
    .values({ id: keyId, tenant_id: tenantId, name: 'test', key_hash: 'hash-under-test', key_hint: 'opk_…test' })
    .execute();
});
afterAll(async () => {
  await database.close();
});

/** A reader whose socket takes `room` writes, then pushes back until `drain()`. */
class SlowSink implements StreamSink {
  readonly chunks: string[] = [];
  ended = false;
  private drainListener: (() => void) | null = null;
  constructor(private room: number) {}
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    this.room--;
    return this.room > 0;
  }
  onDrain(listener: () => void): void {
    this.drainListener = listener;
  }
  end(): void {
    this.ended = true;
  }
  get waiting(): boolean {
    return this.drainListener !== null;
  }
  drain(room: number): void {
    this.room = room;
    const listener = this.drainListener;
    this.drainListener = null;
    listener?.();
  }
}

const store = (count: number, from = 0) =>
  insertEvents(
    database.db,
    Array.from({ length: count }, (_, index) => ({
      tenant_id: tenantId,
      type: 'callStatusChange',
      agent_id: null,
      payload: JSON.stringify({ agent: null, data: { index: from + index } }),
      occurred_at: new Date(),
    })),
  );

async function until(done: () => boolean, what: string): Promise<void> {
  for (let tries = 0; !done(); tries++) {
    if (tries > 200) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The events a sink was written, in order (a write carries a page of them). */
const indexes = (sink: SlowSink) =>
  sink.chunks
    .join('')
    .split('\n\n')
    .filter((block) => block.startsWith('id: '))
    .map((block) => (JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { data: { index: number } }).data.index);

describe('a stream whose reader is slow', () => {
  it('writes no further than the reader takes, and resumes on drain without a gap or a repeat', async () => {
    const streams = createEventStreams({ db: database.db, pageSize: 10, pollMs: 20, heartbeatMs: 60_000 });
    await store(35);
    // Its socket is full after the first write (a page).
    const sink = new SlowSink(1);
    const close = streams.open({ keyId, tenantId, after: '0', types: undefined, sink });
    await until(() => sink.waiting, 'the stream waits for its reader');
    // One page was read; the stream stopped at the write the reader pushed back on.
    expect(indexes(sink)).toHaveLength(10);
    // More events and wakes meanwhile do not make it write: it waits for the reader.
    await store(5, 35);
    streams.stored([tenantId]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(indexes(sink)).toHaveLength(10);
    for (let round = 0; round < 10 && indexes(sink).length < 40; round++) {
      sink.drain(1);
      await until(() => sink.waiting || indexes(sink).length >= 40, 'the next page');
    }
    expect(indexes(sink)).toEqual(Array.from({ length: 40 }, (_, index) => index));
    close();
    expect(sink.ended).toBe(true);
    expect(streams.size()).toBe(0);
    streams.close();
  });

  it('ends every stream with serverStopping on close, and refuses new ones', () => {
    const streams = createEventStreams({ db: database.db, words: () => 'stopping' });
    const sink = new SlowSink(1_000);
    streams.open({ keyId, tenantId, after: '0', types: undefined, sink });
    streams.close();
    expect(sink.ended).toBe(true);
    expect(sink.chunks.at(-1)).toBe('event: streamEnd\ndata: {"code":50307,"message":"stopping"}\n\n');
    expect(() => streams.open({ keyId, tenantId, after: '0', types: undefined, sink })).toThrow('serverStopping');
  });
});
