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

describe('external transfer', () => {
  it('transfers to a number that answers: externalTransferSuccess, ended as transferred, acw', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);
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
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);
    w.engine.setHeld(A1, call_id, true);
    w.engine.transferExternal(A1, null, '13900139001');
    expect(w.records).toMatchObject([[{ call_id, outcome: 'transferred' }]]);
  });

  it('fails with transferFailed to a busy or unanswered number, and the call continues', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);
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
    checkedIn(w, A1, A2);
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
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    w.engine.answer(A1, call_id);
    w.clear();
    expect(w.engine.transferExternal(A1, call_id, '8002')).toEqual({ call_id, number: '8002' });
    const first = w.take(A1);
    expect(names(first)).toEqual([
      'externalTransferSuccess',
      'callStatusChange',
      'callDataChange',
      'agentStatusChange',
    ]);
    expect(first[1]?.data).toEqual({ call_id, call_status: 'ended', previous: 'talking' });
    expect(callOf(first[2])).toMatchObject({ call_status: 'ended', outcome: 'transferred' });
    expect(w.engine.state(A1)).toMatchObject({ status: 'acw', calls: [] });
    expect(w.records).toMatchObject([[{ call_id, agent_id: A1, outcome: 'transferred', callee: '8001' }]]);

    const offered = w.take(A2);
    expect(names(offered)).toEqual(['callTypeChange', 'callStatusChange', 'callDataChange']);
    // The colleague sees who passed the call on, and that it is still the caller's inbound call.
    expect(callOf(offered[2])).toMatchObject({
      caller: FROM,
      call_type: 'inbound',
      call_status: 'ringing',
      transfer: { kind: 'blind', from_agent_id: A1, from_name: 'Li Na', from_extension: '8001' },
    });
    expect(w.engine.answer(A2, call_id)).toMatchObject({ call_status: 'talking', callee: '8002' });
    expect(named(w.take(A1), 'transferOutcome')).toEqual([
      { call_id, number: '8002', kind: 'blind', outcome: 'answered' },
    ]);
    w.engine.hangUp(A2, call_id);
    expect(w.records[1]).toMatchObject([{ call_id, agent_id: A2, outcome: 'completed' }]);
  });

  it('sends an inbound call the colleague lets ring out back to the queue', () => {
    checkedIn(w, A1, A2);
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
    const first = w.take(A1);
    expect(named(first, 'callStatusChange')).toEqual([]);
    expect(named(first, 'transferOutcome')).toEqual([{ call_id, number: '8002', kind: 'blind', outcome: 'queued' }]);
  });

  it('rings an outbound call the colleague lets ring out back to the agent who passed it on', () => {
    checkedIn(w, A1, A2);
    const { call_id } = talking(w, A1);
    w.engine.transferExternal(A1, call_id, '8002');
    expect(w.engine.state(A2).calls).toMatchObject([{ call_id, call_type: 'outbound', call_status: 'ringing' }]);
    w.clear();
    w.scheduler.advance(networkTimings.offerMs);
    expect(w.engine.state(A2)).toMatchObject({ status: 'idle', calls: [] });
    expect(names(w.take(A2))).toEqual(['callStatusChange', 'callMissed']);
    const back = w.take(A1);
    expect(named(back, 'transferOutcome')).toEqual([{ call_id, number: '8002', kind: 'blind', outcome: 'returned' }]);
    expect(callOf(back.find((e) => e.name === 'callDataChange'))).toMatchObject({
      call_status: 'ringing',
      transfer: { kind: 'returned', from_agent_id: A2 },
    });
    expect(w.engine.answer(A1, call_id)).toMatchObject({ call_status: 'talking' });
    // Only the agent who talked gets after-call work; a colleague who never answered does not.
    expect(w.records.at(-1)).toMatchObject([{ call_id, agent_id: A1, outcome: 'transferred' }]);
  });

  it('ends a returned call nobody answers, and one the colleague rejects comes back too', () => {
    checkedIn(w, A1, A2);
    const { call_id } = talking(w, A1);
    w.engine.transferExternal(A1, call_id, '8002');
    w.engine.hangUp(A2, call_id);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id, call_status: 'ringing' }]);
    w.scheduler.advance(networkTimings.offerMs);
    expect(w.engine.state(A1).calls).toEqual([]);
    expect(w.records.at(-1)).toMatchObject([{ call_id, agent_id: A1, outcome: 'noAnswer' }]);
  });

  it('refuses a colleague who is in a call or offline before anything moves, and the call continues', () => {
    checkedIn(w, A1, A2);
    const { call_id } = talking(w, A1);
    talking(w, A2);
    expectError(() => w.engine.transferExternal(A1, call_id, '8002'), 'extensionUnavailable', { reason: 'busy' });
    expectError(() => w.engine.transferExternal(A1, call_id, '8003'), 'extensionUnavailable', { reason: 'offline' });
    expectError(() => w.engine.transferExternal(A1, call_id, '8005'), 'extensionUnavailable', { reason: 'unknown' });
    expectError(() => w.engine.transferExternal(A1, call_id, '8002', { internal: false }), 'internalCallNotAllowed');
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id, call_status: 'talking' }]);
  });

  it('carries the attached data to the colleague', () => {
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, FROM, { order: '42' });
    w.engine.answer(A1, call_id);
    w.clear();
    w.engine.transferExternal(A1, call_id, '8002');
    expect(callOf(w.take(A2).find((e) => e.name === 'callDataChange')).attached_data).toEqual({ order: '42' });
  });

  it('ends a supervisor’s monitoring when the call leaves the agent', () => {
    checkedIn(w, A1, A2, SUP);
    const { call_id } = talking(w, A1);
    w.engine.supervise(SUP, A1, 'monitor');
    w.clear();
    w.engine.transferExternal(A1, call_id, '8002');
    expect(named(w.take(A1), 'monitorEnd')).toEqual([{ call_id, supervisor: 'Zhang Min' }]);
    expect(w.engine.state(SUP).calls).toEqual([]);
  });
});

