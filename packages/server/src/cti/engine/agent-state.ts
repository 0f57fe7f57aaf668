import type { AgentStatus } from '@open/protocol/cti/protocol';
import { ApiError } from '../../errors.js';

/** What an agent is doing, as far as the state machine cares. */
export interface AgentStatusState {
  status: AgentStatus;
  reasonId: string | null;
  /** Epoch ms. */
  since: number;
  /** With `acw`: epoch ms when it ends on its own. */
  acwUntil: number | null;
}

/** What the agent (or the engine) asks for. */
export type StatusRequest =
  | { kind: 'checkIn'; status: 'idle' | 'busy'; reasonId: string | null }
  | { kind: 'set'; status: 'idle' | 'busy'; reasonId: string | null }
  | { kind: 'checkOut' }
  /** The engine, when a call ends: after-call work for the tenant's duration (0: straight to idle). */
  | { kind: 'callEnded'; acwMs: number }
  /** The engine, when after-call work runs out. */
  | { kind: 'acwElapsed' };

export interface StatusRules {
  /** The tenant's not-ready reasons' ids. */
  reasonIds: readonly string[];
  /** The agent is in a call: they cannot check out until it ends. */
  inCall: boolean;
}

const refuse = (from: AgentStatus, to: string) => new ApiError('illegalAgentStatus', {}, { from, to });

function checkReason(status: 'idle' | 'busy', reasonId: string | null, rules: StatusRules): string | null {
  if (status === 'idle') {
    if (reasonId !== null)
      throw new ApiError(
        'invalidParams',
        { detail: 'reason_id' },
        { issues: [{ param: 'reason_id', reason: 'notAllowed' }] },
      );
    return null;
  }
  if (reasonId === null) {
    // A tenant without reasons lets agents be busy without one.
    if (rules.reasonIds.length === 0) return null;
    throw new ApiError(
      'invalidParams',
      { detail: 'reason_id' },
      { issues: [{ param: 'reason_id', reason: 'required' }] },
    );
  }
  if (!rules.reasonIds.includes(reasonId)) throw new ApiError('unknownReason');
  return reasonId;
}

/**
 * The agent status machine (DESIGN §7, after the FreeSWITCH callcenter module's statuses):
 *
 *   offline --checkIn--> idle | busy(reason)
 *   idle <--set--> busy(reason)          busy(reason) --set--> busy(other reason)
 *   idle | busy --callEnded--> acw(until) --acwElapsed--> idle
 *   acw --set--> idle | busy             (the agent ends after-call work early)
 *   idle | busy | acw --checkOut--> offline   (not while in a call)
 *   (status changes during a call are allowed: busy means no new call once this one ends)
 *
 * Anything else is refused with a coded error. Pure: the engine applies the result.
 */
export function nextStatus(
  current: AgentStatusState,
  request: StatusRequest,
  rules: StatusRules,
  now: number,
): AgentStatusState {
  const at = (status: AgentStatus, reasonId: string | null = null, acwUntil: number | null = null) => ({
    status,
    reasonId,
    since: now,
    acwUntil,
  });
  switch (request.kind) {
    case 'checkIn':
      if (current.status !== 'offline') throw new ApiError('alreadyCheckedIn');
      return at(request.status, checkReason(request.status, request.reasonId, rules));
    case 'set':
      if (current.status === 'offline') throw new ApiError('notCheckedIn');
      return at(request.status, checkReason(request.status, request.reasonId, rules));
    case 'checkOut':
      if (current.status === 'offline') throw new ApiError('notCheckedIn');
      if (rules.inCall) throw refuse(current.status, 'offline');
      return at('offline');
    case 'callEnded':
      if (current.status === 'offline') return current;
      return request.acwMs > 0 ? at('acw', null, now + request.acwMs) : at('idle');
    case 'acwElapsed':
      if (current.status !== 'acw') return current;
      return at('idle');
  }
}

export const offlineState = (now: number): AgentStatusState => ({
  status: 'offline',
  reasonId: null,
  since: now,
  acwUntil: null,
});
