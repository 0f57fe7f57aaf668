import { describe, expect, it } from 'vitest';
import type { AgentStatus } from '@open/protocol/cti/protocol';
import type { ErrorName } from '@open/protocol/errors';
import { ApiError } from '../../errors.js';
import {
  nextStatus,
  offlineState,
  type AgentStatusState,
  type StatusRequest,
  type StatusRules,
} from './agent-state.js';

const BEFORE = 1_700_000_000_000;
const NOW = BEFORE + 60_000;

const withReasons: StatusRules = { reasonIds: ['break', 'lunch'], inCall: false };
const noReasons: StatusRules = { reasonIds: [], inCall: false };
const inCall: StatusRules = { ...withReasons, inCall: true };

/** An agent in `status` since BEFORE (busy with the break reason; acw until a minute on). */
function state(status: AgentStatus): AgentStatusState {
  return {
    status,
    reasonId: status === 'busy' ? 'break' : null,
    since: BEFORE,
    acwUntil: status === 'acw' ? BEFORE + 15_000 : null,
  };
}

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('nextStatus: allowed transitions', () => {
  it.each<[string, AgentStatus, StatusRequest, StatusRules, Partial<AgentStatusState>]>([
    [
      'offline --checkIn--> idle',
      'offline',
      { kind: 'checkIn', status: 'idle', reasonId: null },
      withReasons,
      { status: 'idle', reasonId: null },
    ],
    [
      'offline --checkIn--> busy(reason)',
      'offline',
      { kind: 'checkIn', status: 'busy', reasonId: 'lunch' },
      withReasons,
      { status: 'busy', reasonId: 'lunch' },
    ],
    [
      'offline --checkIn--> busy without a reason when the tenant has none',
      'offline',
      { kind: 'checkIn', status: 'busy', reasonId: null },
      noReasons,
      { status: 'busy', reasonId: null },
    ],
    [
      'idle --set--> busy(reason)',
      'idle',
      { kind: 'set', status: 'busy', reasonId: 'break' },
      withReasons,
      { status: 'busy', reasonId: 'break' },
    ],
    [
      'idle --set--> busy without a reason when the tenant has none',
      'idle',
      { kind: 'set', status: 'busy', reasonId: null },
      noReasons,
      { status: 'busy', reasonId: null },
    ],
    [
      'busy --set--> idle',
      'busy',
      { kind: 'set', status: 'idle', reasonId: null },
      withReasons,
      { status: 'idle', reasonId: null },
    ],
    [
      'busy(reason) --set--> busy(other reason)',
      'busy',
      { kind: 'set', status: 'busy', reasonId: 'lunch' },
      withReasons,
      { status: 'busy', reasonId: 'lunch' },
    ],
    [
      'idle --set--> busy during a call',
      'idle',
      { kind: 'set', status: 'busy', reasonId: 'break' },
      inCall,
      { status: 'busy', reasonId: 'break' },
    ],
    [
      'busy --set--> idle during a call',
      'busy',
      { kind: 'set', status: 'idle', reasonId: null },
      inCall,
      { status: 'idle', reasonId: null },
    ],
    [
      'idle --callEnded(15 s)--> acw',
      'idle',
      { kind: 'callEnded', acwMs: 15_000 },
      withReasons,
      { status: 'acw', reasonId: null, acwUntil: NOW + 15_000 },
    ],
    [
      'busy --callEnded(15 s)--> acw (the reason is dropped)',
      'busy',
      { kind: 'callEnded', acwMs: 15_000 },
      withReasons,
      { status: 'acw', reasonId: null, acwUntil: NOW + 15_000 },
    ],
    [
      'acw --callEnded(15 s)--> acw, counted again from now',
      'acw',
      { kind: 'callEnded', acwMs: 15_000 },
      withReasons,
      { status: 'acw', acwUntil: NOW + 15_000 },
    ],
    [
      'idle --callEnded(0)--> idle',
      'idle',
      { kind: 'callEnded', acwMs: 0 },
      withReasons,
      { status: 'idle', reasonId: null, acwUntil: null },
    ],
    [
      'busy --callEnded(0)--> idle',
      'busy',
      { kind: 'callEnded', acwMs: 0 },
      withReasons,
      { status: 'idle', reasonId: null, acwUntil: null },
    ],
    [
      'acw --acwElapsed--> idle',
      'acw',
      { kind: 'acwElapsed' },
      withReasons,
      { status: 'idle', reasonId: null, acwUntil: null },
    ],
    [
      'acw --set--> idle (after-call work ended early)',
      'acw',
      { kind: 'set', status: 'idle', reasonId: null },
      withReasons,
      { status: 'idle', reasonId: null, acwUntil: null },
    ],
    [
      'acw --set--> busy(reason)',
      'acw',
      { kind: 'set', status: 'busy', reasonId: 'lunch' },
      withReasons,
      { status: 'busy', reasonId: 'lunch', acwUntil: null },
    ],
    ['idle --checkOut--> offline', 'idle', { kind: 'checkOut' }, withReasons, { status: 'offline', reasonId: null }],
    ['busy --checkOut--> offline', 'busy', { kind: 'checkOut' }, withReasons, { status: 'offline', reasonId: null }],
    [
      'acw --checkOut--> offline',
      'acw',
      { kind: 'checkOut' },
      withReasons,
      { status: 'offline', reasonId: null, acwUntil: null },
    ],
  ])('%s', (_what, from, request, rules, expected) => {
    const current = state(from);
    const after = nextStatus(current, request, rules, NOW);
    expect(after).toEqual({ reasonId: null, acwUntil: null, ...expected, since: NOW });
    expect(after).not.toBe(current);
    // Pure: the current state is left as it was.
    expect(current).toEqual(state(from));
  });
});

