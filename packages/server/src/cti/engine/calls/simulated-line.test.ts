import { beforeEach, describe, expect, it } from 'vitest';
import { A1, TENANT, checkedIn, expectError, named, world, type World } from '../../../../test/engine-world.js';
import { networkTimings } from '../phone-network.js';

/**
 * The simulated network behind the same port as a trunk (simulated-line.ts): what differs from a
 * trunk is only what the line does, never how the engine drives the call. The numbers' behaviours
 * are tested through the engine in placing.test.ts, transfer.test.ts and call-desk.test.ts.
 */
let w: World;
beforeEach(() => {
  w = world();
});

describe('the simulated network as a line', () => {
  it('carries outbound calls with no trunk named: the phone offers no media, and a signal for the network is refused', () => {
    checkedIn(w, A1);
    const view = w.engine.dialOut(A1, '13800138001');
    expect(view).toMatchObject({ call_status: 'ringing', trunk: null });
    const first = named(w.take(A1), 'callDataChange')[0] as { call: { trunk: string | null } };
    expect(first.call.trunk).toBeNull();
    w.scheduler.advance(networkTimings.ringBeforeAnswerMs);
    expect(w.engine.state(A1).calls).toMatchObject([{ call_id: view.call_id, call_status: 'talking' }]);
    expectError(() => {
      w.engine.signalLine(A1, view.call_id, { type: 'answer', sdp: 'v=0' });
    }, 'callNotFound');
  });

  it("hands a simulated caller to an outside number by that number's behaviour", () => {
    checkedIn(w, A1);
    const busyCaller = w.engine.inbound(TENANT.id, '+8613912345678');
    w.engine.answer(A1, busyCaller.call_id);
    expectError(() => w.engine.transferExternal(A1, busyCaller.call_id, '13900139000'), 'transferFailed', {
      reason: 'busy',
    });
    expect(w.engine.transferExternal(A1, busyCaller.call_id, '13900139001')).toEqual({
      call_id: busyCaller.call_id,
      number: '13900139001',
    });
    expect(w.records.at(-1)).toMatchObject([{ call_id: busyCaller.call_id, outcome: 'transferred' }]);
  });
});
