import { describe, expect, it } from 'vitest';
import type { EventFrame } from '@open/protocol/cti/protocol';
import type { Executor } from '../../db/executor.js';
import { createManualScheduler } from '../../../test/manual-scheduler.js';
import { PROFILES, A1, A2, TENANT } from '../../../test/engine-world.js';
import type { SavedAgent, StoredSession, TenantStore } from '../bus/state-store.js';
import { createTenantHost, type LoadProfiles } from './tenant-host.js';

// The agents are as the CMS has them: the adopting node reads their profiles from here.
const loadProfiles: LoadProfiles = (_db, _tenantId, agentId) =>
  Promise.resolve({ profile: PROFILES[agentId as keyof typeof PROFILES], tenantProfile: TENANT });

/** What Redis holds of a tenant, kept the way bus/redis-bus.ts keeps it; reads take a moment, as over the network. */
function memoryStore() {
  const sessions = new Map<string, StoredSession>();
  const events = new Map<string, EventFrame[]>();
  const agents = new Map<string, SavedAgent>();
  const removed: string[] = [];
  const store: TenantStore = {
    saveSession: (session) => sessions.set(session.id, session),
    saveEvent: (session, frame) => events.set(session.id, [...(events.get(session.id) ?? []), frame]),
    removeSession: (session) => {
      removed.push(session.id);
      sessions.delete(session.id);
      events.delete(session.id);
    },
    resaveSession: (session, kept) => {
      sessions.set(session.id, session);
      events.set(session.id, kept);
    },
    saveAgent: (_tenant, agentId, saved) => {
      if (saved) agents.set(agentId, saved);
      else agents.delete(agentId);
    },
    load: async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return {
        agents: [...agents].map(([agentId, saved]) => ({ agentId, saved })),
        sessions: [...sessions.values()].map((stored) => ({ stored, events: events.get(stored.id) ?? [] })),
      };
    },
    // The node that ran the tenant is gone.
    aliveNodes: () => Promise.resolve(new Set<string>()),
  };
  return { store, sessions, agents, removed };
}

function host(store: TenantStore) {
  return createTenantHost({
    // Nothing here reaches the database: profiles come from the loader above, and no call ends.
    db: {} as unknown as Executor,
    loadProfiles,
    scheduler: createManualScheduler(),
    options: { heartbeatMs: 20_000, graceMs: 60_000 },
    delivery: { send: () => undefined, close: () => undefined },
    store,
  });
}

/** The node that ran the tenant: two agents signed in, one busy on a break, then it stopped. */
function savedByAnotherNode() {
  const saved = memoryStore();
  const before = host(saved.store);
  const ids = ([A1, A2] as const).map((agentId, at) => {
    const { session } = before.registry.open({
      agentId,
      tenantId: TENANT.id,
      lang: 'en',
      tokenExpiresAt: new Date(Date.now() + 60_000),
      link: { node: 'stopped-node', conn: `socket-${at}` },
    });
    before.engine.attach(PROFILES[agentId], TENANT);
    return session.id;
  });
  before.engine.checkIn(A1, 'busy', 'break');
  before.engine.checkIn(A2, 'idle', null);
  return { ...saved, ids };
}

describe('taking over a tenant another node ran', () => {
  it('keeps every session when many phones ask for the tenant at once (one adoption, however many asks)', async () => {
    const saved = savedByAnotherNode();
    const adopting = host(saved.store);
    await Promise.all(Array.from({ length: 20 }, () => adopting.port.adopt(TENANT.id)));
    expect(saved.removed).toEqual([]);
    for (const id of saved.ids) expect(adopting.registry.find(id)).toBeDefined();
    expect(adopting.engine.state(A1).status).toBe('busy');
    expect([...saved.agents.keys()].sort()).toEqual([A1, A2]);
  });

  it('keeps the sessions it already runs when it adopts the tenant again', async () => {
    const saved = savedByAnotherNode();
    const adopting = host(saved.store);
    await adopting.port.adopt(TENANT.id);
    await adopting.port.adopt(TENANT.id);
    expect(saved.removed).toEqual([]);
    for (const id of saved.ids) expect(adopting.registry.find(id)).toBeDefined();
  });

  it('is not idle while it loads the tenant (the lease ticker would let the tenant go half adopted)', async () => {
    const saved = savedByAnotherNode();
    const adopting = host(saved.store);
    const adoption = adopting.port.adopt(TENANT.id);
    expect(adopting.port.isIdle(TENANT.id)).toBe(false);
    await adoption;
    expect(adopting.port.isIdle(TENANT.id)).toBe(false);
  });
});
