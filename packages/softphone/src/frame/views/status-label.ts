/**
 * What the status bar calls the agent. The engine leaves the status as it was during a call (an
 * agent ready before the call is still `idle`), so 'Ready' would show while the agent talks.
 */
import type { AgentState } from '@open/protocol/cti/protocol';
import { isOffered, type CallView } from '../state/phone-store.js';
import type { PhoneKey } from '../i18n.js';

/**
 * A call is in progress once it is answered or this agent placed it; a call only ringing here
 * leaves the agent's status as it is until they take it.
 */
export const onCall = (calls: readonly CallView[], extension: string | null): boolean =>
  calls.some((call) => call.call_status !== 'ended' && !isOffered(call, extension));

export function statusLabelKey(agent: Pick<AgentState, 'status' | 'extension'>, calls: readonly CallView[]): PhoneKey {
  return onCall(calls, agent.extension) ? 'softphone.ui.onCall' : `softphone.ui.agentStatus.${agent.status}`;
}
