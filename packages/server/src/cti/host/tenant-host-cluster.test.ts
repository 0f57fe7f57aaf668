import { describe, expect, it } from 'vitest';
import { closeCodes } from '@open/protocol/cti/protocol';
import type { Executor } from '../../db/executor.js';
import { createManualScheduler } from '../../../test/manual-scheduler.js';
import { PROFILES, A1, TENANT } from '../../../test/engine-world.js';
import type { LinkAddress } from '../bus/bus.js';
import { noTenantStore, type StoredSession, type TenantStore } from '../bus/state-store.js';
import { loadProfiles } from '../profiles.js';
import { createTenantHost } from './tenant-host.js';

/** What the owner of a tenant does for the Redis bus when Redis comes back or the lease is lost. */
function world() {
  const saved: { sessions: StoredSession[]; resaved: { session: StoredSession; events: number }[]; agents: string[] } =
    {
      sessions: [],
      resaved: [],
      agents: [],
    };
  const store: TenantStore = {
    ...noTenantStore,
    saveSession: (session) => saved.sessions.push(session),
    resaveSession: (session, events) => saved.resaved.push({ session, events: events.length }),
    saveAgent: (_tenant, agentId) => saved.agents.push(agentId),
  };
  const closed: { link: LinkAddress; code: number; reason: string }[] = [];
  const scheduler = createManualScheduler();
  const host = createTenantHost({
    // Nothing here reaches the database: no call ends.
    db: {} as unknown as Executor,
    scheduler,
    loadProfiles,
    options: { heartbeatMs: 20_000, graceMs: 60_000 },
    delivery: { send: () => undefined, close: (link, code, reason) => closed.push({ link, code, reason }) },
    store,
  });
  const link = { node: 'node-b', conn: 'socket-1' };
  const { session } = host.registry.open({
    agentId: A1,
    tenantId: TENANT.id,
    lang: 'en',
    tokenExpiresAt: new Date(scheduler.now() + 60_000),
    link,
  });
  host.engine.attach(PROFILES[A1], TENANT);
  host.engine.checkIn(A1, 'busy', 'break');
  return { host, saved, closed, session, link, scheduler };
}

describe('the owner of a tenant with Redis', () => {
  it('saves every session with its events and every agent again (Redis came back, maybe empty)', () => {
    const { host, saved, session } = world();
    saved.agents.length = 0;
    host.port.resave(TENANT.id);
    expect(saved.resaved).toHaveLength(1);
    expect(saved.resaved[0]?.session).toMatchObject({ id: session.id, link: session.link });
    expect(saved.resaved[0]?.events).toBe(session.recent.size);
    expect(session.recent.size).toBeGreaterThan(0);
    expect(saved.agents).toEqual([A1]);
  });

  it('puts a session whose frames were lost in its grace period, so its phone resumes and gets them again', () => {
    const { host, saved, session, link } = world();
    host.port.linkLost({ ...link, conn: 'another-socket' });
    expect(session.link).toEqual(link);
    host.port.linkLost(link);
    expect(session.link).toBeNull();
    expect(saved.sessions.at(-1)).toMatchObject({ id: session.id, link: null });
  });

  it('closes its sessions’ sockets with 1001 when another node runs the tenant now, so they resume there', () => {
    const { host, closed, link } = world();
    host.port.forget(TENANT.id);
    expect(closed).toEqual([{ link, code: closeCodes.goingAway, reason: 'ownerMoved' }]);
    expect(host.port.isIdle(TENANT.id)).toBe(true);
  });
});