describe('consult transfer', () => {
  it('holds the caller, rings the colleague with the context, then hands the caller over on completion', () => {
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, '+8613912345678', { order: '42' });
    w.engine.answer(A1, call_id);
    w.clear();
    const consult = w.engine.consultTransfer(A1, call_id, '8002');
    expect(consult).toMatchObject({ call_type: 'internal', call_status: 'ringing', consult_of: call_id });
    expect(w.engine.state(A1).calls).toMatchObject([
      { call_id, call_status: 'held' },
      { call_id: consult.call_id, call_status: 'ringing' },
    ]);
    expect(callOf(w.take(A2).find((e) => e.name === 'callDataChange'))).toMatchObject({
      consult_of: call_id,
      attached_data: { order: '42' },
      transfer: { kind: 'consult', from_agent_id: A1 },
    });
    expectError(() => w.engine.completeTransfer(A1, call_id), 'illegalCallState', { state: 'ringing' });
    w.engine.answer(A2, consult.call_id);
    expectError(() => w.engine.setHeld(A1, call_id, false), 'illegalCallState', { state: 'consulting' });
    w.clear();

    expect(w.engine.completeTransfer(A1, null)).toMatchObject({ call_id, call_status: 'talking' });
    expect(w.engine.state(A2).calls).toMatchObject([
      { call_id, call_type: 'inbound', call_status: 'talking', transfer: { kind: 'consult', from_agent_id: A1 } },
    ]);
    expect(w.engine.state(A2).status).toBe('idle');
    expect(w.engine.state(A1)).toMatchObject({ status: 'acw', calls: [] });
    expect(named(w.take(A1), 'transferOutcome')).toEqual([
      { call_id, number: '8002', kind: 'consult', outcome: 'answered' },
    ]);
    w.engine.hangUp(A2, call_id);
    expect(w.engine.state(A2).status).toBe('acw');
    expect(w.records.flat().filter((r) => r.call_id === call_id)).toMatchObject([
      { agent_id: A1, outcome: 'transferred' },
      { agent_id: A2, outcome: 'completed', attached_data: { order: '42' } },
    ]);
  });

  it('cancels: the consultation ends and the caller stays on hold with the agent', () => {
    checkedIn(w, A1, A2);
    const { call_id } = talking(w, A1);
    const consult = w.engine.consultTransfer(A1, call_id, '8002');
    w.engine.answer(A2, consult.call_id);
    expect(w.engine.cancelTransfer(A1, consult.call_id)).toMatchObject({ call_id, call_status: 'held' });
    expect(w.engine.state(A2).calls).toEqual([]);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id, call_status: 'held' }]);
    expect(w.engine.state(A1).status).toBe('idle');
    expect(w.engine.setHeld(A1, call_id, false)).toMatchObject({ call_status: 'talking' });
    expectError(() => w.engine.cancelTransfer(A1, call_id), 'illegalCallState', { state: 'notConsulting' });
  });

  it('ends an unanswered consultation after the offer time, and refuses an outside number', () => {
    checkedIn(w, A1, A2);
    const { call_id } = talking(w, A1);
    expectError(() => w.engine.consultTransfer(A1, call_id, '13900139001'), 'extensionUnavailable', {
      reason: 'unknown',
    });
    w.engine.consultTransfer(A1, call_id, '8002');
    w.scheduler.advance(networkTimings.offerMs);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id, call_status: 'held' }]);
    expect(w.engine.state(A2).calls).toEqual([]);
  });
});

