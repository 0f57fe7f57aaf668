import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import type { LinkAddress, TenantHostPort } from './bus.js';
import { createRedisCluster } from './redis-bus.js';

// A redis-server of this file's own (never the machine's shared one), killed and started again
// empty on the same port, as a Redis without persistence restarts.
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** True once the port answers PING. */
function ping(port: number): Promise<true | undefined> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data: Buffer) => {
      socket.destroy();
      resolve(data.toString().includes('PONG') ? true : undefined);
    });
    socket.on('error', () => {
      resolve(undefined);
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(find: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A host that runs `echo` and remembers what the bus asked of it. */
function fakeHost() {
  const seen = { resaved: [] as string[], lostLinks: [] as LinkAddress[], forgotten: [] as string[] };
  const port: TenantHostPort = {
    run: (op, args) => Promise.resolve({ op, args }),
    adopt: () => Promise.resolve(),
    forget: (tenant) => {
      seen.forgotten.push(tenant);
    },
    isIdle: () => false,
    nodeLost: () => undefined,
    linkNodes: () => new Set(),
    linkLost: (link) => {
      seen.lostLinks.push(link);
    },
    resave: (tenant) => {
      seen.resaved.push(tenant);
    },
  };
  return { port, seen };
}

const LEASE_MS = 600;
const TENANT = 'tenant-1';
const silent = { warn: () => undefined, error: () => undefined };

describe.runIf(hasRedisServer)('the Redis bus when Redis goes away and comes back empty', () => {
  let dir: string;
  let port: number;
  let redisServer: ChildProcess | undefined;

  async function startRedis() {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      {
        stdio: 'ignore',
      },
    );
    redisServer = child;
    await until(() => ping(port), 'redis-server up');
  }

  async function killRedis() {
    const child = redisServer;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'redis-bus-test-'));
    port = await freePort();
    await startRedis();
  });

  afterAll(async () => {
    await killRedis();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers callCentreUnavailable at once while Redis is away, then the owner takes its lease back and saves its state again', async () => {
    const url = `redis://127.0.0.1:${port}`;
    const owner = createRedisCluster({ url, prefix: 't:', leaseMs: LEASE_MS, nodeId: 'owner', log: silent });
    const other = createRedisCluster({ url, prefix: 't:', leaseMs: LEASE_MS, nodeId: 'other', log: silent });
    const ownerHost = fakeHost();
    await owner.bus.start(ownerHost.port);
    await other.bus.start(fakeHost().port);
    try {
      // The owner claims the tenant; the other node forwards to it.
      await owner.bus.call(TENANT, 'echo', 1);
      expect(await other.bus.call(TENANT, 'echo', 2)).toEqual({ op: 'echo', args: 2 });
      // A frame for a socket on the other node is sent while Redis is away: it cannot arrive.
      await killRedis();
      await sleep(100);
      owner.bus.delivery.send({ node: 'other', conn: 'socket-1' }, { type: 'event' });

      const started = Date.now();
      const refused = await other.bus.call(TENANT, 'echo', 3).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).errorName).toBe('callCentreUnavailable');
      expect(Date.now() - started).toBeLessThan(LEASE_MS);
      // The owner still runs the tenant from its memory for its own sockets.
      expect(await owner.bus.call(TENANT, 'echo', 4)).toEqual({ op: 'echo', args: 4 });

      await sleep(LEASE_MS * 2);
      await startRedis();
      // Back, empty: the owner takes its lease again, saves the tenant again, and has the link
      // that missed a frame resume; the other node forwards to it again, waiting rather than claiming.
      const check = new Redis(url);
      try {
        await until(() => (ownerHost.seen.resaved.includes(TENANT) ? true : undefined), 'the tenant saved again');
        expect(await check.get(`t:lease:${TENANT}`)).toBe('owner');
        expect(
          await until(() => other.bus.call(TENANT, 'echo', 5).catch(() => undefined), 'the other node forwards'),
        ).toEqual({
          op: 'echo',
          args: 5,
        });
        expect(await check.get(`t:lease:${TENANT}`)).toBe('owner');
        expect(ownerHost.seen.lostLinks).toEqual([{ node: 'other', conn: 'socket-1' }]);
        expect(ownerHost.seen.forgotten).toEqual([]);
      } finally {
        check.disconnect();
      }
    } finally {
      await Promise.all([owner.bus.close(), other.bus.close()]);
    }
  });

  it('stops without failing while Redis is away (the leases run out by themselves)', async () => {
    const node = createRedisCluster({ url: `redis://127.0.0.1:${port}`, prefix: 'u:', leaseMs: LEASE_MS, log: silent });
    await node.bus.start(fakeHost().port);
    await node.bus.call(TENANT, 'echo', 1);
    await killRedis();
    const started = Date.now();
    await expect(node.bus.close()).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
    await startRedis();
  });

  it('adopts a free tenant once when many phones ask for it at once (a restart: every phone resumes)', async () => {
    const node = createRedisCluster({ url: `redis://127.0.0.1:${port}`, prefix: 'v:', leaseMs: LEASE_MS, log: silent });
    const { port: hostPort } = fakeHost();
    let adoptions = 0;
    await node.bus.start({
      ...hostPort,
      adopt: async () => {
        adoptions += 1;
        await sleep(20);
      },
    });
    try {
      // Asks spread over a few milliseconds, so some look the lease up while the first claim is on its way.
      const answers = await Promise.all(
        Array.from({ length: 200 }, async (_, at) => {
          await new Promise((resolve) => setImmediate(resolve));
          for (let hop = 0; hop < at % 50; hop++) await new Promise((resolve) => setImmediate(resolve));
          return node.bus.call(TENANT, 'echo', at);
        }),
      );
      expect(answers).toHaveLength(200);
      expect(adoptions).toBe(1);
    } finally {
      await node.bus.close();
    }
  });

  it("a carrier's call is placed where it arrives only if that node runs the tenant or can take it on", async () => {
    const url = `redis://127.0.0.1:${port}`;
    const a = createRedisCluster({ url, prefix: 'own:', leaseMs: LEASE_MS, log: silent });
    const b = createRedisCluster({ url, prefix: 'own:', leaseMs: LEASE_MS, log: silent });
    await a.bus.start(fakeHost().port);
    await b.bus.start(fakeHost().port);
    try {
      // Both asked at once for a tenant nobody runs: exactly one takes it.
      const first = await Promise.all([a.bus.own('t-1'), b.bus.own('t-1')]);
      expect(first.filter(Boolean)).toHaveLength(1);
      const [owner, other] = first[0] ? [a, b] : [b, a];
      expect(await owner.bus.own('t-1')).toBe(true);
      expect(await other.bus.own('t-1')).toBe(false);
      // The owner stops (its leases go at once): the other node takes the tenant on.
      await owner.bus.close();
      expect(await other.bus.own('t-1')).toBe(true);
    } finally {
      await Promise.allSettled([a.bus.close(), b.bus.close()]);
    }
  });
});
