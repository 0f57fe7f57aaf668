import { beforeEach, describe, expect, it } from 'vitest';
import {
  A1,
  A2,
  A3,
  TENANT,
  callOf,
  checkedIn,
  expectError,
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

describe('inbound calls', () => {
  const FROM = '+8613912345678';

  it('is offered to the agent idle longest; answered, it talks with the agent as callee', () => {
    checkedIn(w, A1, A2);
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
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    w.clear();
    w.scheduler.advance(networkTimings.offerMs - 1);
    expect(w.take(A2)).toEqual([]);
    w.scheduler.advance(1);
    expect(w.take(A1)).toEqual([
      { name: 'callStatusChange', data: { call_id, call_status: 'ended', previous: 'ringing' } },
      { name: 'callMissed', data: { call_id, caller: FROM, reason: 'noAnswer' } },
    ]);
    expect(names(w.take(A2))).toEqual(['callTypeChange', 'callStatusChange', 'callDataChange']);
    expectError(() => w.engine.answer(A1, call_id), 'callNotFound');

    // A2 lets it ring out too: A1 has now waited longest.
    w.scheduler.advance(networkTimings.offerMs);
    expect(names(w.take(A2))).toEqual(['callStatusChange', 'callMissed']);
    expect(names(w.take(A1))).toEqual(['callTypeChange', 'callStatusChange', 'callDataChange']);
    expect(w.engine.answer(A1, call_id).call_status).toBe('talking');
  });

  it('goes to the next agent when rejected', () => {
    checkedIn(w, A1, A2);
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
    checkedIn(w, A1);
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
    checkedIn(w, A1);
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
    checkedIn(w, A1);
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
    checkedIn(w, A1);
    const outbound = talking(w, A1);
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
    checkedIn(w, A1);
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
