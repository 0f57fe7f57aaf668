import { beforeEach, describe, expect, it } from 'vitest';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import { createManualScheduler } from '../../../test/manual-scheduler.js';
import { ApiError } from '../../http/api-error.js';
import type { CallRecord, CallView } from './calls.js';
import { createEngine, type AgentProfile, type TenantProfile } from './engine.js';
import { networkTimings } from './phone-network.js';

const START = Date.UTC(2025, 0, 6, 9, 0, 0);

const TENANT: TenantProfile = {
  id: 'tenant-demo',
  name: 'Demo tenant',
  defaultLang: 'en',
  acwSeconds: 15,
  notReadyReasons: [{ id: 'break', name: 'Break' }],
  displayNumbers: ['+861080000001', '+861080000002'],
};
const OTHER_TENANT: TenantProfile = { ...TENANT, id: 'tenant-other', name: 'Other tenant' };

const A1 = 'agent-1';
const A2 = 'agent-2';
const A3 = 'agent-3';
const SUP = 'supervisor-1';

function agent(id: string, name: string, extension: string | null, more: Partial<AgentProfile> = {}): AgentProfile {
  return {
    id,
    tenantId: TENANT.id,
    name,
    extension,
    role: 'agent',
    assistantRobot: false,
    disabled: false,
    ...more,
  };
}

const PROFILES = {
  [A1]: agent(A1, 'Li Na', '8001'),
  [A2]: agent(A2, 'Wang Wei', '8002'),
  [A3]: agent(A3, 'Chen Jie', '8003'),
  [SUP]: agent(SUP, 'Zhang Min', '8100', { role: 'supervisor' }),
};

interface Published {
  name: string;
  data: Record<string, unknown>;
}

/** A fresh engine with the tenant's four people attached (all offline), time at START. */
function world() {
  const scheduler = createManualScheduler(START);
  const published = new Map<string, Published[]>();
  const records: CallRecord[][] = [];
  const engine = createEngine({
    scheduler,
    publish: (agentId, name, data) => {
      const list = published.get(agentId) ?? [];
      list.push({ name, data });
      published.set(agentId, list);
    },
    onCallEnded: (batch) => records.push(batch),
  });
  for (const profile of Object.values(PROFILES)) engine.attach(profile, TENANT);
  return {
    engine,
    scheduler,
    records,
    /** The events an agent received since the last `take`, which forgets them. */
    take(agentId: string): Published[] {
      const list = published.get(agentId) ?? [];
      published.set(agentId, []);
      return list;
    },
    /** Forgets every event so far. */
    clear() {
      published.clear();
    },
  };
}

let w: ReturnType<typeof world>;
beforeEach(() => {
  w = world();
});

const names = (events: Published[]) => events.map((e) => e.name);
const named = (events: Published[], name: string) => events.filter((e) => e.name === name).map((e) => e.data);
const iso = (ms: number) => new Date(ms).toISOString();
const callOf = (event: Published | undefined) => event?.data.call as CallView;

