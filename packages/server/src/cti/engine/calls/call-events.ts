import type { transferOutcomes } from '@open/protocol/softphone/catalogue';
import type { Scheduler } from '../scheduler.js';
import { audience } from './call-index.js';
import type { AgentDesk, Call, CallRecord, CallStatus, CallView } from './call-model.js';

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export type TransferOutcome = (typeof transferOutcomes)[number];

/** What the book's parts share: its calls, the agents' side, time, and where records go. */
export interface BookContext {
  calls: Map<string, Call>;
  agents: AgentDesk;
  scheduler: Scheduler;
  onEnded: (records: CallRecord[]) => void;
  /** Run when a call leaves the book (the queue forgets it). */
  removedHooks: ((call: Call) => void)[];
  reindex: (call: Call) => void;
}

export function viewOf(agents: AgentDesk, call: Call, forAgent: string): CallView {
  const peerId = call.type === 'internal' ? (forAgent === call.agentId ? call.peerAgentId : call.agentId) : null;
  const peer = peerId ? agents.profile(peerId) : null;
  return {
    call_id: call.id,
    call_type: call.type,
    call_status: call.status,
    caller: call.caller,
    callee: call.callee,
    display_number: call.displayNumber,
    created_at: new Date(call.createdAt).toISOString(),
    answered_at: iso(call.answeredAt),
    ended_at: iso(call.endedAt),
    outcome: call.outcome,
    end_reason: call.endReason,
    muted: call.muted.has(forAgent),
    held: call.status === 'held',
    peer: peerId && peer ? { agent_id: peerId, name: peer.name, extension: peer.extension } : null,
    supervisors: [...call.supervisors].map(([id, mode]) => ({ agent_id: id, name: agents.profile(id).name, mode })),
    attached_data: call.data,
    transfer: call.transfer,
    consult_of: call.consultOf,
    trunk: call.line?.trunk ?? null,
    connecting: call.connecting && call.agentId === forAgent,
  };
}

export const dataChanged = (agents: AgentDesk, call: Call, to = audience(call)) => {
  for (const id of to) agents.publish(id, 'callDataChange', { call_id: call.id, call: viewOf(agents, call, id) });
};

/** Tells the agent who passed the call on what became of it, once. */
export function settleTransfer(agents: AgentDesk, call: Call, outcome: TransferOutcome) {
  const pending = call.pendingTransfer;
  if (!pending) return;
  call.pendingTransfer = null;
  agents.publish(pending.fromAgentId, 'transferOutcome', {
    call_id: call.id,
    number: pending.number,
    kind: pending.kind,
    outcome,
  });
}

export function setStatus(
  { agents, scheduler }: Pick<BookContext, 'agents' | 'scheduler'>,
  call: Call,
  status: CallStatus,
) {
  const previous = call.status;
  if (previous === status) return;
  call.status = status;
  if (status === 'talking') {
    if (call.answeredAt === null) call.answeredAt = scheduler.now();
    if (call.agentId) call.talkedWith.add(call.agentId);
    if (call.type === 'internal' && call.peerAgentId) call.talkedWith.add(call.peerAgentId);
    settleTransfer(agents, call, 'answered');
  }
  for (const id of audience(call)) {
    agents.publish(id, 'callStatusChange', { call_id: call.id, call_status: status, previous });
  }
  dataChanged(agents, call);
}

/** A call reaches an agent's phone: its type first, then its status and data. */
export function present(agents: AgentDesk, call: Call, agentId: string) {
  agents.publish(agentId, 'callTypeChange', { call_id: call.id, call_type: call.type });
  agents.publish(agentId, 'callStatusChange', { call_id: call.id, call_status: call.status, previous: null });
  dataChanged(agents, call, [agentId]);
}

/** A call rang at an agent's phone and was not answered there: the phone is told why. */
export function missed(agents: AgentDesk, call: Call, agentId: string, reason: 'noAnswer' | 'cancelled') {
  agents.publish(agentId, 'callMissed', { call_id: call.id, caller: call.caller, reason });
}
