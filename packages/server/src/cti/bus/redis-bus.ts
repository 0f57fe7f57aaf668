import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { closeCodes, ctiLimits, type EventFrame } from '@open/protocol/cti/protocol';
import { ApiError } from '../../errors.js';
import type { SavedAgent, StoredSession, TenantStore } from './state-store.js';
import {
  createLocalSockets,
  fromWireError,
  type LinkAddress,
  toWireError,
  type CtiBus,
  type TenantHostPort,
  type WireError,
} from './bus.js';

export interface RedisClusterOptions {
  url: string;
  /** Keys and channels start with it, so several deployments (or test runs) share one Redis. */
  prefix?: string;
  /** How long a node's claim on a tenant lasts unless renewed (renewed every third of it). */
  leaseMs?: number;
  nodeId?: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** Messages between nodes, on the channel of the node they are for. */
type NodeMessage =
  | { t: 'req'; id: string; from: string; tenant: string; op: string; args: unknown }
  | { t: 'res'; id: string; ok: true; value: unknown }
  | { t: 'res'; id: string; ok: false; error: WireError | null }
  | { t: 'frame'; conn: string; frame: object }
  | { t: 'close'; conn: string; code: number; reason: string };

/** An answer from a node that does not (or no longer) run the tenant: ask again. */
class NotOwner extends Error {}

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

// Compare-and-act on a lease, so a node never renews or drops a lease another node took.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** How long state of a session or tenant is kept in Redis with nobody touching it (a safety net). */
const STATE_TTL_MS = 24 * 60 * 60 * 1000;

const sleep = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * The call centre across nodes (DESIGN §3, the shape of actor sharding): each tenant runs on one
 * node at a time, which holds a lease on it in Redis and renews it. Other nodes forward their
 * agents' operations to the owner over pub/sub and get its frames back the same way. The owner
 * saves its sessions, events and agents' states in Redis as they change, so when it dies (its
 * lease runs out), the next node to need the tenant adopts it and the agents resume there.
 */
