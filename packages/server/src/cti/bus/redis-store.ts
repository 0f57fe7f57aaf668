import { ctiLimits, type EventFrame } from '@open/protocol/cti/protocol';
import type { SavedAgent, SavedTenant, StoredSession, TenantStore } from './state-store.js';
import { quietly, type ClusterContext } from './redis-context.js';

/** How long state of a session or tenant is kept in Redis with nobody touching it (a safety net). */
const STATE_TTL_MS = 24 * 60 * 60 * 1000;

/** Which of these nodes are still alive (this one always is). */
export async function aliveNodes(ctx: ClusterContext, nodes: string[]): Promise<Set<string>> {
  const alive = new Set<string>([ctx.nodeId]);
  const answers = await Promise.all(nodes.map((node) => ctx.command.exists(ctx.key.node(node))));
  nodes.forEach((node, at) => {
    if (answers[at] === 1) alive.add(node);
  });
  return alive;
}

/** A tenant as its owner last saved it. */
async function loadTenant({ command, key }: ClusterContext, tenant: string): Promise<SavedTenant> {
  const [agents, sessions] = await Promise.all([
    command.hgetall(key.agents(tenant)),
    command.hgetall(key.sessions(tenant)),
  ]);
  const stored = Object.values(sessions).map((raw) => JSON.parse(raw) as StoredSession);
  const events = await Promise.all(stored.map((session) => command.lrange(key.events(session.id), 0, -1)));
  return {
    agents: Object.entries(agents).map(([agentId, raw]) => ({ agentId, saved: JSON.parse(raw) as SavedAgent })),
    sessions: stored.map((session, at) => ({
      stored: session,
      events: (events[at] ?? []).map((raw) => JSON.parse(raw) as EventFrame),
    })),
  };
}

/** Where the owner of a tenant saves its state in Redis as it changes, for the next owner. */
export function createRedisStore(ctx: ClusterContext): TenantStore {
  const { command, key } = ctx;
  return {
    saveSession(session: StoredSession) {
      command
        .multi()
        .hset(key.sessions(session.tenantId), session.id, JSON.stringify(session))
        .pexpire(key.sessions(session.tenantId), STATE_TTL_MS)
        .exec()
        .catch(quietly(ctx, 'saving a session'));
    },
    saveEvent(session, frame) {
      command
        .multi()
        .rpush(key.events(session.id), JSON.stringify(frame))
        .ltrim(key.events(session.id), -ctiLimits.replayEvents, -1)
        .pexpire(key.events(session.id), STATE_TTL_MS)
        .exec()
        .catch(quietly(ctx, 'saving an event'));
    },
    removeSession(session) {
      command
        .multi()
        .hdel(key.sessions(session.tenantId), session.id)
        .del(key.events(session.id))
        .exec()
        .catch(quietly(ctx, 'removing a session'));
    },
    resaveSession(session, events) {
      const write = command
        .multi()
        .hset(key.sessions(session.tenantId), session.id, JSON.stringify(session))
        .pexpire(key.sessions(session.tenantId), STATE_TTL_MS)
        .del(key.events(session.id));
      if (events.length > 0)
        write
          .rpush(key.events(session.id), ...events.map((frame) => JSON.stringify(frame)))
          .pexpire(key.events(session.id), STATE_TTL_MS);
      write.exec().catch(quietly(ctx, 'saving a session again'));
    },
    saveAgent(tenant, agentId, saved: SavedAgent | null) {
      const write = saved
        ? command
            .multi()
            .hset(key.agents(tenant), agentId, JSON.stringify(saved))
            .pexpire(key.agents(tenant), STATE_TTL_MS)
        : command.multi().hdel(key.agents(tenant), agentId);
      write.exec().catch(quietly(ctx, 'saving an agent'));
    },
    load: (tenant) => loadTenant(ctx, tenant),
    aliveNodes: (nodes) => aliveNodes(ctx, nodes),
  };
}
