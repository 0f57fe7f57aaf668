import { beforeEach, describe, expect, it } from 'vitest';
import {
  A1,
  A2,
  callOf,
  checkedIn,
  expectError,
  named,
  names,
  talking,
  world,
  type World,
} from '../../../../test/engine-world.js';
import type { CallView } from './call-model.js';
import { networkTimings } from '../phone-network.js';

let w: World;
beforeEach(() => {
  w = world();
});

describe('mute and hold', () => {
  it('mutes and unmutes only in talking or held', () => {
    checkedIn(w, A1);
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
    checkedIn(w, A1);
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
    checkedIn(w, A1, A2);
    const { call_id } = talking(w, A1);
    expectError(() => w.engine.setMuted(A2, call_id, true), 'callNotFound');
    expectError(() => w.engine.setHeld(A1, 'no-such-call', true), 'callNotFound');
    expectError(() => w.engine.hangUp(A2, null), 'callNotFound');
  });
});

describe('DTMF', () => {
  it('tells the colleague of an internal call the digits, and refuses them before an answer', () => {
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.dialOut(A1, '8002');
    expectError(() => w.engine.sendDtmf(A1, call_id, '1'), 'illegalCallState', { state: 'ringing' });
    w.engine.answer(A2, call_id);
    w.clear();
    expect(w.engine.sendDtmf(A1, call_id, '12#')).toEqual({ call_id, digits: '12#' });
    expect(w.take(A2)).toEqual([{ name: 'dtmfReceived', data: { call_id, digits: '12#', from: A1 } }]);
    expectError(() => w.engine.sendDtmf(A1, call_id, '12a'), 'invalidParams');
  });

  it('is answered by the simulated phone menu (numbers ending in 7), which hangs up after #', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1, '13800138007');
    w.engine.sendDtmf(A1, call_id, '1');
    expect(w.take(A1)).toEqual([{ name: 'dtmfReceived', data: { call_id, digits: '1', from: 'network' } }]);
    w.engine.sendDtmf(A1, call_id, '#');
    w.scheduler.advance(networkTimings.menuHangUpMs);
    expect(w.engine.state(A1).calls).toEqual([]);
    expect(w.records.at(-1)).toMatchObject([{ call_id, outcome: 'completed' }]);
  });
});
