import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { createLocalSockets, type LinkAddress, type TenantHostPort } from './bus.js';

export interface RedisClusterOptions {
  url: string;
  /** Keys and channels start with it, so several deployments (or test runs) share one Redis. */
  prefix?: string;
  /** How long a node's claim on a tenant lasts unless renewed (renewed every third of it). */
  leaseMs?: number;
  nodeId?: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** The names of a cluster's keys and channels in Redis. */
export interface ClusterKeys {
  lease(tenant: string): string;
  node(node: string): string;
  channel(node: string): string;
  agents(tenant: string): string;
  sessions(tenant: string): string;
  events(session: string): string;
}

/** A request sent to another node, waiting for its answer. */
export interface PendingRequest {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** What the parts of one node of the cluster share (bus/redis-bus.ts puts them together). */
export interface ClusterContext {
  readonly nodeId: string;
  readonly leaseMs: number;
  readonly command: Redis;
  readonly subscriber: Redis;
  readonly key: ClusterKeys;
  readonly sockets: ReturnType<typeof createLocalSockets>;
  /** The tenants this node runs, each with its adoption (resolved once the state is loaded). */
  readonly owned: Map<string, Promise<void>>;
  readonly pending: Map<string, PendingRequest>;
  /**
   * Links that missed frames (Redis away, or their node not listening): their phones must resume.
   * `tries`: how many times their node was told to close them, until it hears it.
   */
  readonly undelivered: Map<string, { link: LinkAddress; tries: number }>;
  host: TenantHostPort | undefined;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  closing: boolean;
  /** The connection to Redis is down. */
  lost: boolean;
  /** When it was last back: every key may be gone (a Redis restarted without persistence). */
  recoveredAt: number;
  /** Lease renewals, recovery and dead-node checks run one at a time, in order. */
  chores: Promise<void>;
}

/** The connections to Redis and the empty state of a node that has not started yet. */
export function createClusterContext(options: RedisClusterOptions): ClusterContext {
  const prefix = options.prefix ?? 'open:cti:';
  // Reconnect at least twice a second, so a Redis that is back is used well within a lease.
  const redisOptions = {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    retryStrategy: (times: number) => Math.min(times * 50, 500),
  };
  return {
    nodeId: options.nodeId ?? randomUUID(),
    leaseMs: options.leaseMs ?? 10_000,
    // Commands fail at once while Redis is away instead of queueing: a request gets its coded
    // answer now, and saves that could not be made are made again on reconnection (`recover`).
    command: new Redis(options.url, { ...redisOptions, enableOfflineQueue: false }),
    subscriber: new Redis(options.url, redisOptions),
    key: {
      lease: (tenant) => `${prefix}lease:${tenant}`,
      node: (node) => `${prefix}node:${node}`,
      channel: (node) => `${prefix}to:${node}`,
      agents: (tenant) => `${prefix}tenant:${tenant}:agents`,
      sessions: (tenant) => `${prefix}tenant:${tenant}:sessions`,
      events: (session) => `${prefix}session:${session}:events`,
    },
    sockets: createLocalSockets(),
    owned: new Map(),
    pending: new Map(),
    undelivered: new Map(),
    host: undefined,
    log: options.log ?? console,
    closing: false,
    lost: false,
    recoveredAt: Number.NEGATIVE_INFINITY,
    chores: Promise.resolve(),
  };
}

// One line when Redis goes and one when it is back, not one per failed command or reconnection.
export const quietly = (ctx: ClusterContext, what: string) => (error: unknown) => {
  if (!ctx.closing && !ctx.lost) ctx.log.warn({ err: error }, `redis: ${what} failed`);
};

/** Queues work behind the node's other chores. */
export function chore(ctx: ClusterContext, what: string, work: () => Promise<void>) {
  ctx.chores = ctx.chores.then(work).catch(quietly(ctx, what));
}

/** Says when Redis goes and comes back; once back, `recover` runs as a chore. */
export function watchConnection(ctx: ClusterContext, recover: () => Promise<void>) {
  ctx.command.on('error', () => {
    // 'close' and 'ready' say what the call centre does about it.
  });
  ctx.subscriber.on('error', () => {
    // As above: the subscriber resubscribes by itself on reconnection.
  });
  ctx.command.on('close', () => {
    if (ctx.closing || ctx.lost || !ctx.host) return;
    ctx.lost = true;
    ctx.log.warn('redis: connection lost; the call centre answers callCentreUnavailable until it is back');
  });
  ctx.command.on('ready', () => {
    if (ctx.closing || !ctx.lost) return;
    ctx.lost = false;
    ctx.recoveredAt = Date.now();
    ctx.log.warn('redis: connection back; this node saves its tenants again');
    chore(ctx, 'recovery', recover);
  });
}