function thrown(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

function expectError(run: () => unknown, errorName: ErrorName, data?: unknown) {
  const error = thrown(run);
  expect(error.errorName).toBe(errorName);
  expect(error.code).toBe(errorCatalogue[errorName].code);
  if (data !== undefined) expect(error.data).toEqual(data);
}

/** Checks the agents in, one second apart (the first is the longest idle), and forgets the events. */
function checkedIn(...agentIds: string[]) {
  for (const id of agentIds) {
    w.engine.checkIn(id, 'idle', null);
    w.scheduler.advance(1_000);
  }
  w.clear();
}

/** An outbound call of `agentId` to a number that answers, in talking; events forgotten. */
function talking(agentId: string, number = '13800138001'): CallView {
  const view = w.engine.dialOut(agentId, number);
  w.scheduler.advance(networkTimings.ringBeforeAnswerMs);
  w.clear();
  return view;
}

describe('check-in', () => {
  it('refuses an agent without an extension, with a checkInFailed event', () => {
    w.engine.attach(agent('agent-4', 'No Phone', null), TENANT);
    expectError(() => w.engine.checkIn('agent-4', 'idle', null), 'checkInNoExtension');
    expect(w.take('agent-4')).toEqual([
      {
        name: 'checkInFailed',
        data: { code: errorCatalogue.checkInNoExtension.code, error: 'checkInNoExtension' },
      },
    ]);
    expect(w.engine.state('agent-4').status).toBe('offline');
  });

  it('refuses a disabled agent (even one without an extension) with checkInNotAllowed', () => {
    w.engine.attach(agent('agent-5', 'Disabled', null, { disabled: true }), TENANT);
    expectError(() => w.engine.checkIn('agent-5', 'idle', null), 'checkInNotAllowed');
    expect(w.take('agent-5')).toEqual([
      { name: 'checkInFailed', data: { code: errorCatalogue.checkInNotAllowed.code, error: 'checkInNotAllowed' } },
    ]);
    expect(w.engine.presence('agent-5').status).toBe('offline');
  });

  it('reports a refused status request as checkInFailed too', () => {
    expectError(() => w.engine.checkIn(A1, 'busy', null), 'invalidParams');
    expectError(() => w.engine.checkIn(A1, 'busy', 'nap'), 'unknownReason');
    expect(w.take(A1)).toEqual([
      { name: 'checkInFailed', data: { code: errorCatalogue.invalidParams.code, error: 'invalidParams' } },
      { name: 'checkInFailed', data: { code: errorCatalogue.unknownReason.code, error: 'unknownReason' } },
    ]);
  });

  it('checks in: loginInfoChange, then agentStatusChange', () => {
    const state = w.engine.checkIn(A1, 'busy', 'break');
    expect(state).toMatchObject({ status: 'busy', reason_id: 'break', status_since: iso(START) });
    expect(w.take(A1)).toEqual([
      { name: 'loginInfoChange', data: { checked_in: true } },
      {
        name: 'agentStatusChange',
        data: { status: 'busy', previous: 'offline', reason_id: 'break', status_since: iso(START), acw_until: null },
      },
    ]);
  });

  it('refuses a second check-in with alreadyCheckedIn, without checkInFailed', () => {
    checkedIn(A1);
    expectError(() => w.engine.checkIn(A1, 'idle', null), 'alreadyCheckedIn');
    expect(w.take(A1)).toEqual([]);
  });

  it('knows no agent that was not attached', () => {
    expectError(() => w.engine.checkIn('stranger', 'idle', null), 'notCheckedIn');
    expectError(() => w.engine.state('stranger'), 'notCheckedIn');
  });
});

describe('outbound calls', () => {
  it('rings, talks after 3 s, ends on hang-up, then after-call work for 15 s', () => {
    checkedIn(A1);
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
    checkedIn(A1);
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
    checkedIn(A1);
    const { call_id } = w.engine.dialOut(A1, '13800138009');
    w.scheduler.advance(networkTimings.noAnswerMs - 1);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_status: 'ringing' }]);
    w.scheduler.advance(1);
    expect(w.engine.state(A1)).toMatchObject({ status: 'idle', calls: [] });
    expect(w.records).toMatchObject([[{ call_id, outcome: 'noAnswer', answered_at: null }]]);
  });

  it('talks after 3 s then is hung up by the remote 10 s later for a number ending in 8', () => {
    checkedIn(A1);
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
    checkedIn(A1);
    for (const number of ['12', '', 'abc', `+${'1'.repeat(32)}`, '8001']) {
      expectError(() => w.engine.dialOut(A1, number), 'invalidNumber');
    }
    expect(w.take(A1)).toEqual([]);
    expect(w.engine.state(A1).calls).toEqual([]);
    w.scheduler.advance(60_000);
    expect(w.records).toEqual([]);
  });

  it('refuses a second call while in one (agentInCall), and dialling while offline (notCheckedIn)', () => {
    checkedIn(A1);
    w.engine.dialOut(A1, '13800138001');
    expectError(() => w.engine.dialOut(A1, '13800138002'), 'agentInCall');
    w.scheduler.advance(3_000);
    expectError(() => w.engine.dialOut(A1, '13800138002'), 'agentInCall');
    expect(w.engine.state(A1).calls).toHaveLength(1);
    expectError(() => w.engine.dialOut(A2, '13800138001'), 'notCheckedIn');
    expectError(() => w.engine.dialOut('stranger', '13800138001'), 'notCheckedIn');
  });

  it('shows the display number the agent chose', () => {
    checkedIn(A1);
    w.engine.setDisplayNumber(A1, '+861080000002');
    expect(w.engine.dialOut(A1, '13800138001')).toMatchObject({
      caller: '+861080000002',
      display_number: '+861080000002',
    });
  });
});

