import { callView } from '../../../test/call-view.js';
import { describe, expect, it } from 'vitest';
import type { AgentState, ReadyFrame } from '@open/protocol/cti/protocol';
import { cleanNumber } from '../views/phone-ui.js';
import {
  applyEvent,
  consultationOf,
  DTMF_SHOWN,
  dtmfCallOf,
  dtmfSent,
  fromReady,
  initialState,
  isOffered,
  MISSED_KEPT,
  missedSeen,
  transferLine,
  transferNoticeKey,
  unseenMissed,
  type CallView,
  type PhoneState,
  type TransferNotice,
} from './phone-store.js';

const agent: AgentState = {
  agent_id: 'a1',
  tenant_id: 't1',
  name: 'Li Na',
  extension: '8001',
  role: 'agent',
  assistant_robot: false,
  status: 'offline',
  reason_id: null,
  status_since: '2026-11-23T10:00:00.000Z',
  acw_until: null,
  display_number: '+861080000001',
};

const call = (status: CallView['call_status'], extra: Partial<CallView> = {}): CallView =>
  callView({ answered_at: null, call_status: status, ...extra });

/** The caller Li Na put on hold, and her consultation with Wang Wei at 8002. */
const caller = call('held', {
  call_id: 'c1',
  call_type: 'inbound',
  caller: '+8613912345678',
  callee: '8001',
  held: true,
  attached_data: { order: '42' },
});
const consult = call('ringing', {
  call_id: 'c2',
  call_type: 'internal',
  caller: '8001',
  callee: '8002',
  display_number: null,
  peer: { agent_id: 'a2', name: 'Wang Wei', extension: '8002' },
  attached_data: { order: '42' },
  transfer: { kind: 'consult', from_agent_id: 'a1', from_name: 'Li Na', from_extension: '8001' },
  consult_of: 'c1',
});

const running: PhoneState = { ...initialState, phase: 'running', agent };
const apply = (state: PhoneState, name: string, data: Record<string, unknown>) => ({
  ...state,
  ...applyEvent(state, name, data),
});

describe('the phone’s state', () => {
  it('follows the agent’s status and displayed number', () => {
    const busy = apply(running, 'agentStatusChange', {
      status: 'busy',
      reason_id: 'break',
      status_since: '2026-11-23T10:01:00.000Z',
      acw_until: null,
    });
    expect(busy.agent).toMatchObject({ status: 'busy', reason_id: 'break' });
    expect(apply(busy, 'displayNumberChange', { display_number: '+14155550100' }).agent?.display_number).toBe(
      '+14155550100',
    );
    expect(apply(busy, 'userInfoChange', { agent: { name: 'Li Na (lead)' } }).agent).toMatchObject({
      name: 'Li Na (lead)',
      status: 'busy',
    });
  });

  it('adds a call, updates it, and drops it when it ends', () => {
    const ringing = apply(running, 'callDataChange', { call_id: 'c1', call: call('ringing') });
    expect(ringing.calls).toHaveLength(1);
    const talking = apply(ringing, 'callStatusChange', { call_id: 'c1', call_status: 'talking', previous: 'ringing' });
    expect(talking.calls[0]?.call_status).toBe('talking');
    expect(apply(talking, 'callStatusChange', { call_id: 'c1', call_status: 'ended' }).calls).toEqual([]);
    expect(apply(talking, 'callDataChange', { call_id: 'c1', call: call('ended') }).calls).toEqual([]);
  });

  it('says why a call nobody hung up ended, until another call begins', () => {
    const talking = apply(running, 'callDataChange', { call_id: 'c1', call: call('talking') });
    const lost = apply(talking, 'callDataChange', {
      call_id: 'c1',
      call: call('ended', { outcome: 'failed', end_reason: 'farEndSilent' }),
    });
    expect(lost.calls).toEqual([]);
    expect(lost.endedNotice).toEqual({ call_id: 'c1', reason: 'farEndSilent' });
    // A call hung up as usual says nothing; the notice stays for the agent to read.
    expect(
      apply(lost, 'callDataChange', { call_id: 'c0', call: call('ended', { call_id: 'c0' }) }).endedNotice,
    ).toEqual(lost.endedNotice);
    expect(apply(lost, 'callDataChange', { call_id: 'c2', call: call('ringing', { call_id: 'c2' }) }).endedNotice).toBe(
      null,
    );
    expect(
      apply(talking, 'callDataChange', { call_id: 'c1', call: call('ended', { outcome: 'completed' }) }).endedNotice,
    ).toBe(null);
  });

  it('keeps the latest wrap-up until another call rings', () => {
    const wrapUp = { code_id: 'sale', name: 'Sale', note: null, set_at: '2026-11-23T10:02:00.000Z' };
    const saved = apply(running, 'wrapUpChange', { call_id: 'c1', wrap_up: wrapUp });
    expect(saved.wrapUp).toEqual({ call_id: 'c1', wrap_up: wrapUp });
    // The same call's news, or another's end, leave it.
    expect(apply(saved, 'callDataChange', { call_id: 'c1', call: call('ended') }).wrapUp).toEqual(saved.wrapUp);
    expect(apply(saved, 'callDataChange', { call_id: 'c2', call: call('ringing', { call_id: 'c2' }) }).wrapUp).toBe(
      null,
    );
  });

  it('ignores events it does not show', () => {
    expect(applyEvent(running, 'rtcSignal', { signal: {} })).toEqual({});
  });

  it('takes the agent, tenant and calls from a ready frame (a resume shows the calls as they are)', () => {
    const ready = {
      agent: { ...agent, calls: [call('held')] },
      tenant: {
        tenant_id: 't1',
        name: 'Demo',
        default_lang: 'en',
        not_ready_reasons: [],
        display_numbers: [],
        acw_seconds: 15,
      },
    } as unknown as ReadyFrame;
    const state = fromReady(ready);
    expect(state.phase).toBe('running');
    expect(state.agent).not.toHaveProperty('calls');
    expect(state.calls).toMatchObject([{ call_status: 'held' }]);
  });
});

