/** Wrap-ups: what an agent says became of a call, on the call or after it (issue #41). */
import type { WrapUp } from '@open/protocol/cti/protocol';
import { ApiError } from '../../errors.js';
import type { CallRecord } from './calls/call-model.js';
import type { AgentRegistry } from './engine-agents.js';
import type { Publish } from './engine.types.js';
import type { Scheduler } from './scheduler.js';

const blankToNull = (text: string | null) => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** A call record's key: the call and the agent whose record it is. */
export interface RecordKey {
  callId: string;
  agentId: string;
  tenantId: string;
}

/**
 * Wrap-up (disposition) codes, issue #41: an agent says what became of a call, from the tenant's
 * list, with a note. On a call they are on, it goes into the record the call leaves them; on the
 * last call they ended (in after-call work, typically), the record was already handed over, so
 * `onLateWrapUp` updates it. One wrap-up per agent and call: a second one replaces the first.
 * The last call stays open to a wrap-up until the agent ends another one, or leaves this engine.
 */
export function createWrapUps({
  registry,
  scheduler,
  publish,
  partyCallId,
  onLateWrapUp,
}: {
  registry: AgentRegistry;
  scheduler: Scheduler;
  publish: Publish;
  /** The id of the agent's live call (`callId`, or their first when null) that they are a party of; null when none. */
  partyCallId: (agentId: string, callId: string | null) => string | null;
  onLateWrapUp: (record: RecordKey, wrapUp: WrapUp) => void;
}) {
  /** Wrap-ups chosen during calls that go on, by `call id + agent id`. */
  const onCalls = new Map<string, WrapUp>();
  /** Each agent's last ended call: the one a wrap-up without a live call is for. */
  const lastEnded = new Map<string, RecordKey>();
  const key = (callId: string, agentId: string) => `${callId}\n${agentId}`;

  return {
    /** The records of a call that ended (for some of its agents): each with its agent's wrap-up. */
    ended(records: CallRecord[]): CallRecord[] {
      return records.map((record) => {
        lastEnded.set(record.agent_id, {
          callId: record.call_id,
          agentId: record.agent_id,
          tenantId: record.tenant_id,
        });
        const chosen = onCalls.get(key(record.call_id, record.agent_id));
        if (!chosen) return record;
        onCalls.delete(key(record.call_id, record.agent_id));
        return { ...record, wrap_up: chosen };
      });
    },

    set(agentId: string, callId: string | null, codeId: string, note: string | null) {
      const agent = registry.runtime(agentId);
      const code = agent.tenant.wrapUpCodes.find((c) => c.id === codeId);
      if (!code) throw new ApiError('unknownWrapUpCode');
      const wrapUp: WrapUp = {
        code_id: code.id,
        name: code.name,
        note: blankToNull(note),
        set_at: new Date(scheduler.now()).toISOString(),
      };
      const live = partyCallId(agentId, callId);
      const last = lastEnded.get(agentId);
      let wrapped: string;
      if (live !== null) {
        onCalls.set(key(live, agentId), wrapUp);
        wrapped = live;
      } else if (last && (callId === null || callId === last.callId)) {
        onLateWrapUp(last, wrapUp);
        wrapped = last.callId;
      } else {
        throw new ApiError('callNotFound');
      }
      publish(agentId, 'wrapUpChange', { call_id: wrapped, wrap_up: wrapUp });
      return { call_id: wrapped, wrap_up: wrapUp };
    },

    /** The agent left this engine: their last call is no longer open to a wrap-up here. */
    forget(agentId: string) {
      lastEnded.delete(agentId);
    },
  };
}
