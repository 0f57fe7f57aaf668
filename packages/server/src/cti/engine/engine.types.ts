/** What the engine is told of agents and tenants, and what it tells: shared by engine.ts and its parts. */
import type { AgentRole, NotReadyReason, WrapUpCode } from '@open/protocol/cti/protocol';
import type { AgentStatusState } from './agent-state.js';
import type { CallView } from './calls/call-model.js';

/** The call a colleague is on, as the directory and the supervisor's live panel show it. */
export type PresenceCall = Pick<
  CallView,
  'call_id' | 'call_type' | 'call_status' | 'caller' | 'callee' | 'created_at' | 'answered_at'
>;

/** What the engine needs to know of an agent (from the database, at authentication). */
export interface AgentProfile {
  id: string;
  tenantId: string;
  name: string;
  extension: string | null;
  role: AgentRole;
  assistantRobot: boolean;
  disabled: boolean;
}

export interface TenantProfile {
  id: string;
  name: string;
  defaultLang: string;
  acwSeconds: number;
  notReadyReasons: NotReadyReason[];
  displayNumbers: string[];
  wrapUpCodes: WrapUpCode[];
}

/** An event for one agent's phone (names and payloads: the catalogue in protocol/softphone). */
export type Publish = (agentId: string, name: string, data: Record<string, unknown>) => void;

/** What outlives the node that runs an agent (multi-node: kept in Redis, restored by the next owner). */
export interface AgentSnapshot {
  state: AgentStatusState;
  displayNumber: string | null;
}
