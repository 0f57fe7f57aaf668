/**
 * The server restarted with 1,000 agents connected (docs/CTI.md, 'More than one node'). With
 * REDIS_URL the node saves each session, its events and each agent's status in Redis as they
 * change, so a restart (SIGTERM, then the same server started again) loses nothing: every phone
 * reconnects as the softphone does (backoff from 1 s to 5 s with full jitter), resumes its session
 * and finds its status. Without REDIS_URL nothing is saved (one node, 'nothing saved'): a restart
 * ends every session, which the second case shows with a few agents.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctiTimings, type ReadyFrame } from '@open/protocol/cti/protocol';
import { startServer, type RunningServer } from '../harness.js';
import {
  clusterEnv,
  createTestDatabase,
  demoToken,
  mintToken,
  ok,
  Phone,
  pool,
  seconds,
  seedAgents,
  sleep,
  type TestDatabase,
} from './cti-kit.js';
import { startPrivateRedis, type PrivateRedis } from './private-redis.js';

const AGENTS = 1_000;

let redis: PrivateRedis | undefined;
let database: TestDatabase | undefined;
let dataDir: string | undefined;
let node: RunningServer | undefined;

beforeAll(async () => {
  [redis, database, dataDir] = await Promise.all([
    startPrivateRedis(),
    createTestDatabase('restart'),
    mkdtemp(path.join(tmpdir(), 'open-fault-restart-')),
  ]);
});

afterAll(async () => {
  await node?.stop();
  await redis?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** '1 ×n, 2 ×m…': how many phones needed how many attempts. */
const attemptTally = (results: { attempts: number }[]) => {
  const tally = new Map<number, number>();
  for (const { attempts } of results) tally.set(attempts, (tally.get(attempts) ?? 0) + 1);
  return [...tally]
    .sort(([a], [b]) => a - b)
    .map(([attempts, phones]) => `${attempts} ×${phones}`)
    .join(', ');
};

/** Reconnects like the softphone: full jitter under a ceiling doubling from 1 s to 5 s, resuming each time. */
async function reconnect(
  phone: Phone,
  origin: () => string,
): Promise<{ ready: ReadyFrame | { code: number; reason: string }; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    const ceiling = Math.min(ctiTimings.reconnectMaxMs, ctiTimings.reconnectBaseMs * 2 ** (attempt - 1));
    await sleep(Math.random() * ceiling);
    const back = await phone.resume(origin());
    if ('type' in back) return { ready: back, attempts: attempt };
    // Refused for good (4004: the session is gone): the phone would ask for a new login token.
    if (back.code === 4004 || attempt >= 30) return { ready: back, attempts: attempt };
  }
}

