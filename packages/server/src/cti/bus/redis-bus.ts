import { ApiError } from '../../errors.js';
import type { CtiBus } from './bus.js';
import { chore, createClusterContext, watchConnection, type RedisClusterOptions } from './redis-context.js';
import { callOwner, markAlive, ownTenant, recover, releaseLease, tick } from './redis-ownership.js';
import { deliver, onMessage, postQuietly } from './redis-routing.js';
import { createRedisStore } from './redis-store.js';
import type { TenantStore } from './state-store.js';

export type { RedisClusterOptions } from './redis-context.js';

/**
 * The call centre across nodes (DESIGN §3, the shape of actor sharding): each tenant runs on one
 * node at a time, which holds a lease on it in Redis and renews it. Other nodes forward their
 * agents' operations to the owner over pub/sub and get its frames back the same way. The owner
 * saves its sessions, events and agents' states in Redis as they change, so when it dies (its
 * lease runs out), the next node to need the tenant adopts it and the agents resume there.
 *
 * The parts, beside this file: redis-context.ts (the connections and what the parts share),
 * redis-ownership.ts (leases, claims, recovery), redis-routing.ts (messages between nodes) and
 * redis-store.ts (the tenants' saved state).
 */
export function createRedisCluster(options: RedisClusterOptions): { bus: CtiBus; store: TenantStore } {
  const ctx = createClusterContext(options);
  const { nodeId, leaseMs, command, subscriber, key, sockets } = ctx;
  let ticker: NodeJS.Timeout | undefined;
  watchConnection(ctx, () => recover(ctx));

  const bus: CtiBus = {
    nodeId,

    async start(given) {
      ctx.host = given;
      await Promise.all([command.connect(), subscriber.connect()]);
      subscriber.on('message', (_channel: string, raw: string) => {
        onMessage(ctx, raw);
      });
      await subscriber.subscribe(key.channel(nodeId));
      await markAlive(ctx);
      ticker = setInterval(() => {
        chore(ctx, 'lease renewal', () => tick(ctx));
      }, leaseMs / 3);
      ticker.unref();
    },

    call: (tenant, op, args, callOptions) => callOwner(ctx, tenant, { op, args }, callOptions),
    own: (tenant) => ownTenant(ctx, tenant),

    delivery: {
      send(to, frame) {
        if (to.node === nodeId) sockets.send(to.conn, frame);
        else deliver(ctx, to, { t: 'frame', conn: to.conn, frame });
      },
      close(to, code, reason) {
        if (to.node === nodeId) sockets.close(to.conn, code, reason);
        else postQuietly(ctx, to.node, { t: 'close', conn: to.conn, code, reason });
      },
    },

    attachSocket: (conn, socket) => sockets.attach(conn, socket),

    useLogger(logger) {
      ctx.log = logger;
    },

    async close() {
      ctx.closing = true;
      clearInterval(ticker);
      await ctx.chores;
      for (const waiting of ctx.pending.values()) waiting.reject(new ApiError('callCentreUnavailable'));
      ctx.pending.clear();
      // The state is already in Redis: letting the leases go hands the tenants over at once. With
      // Redis away they run out by themselves: a stop must not fail for it.
      await Promise.allSettled([
        ...[...ctx.owned.keys()].map((tenant) => releaseLease(ctx, tenant)),
        command.del(key.node(nodeId)),
      ]);
      ctx.owned.clear();
      await Promise.allSettled([subscriber.quit(), command.quit()]);
    },
  };

  return { bus, store: createRedisStore(ctx) };
}
