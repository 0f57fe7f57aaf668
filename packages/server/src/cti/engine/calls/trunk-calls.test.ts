import { beforeEach, describe, expect, it } from 'vitest';
import type { DialPlanFields } from '@open/protocol/dial-plan';
import {
  A1,
  A2,
  SUP,
  TENANT,
  checkedIn,
  expectError,
  named,
  world,
  type World,
} from '../../../../test/engine-world.js';
import { dialPlanJudge } from '../../../telephony/dial-plan.js';
import type { CallOutcome } from './call-model.js';
import type { InboundLine, LineEvents, LineLeg, OutsideLine } from './outside-line.js';
import { TRUNK_CONNECT_LIMIT_MS, TRUNK_RING_LIMIT_MS } from './line-calls.js';

/**
 * The engine's side of a SIP trunk, with the trunk played by a recording line: what the engine
 * asks of it, and what the engine does with what the far end reports. The SIP and media side
 * is tested against real SIPp, baresip and rtpengine in e2e/trunk-*.test.ts.
 */
interface RecordedLeg {
  events: LineEvents;
  signals: unknown[];
  ended: CallOutcome[];
  joined: number;
}

function recordingLine(trunk = 'sip:carrier.example:5060;transport=udp', plan: DialPlanFields | null = null) {
  const limit = { reached: false };
  const legs: (RecordedLeg & { request: { callId: string; tenantId: string; from: string; to: string } | null })[] = [];
  // As the real trunk's legs: a call in is answered to the carrier once the phone agreed the media.
  const legOf = (entry: RecordedLeg, answersAfterMedia = false): LineLeg => ({
    answersAfterMedia,
    end: (outcome) => entry.ended.push(outcome),
    signal: (signal) => entry.signals.push(signal),
    agentJoined: () => {
      entry.joined += 1;
    },
    digits: () => undefined,
    handOver: () => 'unsupported',
  });
  /** The carrier lets the tenant present its first displayed number only, as a trunk's list would. */
  const presents = (agentNumber: string) => (agentNumber === '+861080000001' ? agentNumber : '+4930555000');
  const outside: OutsideLine = {
    trunk,
    presents,
    dialPlan: plan && dialPlanJudge(plan),
    atCallLimit: () => limit.reached,
    dial(request, events) {
      const entry = { request, events, signals: [], ended: [], joined: 0 };
      legs.push(entry);
      return legOf(entry);
    },
  };
  const inbound = (): InboundLine => ({
    trunk,
    connect(_callId, events) {
      const entry = { request: null, events, signals: [], ended: [], joined: 0 };
      legs.push(entry);
      return legOf(entry, true);
    },
  });
  return { outside, inbound, legs, trunk, limit };
}

let w: World;
let line: ReturnType<typeof recordingLine>;
beforeEach(() => {
  w = world();
  line = recordingLine();
});

const onlyLeg = () => {
  expect(line.legs).toHaveLength(1);
  const [leg] = line.legs;
  if (!leg) throw new Error('no leg');
  return leg;
};