describe('nextStatus: refused transitions', () => {
  const busyWithoutReason = { issues: [{ param: 'reason_id', reason: 'required' }] };
  const idleWithReason = { issues: [{ param: 'reason_id', reason: 'notAllowed' }] };
  it.each<[string, AgentStatus, StatusRequest, StatusRules, ErrorName, unknown]>([
    [
      'checkIn when idle',
      'idle',
      { kind: 'checkIn', status: 'idle', reasonId: null },
      withReasons,
      'alreadyCheckedIn',
      null,
    ],
    [
      'checkIn when busy',
      'busy',
      { kind: 'checkIn', status: 'busy', reasonId: 'break' },
      withReasons,
      'alreadyCheckedIn',
      null,
    ],
    [
      'checkIn when in after-call work',
      'acw',
      { kind: 'checkIn', status: 'idle', reasonId: null },
      withReasons,
      'alreadyCheckedIn',
      null,
    ],
    [
      'set idle when offline',
      'offline',
      { kind: 'set', status: 'idle', reasonId: null },
      withReasons,
      'notCheckedIn',
      null,
    ],
    [
      'set busy when offline',
      'offline',
      { kind: 'set', status: 'busy', reasonId: 'break' },
      withReasons,
      'notCheckedIn',
      null,
    ],
    ['checkOut when offline', 'offline', { kind: 'checkOut' }, withReasons, 'notCheckedIn', null],
    [
      'checkIn busy without a reason when the tenant has reasons',
      'offline',
      { kind: 'checkIn', status: 'busy', reasonId: null },
      withReasons,
      'invalidParams',
      busyWithoutReason,
    ],
    [
      'set busy without a reason when the tenant has reasons',
      'idle',
      { kind: 'set', status: 'busy', reasonId: null },
      withReasons,
      'invalidParams',
      busyWithoutReason,
    ],
    [
      'checkIn idle with a reason',
      'offline',
      { kind: 'checkIn', status: 'idle', reasonId: 'break' },
      withReasons,
      'invalidParams',
      idleWithReason,
    ],
    [
      'set idle with a reason',
      'busy',
      { kind: 'set', status: 'idle', reasonId: 'break' },
      withReasons,
      'invalidParams',
      idleWithReason,
    ],
    [
      'set idle with a reason when the tenant has none',
      'busy',
      { kind: 'set', status: 'idle', reasonId: 'break' },
      noReasons,
      'invalidParams',
      idleWithReason,
    ],
    [
      'checkIn busy with an unknown reason',
      'offline',
      { kind: 'checkIn', status: 'busy', reasonId: 'nap' },
      withReasons,
      'unknownReason',
      null,
    ],
    [
      'set busy with an unknown reason',
      'idle',
      { kind: 'set', status: 'busy', reasonId: 'nap' },
      withReasons,
      'unknownReason',
      null,
    ],
    [
      'set busy with a reason when the tenant has none',
      'idle',
      { kind: 'set', status: 'busy', reasonId: 'break' },
      noReasons,
      'unknownReason',
      null,
    ],
    [
      'checkOut from idle in a call',
      'idle',
      { kind: 'checkOut' },
      inCall,
      'illegalAgentStatus',
      { from: 'idle', to: 'offline' },
    ],
    [
      'checkOut from busy in a call',
      'busy',
      { kind: 'checkOut' },
      inCall,
      'illegalAgentStatus',
      { from: 'busy', to: 'offline' },
    ],
    [
      'checkOut from acw in a call',
      'acw',
      { kind: 'checkOut' },
      inCall,
      'illegalAgentStatus',
      { from: 'acw', to: 'offline' },
    ],
  ])('%s → %s', (_what, from, request, rules, errorName, data) => {
    const error = refusal(() => nextStatus(state(from), request, rules, NOW));
    expect(error.errorName).toBe(errorName);
    expect(error.data).toEqual(data);
  });
});

describe('nextStatus: requests that change nothing', () => {
  it.each<[string, AgentStatus, StatusRequest]>([
    ['callEnded when offline (acw)', 'offline', { kind: 'callEnded', acwMs: 15_000 }],
    ['callEnded when offline (no acw)', 'offline', { kind: 'callEnded', acwMs: 0 }],
    ['acwElapsed when offline', 'offline', { kind: 'acwElapsed' }],
    ['acwElapsed when idle', 'idle', { kind: 'acwElapsed' }],
    ['acwElapsed when busy', 'busy', { kind: 'acwElapsed' }],
  ])('%s: the same state, since unchanged', (_what, from, request) => {
    const current = state(from);
    expect(nextStatus(current, request, withReasons, NOW)).toBe(current);
    expect(current.since).toBe(BEFORE);
  });
});

describe('offlineState', () => {
  it('is offline, without reason or after-call work, since the time given', () => {
    expect(offlineState(NOW)).toEqual({ status: 'offline', reasonId: null, since: NOW, acwUntil: null });
  });
});
