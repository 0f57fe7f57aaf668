import { beforeEach, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import {
  A1,
  A2,
  A3,
  START,
  TENANT,
  agent,
  checkedIn,
  expectError,
  iso,
  named,
  talking,
  world,
  type World,
} from '../../../test/engine-world.js';
import { networkTimings } from './phone-network.js';

let w: World;
beforeEach(() => {
  w = world();
});

describe('check-in', () => {
  it('refuses an agent without an extension, with a checkInFailed event', () => {
    w.engine.attach(agent('agent-4', 'No Phone', null), TENANT);
    expectError(() => w.engine.checkIn('agent-4', 'idle', null), 'checkInNoExtension');
    expect(w.take('agent-4')).toEqual([
      {
        name: 'checkInFailed',
        data: { code: errorCatalogue.checkInNoExtension.code, error: 'checkInNoExtension', values: {} },
      },
    ]);
    expect(w.engine.state('agent-4').status).toBe('offline');
  });

  it('refuses a disabled agent (even one without an extension) with checkInNotAllowed', () => {
    w.engine.attach(agent('agent-5', 'Disabled', null, { disabled: true }), TENANT);
    expectError(() => w.engine.checkIn('agent-5', 'idle', null), 'checkInNotAllowed');
    expect(w.take('agent-5')).toEqual([
      {
        name: 'checkInFailed',
        data: { code: errorCatalogue.checkInNotAllowed.code, error: 'checkInNotAllowed', values: {} },
      },
    ]);
    expect(w.engine.presence('agent-5').status).toBe('offline');
  });

  it('reports a refused status request as checkInFailed too', () => {
    expectError(() => w.engine.checkIn(A1, 'busy', null), 'invalidParams');
    expectError(() => w.engine.checkIn(A1, 'busy', 'nap'), 'unknownReason');
    expect(w.take(A1)).toEqual([
      {
        name: 'checkInFailed',
        data: { code: errorCatalogue.invalidParams.code, error: 'invalidParams', values: { detail: 'reason_id' } },
      },
      { name: 'checkInFailed', data: { code: errorCatalogue.unknownReason.code, error: 'unknownReason', values: {} } },
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
    checkedIn(w, A1);
    expectError(() => w.engine.checkIn(A1, 'idle', null), 'alreadyCheckedIn');
    expect(w.take(A1)).toEqual([]);
  });

  it('knows no agent that was not attached', () => {
    expectError(() => w.engine.checkIn('stranger', 'idle', null), 'notCheckedIn');
    expectError(() => w.engine.state('stranger'), 'notCheckedIn');
  });
});

describe('check-out', () => {
  it('is refused during a call (illegalAgentStatus), allowed in after-call work', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);
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
    checkedIn(w, A1, A2);
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

describe('detach (agent lost)', () => {
  it('ends the agent’s call as agentLost and checks them out', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);
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
    checkedIn(w, A1, A2);
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
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, '+8613912345678');
    expect(named(w.take(A1), 'callTypeChange')).toEqual([{ call_id, call_type: 'inbound' }]);
    w.engine.detach(A1);
    expect(named(w.take(A1), 'callTypeChange')).toEqual([]);
    expect(named(w.take(A2), 'callTypeChange')).toEqual([{ call_id, call_type: 'inbound' }]);
    expect(w.engine.answer(A2, call_id).callee).toBe('8002');
    expect(w.records).toEqual([]);
  });

  it('puts a ringing inbound offer back in the queue when no one else is ready', () => {
    checkedIn(w, A1);
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
