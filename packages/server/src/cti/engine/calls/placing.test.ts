import { beforeEach, describe, expect, it } from 'vitest';
import {
  A1,
  A2,
  A3,
  TENANT,
  callOf,
  checkedIn,
  expectError,
  iso,
  named,
  names,
  talking,
  world,
  type World,
} from '../../../../test/engine-world.js';
import { networkTimings } from '../phone-network.js';

let w: World;
beforeEach(() => {
  w = world();
});

describe('outbound calls', () => {
  it('rings, talks after 3 s, ends on hang-up, then after-call work for 15 s', () => {
    checkedIn(w, A1);
    const t0 = w.scheduler.now();
    const view = w.engine.dialOut(A1, '13800138001');
    expect(view).toMatchObject({
      call_type: 'outbound',
      call_status: 'ringing',
      caller: '+861080000001',
      callee: '13800138001',
      display_number: '+861080000001',
      created_at: iso(t0),
      answered_at: null,
      outcome: null,
      muted: false,
      held: false,
      peer: null,
      supervisors: [],
      attached_data: {},
      transfer: null,
      consult_of: null,
      trunk: null,
    });
    const id = view.call_id;
    expect(w.take(A1)).toEqual([
      { name: 'callTypeChange', data: { call_id: id, call_type: 'outbound' } },
      { name: 'callStatusChange', data: { call_id: id, call_status: 'ringing', previous: null } },
      { name: 'callDataChange', data: { call_id: id, call: view } },
    ]);

    w.scheduler.advance(networkTimings.ringBeforeAnswerMs - 1);
    expect(w.take(A1)).toEqual([]);
    w.scheduler.advance(1);
    const answered = w.take(A1);
    expect(names(answered)).toEqual(['callStatusChange', 'callDataChange']);
    expect(answered[0]?.data).toEqual({ call_id: id, call_status: 'talking', previous: 'ringing' });
    expect(callOf(answered[1])).toMatchObject({ call_status: 'talking', answered_at: iso(t0 + 3_000) });
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id: id, call_status: 'talking' }]);
    expect(w.engine.presence(A1)).toEqual({
      status: 'idle',
      in_call: true,
      call: {
        call_id: id,
        call_type: 'outbound',
        call_status: 'talking',
        caller: '+861080000001',
        callee: '13800138001',
        created_at: iso(t0),
        answered_at: iso(t0 + 3_000),
      },
    });

    w.scheduler.advance(5_000);
    const ended = w.engine.hangUp(A1, id);
    expect(ended).toMatchObject({ call_status: 'ended', outcome: 'completed', ended_at: iso(t0 + 8_000) });
    const hungUp = w.take(A1);
    expect(names(hungUp)).toEqual(['aboutToHangUp', 'callStatusChange', 'callDataChange', 'agentStatusChange']);
    expect(hungUp[0]?.data).toEqual({ call_id: id });
    expect(hungUp[1]?.data).toEqual({ call_id: id, call_status: 'ended', previous: 'talking' });
    expect(callOf(hungUp[2])).toMatchObject({ call_status: 'ended', outcome: 'completed' });
    expect(hungUp[3]?.data).toEqual({
      status: 'acw',
      previous: 'idle',
      reason_id: null,
      status_since: iso(t0 + 8_000),
      acw_until: iso(t0 + 23_000),
    });
    expect(w.engine.state(A1)).toMatchObject({ status: 'acw', acw_until: iso(t0 + 23_000), calls: [] });

    expect(w.records).toEqual([
      [
        {
          call_id: id,
          tenant_id: TENANT.id,
          agent_id: A1,
          call_type: 'outbound',
          caller: '+861080000001',
          callee: '13800138001',
          display_number: '+861080000001',
          created_at: new Date(t0),
          answered_at: new Date(t0 + 3_000),
          ended_at: new Date(t0 + 8_000),
          outcome: 'completed',
          end_reason: null,
          attached_data: {},
          trunk: null,
          wrap_up: null,
        },
      ],
    ]);

    w.scheduler.advance(15_000 - 1);
    expect(w.take(A1)).toEqual([]);
    w.scheduler.advance(1);
    const afterWork = w.take(A1);
    expect(names(afterWork)).toEqual(['agentStatusChange', 'afterCallWorkEnded']);
    expect(afterWork[0]?.data).toMatchObject({ status: 'idle', previous: 'acw', acw_until: null });
    expect(afterWork[1]?.data).toEqual({});
    expect(w.engine.state(A1).status).toBe('idle');
  });

  it('ends busy after 2 s for a number ending in 0, without after-call work', () => {
    checkedIn(w, A1);
    w.engine.setStatus(A1, 'busy', 'break');
    w.clear();
    const { call_id } = w.engine.dialOut(A1, '+8613800138000');
    w.take(A1);
    w.scheduler.advance(networkTimings.ringBeforeBusyMs - 1);
    expect(w.take(A1)).toEqual([]);
    w.scheduler.advance(1);
    const events = w.take(A1);
    expect(names(events)).toEqual(['callStatusChange', 'callDataChange']);
    expect(events[0]?.data).toEqual({ call_id, call_status: 'ended', previous: 'ringing' });
    expect(callOf(events[1])).toMatchObject({ outcome: 'busy', answered_at: null });
    expect(w.engine.state(A1)).toMatchObject({ status: 'busy', reason_id: 'break', calls: [] });
    expect(w.records).toMatchObject([[{ call_id, agent_id: A1, outcome: 'busy', answered_at: null }]]);
  });

  it('ends unanswered after 30 s for a number ending in 9', () => {
    checkedIn(w, A1);
    const { call_id } = w.engine.dialOut(A1, '13800138009');
    w.scheduler.advance(networkTimings.noAnswerMs - 1);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_status: 'ringing' }]);
    w.scheduler.advance(1);
    expect(w.engine.state(A1)).toMatchObject({ status: 'idle', calls: [] });
    expect(w.records).toMatchObject([[{ call_id, outcome: 'noAnswer', answered_at: null }]]);
  });

  it('talks after 3 s then is hung up by the remote 10 s later for a number ending in 8', () => {
    checkedIn(w, A1);
    const t0 = w.scheduler.now();
    const { call_id } = w.engine.dialOut(A1, '13800138008');
    w.scheduler.advance(3_000);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_status: 'talking' }]);
    w.clear();
    w.scheduler.advance(networkTimings.remoteHangUpMs - 1);
    expect(w.take(A1)).toEqual([]);
    w.scheduler.advance(1);
    const events = w.take(A1);
    // The remote hung up: no aboutToHangUp, which is the agent's own.
    expect(names(events)).toEqual(['callStatusChange', 'callDataChange', 'agentStatusChange']);
    expect(events[0]?.data).toEqual({ call_id, call_status: 'ended', previous: 'talking' });
    expect(events[2]?.data).toMatchObject({ status: 'acw' });
    expect(w.records).toMatchObject([
      [{ call_id, outcome: 'completed', answered_at: new Date(t0 + 3_000), ended_at: new Date(t0 + 13_000) }],
    ]);
  });

  it('refuses an invalid number with invalidNumber, and no call', () => {
    checkedIn(w, A1);
    for (const number of ['12', '', 'abc', `+${'1'.repeat(32)}`, '8001']) {
      expectError(() => w.engine.dialOut(A1, number), 'invalidNumber');
    }
    expect(w.take(A1)).toEqual([]);
    expect(w.engine.state(A1).calls).toEqual([]);
    w.scheduler.advance(60_000);
    expect(w.records).toEqual([]);
  });

  it('refuses a second call while in one (agentInCall), and dialling while offline (notCheckedIn)', () => {
    checkedIn(w, A1);
    w.engine.dialOut(A1, '13800138001');
    expectError(() => w.engine.dialOut(A1, '13800138002'), 'agentInCall');
    w.scheduler.advance(3_000);
    expectError(() => w.engine.dialOut(A1, '13800138002'), 'agentInCall');
    expect(w.engine.state(A1).calls).toHaveLength(1);
    expectError(() => w.engine.dialOut(A2, '13800138001'), 'notCheckedIn');
    expectError(() => w.engine.dialOut('stranger', '13800138001'), 'notCheckedIn');
  });

  it('shows the display number the agent chose', () => {
    checkedIn(w, A1);
    w.engine.setDisplayNumber(A1, '+861080000002');
    expect(w.engine.dialOut(A1, '13800138001')).toMatchObject({
      caller: '+861080000002',
      display_number: '+861080000002',
    });
  });
});

