import { ApiError } from '../../../errors.js';
import type { CallBook } from './call-book.js';
import type { AgentDesk, Call, TransferInfo, TransferKind } from './call-model.js';

/** Who passed a call on, and how, as the receiving agent's phone shows it. */
export function transferInfo(agents: AgentDesk, kind: TransferKind, fromAgent: string): TransferInfo {
  const from = agents.profile(fromAgent);
  return { kind, from_agent_id: fromAgent, from_name: from.name, from_extension: from.extension };
}

/** The agent's own call with an outside party, talking or held: the only kind that may be passed on. */
export function ownCall(book: CallBook, agentId: string, callId: string | null): Call {
  const call = book.callOf(agentId, callId);
  if (call.type === 'internal' || call.agentId !== agentId)
    throw new ApiError('illegalCallState', {}, { state: call.type });
  if (call.status !== 'talking' && call.status !== 'held')
    throw new ApiError('illegalCallState', {}, { state: call.status });
  return call;
}
