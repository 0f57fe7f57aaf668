import { randomUUID } from 'node:crypto';
import { InsertQueryNode, ValuesNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord } from '../engine/calls/call-model.js';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers.js';
import { createRecordWriter } from './tenant-host-records.js';

/** The call records a tenant host writes, on the test database, every statement counted. */
let database: TestDatabase;
let tenantId: string;
let agentId: string;
const inserts: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const agent = await database.db
    .selectFrom('agent')
    .select(['id', 'tenant_id'])
    .where('extension', '=', '8001')
    .executeTakeFirstOrThrow();
  tenantId = agent.tenant_id;
  agentId = agent.id;
});
afterAll(async () => {
  await database.close();
});

const counted = () =>
  database.db.withPlugin({
    transformQuery: (args) => {
      const { node } = args;
      if (InsertQueryNode.is(node))
        inserts.push(node.values && ValuesNode.is(node.values) ? node.values.values.length : 0);
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  });

function record(extra: Partial<CallRecord> = {}): CallRecord {
  return {
    call_id: randomUUID(),
    tenant_id: tenantId,
    agent_id: agentId,
    call_type: 'outbound',
    caller: '8001',
    callee: '13800138001',
    display_number: null,
    created_at: new Date('2026-11-30T10:00:00Z'),
    answered_at: null,
    ended_at: new Date('2026-11-30T10:00:05Z'),
    outcome: 'completed',
    end_reason: null,
    attached_data: {},
    trunk: null,
    wrap_up: null,
    ...extra,
  };
}

const stored = async (ids: string[]) =>
  (await database.db.selectFrom('call_record').select('call_id').where('call_id', 'in', ids).execute()).map(
    (row) => row.call_id,
  );

describe('the call record writer', () => {
  it('writes the records of calls that end while a write is under way in one statement, in order', async () => {
    const writer = createRecordWriter(counted());
    inserts.length = 0;
    const calls = Array.from({ length: 40 }, () => record());
    writer.write([calls[0] as CallRecord]);
    // These end before the first statement ran: they share the next.
    for (const call of calls.slice(1)) writer.write([call]);
    await writer.flush();
    expect(inserts).toEqual([40]);
    expect((await stored(calls.map((c) => c.call_id))).sort()).toEqual(calls.map((c) => c.call_id).sort());
  });

  it('a bad record loses only itself: the rest of its batch is stored, and the failure is logged with its call', async () => {
    const writer = createRecordWriter(counted());
    const errors: unknown[][] = [];
    writer.useLogger({ error: (...args: unknown[]) => errors.push(args) });
    // An agent that does not exist breaks the foreign key (SQLSTATE 23503): a row's fault.
    const bad = record({ agent_id: randomUUID() });
    const good = [record(), record()];
    writer.write([good[0] as CallRecord]);
    writer.write([bad]);
    writer.write([good[1] as CallRecord]);
    await writer.flush();
    expect((await stored([...good, bad].map((c) => c.call_id))).sort()).toEqual(good.map((c) => c.call_id).sort());
    expect(errors).toHaveLength(1);
    expect(errors[0]?.[0]).toMatchObject({ call: bad.call_id });
  });

  it('with the database away, a batch fails with one log line, not one a record', async () => {
    const away = database.db.withPlugin({
      transformQuery: () => {
        throw Object.assign(new Error('connection terminated'), { code: '57P01' });
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const writer = createRecordWriter(away);
    const errors: unknown[][] = [];
    writer.useLogger({ error: (...args: unknown[]) => errors.push(args) });
    for (let i = 0; i < 10; i++) writer.write([record()]);
    await writer.flush();
    expect(errors).toHaveLength(1);
  });

  it('gathers records for a while and writes them in one statement, without being asked', async () => {
    const writer = createRecordWriter(counted(), { gatherMs: 50 });
    inserts.length = 0;
    const first = record();
    writer.write([first]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = record();
    writer.write([second]);
    expect(inserts).toEqual([]);
    for (let tries = 0; tries < 100 && inserts.length === 0; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await writer.flush();
    expect(inserts).toEqual([2]);
    expect((await stored([first.call_id, second.call_id])).length).toBe(2);
  });

  it('writes a wave in statements of bounded size, giving the loop a turn between two', async () => {
    const writer = createRecordWriter(counted(), { gatherMs: 60_000, rowsPerInsert: 100 });
    inserts.length = 0;
    writer.write(Array.from({ length: 250 }, () => record()));
    // What the loop's other work would see while the wave is written.
    const seen: number[] = [];
    const look = () => {
      seen.push(inserts.length);
      if (inserts.length < 3) setImmediate(look);
    };
    setImmediate(look);
    // flush() does not wait out the gathering time.
    await writer.flush();
    expect(inserts).toEqual([100, 100, 50]);
    expect(seen.some((count) => count > 0 && count < 3)).toBe(true);
  });

  it('takes nothing more once closed, after writing what it was given', async () => {
    const writer = createRecordWriter(counted(), { gatherMs: 60_000 });
    const last = record();
    writer.write([last]);
    await writer.close();
    writer.write([record()]);
    await writer.flush();
    expect(await stored([last.call_id])).toEqual([last.call_id]);
  });

  it('updates a record with a wrap-up chosen after the call, once the record is stored, even while it still waits in a batch', async () => {
    const writer = createRecordWriter(counted(), { gatherMs: 60_000 });
    const waiting = record();
    writer.write([waiting]);
    const wrapUp = { code_id: 'sale', name: 'Sale', note: 'Two licences', set_at: '2026-11-30T10:00:09.000Z' };
    writer.wrapUp({ callId: waiting.call_id, agentId, tenantId }, wrapUp);
    await writer.flush();
    const row = await database.db
      .selectFrom('call_record')
      .select('wrap_up')
      .where('call_id', '=', waiting.call_id)
      .executeTakeFirstOrThrow();
    expect(row.wrap_up).toEqual(wrapUp);
    await writer.close();
  });

  it('logs a wrap-up it could not store and goes on with the next; takes none once closed', async () => {
    const failing = database.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'UpdateQueryNode') throw Object.assign(new Error('database away'), { code: '57P01' });
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const writer = createRecordWriter(failing, { gatherMs: 60_000 });
    const logged: unknown[] = [];
    writer.useLogger({ error: (...args: unknown[]) => logged.push(args) });
    const kept = record();
    writer.write([kept]);
    const wrapUp = { code_id: 'sale', name: 'Sale', note: null, set_at: '2026-11-30T10:00:09.000Z' };
    writer.wrapUp({ callId: kept.call_id, agentId, tenantId }, wrapUp);
    await writer.flush();
    expect(logged).toHaveLength(1);
    expect(await stored([kept.call_id])).toEqual([kept.call_id]);
    await writer.close();
    writer.wrapUp({ callId: kept.call_id, agentId, tenantId }, wrapUp);
    await writer.flush();
    expect(logged).toHaveLength(1);
  });
});
