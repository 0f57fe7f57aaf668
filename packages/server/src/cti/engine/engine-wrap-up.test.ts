/** Wrap-up (disposition) codes, issue #41 item 2: setWrapUp during the call and in after-call work. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  A1,
  A2,
  A3,
  SUP,
  START,
  TENANT,
  checkedIn,
  expectError,
  iso,
  named,
  talking,
  world,
  type World,
} from '../../../test/engine-world.js';

let w: World;
beforeEach(() => {
  w = world();
});

const sale = (note: string | null = null, at = START) => ({ code_id: 'sale', name: 'Sale', note, set_at: iso(at) });

describe('setWrapUp', () => {
  it('on a call the agent is on: told to the agent alone, and kept in their record when the call ends', () => {
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.dialOut(A1, '8002');
    w.engine.answer(A2, call_id);
    w.clear();
    const at = w.scheduler.now();
    expect(w.engine.setWrapUp(A1, null, 'sale', '  Two licences  ')).toEqual({
      call_id,
      wrap_up: sale('Two licences', at),
    });
    expect(named(w.take(A1), 'wrapUpChange')).toEqual([{ call_id, wrap_up: sale('Two licences', at) }]);
    // The colleague on the same call hears nothing of it: a wrap-up is each agent's own.
    expect(named(w.take(A2), 'wrapUpChange')).toEqual([]);
    w.engine.hangUp(A2, call_id);
    const records = w.records.flat();
    expect(records.find((r) => r.agent_id === A1)?.wrap_up).toEqual(sale('Two licences', at));
    expect(records.find((r) => r.agent_id === A2)?.wrap_up).toBeNull();
    expect(w.lateWrapUps).toEqual([]);
  });

  it('in after-call work: the last call ended, whose record is already handed over, is updated', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);
    w.engine.hangUp(A1, call_id);
    expect(w.engine.state(A1).status).toBe('acw');
    expect(w.records.flat()[0]?.wrap_up).toBeNull();
    w.scheduler.advance(3_000);
    const at = w.scheduler.now();
    expect(w.engine.setWrapUp(A1, call_id, 'callback', '')).toEqual({
      call_id,
      wrap_up: { code_id: 'callback', name: 'Call back later', note: null, set_at: iso(at) },
    });
    expect(w.lateWrapUps).toEqual([
      {
        record: { callId: call_id, agentId: A1, tenantId: TENANT.id },
        wrapUp: { code_id: 'callback', name: 'Call back later', note: null, set_at: iso(at) },
      },
    ]);
    // A second choice replaces the first (the id may be left out: the last call).
    w.engine.setWrapUp(A1, null, 'sale', null);
    expect(w.lateWrapUps.map((late) => late.wrapUp.code_id)).toEqual(['callback', 'sale']);
    // Nothing of the status changed: after-call work runs on, and ends on its own.
    expect(w.engine.state(A1).status).toBe('acw');
  });

  it('stays open for the last call after after-call work ended, and moves on to the next call once it ends', () => {
    checkedIn(w, A1);
    const first = talking(w, A1).call_id;
    w.engine.hangUp(A1, first);
    w.scheduler.advance(TENANT.acwSeconds * 1000);
    expect(w.engine.state(A1).status).toBe('idle');
    w.engine.setWrapUp(A1, null, 'sale', null);
    expect(w.lateWrapUps.map((late) => late.record.callId)).toEqual([first]);

    const second = talking(w, A1, '13800138002').call_id;
    // During the next call, the id picks the call: the last one ended is still open to it.
    w.engine.setWrapUp(A1, first, 'callback', null);
    expect(w.lateWrapUps.map((late) => late.record.callId)).toEqual([first, first]);
    // Left out, it means the call going on.
    expect(w.engine.setWrapUp(A1, null, 'sale', null).call_id).toBe(second);
    w.engine.hangUp(A1, second);
    expectError(() => w.engine.setWrapUp(A1, first, 'sale', null), 'callNotFound');
  });

  it('refuses a code not in the tenant’s list, a call the agent never had, and leaves everything as it was', () => {
    checkedIn(w, A1, A3);
    expectError(() => w.engine.setWrapUp(A1, null, 'sale', null), 'callNotFound');
    const { call_id } = talking(w, A1);
    expectError(() => w.engine.setWrapUp(A1, call_id, 'upsell', null), 'unknownWrapUpCode');
    expectError(() => w.engine.setWrapUp(A3, call_id, 'sale', null), 'callNotFound');
    expectError(() => w.engine.setWrapUp(A1, 'no-such-call', 'sale', null), 'callNotFound');
    expect(named(w.take(A1), 'wrapUpChange')).toEqual([]);
    w.engine.hangUp(A1, call_id);
    expect(w.records.flat()[0]?.wrap_up).toBeNull();
  });

  it('a supervisor listening in cannot wrap up the agent’s call', () => {
    checkedIn(w, A1, SUP);
    const { call_id } = talking(w, A1);
    w.engine.supervise(SUP, A1, 'monitor');
    expectError(() => w.engine.setWrapUp(SUP, call_id, 'sale', null), 'callNotFound');
  });

  it('a tenant without codes refuses every code, and its new list applies at once', () => {
    checkedIn(w, A1);
    w.engine.updateTenant({ ...TENANT, wrapUpCodes: [] });
    const { call_id } = talking(w, A1);
    expectError(() => w.engine.setWrapUp(A1, call_id, 'sale', null), 'unknownWrapUpCode');
    w.engine.updateTenant({ ...TENANT, wrapUpCodes: [{ id: 'sale', name: 'Won' }] });
    expect(w.engine.setWrapUp(A1, call_id, 'sale', null).wrap_up.name).toBe('Won');
  });

  it('an agent who left the engine (logged out for good) has no last call to wrap up', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);
    w.engine.hangUp(A1, call_id);
    w.engine.detach(A1);
    expectError(() => w.engine.setWrapUp(A1, call_id, 'sale', null), 'notCheckedIn');
  });
});