describe('mute and hold', () => {
  it('mutes and unmutes only in talking or held', () => {
    checkedIn(A1);
    const { call_id } = w.engine.dialOut(A1, '13800138001');
    expectError(() => w.engine.setMuted(A1, call_id, true), 'illegalCallState', { state: 'ringing' });
    w.scheduler.advance(3_000);
    w.clear();

    expect(w.engine.setMuted(A1, call_id, true).muted).toBe(true);
    const muted = w.take(A1);
    expect(names(muted)).toEqual(['callDataChange']);
    expect(callOf(muted[0])).toMatchObject({ call_id, muted: true });

    // Already muted: nothing changes, nothing is said.
    w.engine.setMuted(A1, null, true);
    expect(w.take(A1)).toEqual([]);

    w.engine.setHeld(A1, call_id, true);
    w.clear();
    expect(w.engine.setMuted(A1, call_id, false).muted).toBe(false);
    expect(named(w.take(A1), 'callDataChange').map((d) => (d.call as CallView).muted)).toEqual([false]);
  });

  it('pauses (talking → held) and unpauses (held → talking)', () => {
    checkedIn(A1);
    const { call_id } = w.engine.dialOut(A1, '13800138001');
    expectError(() => w.engine.setHeld(A1, call_id, true), 'illegalCallState', { state: 'ringing' });
    w.scheduler.advance(3_000);
    w.clear();

    expect(w.engine.setHeld(A1, call_id, true)).toMatchObject({ call_status: 'held', held: true });
    const held = w.take(A1);
    expect(names(held)).toEqual(['callStatusChange', 'callDataChange']);
    expect(held[0]?.data).toEqual({ call_id, call_status: 'held', previous: 'talking' });
    expect(callOf(held[1])).toMatchObject({ call_status: 'held', held: true });

    expectError(() => w.engine.setHeld(A1, call_id, true), 'illegalCallState', { state: 'held' });

    expect(w.engine.setHeld(A1, call_id, false)).toMatchObject({ call_status: 'talking', held: false });
    expect(w.take(A1)[0]?.data).toEqual({ call_id, call_status: 'talking', previous: 'held' });
    expectError(() => w.engine.setHeld(A1, call_id, false), 'illegalCallState', { state: 'talking' });
  });

  it('answers callNotFound for a call that is not the agent’s', () => {
    checkedIn(A1, A2);
    const { call_id } = talking(A1);
    expectError(() => w.engine.setMuted(A2, call_id, true), 'callNotFound');
    expectError(() => w.engine.setHeld(A1, 'no-such-call', true), 'callNotFound');
    expectError(() => w.engine.hangUp(A2, null), 'callNotFound');
  });
});

describe('external transfer', () => {
  it('transfers to a number that answers: externalTransferSuccess, ended as transferred, acw', () => {
    checkedIn(A1);
    const { call_id } = talking(A1);
    expect(w.engine.transferExternal(A1, call_id, '13900139001')).toEqual({ call_id, number: '13900139001' });
    const events = w.take(A1);
    expect(names(events)).toEqual([
      'externalTransferSuccess',
      'callStatusChange',
      'callDataChange',
      'agentStatusChange',
    ]);
    expect(events[0]?.data).toEqual({ call_id, number: '13900139001' });
    expect(events[1]?.data).toEqual({ call_id, call_status: 'ended', previous: 'talking' });
    expect(w.engine.state(A1)).toMatchObject({ status: 'acw', calls: [] });
    expect(w.records).toMatchObject([[{ call_id, outcome: 'transferred' }]]);
  });

  it('transfers a held call too', () => {
    checkedIn(A1);
    const { call_id } = talking(A1);
    w.engine.setHeld(A1, call_id, true);
    w.engine.transferExternal(A1, null, '13900139001');
    expect(w.records).toMatchObject([[{ call_id, outcome: 'transferred' }]]);
  });

  it('fails with transferFailed to a busy or unanswered number, and the call continues', () => {
    checkedIn(A1);
    const { call_id } = talking(A1);
    expectError(() => w.engine.transferExternal(A1, call_id, '13900139000'), 'transferFailed', { reason: 'busy' });
    expectError(() => w.engine.transferExternal(A1, call_id, '13900139009'), 'transferFailed', {
      reason: 'noAnswer',
    });
    expectError(() => w.engine.transferExternal(A1, call_id, '12'), 'invalidNumber');
    expect(w.take(A1)).toEqual([]);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id, call_status: 'talking' }]);
    expect(w.records).toEqual([]);
  });

  it('refuses a ringing call and an internal call', () => {
    checkedIn(A1, A2);
    const outbound = w.engine.dialOut(A1, '13800138001');
    expectError(() => w.engine.transferExternal(A1, outbound.call_id, '13900139001'), 'illegalCallState', {
      state: 'ringing',
    });
    w.engine.hangUp(A1, outbound.call_id);
    w.scheduler.advance(15_000);

    const internal = w.engine.dialOut(A1, '8002');
    w.engine.answer(A2, internal.call_id);
    expectError(() => w.engine.transferExternal(A1, internal.call_id, '13900139001'), 'illegalCallState', {
      state: 'internal',
    });
    expectError(() => w.engine.transferExternal(A2, internal.call_id, '13900139001'), 'illegalCallState', {
      state: 'internal',
    });
  });
});

