import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { normaliseDid } from './trunk.data.js';
import type { TrunkSettings } from './trunk-settings.js';

/**
 * The keys the SIP edge (deploy/kamailio/kamailio.cfg) reads to route a carrier's INVITE, under
 * the cluster's REDIS_PREFIX. With the lease the call centre keeps per tenant
 * (`<prefix>lease:<tenant>` holds the owner's node id), they take an INVITE from its DID to the
 * node that runs the tenant.
 */
export const edgeKeys = (prefix: string) => ({
  /** Hash: DID (as `normaliseDid` writes it: no '+', no separators) to tenant id. */
  dids: `${prefix}sip:dids`,
  /** Hash: tenant id to its trunk's allowed sources, comma-separated (addresses and CIDR prefixes). */
  sources: `${prefix}sip:sources`,
  /** String: every switched-on trunk's allowed sources, comma-separated (carriers' OPTIONS). */
  carriers: `${prefix}sip:carriers`,
  /** String, expiring with the node: where the edge reaches a node's SIP user agent, `host:port`. */
  node: (nodeId: string) => `${prefix}sip:node:${nodeId}`,
});

/** What the edge is told of the switched-on trunks, as Redis holds it. */
export function edgeRoutesOf(trunks: readonly Pick<TrunkSettings, 'tenantId' | 'dids' | 'allowedSources'>[]) {
  const dids: Record<string, string> = {};
  const sources: Record<string, string> = {};
  const carriers = new Set<string>();
  for (const trunk of trunks) {
    for (const did of trunk.dids) dids[normaliseDid(did)] = trunk.tenantId;
    sources[trunk.tenantId] = trunk.allowedSources.join(',');
    for (const source of trunk.allowedSources) carriers.add(source);
  }
  return { dids, sources, carriers: [...carriers].join(',') };
}

type EdgeLog = Pick<FastifyBaseLogger, 'warn' | 'info'>;

export interface EdgeRoutes {
  /**
   * Writes this node's address (`host:port`, as the edge reaches its SIP user agent) and the
   * trunks' routes now; then keeps them fresh until `close`.
   */
  start(node: { address: string; trunks: () => Promise<TrunkSettings[]>; log: EdgeLog }): Promise<void>;
  /** A trunk was saved or removed: the routes are written again at once. */
  republish(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A node behind the edge (SIP_EDGE with REDIS_URL) tells it, through the cluster's Redis, where
 * its SIP user agent is (refreshed every third of a lease, gone a lease after the node dies) and
 * which DIDs ring which tenant from which sources (whole, in one transaction, on every trunk save,
 * every minute, and within a third of a lease of Redis losing them).
 */
export function createEdgeRoutes(options: {
  url: string;
  prefix: string;
  nodeId: string;
  leaseMs: number;
}): EdgeRoutes {
  const { prefix, nodeId, leaseMs } = options;
  let log: EdgeLog = console;
  const keys = edgeKeys(prefix);
  const redis = new Redis(options.url, {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    enableOfflineQueue: false,
    retryStrategy: (times: number) => Math.min(times * 50, 500),
  });
  let listTrunks: (() => Promise<TrunkSettings[]>) | null = null;
  let nodeAddress = '';
  const timers: NodeJS.Timeout[] = [];
  let failing = false;
  let published = false;

  const quietly = (what: string) => (error: unknown) => {
    published = false;
    if (failing) return;
    failing = true;
    log.warn({ err: error }, `the SIP edge's routes in Redis could not be ${what}`);
  };
  const markAlive = () =>
    redis.set(keys.node(nodeId), nodeAddress, 'PX', leaseMs).then(() => {
      if (failing) log.info("the SIP edge's routes in Redis are written again");
      failing = false;
    });

  async function republish() {
    if (!listTrunks) return;
    const routes = edgeRoutesOf(await listTrunks());
    const write = redis.multi().del(keys.dids, keys.sources);
    if (Object.keys(routes.dids).length > 0) write.hset(keys.dids, routes.dids);
    if (Object.keys(routes.sources).length > 0) write.hset(keys.sources, routes.sources);
    write.set(keys.carriers, routes.carriers);
    await write.exec();
    published = true;
  }

  return {
    async start(node) {
      nodeAddress = node.address;
      listTrunks = node.trunks;
      log = node.log;
      timers.push(
        setInterval(
          () => {
            // Routes that could not be written (Redis away at start) or are gone (Redis back
            // empty, even from an outage too short for a write to fail) are written again.
            const renew = async () => {
              await markAlive();
              if (!published || (await redis.exists(keys.carriers)) === 0) await republish();
            };
            renew().catch(quietly('renewed'));
          },
          Math.max(100, Math.floor(leaseMs / 3)),
        ),
        setInterval(() => {
          republish().catch(quietly('written'));
        }, 60_000),
      );
      for (const timer of timers) timer.unref();
      await redis.connect();
      await markAlive();
      await republish();
    },
    republish: () => republish().catch(quietly('written')),
    async close() {
      for (const timer of timers) clearInterval(timer);
      // The edge stops sending new calls here at once, not a lease later.
      await redis.del(keys.node(nodeId)).catch(() => undefined);
      redis.disconnect();
    },
  };
}