describe("the trunk's dial plan", () => {
  const plan: DialPlanFields = {
    country: 'CN',
    short_numbers: ['110', '112', '95588'],
    allowed_prefixes: [],
    blocked_prefixes: ['+86168'],
    international: 'supervisors',
  };
  beforeEach(() => {
    line = recordingLine(undefined, plan);
  });

  it.each(['110', '112', '95588'])(
    'sends the short number %s out on the trunk, though it looks like an extension',
    (number) => {
      checkedIn(w, A1);
      const view = w.engine.dialOut(A1, number, { line: line.outside });
      expect(view).toMatchObject({ call_type: 'outbound', callee: number, trunk: line.trunk });
      expect(onlyLeg().request?.to).toBe(number);
    },
  );

  it('goes on treating other short numbers as extensions, and dials colleagues as before', () => {
    checkedIn(w, A1, A2);
    expectError(() => w.engine.dialOut(A1, '119', { line: line.outside }), 'extensionUnavailable', {
      reason: 'unknown',
    });
    expect(w.engine.dialOut(A1, '8002', { line: line.outside })).toMatchObject({ call_type: 'internal' });
    expect(line.legs).toEqual([]);
  });

  it.each([
    ['a blocked prefix', '+8616812345678', 'numberBlocked'],
    ['a blocked prefix, dialled nationally', '16812345678', 'numberBlocked'],
    ['a premium-rate number abroad', '+19005551234', 'premiumNumberBlocked'],
    ['a satellite number', '+8821612345678', 'premiumNumberBlocked'],
    ['a satellite number dialled with 00', '00882161234567', 'premiumNumberBlocked'],
    ['a number in Germany', '+493012345678', 'internationalNotAllowed'],
    ['a number in Germany dialled with 00', '00493012345678', 'internationalNotAllowed'],
  ] as const)('refuses %s before anything rings, naming the number', (_what, number, refusal) => {
    checkedIn(w, A1);
    expectError(() => w.engine.dialOut(A1, number, { line: line.outside }), refusal, { number });
    expect(line.legs).toEqual([]);
    expect(w.engine.state(A1).calls).toEqual([]);
  });

  it('lets a supervisor dial abroad when the plan lets supervisors, and everyone a number at home', () => {
    checkedIn(w, A1, SUP);
    expect(w.engine.dialOut(SUP, '+493012345678', { line: line.outside })).toMatchObject({ trunk: line.trunk });
    expect(w.engine.dialOut(A1, '13800138001', { line: line.outside })).toMatchObject({ trunk: line.trunk });
    expect(line.legs.map((leg) => leg.request?.to)).toEqual(['+493012345678', '13800138001']);
  });

  it('judges the number of an external transfer as it judges a dialled one', () => {
    checkedIn(w, A1);
    const view = w.engine.dialOut(A1, '+8613800138001', { line: line.outside });
    onlyLeg().events.answered();
    expectError(
      () => w.engine.transferExternal(A1, view.call_id, '+8821612345678', { line: line.outside }),
      'premiumNumberBlocked',
    );
    expect(w.engine.state(A1).calls[0]).toMatchObject({ call_id: view.call_id, call_status: 'talking' });
  });
});

