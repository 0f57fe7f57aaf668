/** setCallData (issue #41): a call's attached data changed while it goes on. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  A1,
  A2,
  SUP,
  TENANT,
  callOf,
  checkedIn,
  expectError,
  named,
  talking,
  world,
  type World,
} from '../../../../test/engine-world.js';

let w: World;
beforeEach(() => {
  w = world();
});

describe('setCallData', () => {
  it('merges the keys given into the call, tells both agents, and keeps the last data in the records', () => {
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.dialOut(A1, '8002', { data: { ticket: 'T-1', queue: 'sales' } });
    w.engine.answer(A2, call_id);
    w.clear();
    const view = w.engine.setCallData(A1, call_id, { ticket: 'T-2', order: '42' }, false);
    expect(view.attached_data).toEqual({ ticket: 'T-2', queue: 'sales', order: '42' });
    for (const agent of [A1, A2]) {
      const told = named(w.take(agent), 'callDataChange') as { call_id: string; call: { attached_data: object } }[];
      expect(told).toHaveLength(1);
      expect(told[0]?.call.attached_data).toEqual({ ticket: 'T-2', queue: 'sales', order: '42' });
    }
    // The colleague may change it too.
    w.engine.setCallData(A2, call_id, { note: 'called back' }, false);
    w.engine.hangUp(A1, call_id);
    const records = w.records.flat();
    expect(records.map((record) => record.attached_data)).toEqual([
      { ticket: 'T-2', queue: 'sales', order: '42', note: 'called back' },
      { ticket: 'T-2', queue: 'sales', order: '42', note: 'called back' },
    ]);
  });

  it('replaces all of it when asked, and an empty replacement clears it', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);
    w.engine.setCallData(A1, call_id, { a: '1', b: '2' }, false);
    expect(w.engine.setCallData(A1, call_id, { c: '3' }, true).attached_data).toEqual({ c: '3' });
    expect(w.engine.setCallData(A1, null, {}, true).attached_data).toEqual({});
  });

  it('refuses data that would hold more than 20 keys once merged, and changes nothing', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);
    const twelve = (prefix: string) => Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`${prefix}${i}`, 'v']));
    w.engine.setCallData(A1, call_id, twelve('a'), false);
    w.clear();
    expectError(() => w.engine.setCallData(A1, call_id, twelve('b'), false), 'invalidParams', {
      issues: [{ param: 'data', reason: 'tooMany', max: 20 }],
    });
    expect(w.take(A1)).toEqual([]);
    expect(Object.keys(w.engine.state(A1).calls[0]?.attached_data ?? {})).toHaveLength(12);
    // Replacing with 12 others fits.
    expect(Object.keys(w.engine.setCallData(A1, call_id, twelve('b'), true).attached_data)).toHaveLength(12);
  });

  it('refuses a call the agent is not on, and a supervisor listening in', () => {
    checkedIn(w, A1, A2, SUP);
    const { call_id } = talking(w, A1);
    expectError(() => w.engine.setCallData(A2, call_id, { a: '1' }, false), 'callNotFound');
    w.engine.supervise(SUP, A1, 'monitor');
    expectError(() => w.engine.setCallData(SUP, call_id, { a: '1' }, false), 'callNotFound');
  });

  it('changes an inbound caller’s data before it is answered, seen by the agent it rings', () => {
    checkedIn(w, A1);
    const { call_id } = w.engine.inbound(TENANT.id, '+8613912345678', { ivr: 'billing' });
    w.clear();
    w.engine.setCallData(A1, call_id, { crm: 'matched' }, false);
    expect(callOf(w.take(A1).find((event) => event.name === 'callDataChange'))).toMatchObject({
      call_status: 'ringing',
      attached_data: { ivr: 'billing', crm: 'matched' },
    });
  });
});
