/** Data access for call records: what the owner of a tenant writes as calls end, and what a phone reads back. */
import { randomUUID } from 'node:crypto';
import type { WrapUp } from '@open/protocol/cti/protocol';
import type { Executor } from '../../db/executor.js';
import type { CallRecord } from '../engine/calls/call-model.js';

export async function insertCallRecords(db: Executor, records: readonly CallRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db
    .insertInto('call_record')
    .values(
      records.map((record) => ({
        ...record,
        id: randomUUID(),
        attached_data: JSON.stringify(record.attached_data),
        wrap_up: record.wrap_up === null ? null : JSON.stringify(record.wrap_up),
      })),
    )
    .execute();
}

/** An agent's latest calls, the last ended first. */
export function listCallRecordsOf(db: Executor, agentId: string, limit: number) {
  return db
    .selectFrom('call_record')
    .select([
      'call_id',
      'call_type',
      'caller',
      'callee',
      'display_number',
      'created_at',
      'answered_at',
      'ended_at',
      'outcome',
      'end_reason',
      'attached_data',
      'trunk',
      'wrap_up',
    ])
    .where('agent_id', '=', agentId)
    .orderBy('ended_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** An agent's wrap-up of a call whose record is already stored (chosen in after-call work). */
export async function setCallRecordWrapUp(
  db: Executor,
  record: { callId: string; agentId: string },
  wrapUp: WrapUp,
): Promise<void> {
  await db
    .updateTable('call_record')
    .set({ wrap_up: JSON.stringify(wrapUp) })
    .where('call_id', '=', record.callId)
    .where('agent_id', '=', record.agentId)
    .execute();
}