describe('the server restarted with agents connected', () => {
  it(`brings ${AGENTS} agents back with their statuses after a restart (one node on Redis)`, async () => {
    const env = {
      ...clusterEnv(
        database as TestDatabase,
        (redis as PrivateRedis).url,
        `open-fault:${randomBytes(4).toString('hex')}:`,
        10_000,
      ),
    };
    // The production lease (10 s): a restart must not wait for a lease to run out.
    delete (env as Partial<typeof env>).CTI_LEASE_MS;
    node = await startServer({ dataDir: dataDir as string, env });
    const port = node.port;
    const tenant = await seedAgents(database as TestDatabase, AGENTS);
    const tokens = await Promise.all(tenant.agentIds.map((agentId) => mintToken(tenant, agentId)));
    // A third idle, the others busy with one of the tenant's reasons.
    const wanted = tenant.agentIds.map((_, at) =>
      at % 3 === 0
        ? { status: 'idle', reason_id: null }
        : { status: 'busy', reason_id: tenant.reasons[at % tenant.reasons.length] as string },
    );
    const phones = tenant.agentIds.map(() => new Phone());

    const connectStarted = Date.now();
    await pool(phones, 50, async (phone, at) => {
      const ready = await phone.login((node as RunningServer).origin, tokens[at] as string);
      if (!('type' in ready)) throw new Error(`agent ${at} not signed in: ${JSON.stringify(ready)}`);
      const target = wanted[at] as { status: string; reason_id: string | null };
      ok(
        await phone.request(
          'login',
          target.reason_id ? { status: 'busy', reason_id: target.reason_id } : { status: 'idle' },
        ),
        `agent ${at} checks in`,
      );
    });
    console.log(
      `[faults] restart, 1000 agents: ${AGENTS} agents connected and checked in (${AGENTS - Math.ceil(AGENTS / 3) * 1} busy with a reason, the rest idle) in ${seconds(Date.now() - connectStarted)}`,
    );

    // SIGTERM: the node closes every socket with 1001 and lets its leases go; the same server
    // starts again on the same port, database and Redis.
    const stoppedAt = Date.now();
    const reconnections = phones.map((phone) =>
      phone.waitClosed(30_000).then((closed) => {
        if (!closed) throw new Error('a socket stayed open through the shutdown');
        return closed;
      }),
    );
    await node.stop();
    const closes = await Promise.all(reconnections);
    const stopMs = Date.now() - stoppedAt;
    let restarted: RunningServer | undefined;
    const origin = () => `http://127.0.0.1:${port}`;
    const back = Promise.all(
      phones.map(async (phone) => {
        const { ready, attempts } = await reconnect(phone, origin);
        return { ready, attempts, at: Date.now() };
      }),
    );
    node = restarted = await startServer({ dataDir: dataDir as string, env: { ...env, PORT: String(port) } });
    const listeningAt = Date.now();
    const results = await back;
    const allBackAt = Math.max(...results.map((r) => r.at));
    const closeCodes = new Set(closes.map((c) => `${c.code} ${c.reason}`));
    console.log(
      `[faults] restart, 1000 agents: SIGTERM: every socket closed with ${[...closeCodes].join(', ')}, the process gone after ${seconds(stopMs)}; listening again ${seconds(listeningAt - stoppedAt)} after SIGTERM`,
    );

    const refused = results.filter((r) => !('type' in r.ready));
    expect(refused.map((r) => r.ready)).toEqual([]);
    const wrong = results.flatMap((r, at) => {
      const ready = r.ready as ReadyFrame;
      const target = wanted[at] as { status: string; reason_id: string | null };
      return ready.resumed && ready.agent.status === target.status && ready.agent.reason_id === target.reason_id
        ? []
        : [{ at, resumed: ready.resumed, status: ready.agent.status, reason: ready.agent.reason_id, target }];
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    console.log(
      `[faults] restart, 1000 agents: all ${AGENTS} resumed their sessions with their statuses ${seconds(allBackAt - stoppedAt)} after SIGTERM (${seconds(allBackAt - listeningAt)} after the new process listened; the phones' backoff is up to ${ctiTimings.reconnectMaxMs / 1000} s; connection attempts per phone: ${attemptTally(results)})`,
    );

    // And they act again: every agent changes its status once.
    const actStarted = Date.now();
    await pool(phones, 100, async (phone, at) => {
      ok(
        await phone.request(
          'setAgentStatus',
          at % 3 === 0 ? { status: 'busy', reason_id: tenant.reasons[0] } : { status: 'idle' },
        ),
        `agent ${at} acts`,
      );
    });
    console.log(
      `[faults] restart, 1000 agents: every agent changed its status again (${seconds(Date.now() - actStarted)} for ${AGENTS} requests)`,
    );
    for (const phone of phones) phone.drop();
    expect(restarted.process.exitCode).toBeNull();
  });

  it('on one node without Redis, promises nothing across a restart: sessions end and agents sign in again', async () => {
    const env = { DATABASE_URL: (database as TestDatabase).url };
    const single = await startServer({ dataDir: dataDir as string, env });
    const port = single.port;
    const accounts = ['lina@demo.example.com', 'wangwei@demo.example.com', 'maria@demo.example.com'];
    const phones = accounts.map(() => new Phone());
    await Promise.all(
      phones.map(async (phone, at) => {
        const token = await demoToken(single, accounts[at] as string);
        expect(await phone.login(single.origin, token)).toMatchObject({ type: 'ready' });
        ok(await phone.request('login', { status: 'busy', reason_id: 'break' }), 'check in');
      }),
    );
    await single.stop();
    const again = await startServer({ dataDir: dataDir as string, env: { ...env, PORT: String(port) } });
    try {
      // The harness names a fresh port in `origin`; the server listens on the PORT it was given.
      const origin = { origin: single.origin };
      const resumed = await Promise.all(phones.map((phone) => phone.resume(origin.origin)));
      expect(resumed, again.output()).toEqual(phones.map(() => ({ code: 4004, reason: 'sessionGone' })));
      // Signing in again with a fresh token works, and the agent is offline until checking in.
      const fresh = new Phone();
      const ready = await fresh.login(origin.origin, await demoToken(origin, 'lina@demo.example.com'));
      expect(ready).toMatchObject({ type: 'ready', resumed: false, agent: { status: 'offline' } });
      fresh.drop();
      console.log(
        '[faults] restart, 1000 agents: one node without REDIS_URL: after a restart every resume is refused with 4004 sessionGone; agents sign in again with a new login token and are offline until they check in (as documented: nothing saved)',
      );
    } finally {
      await again.stop();
    }
  });
});