describe('internal calls', () => {
  it('rings both agents, talks when the colleague answers, leaves a record for each', () => {
    checkedIn(w, A1, A2);
    const t0 = w.scheduler.now();
    const view = w.engine.dialOut(A1, '8002');
    const { call_id } = view;
    expect(view).toMatchObject({
      call_type: 'internal',
      call_status: 'ringing',
      caller: '8001',
      callee: '8002',
      display_number: null,
      peer: { agent_id: A2, name: 'Wang Wei', extension: '8002' },
    });
    for (const [id, peer] of [
      [A1, { agent_id: A2, name: 'Wang Wei', extension: '8002' }],
      [A2, { agent_id: A1, name: 'Li Na', extension: '8001' }],
    ] as const) {
      const events = w.take(id);
      expect(names(events)).toEqual(['callTypeChange', 'callStatusChange', 'callDataChange']);
      expect(events[0]?.data).toEqual({ call_id, call_type: 'internal' });
      expect(events[1]?.data).toEqual({ call_id, call_status: 'ringing', previous: null });
      expect(callOf(events[2])).toMatchObject({ call_id, peer });
    }
    // The caller cannot answer their own call.
    expectError(() => w.engine.answer(A1, call_id), 'illegalCallState', { state: 'ringing' });

    w.scheduler.advance(2_000);
    expect(w.engine.answer(A2, call_id)).toMatchObject({ call_status: 'talking', answered_at: iso(t0 + 2_000) });
    for (const id of [A1, A2]) {
      expect(w.take(id)[0]?.data).toEqual({ call_id, call_status: 'talking', previous: 'ringing' });
    }
    expect(w.engine.presence(A2)).toMatchObject({ status: 'idle', in_call: true });

    w.scheduler.advance(4_000);
    w.engine.hangUp(A2, null);
    expect(names(w.take(A2))).toEqual(['aboutToHangUp', 'callStatusChange', 'callDataChange', 'agentStatusChange']);
    expect(names(w.take(A1))).toEqual(['callStatusChange', 'callDataChange', 'agentStatusChange']);
    expect(w.engine.state(A1).status).toBe('acw');
    expect(w.engine.state(A2).status).toBe('acw');
    const common = {
      call_id,
      tenant_id: TENANT.id,
      call_type: 'internal',
      caller: '8001',
      callee: '8002',
      display_number: null,
      created_at: new Date(t0),
      answered_at: new Date(t0 + 2_000),
      ended_at: new Date(t0 + 6_000),
      outcome: 'completed',
      end_reason: null,
      attached_data: {},
      trunk: null,
      wrap_up: null,
    };
    expect(w.records).toEqual([
      [
        { ...common, agent_id: A1 },
        { ...common, agent_id: A2 },
      ],
    ]);
  });

  it('is rejected when the colleague hangs up while it rings', () => {
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.dialOut(A1, '8002');
    w.clear();
    expect(w.engine.hangUp(A2, call_id)).toMatchObject({ call_status: 'ended', outcome: 'rejected' });
    expect(w.take(A1)[0]?.data).toEqual({ call_id, call_status: 'ended', previous: 'ringing' });
    expect(w.records).toMatchObject([
      [
        { agent_id: A1, outcome: 'rejected', answered_at: null },
        { agent_id: A2, outcome: 'rejected', answered_at: null },
      ],
    ]);
    // Not answered: no after-call work.
    expect(w.engine.state(A1).status).toBe('idle');
    expect(w.engine.state(A2).status).toBe('idle');
  });

  it('refuses a colleague who is offline, before anything rings (never an outside call)', () => {
    checkedIn(w, A1);
    expectError(() => w.engine.dialOut(A1, '8003'), 'extensionUnavailable', { reason: 'offline' });
    expect(w.take(A1)).toEqual([]);
    expect(w.take(A3)).toEqual([]);
    expect(w.records).toEqual([]);
    expect(w.engine.state(A1)).toMatchObject({ status: 'idle', calls: [] });
  });

  it('refuses a colleague who is in a call (busy)', () => {
    checkedIn(w, A1, A2);
    talking(w, A2);
    expectError(() => w.engine.dialOut(A1, '8002'), 'extensionUnavailable', { reason: 'busy' });
    expect(w.take(A2)).toEqual([]);
    expect(w.engine.state(A2).calls).toMatchObject([{ call_type: 'outbound', call_status: 'talking' }]);
  });

  it('refuses an extension held by an agent this engine does not run, and a short number nobody holds', () => {
    checkedIn(w, A1);
    expectError(() => w.engine.dialOut(A1, '8009', { assignedElsewhere: true }), 'extensionUnavailable', {
      reason: 'offline',
    });
    for (const number of ['8009', '123', '999999']) {
      expectError(() => w.engine.dialOut(A1, number), 'extensionUnavailable', { reason: 'unknown' });
    }
    // Seven digits and more, or a leading +, go out to the network.
    expect(w.engine.dialOut(A1, '1234567')).toMatchObject({ call_type: 'outbound' });
    expect(w.take(A1).length).toBeGreaterThan(0);
  });

  it('refuses extensions when the phone turned internal calls off', () => {
    checkedIn(w, A1, A2);
    expectError(() => w.engine.dialOut(A1, '8002', { internal: false }), 'internalCallNotAllowed');
    expectError(() => w.engine.dialOut(A1, '8003', { internal: false }), 'internalCallNotAllowed');
    expect(w.take(A2)).toEqual([]);
    expect(w.engine.dialOut(A1, '13800138001', { internal: false })).toMatchObject({ call_type: 'outbound' });
  });

  it('tells a colleague whose phone rang out that they missed the call, without after-call work', () => {
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.dialOut(A1, '8002');
    w.clear();
    w.scheduler.advance(networkTimings.noAnswerMs);
    expect(named(w.take(A2), 'callMissed')).toEqual([{ call_id, caller: '8001', reason: 'noAnswer' }]);
    expect(w.engine.state(A2).status).toBe('idle');
  });

  it('carries attached data to both phones and into the records', () => {
    checkedIn(w, A1, A2);
    const data = { ticket: 'T-1001', customer: 'Acme' };
    const { call_id } = w.engine.dialOut(A1, '8002', { data });
    expect(callOf(w.take(A2).find((e) => e.name === 'callDataChange')).attached_data).toEqual(data);
    w.engine.answer(A2, call_id);
    w.engine.hangUp(A1, call_id);
    expect(w.records[0]?.map((r) => r.attached_data)).toEqual([data, data]);
  });

  it('ends unanswered after 30 s', () => {
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.dialOut(A1, '8002');
    w.clear();
    w.scheduler.advance(networkTimings.noAnswerMs - 1);
    expect(w.take(A2)).toEqual([]);
    w.scheduler.advance(1);
    for (const id of [A1, A2]) {
      expect(w.take(id)[0]?.data).toEqual({ call_id, call_status: 'ended', previous: 'ringing' });
    }
    expect(w.records).toMatchObject([
      [
        { agent_id: A1, outcome: 'noAnswer' },
        { agent_id: A2, outcome: 'noAnswer' },
      ],
    ]);
  });

  it('gives the other agent for relaying signals', () => {
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.dialOut(A1, '8002');
    expect(w.engine.signalTarget(A1, call_id)).toBe(A2);
    expect(w.engine.signalTarget(A2, call_id)).toBe(A1);
    expectError(() => w.engine.signalTarget(A3, call_id), 'callNotFound');
    expectError(() => w.engine.signalTarget(A1, call_id, A3), 'callNotFound');
    expectError(() => w.engine.signalTarget(A1, call_id, A1), 'callNotFound');
  });
});