describe('calls passed on', () => {
  it('keeps the screen-pop data and who passed the call on', () => {
    const transfer = { kind: 'blind', from_agent_id: 'a2', from_name: 'Wang Wei', from_extension: '8002' } as const;
    const offered = call('ringing', { call_type: 'inbound', attached_data: { order: '42' }, transfer });
    const state = apply(running, 'callDataChange', { call_id: 'c1', call: offered });
    expect(state.calls[0]).toMatchObject({ attached_data: { order: '42' }, transfer });
  });

  it('finds the consultation and the caller waiting for it, whatever their order', () => {
    expect(consultationOf([caller, consult])).toEqual({ waiting: caller, consult });
    expect(consultationOf([consult, caller])).toEqual({ waiting: caller, consult });
    expect(consultationOf([caller])).toBeNull();
    // The colleague consulted sees consult_of on their call, without the caller's call.
    expect(consultationOf([{ ...consult, caller: '8001', callee: '8002' }])).toBeNull();
  });

  it('ends the consultation: the caller stays, on hold', () => {
    const both = { ...running, calls: [caller, consult] };
    const after = apply(both, 'callStatusChange', { call_id: 'c2', call_status: 'ended', previous: 'talking' });
    expect(after.calls).toEqual([caller]);
    expect(consultationOf(after.calls)).toBeNull();
  });

  it('tells who passed the call on, and how', () => {
    const by = (kind: 'blind' | 'consult' | 'queue' | 'returned', extra: Partial<CallView> = {}) =>
      transferLine(
        call('ringing', {
          transfer: { kind, from_agent_id: 'a2', from_name: 'Wang Wei', from_extension: '8002' },
          ...extra,
        }),
        'a1',
      );
    expect(by('blind')).toEqual({ key: 'softphone.ui.transferredBy', who: 'Wang Wei (8002)' });
    expect(by('consult')).toEqual({ key: 'softphone.ui.transferredAfterConsult', who: 'Wang Wei (8002)' });
    expect(by('consult', { consult_of: 'c0' })).toEqual({ key: 'softphone.ui.consultRequest', who: 'Wang Wei (8002)' });
    expect(by('queue')).toEqual({ key: 'softphone.ui.fromQueue', who: 'Wang Wei (8002)' });
    expect(by('returned')).toEqual({ key: 'softphone.ui.returnedBy', who: 'Wang Wei' });
    expect(
      transferLine(
        call('ringing', {
          transfer: { kind: 'blind', from_agent_id: 'a2', from_name: 'Wang Wei', from_extension: null },
        }),
        'a1',
      ),
    ).toEqual({ key: 'softphone.ui.transferredBy', who: 'Wang Wei' });
    // Nothing to say about a call nobody passed on, or about the agent's own consultation.
    expect(transferLine(call('talking'), 'a1')).toBeNull();
    expect(transferLine(consult, 'a1')).toBeNull();
  });

  it('offers a ringing call to answer only when it comes to this phone', () => {
    expect(isOffered(call('ringing', { call_type: 'inbound' }), '8001')).toBe(true);
    expect(isOffered(call('ringing'), '8001')).toBe(false);
    // A transferred or returned outside call was answered once, by someone else.
    expect(isOffered(call('ringing', { answered_at: '2026-11-23T10:00:05.000Z' }), '8001')).toBe(true);
    expect(isOffered(consult, '8001')).toBe(false);
    expect(isOffered(consult, '8002')).toBe(true);
    expect(isOffered(call('talking', { call_type: 'inbound' }), '8001')).toBe(false);
    // Answered here, its caller being connected: no longer offered (no ring, no Answer button).
    expect(isOffered(call('ringing', { call_type: 'inbound', connecting: true }), '8001')).toBe(false);
  });

  it('notes a transfer going out, then its outcome, with when', () => {
    const sent = apply(running, 'externalTransferSuccess', { call_id: 'c1', number: '8002' });
    expect(applyEvent(running, 'externalTransferSuccess', { call_id: 'c1', number: '8002' }, 1000)).toEqual({
      transferNotice: { call_id: 'c1', number: '8002', kind: 'blind', outcome: 'sent', at: 1000 },
    });
    const outcome = applyEvent(
      sent,
      'transferOutcome',
      { call_id: 'c1', number: '8002', kind: 'blind', outcome: 'returned' },
      2000,
    );
    expect(outcome.transferNotice).toEqual({
      call_id: 'c1',
      number: '8002',
      kind: 'blind',
      outcome: 'returned',
      at: 2000,
    });
  });

  it.each<[TransferNotice['kind'], TransferNotice['outcome'], string]>([
    ['blind', 'sent', 'softphone.ui.transferNotice.sent'],
    ['blind', 'answered', 'softphone.ui.transferNotice.answered'],
    ['blind', 'queued', 'softphone.ui.transferNotice.queued'],
    ['consult', 'answered', 'softphone.ui.transferNotice.answered'],
    ['blind', 'returned', 'softphone.ui.transferNotice.returned'],
    ['blind', 'ended', 'softphone.ui.transferNotice.ended'],
    ['queue', 'answered', 'softphone.ui.transferNotice.queueAnswered'],
    ['queue', 'ended', 'softphone.ui.transferNotice.queueEnded'],
  ])('words a %s transfer that %s', (kind, outcome, key) => {
    expect(transferNoticeKey({ call_id: 'c1', number: kind === 'queue' ? '' : '8002', kind, outcome, at: 0 })).toBe(
      key,
    );
  });
});