describe('outbound calls on a trunk', () => {
  it('refuses a call while the trunk carries as many as its cap allows, placing nothing, and places one once it has room', () => {
    checkedIn(w, A1);
    line.limit.reached = true;
    expectError(() => w.engine.dialOut(A1, '+8613800138001', { line: line.outside }), 'trunkBusy');
    expect(line.legs).toEqual([]);
    expect(w.engine.state(A1).calls).toEqual([]);
    // Colleagues are not on the trunk: the cap does not reach them.
    checkedIn(w, A2);
    expect(w.engine.dialOut(A1, '8002', { line: line.outside })).toMatchObject({ call_type: 'internal' });
    w.engine.hangUp(A1, w.engine.state(A1).calls[0]?.call_id ?? '');
    line.limit.reached = false;
    expect(w.engine.dialOut(A1, '+8613800138001', { line: line.outside })).toMatchObject({ trunk: line.trunk });
  });

  it('goes out on the trunk with the displayed number; the phone sees the trunk before anything else', () => {
    checkedIn(w, A1);
    const view = w.engine.dialOut(A1, '+8613800138001', { line: line.outside });
    expect(view).toMatchObject({ call_type: 'outbound', call_status: 'ringing', trunk: line.trunk });
    expect(onlyLeg().request).toEqual({
      callId: view.call_id,
      tenantId: TENANT.id,
      from: '+861080000001',
      to: '+8613800138001',
    });
    // The first view the phone gets already names the trunk: it offers its media at once.
    const first = named(w.take(A1), 'callDataChange')[0] as { call: { trunk: string | null } };
    expect(first.call.trunk).toBe(line.trunk);
  });

  it('shows and records the number the carrier is sent, not one it would have refused', () => {
    checkedIn(w, A1);
    w.engine.setDisplayNumber(A1, '+861080000002');
    const view = w.engine.dialOut(A1, '+8613800138001', { line: line.outside });
    expect(onlyLeg().request?.from).toBe('+4930555000');
    expect(view).toMatchObject({ caller: '+4930555000', display_number: '+4930555000' });
    w.engine.hangUp(A1, view.call_id);
    expect(w.records.flat()).toMatchObject([{ caller: '+4930555000', display_number: '+4930555000' }]);
  });

  it('nothing happens by the simulated rules: the far end answers when it answers', () => {
    checkedIn(w, A1);
    const view = w.engine.dialOut(A1, '+8613800138001', { line: line.outside });
    w.scheduler.advance(10_000);
    expect(w.engine.state(A1).calls[0]).toMatchObject({ call_status: 'ringing' });
    onlyLeg().events.answered();
    expect(w.engine.state(A1).calls[0]).toMatchObject({ call_id: view.call_id, call_status: 'talking' });
  });

  it.each([
    ['busy', 'busy'],
    ['noAnswer', 'noAnswer'],
    ['rejected', 'rejected'],
    ['failed', 'failed'],
  ] as const)('the far end ends it %s: the call ends %s, the line is not told back', (reported, outcome) => {
    checkedIn(w, A1);
    w.engine.dialOut(A1, '+8613800138001', { line: line.outside });
    w.take(A1);
    const leg = onlyLeg();
    leg.events.ended(reported);
    expect(named(w.take(A1), 'callDataChange').map((d) => (d as { call: { outcome: string } }).call.outcome)).toEqual([
      outcome,
    ]);
    expect(leg.ended).toEqual([]);
    expect(w.records.flat()).toMatchObject([{ agent_id: A1, outcome, trunk: line.trunk }]);
  });

  it('a talking call the line loses ends failed with its reason, for the phone and in the record', () => {
    checkedIn(w, A1);
    w.engine.dialOut(A1, '+8613800138001', { line: line.outside });
    const leg = onlyLeg();
    leg.events.answered();
    w.take(A1);
    leg.events.ended('failed', 'farEndSilent');
    const [ended] = named(w.take(A1), 'callDataChange') as { call: object }[];
    expect(ended?.call).toMatchObject({ call_status: 'ended', outcome: 'failed', end_reason: 'farEndSilent' });
    expect(leg.ended).toEqual([]);
    expect(w.records.flat()).toMatchObject([{ agent_id: A1, outcome: 'failed', end_reason: 'farEndSilent' }]);
    // Every other end says no reason.
    w.engine.dialOut(A1, '+8613800138001', { line: line.outside });
    w.take(A1);
    w.engine.hangUp(A1, w.engine.state(A1).calls[0]?.call_id ?? '');
    expect(w.records.flat().at(-1)).toMatchObject({ outcome: 'cancelled', end_reason: null });
  });

  it('the agent hangs up: the line is told once (BYE or CANCEL), and the record names the trunk', () => {
    checkedIn(w, A1);
    const view = w.engine.dialOut(A1, '+8613800138001', { line: line.outside });
    const leg = onlyLeg();
    leg.events.answered();
    w.engine.hangUp(A1, view.call_id);
    expect(leg.ended).toEqual(['completed']);
    // A BYE from the far end crossing ours changes nothing.
    leg.events.ended('completed');
    expect(w.records.flat()).toEqual([expect.objectContaining({ outcome: 'completed', trunk: line.trunk })]);
  });

  it('cancelled while ringing: the line hears cancelled', () => {
    checkedIn(w, A1);
    const view = w.engine.dialOut(A1, '+8613800138001', { line: line.outside });
    w.engine.hangUp(A1, view.call_id);
    expect(onlyLeg().ended).toEqual(['cancelled']);
  });

  it(`a far end that rings for ${TRUNK_RING_LIMIT_MS / 1000} s is given up (noAnswer), and the line cancels`, () => {
    checkedIn(w, A1);
    w.engine.dialOut(A1, '+8613800138001', { line: line.outside });
    w.scheduler.advance(TRUNK_RING_LIMIT_MS - 1);
    expect(onlyLeg().ended).toEqual([]);
    w.scheduler.advance(1);
    expect(onlyLeg().ended).toEqual(['noAnswer']);
  });

  it("the phone's WebRTC signals go to the line, the relay's go to the agent handling the call", () => {
    checkedIn(w, A1, A2);
    const view = w.engine.dialOut(A1, '+8613800138001', { line: line.outside });
    w.take(A1);
    const offer = { type: 'offer', sdp: 'v=0', epoch: 'e1' };
    w.engine.signalLine(A1, view.call_id, offer);
    expect(onlyLeg().signals).toEqual([offer]);
    expectError(() => {
      w.engine.signalLine(A2, view.call_id, offer);
    }, 'callNotFound');
    onlyLeg().events.signal({ type: 'answer', sdp: 'v=0', epoch: 'e1' });
    expect(named(w.take(A1), 'rtcSignal')).toEqual([
      { call_id: view.call_id, from: 'network', signal: { type: 'answer', sdp: 'v=0', epoch: 'e1' } },
    ]);
  });

  it('extensions never go to the trunk, and a tenant without one keeps the simulated network', () => {
    checkedIn(w, A1, A2);
    const internal = w.engine.dialOut(A1, '8002', { line: line.outside });
    expect(internal).toMatchObject({ call_type: 'internal', trunk: null });
    expect(line.legs).toEqual([]);
    w.engine.hangUp(A1, internal.call_id);
    w.scheduler.advance(60_000);
    w.engine.setStatus(A1, 'idle', null);
    const simulated = w.engine.dialOut(A1, '+8613800138001');
    expect(simulated.trunk).toBeNull();
    w.scheduler.advance(3_000);
    expect(w.engine.state(A1).calls[0]).toMatchObject({ call_status: 'talking' });
  });

  it('cannot be handed to an outside number (not built); a colleague can take it', () => {
    checkedIn(w, A1, A2);
    const view = w.engine.dialOut(A1, '+8613800138001', { line: line.outside });
    onlyLeg().events.answered();
    expectError(() => w.engine.transferExternal(A1, view.call_id, '+8613900000000'), 'trunkTransferUnsupported');
    expect(onlyLeg().ended).toEqual([]);
    w.engine.transferExternal(A1, view.call_id, '8002');
    w.engine.answer(A2, view.call_id);
    expect(w.engine.state(A2).calls[0]).toMatchObject({
      call_id: view.call_id,
      call_status: 'talking',
      trunk: line.trunk,
    });
    // The colleague's phone offers itself: the line just answers whichever phone handles the call.
    w.engine.signalLine(A2, view.call_id, { type: 'offer', sdp: 'v=0' });
    expect(onlyLeg().signals).toHaveLength(1);
  });
});

