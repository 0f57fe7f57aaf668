import { beforeEach, describe, expect, it } from 'vitest';
import {
  A1,
  A2,
  A3,
  OTHER_TENANT,
  SUP,
  agent,
  callOf,
  checkedIn,
  expectError,
  named,
  names,
  talking,
  world,
  type World,
} from '../../../../test/engine-world.js';

let w: World;
beforeEach(() => {
  w = world();
});

describe('supervisor', () => {
  it('monitors, inserts and stops: the agent is told each time', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);

    const monitoring = w.engine.supervise(SUP, A1, 'monitor');
    expect(monitoring).toMatchObject({
      call_id,
      call_status: 'talking',
      supervisors: [{ agent_id: SUP, name: 'Zhang Min', mode: 'monitor' }],
    });
    const started = w.take(A1);
    expect(names(started)).toEqual(['monitorStart', 'callDataChange']);
    expect(started[0]?.data).toEqual({ call_id, supervisor: 'Zhang Min' });
    expect(callOf(started[1]).supervisors).toEqual([{ agent_id: SUP, name: 'Zhang Min', mode: 'monitor' }]);
    const supervisorEvents = w.take(SUP);
    expect(supervisorEvents.slice(0, 2)).toEqual([
      { name: 'callTypeChange', data: { call_id, call_type: 'outbound' } },
      { name: 'callStatusChange', data: { call_id, call_status: 'talking', previous: null } },
    ]);
    expect(w.engine.presence(SUP).in_call).toBe(true);
    expect(w.engine.state(SUP).calls).toMatchObject([{ call_id }]);

    w.engine.supervise(SUP, A1, 'insert');
    const inserted = w.take(A1);
    expect(names(inserted)).toEqual(['insertionStart', 'callDataChange']);
    expect(inserted[0]?.data).toEqual({ call_id, supervisor: 'Zhang Min' });
    w.engine.supervise(SUP, A1, 'insert');
    expect(named(w.take(A1), 'insertionStart')).toEqual([]);

    const stopped = w.engine.supervise(SUP, A1, null);
    expect(stopped.supervisors).toEqual([]);
    const ended = w.take(A1);
    expect(names(ended)).toEqual(['monitorEnd', 'callDataChange']);
    expect(ended[0]?.data).toEqual({ call_id, supervisor: 'Zhang Min' });
    expect(names(w.take(SUP))).toContain('callDataChange');
    expect(w.engine.presence(SUP).in_call).toBe(false);
    expectError(() => w.engine.supervise(SUP, A1, null), 'illegalCallState', { state: 'notMonitoring' });
  });

  it('refuses a non-supervisor (forbidden), and an agent without a talking call (callNotFound)', () => {
    checkedIn(w, A1, A2);
    expectError(() => w.engine.supervise(SUP, A1, 'monitor'), 'callNotFound');
    w.engine.dialOut(A1, '13800138001');
    expectError(() => w.engine.supervise(SUP, A1, 'monitor'), 'callNotFound');
    w.scheduler.advance(3_000);
    expectError(() => w.engine.supervise(A2, A1, 'monitor'), 'forbidden');
    expectError(() => w.engine.supervise(SUP, 'stranger', 'monitor'), 'notCheckedIn');
  });

  it('refuses an agent of another tenant, and a second call while supervising', () => {
    checkedIn(w, A1, A2);
    w.engine.attach({ ...agent('agent-x', 'Other', '8001'), tenantId: OTHER_TENANT.id }, OTHER_TENANT);
    w.engine.checkIn('agent-x', 'idle', null);
    talking(w, 'agent-x');
    expectError(() => w.engine.supervise(SUP, 'agent-x', 'monitor'), 'callNotFound');

    talking(w, A1);
    talking(w, A2);
    w.engine.supervise(SUP, A1, 'monitor');
    expectError(() => w.engine.supervise(SUP, A2, 'monitor'), 'agentInCall');
  });

  it('ends monitoring when the call ends', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);
    w.engine.supervise(SUP, A1, 'monitor');
    w.clear();
    w.engine.hangUp(A1, call_id);
    expect(names(w.take(A1))).toEqual([
      'aboutToHangUp',
      'callStatusChange',
      'callDataChange',
      'monitorEnd',
      'agentStatusChange',
    ]);
    expect(w.take(SUP)[0]?.data).toEqual({ call_id, call_status: 'ended', previous: 'talking' });
    // The supervisor took no part: one record, the agent's.
    expect(w.records).toMatchObject([[{ agent_id: A1 }]]);
    expect(w.engine.presence(SUP).in_call).toBe(false);
  });

  it('ends monitoring when the supervisor is lost', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);
    w.engine.supervise(SUP, A1, 'insert');
    w.clear();
    w.engine.detach(SUP);
    const events = w.take(A1);
    expect(names(events)).toEqual(['monitorEnd', 'callDataChange']);
    expect(events[0]?.data).toEqual({ call_id, supervisor: 'Zhang Min' });
    expect(callOf(events[1]).supervisors).toEqual([]);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id, call_status: 'talking' }]);
  });
});

describe('supervisor media signalling', () => {
  it('lets a supervisor and each agent of an internal call they listen to signal each other, and nobody else', () => {
    checkedIn(w, A1, A2, A3, SUP);
    const { call_id } = w.engine.dialOut(A1, '8002');
    w.engine.answer(A2, call_id);
    expectError(() => w.engine.signalTarget(SUP, call_id, A1), 'callNotFound');
    w.engine.supervise(SUP, A1, 'monitor');
    expect(w.engine.signalTarget(SUP, call_id, A1)).toBe(A1);
    expect(w.engine.signalTarget(SUP, call_id, A2)).toBe(A2);
    expect(w.engine.signalTarget(A2, call_id, SUP)).toBe(SUP);
    expectError(() => w.engine.signalTarget(A3, call_id, SUP), 'callNotFound');
    w.engine.supervise(SUP, A1, null);
    expectError(() => w.engine.signalTarget(A1, call_id, SUP), 'callNotFound');
  });
});

describe('supervising an internal call', () => {
  it('reaches the call through either of its agents, the one who was called too', () => {
    checkedIn(w, A1, A2, SUP);
    const { call_id } = w.engine.dialOut(A1, '8002');
    w.engine.answer(A2, call_id);
    w.clear();
    expect(w.engine.supervise(SUP, A2, 'monitor')).toMatchObject({ call_id, call_type: 'internal' });
    expect(named(w.take(A2), 'monitorStart')).toEqual([{ call_id, supervisor: 'Zhang Min' }]);
    expect(w.engine.signalTarget(SUP, call_id, A1)).toBe(A1);
  });
});
