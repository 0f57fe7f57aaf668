import { describe, expect, it } from 'vitest';
import type { AgentState, ReadyFrame } from '@open/protocol/cti/protocol';
import { cleanNumber } from './phone-ui.js';
import { applyEvent, fromReady, initialState, type CallView, type PhoneState } from './phone-store.js';

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

const call = (status: CallView['call_status']): CallView => ({
  call_id: 'c1',
  call_type: 'outbound',
  call_status: status,
  caller: '+861080000001',
  callee: '13800138001',
  display_number: '+861080000001',
  created_at: '2026-11-23T10:00:00.000Z',
  answered_at: null,
  muted: false,
  held: false,
  peer: null,
  supervisors: [],
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