describe('transfer to the queue', () => {
  it('sends the caller back to the queue, first in line, to another agent', () => {
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, '+8613912345678');
    w.engine.answer(A1, call_id);
    w.clear();
    expect(w.engine.transferToQueue(A1, call_id)).toEqual({ call_id });
    expect(w.engine.state(A1)).toMatchObject({ status: 'acw', calls: [] });
    expect(callOf(w.take(A2).find((e) => e.name === 'callDataChange'))).toMatchObject({
      call_status: 'ringing',
      transfer: { kind: 'queue', from_agent_id: A1 },
    });
    w.engine.answer(A2, call_id);
    expect(named(w.take(A1), 'transferOutcome')).toEqual([{ call_id, number: '', kind: 'queue', outcome: 'answered' }]);
  });

  it('gives up on a re-queued caller whose offers ring out, when their patience runs out', () => {
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, '+8613912345678');
    w.engine.answer(A1, call_id);
    w.scheduler.advance(26_000);
    w.engine.transferToQueue(A1, call_id);
    // A2 lets every offer ring out; the caller keeps being offered until their patience ends.
    w.scheduler.advance(networkTimings.queueAbandonMs - 1);
    expect(w.records.flat().filter((r) => r.outcome === 'abandoned')).toEqual([]);
    w.scheduler.advance(1);
    expect(w.records.flat().filter((r) => r.outcome === 'abandoned')).toMatchObject([{ call_id }]);
    w.clear();
    w.scheduler.advance(60_000);
    expect(w.take(A2).filter((e) => e.name === 'callDataChange')).toEqual([]);
  });

  it('keeps the caller waiting when nobody is ready, and their patience starts again', () => {
    checkedIn(w, A1);
    const { call_id } = w.engine.inbound(TENANT.id, '+8613912345678');
    w.scheduler.advance(networkTimings.queueAbandonMs - 10_000);
    w.engine.answer(A1, call_id);
    w.engine.transferToQueue(A1, call_id);
    w.scheduler.advance(networkTimings.queueAbandonMs - 1);
    expect(w.records.flat().filter((r) => r.outcome === 'abandoned')).toEqual([]);
    w.scheduler.advance(1);
    // Issue #41: a re-queued caller was still offered 146 s later; they hang up like any other.
    expect(w.records.flat().filter((r) => r.outcome === 'abandoned')).toMatchObject([{ call_id }]);
    w.engine.setStatus(A1, 'idle', null);
    expect(w.engine.state(A1).calls).toEqual([]);
    expectError(() => w.engine.answer(A1, call_id), 'callNotFound');
  });
});