describe('transfer to a colleague (the number is their extension)', () => {
  const FROM = '+8613912345678';

  it('hands an inbound call over: the first agent leaves with a record and acw, the colleague answers it', () => {
    checkedIn(A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    w.engine.answer(A1, call_id);
    w.clear();
    expect(w.engine.transferExternal(A1, call_id, '8002')).toEqual({ call_id, number: '8002' });
    const first = w.take(A1);
    expect(names(first)).toEqual(['externalTransferSuccess', 'callStatusChange', 'agentStatusChange']);
    expect(first[1]?.data).toEqual({ call_id, call_status: 'ended', previous: 'talking' });
    expect(w.engine.state(A1)).toMatchObject({ status: 'acw', calls: [] });
    expect(w.records).toMatchObject([[{ call_id, agent_id: A1, outcome: 'transferred', callee: '8001' }]]);

    const offered = w.take(A2);
    expect(names(offered)).toEqual(['callTypeChange', 'callStatusChange', 'callDataChange']);
    expect(callOf(offered[2])).toMatchObject({ caller: FROM, call_status: 'ringing' });
    expect(w.engine.answer(A2, call_id)).toMatchObject({ call_status: 'talking', callee: '8002' });
    w.engine.hangUp(A2, call_id);
    expect(w.records[1]).toMatchObject([{ call_id, agent_id: A2, outcome: 'completed' }]);
  });

  it('sends an inbound call the colleague lets ring out back to the queue', () => {
    checkedIn(A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    w.engine.answer(A1, call_id);
    w.engine.transferExternal(A1, call_id, '8002');
    w.clear();
    w.scheduler.advance(networkTimings.offerMs);
    // Back in the queue, it is offered again to the only ready agent (A1 is in after-call work).
    const again = named(w.take(A2), 'callStatusChange');
    expect(again).toEqual([
      { call_id, call_status: 'ended', previous: 'ringing' },
      { call_id, call_status: 'ringing', previous: null },
    ]);
    expect(named(w.take(A1), 'callStatusChange')).toEqual([]);
  });

  it('hands an outbound call over, which ends unanswered if the colleague does not pick up', () => {
    checkedIn(A1, A2);
    const { call_id } = talking(A1);
    w.engine.transferExternal(A1, call_id, '8002');
    expect(w.engine.state(A2).calls).toMatchObject([{ call_id, call_type: 'outbound', call_status: 'ringing' }]);
    w.scheduler.advance(networkTimings.offerMs);
    expect(w.engine.state(A2).calls).toEqual([]);
    expect(w.records.at(-1)).toMatchObject([{ call_id, agent_id: A2, outcome: 'noAnswer' }]);
  });

  it('fails with transferFailed when the colleague is in a call or offline, and the call continues', () => {
    checkedIn(A1, A2);
    const { call_id } = talking(A1);
    talking(A2);
    expectError(() => w.engine.transferExternal(A1, call_id, '8002'), 'transferFailed', { reason: 'busy' });
    expectError(() => w.engine.transferExternal(A1, call_id, '8003'), 'transferFailed', { reason: 'busy' });
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id, call_status: 'talking' }]);
  });

  it('ends a supervisor’s monitoring when the call leaves the agent', () => {
    checkedIn(A1, A2, SUP);
    const { call_id } = talking(A1);
    w.engine.supervise(SUP, A1, 'monitor');
    w.clear();
    w.engine.transferExternal(A1, call_id, '8002');
    expect(named(w.take(A1), 'monitorEnd')).toEqual([{ call_id, supervisor: 'Zhang Min' }]);
    expect(w.engine.state(SUP).calls).toEqual([]);
  });
});