describe('inbound calls from a trunk', () => {
  it('queue like simulated ones; the agent who answers gets the media (agentJoined), the record names the trunk', () => {
    checkedIn(w, A1);
    const { call_id } = w.engine.inbound(TENANT.id, '+8613700000000', { did: '+862100000000' }, line.inbound());
    const offered = named(w.take(A1), 'callDataChange')[0] as { call: { trunk: string; attached_data: object } };
    expect(offered.call).toMatchObject({ trunk: line.trunk, attached_data: { did: '+862100000000' } });
    const leg = onlyLeg();
    expect(leg.joined).toBe(0);
    w.engine.answer(A1, call_id);
    expect(leg.joined).toBe(1);
    leg.events.signal({ type: 'offer', sdp: 'v=0', epoch: 'network-1' });
    expect(named(w.take(A1), 'rtcSignal')).toEqual([
      { call_id, from: 'network', signal: { type: 'offer', sdp: 'v=0', epoch: 'network-1' } },
    ]);
    leg.events.answered();
    leg.events.ended('completed');
    expect(w.engine.state(A1).calls).toEqual([]);
    expect(w.records.flat()).toMatchObject([{ agent_id: A1, outcome: 'completed', trunk: line.trunk }]);
  });

  it('a caller who hangs up while waiting abandoned the queue; one who hangs up while it rings is missed', () => {
    const waiting = w.engine.inbound(TENANT.id, '+8613700000000', {}, line.inbound());
    line.legs[0]?.events.ended('cancelled');
    expect(w.records.flat()).toEqual([]);
    checkedIn(w, A1);
    const ringing = w.engine.inbound(TENANT.id, '+8613700000001', {}, line.inbound());
    w.take(A1);
    line.legs[1]?.events.ended('cancelled');
    expect(named(w.take(A1), 'callMissed')).toEqual([
      { call_id: ringing.call_id, caller: '+8613700000001', reason: 'cancelled' },
    ]);
    expect(waiting.call_id).not.toBe(ringing.call_id);
  });

  it('rejected by every agent and abandoned: the line is told (the carrier plays its message)', () => {
    const { call_id } = w.engine.inbound(TENANT.id, '+8613700000000', {}, line.inbound());
    w.scheduler.advance(120_000);
    expect(onlyLeg().ended).toEqual(['abandoned']);
    expect(call_id).toBeTruthy();
  });

  it('passed back to the queue and answered by a colleague: their phone joins the media', () => {
    checkedIn(w, A1, A2);
    w.engine.setStatus(A2, 'busy', 'break');
    const { call_id } = w.engine.inbound(TENANT.id, '+8613700000000', {}, line.inbound());
    w.engine.answer(A1, call_id);
    onlyLeg().events.answered();
    w.engine.setStatus(A2, 'idle', null);
    w.engine.transferToQueue(A1, call_id);
    w.engine.answer(A2, call_id);
    expect(onlyLeg().joined).toBe(2);
    expect(onlyLeg().ended).toEqual([]);
  });
});

