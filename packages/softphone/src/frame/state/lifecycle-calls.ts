/**
 * The calls the host page was told are live (lifecycle.ts): followed from the engine's events,
 * read from a `ready`, and ended for the page when the server ended them unseen.
 */
import type { ReadyFrame } from '@open/protocol/cti/protocol';
import type { callStatuses } from '@open/protocol/softphone/catalogue';
import type { PhoneEvent } from './phone-event.js';

export type CallStatus = (typeof callStatuses)[number];

const isCallStatus = (value: unknown): value is CallStatus =>
  value === 'ringing' || value === 'talking' || value === 'held' || value === 'ended';

/** The calls a `ready` frame lists (the server adds them to its agent), or null when it lists none. */
export function callsOf(ready: ReadyFrame): Map<string, CallStatus> | null {
  const calls = (ready.agent as { calls?: unknown }).calls;
  if (!Array.isArray(calls)) return null;
  const found = new Map<string, CallStatus>();
  for (const call of calls as { call_id?: unknown; call_status?: unknown }[]) {
    if (typeof call.call_id === 'string' && isCallStatus(call.call_status) && call.call_status !== 'ended')
      found.set(call.call_id, call.call_status);
  }
  return found;
}

/** callStatusChange `ended` for each call the page still believes live, which the server ended. */
export function endCalls(calls: Map<string, CallStatus>, which: (callId: string) => boolean): PhoneEvent[] {
  const ended: PhoneEvent[] = [];
  for (const [callId, status] of calls) {
    if (!which(callId)) continue;
    calls.delete(callId);
    ended.push({ name: 'callStatusChange', data: { call_id: callId, call_status: 'ended', previous: status } });
  }
  return ended;
}

export function track(calls: Map<string, CallStatus>, callId: unknown, status: unknown) {
  if (typeof callId !== 'string' || !isCallStatus(status)) return;
  if (status === 'ended') calls.delete(callId);
  else calls.set(callId, status);
}