describe('internal calls', () => {
  it('rings both agents, talks when the colleague answers, leaves a record for each', () => {
    checkedIn(A1, A2);
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
    };
    expect(w.records).toEqual([
      [
        { ...common, agent_id: A1 },
        { ...common, agent_id: A2 },
      ],
    ]);
  });

  it('is rejected when the colleague hangs up while it rings', () => {
    checkedIn(A1, A2);
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

  it('ends busy at once when the colleague is offline', () => {
    checkedIn(A1);
    const view = w.engine.dialOut(A1, '8003');
    expect(view).toMatchObject({ call_type: 'internal', call_status: 'ended', outcome: 'busy' });
    expect(names(w.take(A1))).toEqual([
      'callTypeChange',
      'callStatusChange',
      'callDataChange',
      'callStatusChange',
      'callDataChange',
    ]);
    expect(w.take(A3)).toEqual([]);
    expect(w.records).toMatchObject([[{ agent_id: A1, outcome: 'busy', callee: '8003' }]]);
    expect(w.engine.state(A1)).toMatchObject({ status: 'idle', calls: [] });
  });

  it('ends busy at once when the colleague is in a call', () => {
    checkedIn(A1, A2);
    talking(A2);
    expect(w.engine.dialOut(A1, '8002')).toMatchObject({ call_status: 'ended', outcome: 'busy' });
    expect(w.take(A2)).toEqual([]);
    expect(w.engine.state(A2).calls).toMatchObject([{ call_type: 'outbound', call_status: 'talking' }]);
  });

  it('ends unanswered after 30 s', () => {
    checkedIn(A1, A2);
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
    checkedIn(A1, A2);
    const { call_id } = w.engine.dialOut(A1, '8002');
    expect(w.engine.peerOf(A1, call_id)).toBe(A2);
    expect(w.engine.peerOf(A2, call_id)).toBe(A1);
    expectError(() => w.engine.peerOf(A3, call_id), 'callNotFound');
  });
});

describe('inbound calls', () => {
  const FROM = '+8613912345678';

  it('is offered to the agent idle longest; answered, it talks with the agent as callee', () => {
    checkedIn(A1, A2);
    const { call_id, queued } = w.engine.inbound(TENANT.id, FROM);
    expect(queued).toBe(1);
    const offer = w.take(A1);
    expect(names(offer)).toEqual(['callTypeChange', 'callStatusChange', 'callDataChange']);
    expect(offer[0]?.data).toEqual({ call_id, call_type: 'inbound' });
    expect(offer[1]?.data).toEqual({ call_id, call_status: 'ringing', previous: null });
    expect(callOf(offer[2])).toMatchObject({ caller: FROM, call_status: 'ringing' });
    expect(w.take(A2)).toEqual([]);

    expect(w.engine.answer(A1, null)).toMatchObject({ call_id, call_status: 'talking', caller: FROM, callee: '8001' });
    expect(w.take(A1)[0]?.data).toEqual({ call_id, call_status: 'talking', previous: 'ringing' });

    // Neither the offer timer nor the abandon timer touches an answered call.
    w.scheduler.advance(networkTimings.queueAbandonMs);
    expect(w.take(A2)).toEqual([]);
    w.engine.hangUp(A1, call_id);
    expect(w.records).toMatchObject([
      [{ call_id, agent_id: A1, call_type: 'inbound', caller: FROM, callee: '8001', outcome: 'completed' }],
    ]);
  });

  it('goes to the other agent when not answered in 15 s, then back', () => {
    checkedIn(A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    w.clear();
    w.scheduler.advance(networkTimings.offerMs - 1);
    expect(w.take(A2)).toEqual([]);
    w.scheduler.advance(1);
    expect(w.take(A1)).toEqual([
      { name: 'callStatusChange', data: { call_id, call_status: 'ended', previous: 'ringing' } },
    ]);
    expect(names(w.take(A2))).toEqual(['callTypeChange', 'callStatusChange', 'callDataChange']);
    expectError(() => w.engine.answer(A1, call_id), 'callNotFound');

    // A2 lets it ring out too: A1 has now waited longest.
    w.scheduler.advance(networkTimings.offerMs);
    expect(names(w.take(A2))).toEqual(['callStatusChange']);
    expect(names(w.take(A1))).toEqual(['callTypeChange', 'callStatusChange', 'callDataChange']);
    expect(w.engine.answer(A1, call_id).call_status).toBe('talking');
  });

  it('goes to the next agent when rejected', () => {
    checkedIn(A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    w.clear();
    expect(w.engine.hangUp(A1, call_id)).toMatchObject({ call_status: 'ended', outcome: 'rejected' });
    expect(w.take(A1)).toEqual([
      { name: 'aboutToHangUp', data: { call_id } },
      { name: 'callStatusChange', data: { call_id, call_status: 'ended', previous: 'ringing' } },
    ]);
    expect(names(w.take(A2))).toEqual(['callTypeChange', 'callStatusChange', 'callDataChange']);
    expect(w.engine.answer(A2, call_id)).toMatchObject({ call_status: 'talking', callee: '8002' });
    // A rejection is no call of the agent's: no record, no after-call work.
    expect(w.records).toEqual([]);
    expect(w.engine.state(A1)).toMatchObject({ status: 'idle', calls: [] });
  });

  it('does not ring again at once an agent who rejected it and is the only one ready', () => {
    checkedIn(A1);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    w.engine.hangUp(A1, call_id);
    w.clear();
    w.scheduler.advance(networkTimings.offerMs);
    expect(w.take(A1)).toEqual([]);
    // Ready again later: the caller who waited is offered.
    w.engine.setStatus(A1, 'idle', null);
    expect(named(w.take(A1), 'callTypeChange')).toEqual([{ call_id, call_type: 'inbound' }]);
  });

  it('is queued once after a rejection: the first offer’s timer does not put it back again', () => {
    checkedIn(A1);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    w.engine.setStatus(A1, 'busy', 'break');
    w.engine.hangUp(A1, call_id);
    w.clear();
    w.scheduler.advance(networkTimings.offerMs);
    expect(w.take(A1)).toEqual([]);
    w.engine.checkIn(A2, 'idle', null);
    expect(named(w.take(A2), 'callTypeChange')).toEqual([{ call_id, call_type: 'inbound' }]);
    // Ringing at A2: not offered to A3 as well.
    w.engine.checkIn(A3, 'idle', null);
    expect(named(w.take(A3), 'callTypeChange')).toEqual([]);
    expect(w.engine.answer(A2, call_id).call_status).toBe('talking');
  });

  it('waits for an agent who sets themselves idle', () => {
    checkedIn(A1);
    w.engine.setStatus(A1, 'busy', 'break');
    w.clear();
    const { call_id, queued } = w.engine.inbound(TENANT.id, FROM);
    expect(queued).toBe(1);
    expect(w.take(A1)).toEqual([]);
    w.scheduler.advance(10_000);
    w.engine.setStatus(A1, 'idle', null);
    expect(names(w.take(A1))).toEqual(['agentStatusChange', 'callTypeChange', 'callStatusChange', 'callDataChange']);
    expect(w.engine.answer(A1, call_id).call_status).toBe('talking');
  });

  it('waits for an agent who checks in idle, oldest call first', () => {
    const first = w.engine.inbound(TENANT.id, FROM);
    const second = w.engine.inbound(TENANT.id, '+8613912345679');
    expect([first.queued, second.queued]).toEqual([1, 2]);
    w.engine.checkIn(A2, 'busy', 'break');
    expect(names(w.take(A2))).toEqual(['loginInfoChange', 'agentStatusChange']);
    w.engine.checkIn(A1, 'idle', null);
    const events = w.take(A1);
    expect(names(events)).toEqual([
      'loginInfoChange',
      'agentStatusChange',
      'callTypeChange',
      'callStatusChange',
      'callDataChange',
    ]);
    expect(events[2]?.data).toEqual({ call_id: first.call_id, call_type: 'inbound' });
    w.engine.setStatus(A2, 'idle', null);
    expect(named(w.take(A2), 'callTypeChange')).toEqual([{ call_id: second.call_id, call_type: 'inbound' }]);
  });

  it('waits for the end of after-call work', () => {
    checkedIn(A1);
    const outbound = talking(A1);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    expect(w.take(A1)).toEqual([]);
    w.engine.hangUp(A1, outbound.call_id);
    expect(named(w.take(A1), 'callTypeChange')).toEqual([]);
    w.scheduler.advance(TENANT.acwSeconds * 1000);
    const events = w.take(A1);
    expect(names(events)).toEqual([
      'agentStatusChange',
      'callTypeChange',
      'callStatusChange',
      'callDataChange',
      'afterCallWorkEnded',
    ]);
    expect(events[1]?.data).toEqual({ call_id, call_type: 'inbound' });
  });

  it('goes at once to an idle agent whose call ended unanswered', () => {
    checkedIn(A1);
    w.engine.dialOut(A1, '13800138000');
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    w.scheduler.advance(networkTimings.ringBeforeBusyMs);
    expect(named(w.take(A1), 'callTypeChange')).toContainEqual({ call_id, call_type: 'inbound' });
  });

  it('is abandoned after 120 s in the queue: onCallEnded receives no record', () => {
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    w.scheduler.advance(networkTimings.queueAbandonMs - 1);
    expect(w.records).toEqual([]);
    w.scheduler.advance(1);
    expect(w.records).toEqual([[]]);
    // Gone from the queue: an agent checking in now gets nothing.
    w.engine.checkIn(A1, 'idle', null);
    expect(names(w.take(A1))).toEqual(['loginInfoChange', 'agentStatusChange']);
    expectError(() => w.engine.answer(A1, call_id), 'callNotFound');
  });

  it('is abandoned while it rings at an agent: a record for that agent', () => {
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    w.scheduler.advance(110_000);
    w.engine.checkIn(A1, 'idle', null);
    w.clear();
    w.scheduler.advance(10_000);
    expect(w.take(A1)[0]?.data).toEqual({ call_id, call_status: 'ended', previous: 'ringing' });
    expect(w.records).toMatchObject([[{ call_id, agent_id: A1, outcome: 'abandoned', answered_at: null }]]);
    expect(w.engine.state(A1).status).toBe('idle');
  });
});

describe('supervisor', () => {
  it('monitors, inserts and stops: the agent is told each time', () => {
    checkedIn(A1);
    const { call_id } = talking(A1);

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
    checkedIn(A1, A2);
    expectError(() => w.engine.supervise(SUP, A1, 'monitor'), 'callNotFound');
    w.engine.dialOut(A1, '13800138001');
    expectError(() => w.engine.supervise(SUP, A1, 'monitor'), 'callNotFound');
    w.scheduler.advance(3_000);
    expectError(() => w.engine.supervise(A2, A1, 'monitor'), 'forbidden');
    expectError(() => w.engine.supervise(SUP, 'stranger', 'monitor'), 'notCheckedIn');
  });

  it('refuses an agent of another tenant, and a second call while supervising', () => {
    checkedIn(A1, A2);
    w.engine.attach({ ...agent('agent-x', 'Other', '8001'), tenantId: OTHER_TENANT.id }, OTHER_TENANT);
    w.engine.checkIn('agent-x', 'idle', null);
    talking('agent-x');
    expectError(() => w.engine.supervise(SUP, 'agent-x', 'monitor'), 'callNotFound');

    talking(A1);
    talking(A2);
    w.engine.supervise(SUP, A1, 'monitor');
    expectError(() => w.engine.supervise(SUP, A2, 'monitor'), 'agentInCall');
  });

  it('ends monitoring when the call ends', () => {
    checkedIn(A1);
    const { call_id } = talking(A1);
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
    checkedIn(A1);
    const { call_id } = talking(A1);
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

describe('detach (agent lost)', () => {
  it('ends the agent’s call as agentLost and checks them out', () => {
    checkedIn(A1);
    const { call_id } = talking(A1);
    w.engine.detach(A1);
    expect(w.records).toMatchObject([[{ call_id, agent_id: A1, outcome: 'agentLost' }]]);
    expect(w.engine.presence(A1)).toEqual({ status: 'offline', in_call: false, call: null });
    const events = w.take(A1);
    expect(events.slice(-2)).toEqual([
      { name: 'loginInfoChange', data: { checked_in: false } },
      {
        name: 'agentStatusChange',
        data: expect.objectContaining({ status: 'offline', previous: 'acw', acw_until: null }) as unknown,
      },
    ]);
    // Its after-call work timer went with it.
    w.scheduler.advance(60_000);
    expect(w.take(A1)).toEqual([]);
    expect(w.scheduler.pending()).toBe(0);
  });

  it('ends an internal call for the colleague too', () => {
    checkedIn(A1, A2);
    const { call_id } = w.engine.dialOut(A1, '8002');
    w.engine.answer(A2, call_id);
    w.clear();
    w.engine.detach(A2);
    expect(w.take(A1)[0]?.data).toEqual({ call_id, call_status: 'ended', previous: 'talking' });
    expect(w.records).toMatchObject([
      [
        { agent_id: A1, outcome: 'agentLost' },
        { agent_id: A2, outcome: 'agentLost' },
      ],
    ]);
    expect(w.engine.state(A1).status).toBe('acw');
  });

  it('puts a ringing inbound offer back in the queue, to another agent', () => {
    checkedIn(A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, '+8613912345678');
    expect(named(w.take(A1), 'callTypeChange')).toEqual([{ call_id, call_type: 'inbound' }]);
    w.engine.detach(A1);
    expect(named(w.take(A1), 'callTypeChange')).toEqual([]);
    expect(named(w.take(A2), 'callTypeChange')).toEqual([{ call_id, call_type: 'inbound' }]);
    expect(w.engine.answer(A2, call_id).callee).toBe('8002');
    expect(w.records).toEqual([]);
  });

  it('puts a ringing inbound offer back in the queue when no one else is ready', () => {
    checkedIn(A1);
    const { call_id } = w.engine.inbound(TENANT.id, '+8613912345678');
    w.engine.detach(A1);
    w.clear();
    w.scheduler.advance(networkTimings.offerMs);
    w.engine.checkIn(A2, 'idle', null);
    expect(named(w.take(A2), 'callTypeChange')).toEqual([{ call_id, call_type: 'inbound' }]);
    expect(w.take(A1)).toEqual([]);
    w.engine.checkIn(A3, 'idle', null);
    expect(named(w.take(A3), 'callTypeChange')).toEqual([]);
  });

  it('does nothing for an agent it does not hold', () => {
    expect(() => {
      w.engine.detach('stranger');
    }).not.toThrow();
    expect(w.engine.size()).toBe(4);
    w.engine.detach(A3);
    expect(w.engine.size()).toBe(3);
  });
});

describe('check-out', () => {
  it('is refused during a call (illegalAgentStatus), allowed in after-call work', () => {
    checkedIn(A1);
    const { call_id } = talking(A1);
    expectError(() => w.engine.checkOut(A1), 'illegalAgentStatus', { from: 'idle', to: 'offline' });
    w.engine.hangUp(A1, call_id);
    w.clear();
    expect(w.engine.checkOut(A1).status).toBe('offline');
    const events = w.take(A1);
    expect(events[0]).toEqual({ name: 'loginInfoChange', data: { checked_in: false } });
    expect(events[1]?.data).toMatchObject({ status: 'offline', previous: 'acw' });
    w.scheduler.advance(TENANT.acwSeconds * 1000);
    expect(w.take(A1)).toEqual([]);
    expectError(() => w.engine.checkOut(A1), 'notCheckedIn');
  });
});

describe('setDisplayNumber', () => {
  it('starts with the first of the pool, refuses another, and says only when it changes', () => {
    expect(w.engine.state(A1).display_number).toBe('+861080000001');
    expectError(() => w.engine.setDisplayNumber(A1, '+861080009999'), 'invalidParams', {
      issues: [{ param: 'number', reason: 'notAllowed' }],
    });
    expect(w.engine.setDisplayNumber(A1, '+861080000002').display_number).toBe('+861080000002');
    expect(w.take(A1)).toEqual([{ name: 'displayNumberChange', data: { display_number: '+861080000002' } }]);
    w.engine.setDisplayNumber(A1, '+861080000002');
    expect(w.take(A1)).toEqual([]);
  });
});

describe('presence', () => {
  it('is offline for unknown agents, status and in_call for attached ones', () => {
    expect(w.engine.presence('stranger')).toEqual({ status: 'offline', in_call: false, call: null });
    expect(w.engine.presence(A1)).toEqual({ status: 'offline', in_call: false, call: null });
    checkedIn(A1, A2);
    w.engine.setStatus(A2, 'busy', 'break');
    expect(w.engine.presence(A1)).toEqual({ status: 'idle', in_call: false, call: null });
    expect(w.engine.presence(A2)).toEqual({ status: 'busy', in_call: false, call: null });
    w.engine.dialOut(A1, '8002');
    expect(w.engine.presence(A1)).toMatchObject({ status: 'idle', in_call: true });
    expect(w.engine.presence(A2)).toMatchObject({
      status: 'busy',
      in_call: true,
      call: { call_type: 'internal', call_status: 'ringing', caller: '8001', callee: '8002' },
    });
  });
});