describe('an inbound trunk call between the agent’s answer and the carrier’s', () => {
  /** A1 answers a trunk call in; the events so far forgotten. */
  function answeredByA1() {
    checkedIn(w, A1, A2);
    w.engine.setStatus(A2, 'busy', 'break');
    const { call_id } = w.engine.inbound(TENANT.id, '+8613700000000', {}, line.inbound());
    const view = w.engine.answer(A1, call_id);
    return { call_id, view, leg: onlyLeg() };
  }

  it('stays ringing, connecting for the agent who answered, until the line has answered the carrier: then talking, timed from then', () => {
    const { call_id, view, leg } = answeredByA1();
    expect(view).toMatchObject({ call_status: 'ringing', connecting: true, answered_at: null });
    expect(leg.joined).toBe(1);
    const events = w.take(A1);
    expect(named(events, 'callStatusChange')).not.toContainEqual(expect.objectContaining({ call_status: 'talking' }));
    expect(named(events, 'callDataChange').at(-1)).toMatchObject({
      call: { call_status: 'ringing', connecting: true },
    });
    // The relay's offer reaches the phone that answered while the call connects.
    leg.events.signal({ type: 'offer', sdp: 'v=0', epoch: 'network-1' });
    expect(named(w.take(A1), 'rtcSignal')).toHaveLength(1);
    w.scheduler.advance(400);
    leg.events.answered();
    const talking = w.take(A1);
    expect(named(talking, 'callStatusChange')).toEqual([{ call_id, call_status: 'talking', previous: 'ringing' }]);
    const call = named(talking, 'callDataChange').at(-1)?.call as { connecting: boolean; answered_at: string };
    expect(call.connecting).toBe(false);
    expect(Date.parse(call.answered_at) - Date.parse(view.created_at)).toBe(400);
  });

  it('a phone that never agrees the media is passed over: the caller rings the next agent, whose phone gets a fresh offer', () => {
    const { call_id, leg } = answeredByA1();
    w.engine.setStatus(A2, 'idle', null);
    w.take(A2);
    w.scheduler.advance(TRUNK_CONNECT_LIMIT_MS);
    expect(named(w.take(A1), 'callStatusChange').at(-1)).toEqual({
      call_id,
      call_status: 'ended',
      previous: 'ringing',
    });
    expect(w.engine.state(A1).calls).toEqual([]);
    expect(named(w.take(A2), 'callDataChange').at(-1)).toMatchObject({
      call: { call_status: 'ringing', connecting: false },
    });
    w.engine.answer(A2, call_id);
    expect(leg.joined).toBe(2);
    leg.events.answered();
    expect(w.engine.state(A2).calls).toMatchObject([{ call_status: 'talking', callee: '8002' }]);
    expect(leg.ended).toEqual([]);
  });

  it('the answering agent lost: the caller waits for another agent, not dropped', () => {
    const { call_id, leg } = answeredByA1();
    w.engine.detach(A1);
    w.engine.setStatus(A2, 'idle', null);
    expect(named(w.take(A2), 'callStatusChange')).toContainEqual({ call_id, call_status: 'ringing', previous: null });
    expect(leg.ended).toEqual([]);
    expect(w.records).toEqual([]);
  });

  it('hung up by the agent before the carrier was answered: the caller is refused, the record says rejected', () => {
    const { call_id, leg } = answeredByA1();
    expect(w.engine.hangUp(A1, call_id)).toMatchObject({ call_status: 'ended', outcome: 'rejected' });
    expect(leg.ended).toEqual(['rejected']);
    expect(w.records.flat()).toMatchObject([{ call_id, outcome: 'rejected', answered_at: null }]);
    // The line's late answer changes nothing.
    leg.events.answered();
    expect(w.engine.state(A1).calls).toEqual([]);
  });

  it("the relay refused the phone's answer: the call ends failed with mediaLost, as the line reports", () => {
    const { call_id, leg } = answeredByA1();
    leg.events.ended('failed', 'mediaLost');
    expect(w.records.flat()).toMatchObject([{ call_id, outcome: 'failed', end_reason: 'mediaLost' }]);
    expect(named(w.take(A1), 'callStatusChange').at(-1)).toMatchObject({ call_id, call_status: 'ended' });
  });

  it('a call placed to the trunk is unchanged: talking when the far end answers, never connecting', () => {
    checkedIn(w, A1);
    const view = w.engine.dialOut(A1, '13800138001', { line: line.outside });
    expect(view.connecting).toBe(false);
    onlyLeg().events.answered();
    expect(w.engine.state(A1).calls).toMatchObject([{ call_status: 'talking', connecting: false }]);
  });
});
