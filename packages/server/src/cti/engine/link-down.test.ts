/**
 * An agent whose phone lost its link, while their session waits for it (issue #41: a colleague
 * whose page closed stayed `idle` for the whole grace, could be dialled, and a call passed on to
 * them rang where nobody could answer).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  A1,
  A2,
  A3,
  TENANT,
  checkedIn,
  expectError,
  named,
  names,
  talking,
  world,
  type World,
} from '../../../test/engine-world.js';
import { networkTimings } from './phone-network.js';

const FROM = '+8613912345678';
let w: World;
beforeEach(() => {
  w = world();
});

describe('an agent whose phone lost its link', () => {
  it('passes an inbound call ringing at them to the next agent at once, with no missed call', () => {
    checkedIn(w, A1, A2);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id, call_status: 'ringing' }]);
    w.clear();
    w.engine.linkDown(A1);
    expect(w.take(A1)).toEqual([
      { name: 'callStatusChange', data: { call_id, call_status: 'ended', previous: 'ringing' } },
    ]);
    expect(w.engine.state(A2).calls).toMatchObject([{ call_id, call_status: 'ringing' }]);
    // Their status is kept for a link back within the grace.
    expect(w.engine.state(A1)).toMatchObject({ status: 'idle', calls: [] });
  });

  it('is offered no queued caller until the link is back', () => {
    checkedIn(w, A1);
    w.engine.linkDown(A1);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    expect(w.engine.state(A1).calls).toEqual([]);
    w.scheduler.advance(networkTimings.offerMs);
    expect(w.take(A1)).toEqual([]);
    w.engine.linkUp(A1);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id, call_status: 'ringing' }]);
  });

  it('is skipped for a colleague idle longer: the caller goes to the one who can answer', () => {
    checkedIn(w, A1, A2);
    w.engine.linkDown(A1);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    expect(w.engine.state(A2).calls).toMatchObject([{ call_id }]);
    expect(w.engine.state(A1).calls).toEqual([]);
  });

  it('cannot be dialled or passed a call: refused as unreachable before anything rings', () => {
    checkedIn(w, A1, A2);
    w.engine.linkDown(A2);
    expectError(() => w.engine.dialOut(A1, '8002'), 'extensionUnavailable', { reason: 'unreachable' });
    const { call_id } = talking(w, A1);
    expectError(() => w.engine.transferExternal(A1, call_id, '8002'), 'extensionUnavailable', {
      reason: 'unreachable',
    });
    expectError(() => w.engine.consultTransfer(A1, call_id, '8002'), 'extensionUnavailable', {
      reason: 'unreachable',
    });
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id, call_status: 'talking' }]);
    w.engine.linkUp(A2);
    expect(w.engine.transferExternal(A1, call_id, '8002')).toEqual({ call_id, number: '8002' });
  });

  it('sends an outbound call passed on to them back to the agent who passed it, at once', () => {
    checkedIn(w, A1, A2);
    const { call_id } = talking(w, A1);
    w.engine.transferExternal(A1, call_id, '8002');
    w.clear();
    w.engine.linkDown(A2);
    expect(named(w.take(A2), 'callStatusChange')).toEqual([{ call_id, call_status: 'ended', previous: 'ringing' }]);
    const back = w.take(A1);
    expect(named(back, 'transferOutcome')).toEqual([{ call_id, number: '8002', kind: 'blind', outcome: 'returned' }]);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id, call_status: 'ringing' }]);
    expect(w.engine.answer(A1, call_id)).toMatchObject({ call_status: 'talking' });
  });

  it('sends an inbound call passed on to them back to the queue, to another agent', () => {
    checkedIn(w, A1, A2, A3);
    const { call_id } = w.engine.inbound(TENANT.id, FROM);
    w.engine.answer(A1, call_id);
    w.engine.transferExternal(A1, call_id, '8002');
    w.clear();
    w.engine.linkDown(A2);
    expect(names(w.take(A2))).toEqual(['callStatusChange']);
    expect(w.engine.state(A3).calls).toMatchObject([{ call_id, call_status: 'ringing' }]);
  });

  it('keeps a call they were talking on through the link drop (the grace is for a link back)', () => {
    checkedIn(w, A1);
    const { call_id } = talking(w, A1);
    w.engine.linkDown(A1);
    expect(w.take(A1)).toEqual([]);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id, call_status: 'talking' }]);
    w.engine.linkUp(A1);
    expect(w.engine.hangUp(A1, call_id)).toMatchObject({ call_status: 'ended' });
  });
});
