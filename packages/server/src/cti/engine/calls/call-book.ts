import { randomUUID } from 'node:crypto';
import type { Scheduler } from '../scheduler.js';
import { end, leave } from './call-ending.js';
import {
  dataChanged,
  missed,
  present,
  setStatus,
  settleTransfer,
  viewOf,
  type BookContext,
  type TransferOutcome,
} from './call-events.js';
import { audience, createCallIndex } from './call-index.js';
import type { AgentDesk, Call, CallEndReason, CallOutcome, CallRecord, CallStatus } from './call-model.js';

/**
 * The calls of one engine and what every part of the call desk does with them: find a call,
 * index it by agent (call-index.ts), show it to a phone (call-events.ts), change its status, end
 * it (call-ending.ts). The placing, queue, transfer and supervision modules each build on this book.
 */
export function createCallBook({
  scheduler,
  agents,
  onEnded,
}: {
  scheduler: Scheduler;
  agents: AgentDesk;
  onEnded: (records: CallRecord[]) => void;
}) {
  const calls = new Map<string, Call>();
  const { reindex, callsOf, inCall, callOf } = createCallIndex(calls);
  const context: BookContext = { calls, agents, scheduler, onEnded, removedHooks: [], reindex };

  return {
    calls,
    agents,
    scheduler,
    audience,
    reindex,
    callsOf,
    inCall,
    view: (call: Call, forAgent: string) => viewOf(agents, call, forAgent),
    dataChanged: (call: Call, to?: string[]) => {
      dataChanged(agents, call, to);
    },
    setStatus: (call: Call, status: CallStatus) => {
      setStatus(context, call, status);
    },
    settleTransfer: (call: Call, outcome: TransferOutcome) => {
      settleTransfer(agents, call, outcome);
    },
    present: (call: Call, agentId: string) => {
      present(agents, call, agentId);
    },
    later: (call: Call, ms: number, run: () => void) => {
      call.cancelTimers.push(scheduler.after(ms, run));
    },
    missed: (call: Call, agentId: string, reason: 'noAnswer' | 'cancelled') => {
      missed(agents, call, agentId, reason);
    },
    leave: (call: Call, agentId: string) => {
      leave(context, call, agentId);
    },
    end: (call: Call, outcome: CallOutcome, reason: CallEndReason | null = null) => {
      end(context, call, outcome, reason);
    },
    callOf,
    newCall: (fields: NewCallFields) => newCall(context, fields),
    onRemoved(hook: (call: Call) => void) {
      context.removedHooks.push(hook);
    },
  };
}

/** What a new call is opened with; the rest starts empty, ringing, now. */
type NewCallFields = Pick<
  Call,
  'tenantId' | 'type' | 'caller' | 'callee' | 'displayNumber' | 'agentId' | 'peerAgentId'
> &
  Partial<Pick<Call, 'data' | 'transfer' | 'consultOf'>>;

function newCall({ calls, scheduler, reindex }: BookContext, fields: NewCallFields) {
  const call: Call = {
    data: {},
    transfer: null,
    consultOf: null,
    ...fields,
    id: randomUUID(),
    status: 'ringing',
    muted: new Set(),
    supervisors: new Map(),
    createdAt: scheduler.now(),
    answeredAt: null,
    connecting: false,
    endedAt: null,
    outcome: null,
    endReason: null,
    offeredTo: [],
    talkedWith: new Set(),
    touchedBy: new Set(),
    consult: null,
    queuedAt: null,
    pendingTransfer: null,
    dtmf: '',
    cancelTimers: [],
    line: null,
  };
  calls.set(call.id, call);
  reindex(call);
  return call;
}

export type CallBook = ReturnType<typeof createCallBook>;