export function createRedisCluster(options: RedisClusterOptions): { bus: CtiBus; store: TenantStore } {
  const nodeId = options.nodeId ?? randomUUID();
  const prefix = options.prefix ?? 'open:cti:';
  const leaseMs = options.leaseMs ?? 10_000;
  let log: Pick<FastifyBaseLogger, 'warn' | 'error'> = options.log ?? console;
  // Reconnect at least twice a second, so a Redis that is back is used well within a lease.
  const redisOptions = {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    retryStrategy: (times: number) => Math.min(times * 50, 500),
  };
  // Commands fail at once while Redis is away instead of queueing: a request gets its coded
  // answer now, and saves that could not be made are made again on reconnection (`recover`).
  const command = new Redis(options.url, { ...redisOptions, enableOfflineQueue: false });
  const subscriber = new Redis(options.url, redisOptions);
  const key = {
    lease: (tenant: string) => `${prefix}lease:${tenant}`,
    node: (node: string) => `${prefix}node:${node}`,
    channel: (node: string) => `${prefix}to:${node}`,
    agents: (tenant: string) => `${prefix}tenant:${tenant}:agents`,
    sessions: (tenant: string) => `${prefix}tenant:${tenant}:sessions`,
    events: (session: string) => `${prefix}session:${session}:events`,
  };

  const sockets = createLocalSockets();
  let host: TenantHostPort | undefined;
  /** The tenants this node runs, each with its adoption (resolved once the state is loaded). */
  const owned = new Map<string, Promise<void>>();
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let ticker: NodeJS.Timeout | undefined;
  let closing = false;
  /** The connection to Redis is down. */
  let lost = false;
  /** When it was last back: every key may be gone (a Redis restarted without persistence). */
  let recoveredAt = Number.NEGATIVE_INFINITY;
  /**
   * Links that missed frames (Redis away, or their node not listening): their phones must resume.
   * `tries`: how many times their node was told to close them, until it hears it.
   */
  const undelivered = new Map<string, { link: LinkAddress; tries: number }>();
  /** Lease renewals, recovery and dead-node checks run one at a time, in order. */
  let chores = Promise.resolve();
  const chore = (what: string, work: () => Promise<void>) => {
    chores = chores.then(work).catch(quietly(what));
  };

  // One line when Redis goes and one when it is back, not one per failed command or reconnection.
  const quietly = (what: string) => (error: unknown) => {
    if (!closing && !lost) log.warn({ err: error }, `redis: ${what} failed`);
  };
  command.on('error', () => {
    // 'close' and 'ready' say what the call centre does about it.
  });
  subscriber.on('error', () => {
    // As above: the subscriber resubscribes by itself on reconnection.
  });
  command.on('close', () => {
    if (closing || lost || !host) return;
    lost = true;
    log.warn('redis: connection lost; the call centre answers callCentreUnavailable until it is back');
  });
  command.on('ready', () => {
    if (closing || !lost) return;
    lost = false;
    recoveredAt = Date.now();
    log.warn('redis: connection back; this node saves its tenants again');
    chore('recovery', recover);
  });

  /** Sends to a node; false when no node listens on its channel (it is gone). */
  async function post(node: string, message: NodeMessage): Promise<boolean> {
    return (await command.publish(key.channel(node), JSON.stringify(message))) > 0;
  }

  function postQuietly(node: string, message: NodeMessage) {
    post(node, message).catch(quietly('publish'));
  }

  /** A frame for a socket on another node; if it cannot have arrived, the link is marked to resume. */
  function deliver(to: LinkAddress, message: NodeMessage) {
    const id = `${to.node} ${to.conn}`;
    const missed = () => {
      if (!undelivered.has(id)) undelivered.set(id, { link: to, tries: 0 });
    };
    post(to.node, message).then((heard) => {
      if (!heard) missed();
    }, missed);
  }

  /**
   * Keeps a tenant's lease: renews it, or takes it again when it is gone (it ran out, or Redis
   * restarted empty) and no other node holds it. False when another node runs the tenant now.
   */
  async function keepLease(tenant: string): Promise<boolean> {
    if ((await command.eval(RENEW, 1, key.lease(tenant), nodeId, String(leaseMs))) === 1) return true;
    if ((await command.set(key.lease(tenant), nodeId, 'PX', leaseMs, 'NX')) === 'OK') return true;
    // Another node runs it now (this one was too slow to renew): step aside.
    owned.delete(tenant);
    host?.forget(tenant);
    log.warn({ tenant }, 'cti: lost the lease on a tenant');
    return false;
  }

  /**
   * Redis is back. It may have restarted empty, and saves made while it was away were lost: this
   * node says it is alive, takes its tenants' leases again before any other node may claim them
   * (they wait a lease after their own reconnection), and saves their whole state again.
   */
  async function recover() {
    await command.set(key.node(nodeId), '1', 'PX', leaseMs);
    for (const tenant of [...owned.keys()]) {
      if (!(await keepLease(tenant))) continue;
      await owned.get(tenant);
      host?.resave(tenant);
    }
    resumeUndelivered();
  }

  /**
   * Sockets that missed frames are closed (their sessions wait), so their phones resume and get
   * them again. Their node may not listen yet (its own connection comes back a little later):
   * it is told again at every tick until it hears, for up to three leases (then it is gone).
   */
  function resumeUndelivered() {
    for (const [id, entry] of undelivered) {
      if (entry.tries === 0) host?.linkLost(entry.link);
      entry.tries += 1;
      const { node, conn } = entry.link;
      post(node, { t: 'close', conn, code: closeCodes.goingAway, reason: 'framesLost' }).then(
        (heard) => {
          if (heard || entry.tries >= 9) undelivered.delete(id);
        },
        () => {
          // Redis went again: the next tick after it is back tries again.
        },
      );
    }
  }

  function runHere(tenant: string, op: string, args: unknown): Promise<unknown> {
    if (!host) return Promise.reject(new ApiError('callCentreUnavailable'));
    const adoption = owned.get(tenant);
    const run = host.run.bind(host);
    return adoption ? adoption.then(() => run(op, args)) : run(op, args);
  }

  /** Claims a free tenant for this node and loads its state; false if another node got there first. */
  async function claim(tenant: string): Promise<boolean> {
    const won = await orUnavailable(() => command.set(key.lease(tenant), nodeId, 'PX', leaseMs, 'NX'));
    if (won !== 'OK' || !host) return false;
    const adoption = host.adopt(tenant);
    owned.set(tenant, adoption);
    try {
      await adoption;
    } catch (error) {
      owned.delete(tenant);
      await command.eval(RELEASE, 1, key.lease(tenant), nodeId).catch(quietly('releasing a lease'));
      if (error instanceof ApiError) throw error;
      // Its state could not be read (Redis or the database went meanwhile): the phone tries again.
      log.warn({ err: error, tenant }, 'cti: could not take a tenant over');
      throw new ApiError('callCentreUnavailable');
    }
    return true;
  }

  function request(node: string, tenant: string, op: string, args: unknown, timeoutMs: number): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new NotOwner('timeout'));
      }, timeoutMs);
      timer.unref();
      const settle = {
        resolve(value: unknown) {
          clearTimeout(timer);
          resolve(value);
        },
        reject(error: Error) {
          clearTimeout(timer);
          reject(error);
        },
      };
      pending.set(id, settle);
      post(node, { t: 'req', id, from: nodeId, tenant, op, args }).then(
        (heard) => {
          if (heard) return;
          pending.delete(id);
          settle.reject(new NotOwner('gone'));
        },
        (error: unknown) => {
          pending.delete(id);
          settle.reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  const bus: CtiBus = {
    nodeId,

    async start(given) {
      host = given;
      await Promise.all([command.connect(), subscriber.connect()]);
      subscriber.on('message', (_channel: string, raw: string) => {
        onMessage(raw);
      });
      await subscriber.subscribe(key.channel(nodeId));
      await command.set(key.node(nodeId), '1', 'PX', leaseMs);
      ticker = setInterval(() => {
        chore('lease renewal', tick);
      }, leaseMs / 3);
      ticker.unref();
    },

    async call(tenant, op, args, callOptions = {}) {
      // A node that is stopping takes no tenant on: a claim now would hold the lease from the
      // node that takes over, for a whole lease.
      if (closing) throw new ApiError('callCentreUnavailable');
      // Long enough for a dead owner's lease to run out and another node to adopt the tenant.
      const deadline = Date.now() + leaseMs * 3;
      for (;;) {
        if (owned.has(tenant)) return runHere(tenant, op, args);
        const owner = await orUnavailable(() => command.get(key.lease(tenant)));
        if (owner === null) {
          if (callOptions.ifOwned) return null;
          // Just back from a Redis outage: the owner may not have taken its lease again yet.
          if (Date.now() - recoveredAt < leaseMs) {
            if (Date.now() >= deadline) throw new ApiError('callCentreUnavailable');
            await sleep(Math.min(200, leaseMs / 5));
            continue;
          }
          await claim(tenant);
          continue;
        }
        if (owner === nodeId) {
          // The lease is ours but the tenant was let go (a renewal raced a release): take it back,
          // unless a claim made while this lookup was on its way has adopted it already (many
          // phones resuming at once after a restart): a second adoption would start over.
          if (host && !owned.has(tenant)) owned.set(tenant, host.adopt(tenant));
          continue;
        }
        try {
          return await orUnavailable(() =>
            request(owner, tenant, op, args, Math.max(100, Math.min(leaseMs, deadline - Date.now()))),
          );
        } catch (error) {
          if (!(error instanceof NotOwner)) throw error;
          if (Date.now() >= deadline) throw new ApiError('callCentreUnavailable');
          // The owner is gone or moving: wait for its lease to run out, then look again.
          await sleep(Math.min(200, leaseMs / 5));
        }
      }
    },

    delivery: {
      send(to, frame) {
        if (to.node === nodeId) sockets.send(to.conn, frame);
        else deliver(to, { t: 'frame', conn: to.conn, frame });
      },
      close(to, code, reason) {
        if (to.node === nodeId) sockets.close(to.conn, code, reason);
        else postQuietly(to.node, { t: 'close', conn: to.conn, code, reason });
      },
    },

    attachSocket: (conn, socket) => sockets.attach(conn, socket),

    useLogger(logger) {
      log = logger;
    },

    async close() {
      closing = true;
      clearInterval(ticker);
      await chores;
      for (const waiting of pending.values()) waiting.reject(new ApiError('callCentreUnavailable'));
      pending.clear();
      // The state is already in Redis: letting the leases go hands the tenants over at once. With
      // Redis away they run out by themselves: a stop must not fail for it.
      await Promise.allSettled([
        ...[...owned.keys()].map((tenant) => command.eval(RELEASE, 1, key.lease(tenant), nodeId)),
        command.del(key.node(nodeId)),
      ]);
      owned.clear();
      await Promise.allSettled([subscriber.quit(), command.quit()]);
    },
  };

  function onMessage(raw: string) {
    let message: NodeMessage;
    try {
      message = JSON.parse(raw) as NodeMessage;
    } catch {
      return;
    }
    if (message.t === 'frame') sockets.send(message.conn, message.frame);
    else if (message.t === 'close') sockets.close(message.conn, message.code, message.reason);
    else if (message.t === 'res') {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else if (message.error) waiting.reject(fromWireError(message.error));
      else waiting.reject(new NotOwner('moved'));
    } else {
      const { id, from, tenant, op, args } = message;
      if (!owned.has(tenant)) {
        postQuietly(from, { t: 'res', id, ok: false, error: null });
        return;
      }
      runHere(tenant, op, args).then(
        (value) => {
          postQuietly(from, { t: 'res', id, ok: true, value: value ?? null });
        },
        (error: unknown) => {
          if (!(error instanceof ApiError)) log.error({ err: error }, `cti ${op} failed`);
          const wire = toWireError(error instanceof ApiError ? error : new ApiError('internal'));
          postQuietly(from, { t: 'res', id, ok: false, error: wire });
        },
      );
    }
  }

  /** Every third of a lease: this node is alive, its tenants stay its own, and dead nodes' sockets are let go. */
  async function tick() {
    if (lost) return;
    await command.set(key.node(nodeId), '1', 'PX', leaseMs);
    for (const tenant of [...owned.keys()]) {
      if (host?.isIdle(tenant)) {
        owned.delete(tenant);
        await command.eval(RELEASE, 1, key.lease(tenant), nodeId);
        continue;
      }
      await keepLease(tenant);
    }
    resumeUndelivered();
    // Other nodes say they are alive again within a third of a lease of their reconnection.
    if (Date.now() - recoveredAt < leaseMs) return;
    const others = [...(host?.linkNodes() ?? [])].filter((node) => node !== nodeId);
    const alive = await store.aliveNodes(others);
    for (const node of others) if (!alive.has(node)) host?.nodeLost(node);
  }

  const store: TenantStore = {
    saveSession(session: StoredSession) {
      command
        .multi()
        .hset(key.sessions(session.tenantId), session.id, JSON.stringify(session))
        .pexpire(key.sessions(session.tenantId), STATE_TTL_MS)
        .exec()
        .catch(quietly('saving a session'));
    },
    saveEvent(session, frame) {
      command
        .multi()
        .rpush(key.events(session.id), JSON.stringify(frame))
        .ltrim(key.events(session.id), -ctiLimits.replayEvents, -1)
        .pexpire(key.events(session.id), STATE_TTL_MS)
        .exec()
        .catch(quietly('saving an event'));
    },
    removeSession(session) {
      command
        .multi()
        .hdel(key.sessions(session.tenantId), session.id)
        .del(key.events(session.id))
        .exec()
        .catch(quietly('removing a session'));
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
      write.exec().catch(quietly('saving a session again'));
    },
    saveAgent(tenant, agentId, saved: SavedAgent | null) {
      const write = saved
        ? command
            .multi()
            .hset(key.agents(tenant), agentId, JSON.stringify(saved))
            .pexpire(key.agents(tenant), STATE_TTL_MS)
        : command.multi().hdel(key.agents(tenant), agentId);
      write.exec().catch(quietly('saving an agent'));
    },
    async load(tenant) {
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
    },
    async aliveNodes(nodes) {
      const alive = new Set<string>([nodeId]);
      const answers = await Promise.all(nodes.map((node) => command.exists(key.node(node))));
      nodes.forEach((node, at) => {
        if (answers[at] === 1) alive.add(node);
      });
      return alive;
    },
  };

  return { bus, store };
}