describe('missed calls', () => {
  const missed = (state: PhoneState, callId: string, reason = 'noAnswer') => ({
    ...state,
    ...applyEvent(state, 'callMissed', { call_id: callId, caller: '+8613912345678', reason }, 5000),
  });

  it('keeps one line per call, the latest first, until seen', () => {
    const once = missed(running, 'c1');
    expect(once.missed).toEqual([
      { call_id: 'c1', caller: '+8613912345678', reason: 'noAnswer', at: 5000, seen: false },
    ]);
    const twice = missed(missed(once, 'c2', 'cancelled'), 'c1');
    expect(twice.missed.map((m) => [m.call_id, m.reason])).toEqual([
      ['c1', 'noAnswer'],
      ['c2', 'cancelled'],
    ]);
    expect(unseenMissed(twice)).toBe(2);
    const seen = { ...twice, ...missedSeen(twice) };
    expect(unseenMissed(seen)).toBe(0);
    expect(seen.missed).toHaveLength(2);
    expect(missedSeen(seen)).toEqual({});
    expect(unseenMissed(missed(seen, 'c3'))).toBe(1);
  });

  it('keeps at most MISSED_KEPT', () => {
    let state = running;
    for (let i = 0; i < MISSED_KEPT + 5; i += 1) state = missed(state, `c${i}`);
    expect(state.missed).toHaveLength(MISSED_KEPT);
    expect(state.missed[0]?.call_id).toBe(`c${MISSED_KEPT + 4}`);
  });

  it('drops a missed call that rang again and was answered here', () => {
    const state = missed(running, 'c1');
    const ringing = apply(state, 'callDataChange', { call_id: 'c1', call: call('ringing', { call_type: 'inbound' }) });
    expect(ringing.missed).toHaveLength(1);
    expect(apply(ringing, 'callStatusChange', { call_id: 'c1', call_status: 'talking' }).missed).toEqual([]);
  });
});

describe('DTMF', () => {
  it('goes to the call in conversation: in a consultation, the colleague', () => {
    expect(dtmfCallOf([call('ringing')])).toBeNull();
    expect(dtmfCallOf([caller, { ...consult, call_status: 'talking' }])?.call_id).toBe('c2');
    expect(dtmfCallOf([call('talking')])?.call_id).toBe('c1');
  });

  it('shows the digits sent and received per call, the latest ones, until the call ends', () => {
    const talking = { ...running, calls: [call('talking')] };
    let state: PhoneState = { ...talking, ...dtmfSent(talking, 'c1', '12') };
    state = { ...state, ...dtmfSent(state, 'c1', '#') };
    state = apply(state, 'dtmfReceived', { call_id: 'c1', digits: '12#', from: 'network' });
    expect(state.dtmf).toEqual({ c1: { sent: '12#', received: '12#' } });
    const long = { ...state, ...dtmfSent(state, 'c1', '9'.repeat(DTMF_SHOWN)) };
    expect(long.dtmf.c1?.sent).toBe('9'.repeat(DTMF_SHOWN));
    expect(apply(state, 'callStatusChange', { call_id: 'c1', call_status: 'ended' }).dtmf).toEqual({});
    expect(apply(state, 'callDataChange', { call_id: 'c1', call: call('ended') }).dtmf).toEqual({});
  });
});

describe('cleanNumber', () => {
  it.each([
    ['138 0013-8001', '13800138001'],
    ['+86 (10) 8000 0001', '+861080000001'],
    ['tel:+1-415-555-0100 ext', '+14155550100'],
    ['8+0+0+2', '8002'],
    ['9'.repeat(40), '9'.repeat(31)],
  ])('%s → %s', (typed, number) => {
    expect(cleanNumber(typed)).toBe(number);
  });
});
