import type { EventFrame } from '@open/protocol/cti/protocol';
import type { AgentSnapshot } from '../engine/engine.js';
import type { LinkAddress } from './bus.js';

/**
 * What the owner of a tenant saves as it goes, so the next owner can take the tenant over when
 * this one dies (multi-node: Redis, bus/redis-bus.ts). On one node nothing is saved.
 */

/** A session as it is saved: everything but its timers and its buffer of events. */
export interface StoredSession {
  id: string;
  agentId: string;
  tenantId: string;
  lang: string;
  tokenExpiresAt: string;
  resumeKey: string;
  link: LinkAddress | null;
}

/** Where sessions are saved as they change. */
export interface SessionStore {
  saveSession(session: StoredSession): void;
  saveEvent(session: { id: string; tenantId: string }, frame: EventFrame): void;
  removeSession(session: { id: string; tenantId: string }): void;
}

export const noSessionStore: SessionStore = { saveSession() {}, saveEvent() {}, removeSession() {} };

export interface SavedAgent extends AgentSnapshot {
  /** The calls the agent is in: a node that takes over tells the phone they ended. */
  calls: string[];
}

export interface SavedTenant {
  agents: { agentId: string; saved: SavedAgent }[];
  sessions: { stored: StoredSession; events: EventFrame[] }[];
}

export interface TenantStore extends SessionStore {
  saveAgent(tenantId: string, agentId: string, saved: SavedAgent | null): void;
  /** A session and its kept events, replacing what the store had of them. */
  resaveSession(session: StoredSession, events: EventFrame[]): void;
  load(tenantId: string): Promise<SavedTenant>;
  /** Which of these nodes are still alive. */
  aliveNodes(nodes: string[]): Promise<Set<string>>;
}

export const noTenantStore: TenantStore = {
  ...noSessionStore,
  saveAgent() {},
  resaveSession() {},
  load: () => Promise.resolve({ agents: [], sessions: [] }),
  aliveNodes: (nodes) => Promise.resolve(new Set(nodes)),
};
