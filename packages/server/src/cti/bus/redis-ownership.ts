import { ApiError } from '../../errors.js';
import type { CallOptions } from './bus.js';
import { quietly, type ClusterContext } from './redis-context.js';
import { NotOwner, request, resumeUndelivered, runHere } from './redis-routing.js';
import { aliveNodes } from './redis-store.js';

// Compare-and-act on a lease, so a node never renews or drops a lease another node took.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

const sleep = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Redis cannot be reached, or failed a command: the call centre answers `callCentreUnavailable`
 * (a code the phone tries again on), never a 500 or a request left waiting.
 */
async function orUnavailable<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (error) {
    if (error instanceof ApiError || error instanceof NotOwner) throw error;
    throw new ApiError('callCentreUnavailable');
  }
}

/** Drops this node's lease on a tenant, unless another node holds it now. */
export const releaseLease = (ctx: ClusterContext, tenant: string) =>
  ctx.command.eval(RELEASE, 1, ctx.key.lease(tenant), ctx.nodeId);

/** Says this node is alive, for as long as a lease. */
export const markAlive = (ctx: ClusterContext) => ctx.command.set(ctx.key.node(ctx.nodeId), '1', 'PX', ctx.leaseMs);

/**
 * Keeps a tenant's lease: renews it, or takes it again when it is gone (it ran out, or Redis
 * restarted empty) and no other node holds it. False when another node runs the tenant now.
 */
async function keepLease(ctx: ClusterContext, tenant: string): Promise<boolean> {
  const { command, key, nodeId, leaseMs } = ctx;
  if ((await command.eval(RENEW, 1, key.lease(tenant), nodeId, String(leaseMs))) === 1) return true;
  if ((await command.set(key.lease(tenant), nodeId, 'PX', leaseMs, 'NX')) === 'OK') return true;
  // Another node runs it now (this one was too slow to renew): step aside.
  ctx.owned.delete(tenant);
  ctx.host?.forget(tenant);
  ctx.log.warn({ tenant }, 'cti: lost the lease on a tenant');
  return false;
}

/**
 * Redis is back. It may have restarted empty, and saves made while it was away were lost: this
 * node says it is alive, takes its tenants' leases again before any other node may claim them
 * (they wait a lease after their own reconnection), and saves their whole state again.
 */
export async function recover(ctx: ClusterContext) {
  await markAlive(ctx);
  for (const tenant of [...ctx.owned.keys()]) {
    if (!(await keepLease(ctx, tenant))) continue;
    await ctx.owned.get(tenant);
    ctx.host?.resave(tenant);
  }
  resumeUndelivered(ctx);
}

/** Every third of a lease: this node is alive, its tenants stay its own, and dead nodes' sockets are let go. */
export async function tick(ctx: ClusterContext) {
  if (ctx.lost) return;
  await markAlive(ctx);
  for (const tenant of [...ctx.owned.keys()]) {
    if (ctx.host?.isIdle(tenant)) {
      ctx.owned.delete(tenant);
      await releaseLease(ctx, tenant);
      continue;
    }
    await keepLease(ctx, tenant);
  }
  resumeUndelivered(ctx);
  // Other nodes say they are alive again within a third of a lease of their reconnection.
  if (Date.now() - ctx.recoveredAt < ctx.leaseMs) return;
  const others = [...(ctx.host?.linkNodes() ?? [])].filter((node) => node !== ctx.nodeId);
  const alive = await aliveNodes(ctx, others);
  for (const node of others) if (!alive.has(node)) ctx.host?.nodeLost(node);
}

/** Claims a free tenant for this node and loads its state; false if another node got there first. */
async function claim(ctx: ClusterContext, tenant: string): Promise<boolean> {
  const { command, key, nodeId, leaseMs } = ctx;
  const won = await orUnavailable(() => command.set(key.lease(tenant), nodeId, 'PX', leaseMs, 'NX'));
  if (won !== 'OK' || !ctx.host) return false;
  const adoption = ctx.host.adopt(tenant);
  ctx.owned.set(tenant, adoption);
  try {
    await adoption;
  } catch (error) {
    ctx.owned.delete(tenant);
    await releaseLease(ctx, tenant).catch(quietly(ctx, 'releasing a lease'));
    if (error instanceof ApiError) throw error;
    // Its state could not be read (Redis or the database went meanwhile): the phone tries again.
    ctx.log.warn({ err: error, tenant }, 'cti: could not take a tenant over');
    throw new ApiError('callCentreUnavailable');
  }
  return true;
}

/**
 * Whether this node runs the tenant once this returns, claiming it when no node does; false when
 * another node holds its lease (its INVITE belongs there: the SIP edge tries that node next).
 */
export async function ownTenant(ctx: ClusterContext, tenant: string): Promise<boolean> {
  if (ctx.closing) return false;
  for (let tries = 0; tries < 3; tries += 1) {
    const adoption = ctx.owned.get(tenant);
    if (adoption) {
      await adoption;
      return true;
    }
    const owner = await orUnavailable(() => ctx.command.get(ctx.key.lease(tenant)));
    if (owner === null) {
      if (await claim(ctx, tenant)) return true;
      continue; // another node claimed it meanwhile: look again
    }
    if (owner !== ctx.nodeId) return false;
    // Ours but let go (a renewal raced a release): take it back, as callOwner does.
    if (ctx.host && !ctx.owned.has(tenant)) ctx.owned.set(tenant, ctx.host.adopt(tenant));
  }
  return false;
}

/** Runs an operation on the node that owns the tenant, claiming the tenant when no node does. */
export async function callOwner(
  ctx: ClusterContext,
  tenant: string,
  call: { op: string; args: unknown },
  callOptions: CallOptions = {},
): Promise<unknown> {
  const { op, args } = call;
  // A node that is stopping takes no tenant on: a claim now would hold the lease from the
  // node that takes over, for a whole lease.
  if (ctx.closing) throw new ApiError('callCentreUnavailable');
  // Long enough for a dead owner's lease to run out and another node to adopt the tenant.
  const deadline = Date.now() + ctx.leaseMs * 3;
  for (;;) {
    if (ctx.owned.has(tenant)) return runHere(ctx, tenant, op, args);
    const owner = await orUnavailable(() => ctx.command.get(ctx.key.lease(tenant)));
    if (owner === null) {
      if (callOptions.ifOwned) return null;
      // Just back from a Redis outage: the owner may not have taken its lease again yet.
      if (Date.now() - ctx.recoveredAt < ctx.leaseMs) {
        if (Date.now() >= deadline) throw new ApiError('callCentreUnavailable');
        await sleep(Math.min(200, ctx.leaseMs / 5));
        continue;
      }
      await claim(ctx, tenant);
      continue;
    }
    if (owner === ctx.nodeId) {
      // The lease is ours but the tenant was let go (a renewal raced a release): take it back,
      // unless a claim made while this lookup was on its way has adopted it already (many
      // phones resuming at once after a restart): a second adoption would start over.
      if (ctx.host && !ctx.owned.has(tenant)) ctx.owned.set(tenant, ctx.host.adopt(tenant));
      continue;
    }
    try {
      const timeoutMs = Math.max(100, Math.min(ctx.leaseMs, deadline - Date.now()));
      return await orUnavailable(() => request(ctx, owner, { tenant, op, args }, timeoutMs));
    } catch (error) {
      if (!(error instanceof NotOwner)) throw error;
      if (Date.now() >= deadline) throw new ApiError('callCentreUnavailable');
      // The owner is gone or moving: wait for its lease to run out, then look again.
      await sleep(Math.min(200, ctx.leaseMs / 5));
    }
  }
}
