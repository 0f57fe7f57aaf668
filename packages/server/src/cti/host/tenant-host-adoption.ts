import type { SavedAgent } from '../bus/state-store.js';
import type { HostContext } from './tenant-host-context.js';

/**
 * Takes over a tenant as its last owner saved it (bus/redis-bus.ts: a node died or restarted).
 * One adoption per tenant at a time: a second one would find the sessions the first
 * restored, count their agents as sessionless, and end them all.
 */
export function adoptOnce(ctx: HostContext, tenantId: string): Promise<void> {
  const running = ctx.adoptions.get(tenantId);
  if (running) return running;
  const adoption = adopt(ctx, tenantId).finally(() => {
    ctx.adoptions.delete(tenantId);
  });
  ctx.adoptions.set(tenantId, adoption);
  return adoption;
}

async function adopt(ctx: HostContext, tenantId: string): Promise<void> {
  const { store, registry } = ctx;
  const state = await store.load(tenantId);
  const linkNodes = state.sessions.flatMap(({ stored }) => (stored.link ? [stored.link.node] : []));
  const alive = await store.aliveNodes([...new Set(linkNodes)]);
  const withSession = new Set<string>();
  for (const { stored, events } of state.sessions) {
    // Already here (this node ran the tenant on): its agent keeps it.
    if (!registry.find(stored.id))
      registry.restore(stored, events, stored.link !== null && alive.has(stored.link.node));
    withSession.add(stored.agentId);
  }
  for (const agent of state.agents) {
    await adoptAgent(ctx, tenantId, agent, withSession.has(agent.agentId));
  }
}

/** An agent of an adopted tenant: back in the engine if it is still enabled and has a session, else let go. */
async function adoptAgent(
  ctx: HostContext,
  tenantId: string,
  { agentId, saved: snapshot }: { agentId: string; saved: SavedAgent },
  hasSession: boolean,
) {
  const { registry, store, engine } = ctx;
  let profiles;
  try {
    profiles = await ctx.loadProfiles(ctx.db, tenantId, agentId);
  } catch {
    // Disabled or removed while their node was down.
    profiles = undefined;
  }
  if (!profiles || !hasSession) {
    const session = registry.forAgent(agentId);
    if (session) registry.end(session);
    store.saveAgent(tenantId, agentId, null);
    return;
  }
  engine.restore(profiles.profile, profiles.tenantProfile, snapshot);
  ctx.agents.save(agentId, tenantId, { state: snapshot.state, displayNumber: snapshot.displayNumber, calls: [] });
  // Calls lived in the memory of the node that is gone: they ended with it.
  for (const callId of snapshot.calls) {
    registry.publish(agentId, 'callStatusChange', { call_id: callId, call_status: 'ended', previous: null });
  }
}
