import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookRetrySeconds } from '@open/protocol/webhooks';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { systemClock } from '../clock.js';
import { createSecretBox, parseSecretKey } from '../secret-box.js';
import { createEventLog } from './event-log.js';
import { createWebhookAdminService } from './webhook-admin.service.js';
import { createWebhookDispatcher, outcomeOf } from './webhook-dispatcher.js';
import { claimDue } from './webhook.data.js';
import type { AttemptResult } from './webhook-sender.js';

/**
 * The dispatcher on the test database (PGlite, or PostgreSQL in the second CI run, where two
 * dispatchers really race): several nodes, a restart, a node that dies mid-post.
 */
let database: TestDatabase;
let tenantId: string;
let server: Server;
let url: string;
/** Event ids of every post the receiver got, in order. */
const posts: string[] = [];
let up = true;

beforeAll(async () => {
  database = await createTestDatabase();
  const tenant = await database.db.selectFrom('tenant').select('id').executeTakeFirstOrThrow();
  tenantId = tenant.id;
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      posts.push(String(request.headers['webhook-id']));
      response.writeHead(up ? 204 : 503).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

const admin = (onDue = () => undefined) =>
  createWebhookAdminService({
    db: database.db,
    clock: systemClock,
    secrets: null,
    allowPrivate: true,
    onChanged: () => Promise.resolve(),
    onDue,
  });

const dispatcher = (extra: Partial<Parameters<typeof createWebhookDispatcher>[0]> = {}) =>
  createWebhookDispatcher({
    db: database.db,
    secrets: null,
    allowPrivate: true,
    active: () => true,
    pollMs: 20,
    retrySeconds: [0.05],
    ...extra,
  });

/** A webhook of the tenant, on, taking agentStatusChange to the test's receiver. */
const agentStatusHook = () =>
  admin().set({ tenant_id: tenantId, url, description: '', events: ['agentStatusChange'], enabled: true });

/** Stores `count` events of the tenant through the real event log (with their deliveries). */
async function storeEvents(count: number): Promise<void> {
  const log = createEventLog({ db: database.db, gatherMs: 1 });
  await log.start();
  for (let i = 0; i < count; i++) {
    log.add({ tenantId, type: 'agentStatusChange', agentId: null, agent: null, data: { i }, at: new Date() });
  }
  await log.close();
}

async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 8_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const pendingCount = async () =>
  (
    await database.db
      .selectFrom('webhook_delivery')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow()
  ).n;

describe('delivery across nodes and restarts', () => {
  it('two nodes share the due deliveries: each event is posted once', async () => {
    posts.length = 0;
    const made = await agentStatusHook();
    await storeEvents(60);
    const [a, b] = [dispatcher({ concurrency: 4 }), dispatcher({ concurrency: 4 })];
    a.start();
    b.start();
    await until(async () => Number(await pendingCount()) === 0, 'every delivery');
    await Promise.all([a.close(), b.close()]);
    expect(posts).toHaveLength(60);
    expect(new Set(posts).size).toBe(60);
    await admin().remove(made._id);
  });

  it('a restart picks up what was waiting, and a node that died mid-post leaves it to another after its lease', async () => {
    posts.length = 0;
    const made = await agentStatusHook();
    await storeEvents(1);
    // A node claims the delivery and dies before it posts: nothing is settled.
    const [claimed] = await claimDue(database.db, 10, 300);
    expect(claimed).toBeDefined();
    const before = dispatcher({ leaseMs: 300 });
    // No other node takes it during the lease.
    expect(await claimDue(database.db, 10, 300)).toEqual([]);
    before.start();
    await until(() => posts.length === 1, 'the post after the lease');
    await before.close();
    expect(posts).toEqual([claimed?.event_id]);

    // Down receiver: the delivery waits for a retry; the node stops; the next one delivers.
    up = false;
    await storeEvents(1);
    const first = dispatcher({ retrySeconds: [0.2, 0.2] });
    first.start();
    await until(() => posts.length === 2, 'the first attempt');
    await first.close();
    up = true;
    const second = dispatcher({ retrySeconds: [0.2, 0.2] });
    second.start();
    await until(async () => Number(await pendingCount()) === 0, 'the retry after the restart');
    await second.close();
    expect(posts).toHaveLength(3);
    expect(posts[2]).toBe(posts[1]);
    await admin().remove(made._id);
  });

  it('a node that stops while it claims lets go of what the claim took, instead of holding it for a lease', async () => {
    posts.length = 0;
    const made = await agentStatusHook();
    await storeEvents(1);
    // Every answer of the database comes late: the claim is still under way when the node stops.
    const slow = database.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return args.result;
      },
    });
    const stopping = dispatcher({ db: slow, leaseMs: 60_000 });
    stopping.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stopping.close();
    expect(posts).toEqual([]);
    // Due again at once for any node, not after a minute's lease.
    expect(await claimDue(database.db, 10, 300)).toHaveLength(1);
    await database.db.deleteFrom('webhook_delivery').execute();
    await admin().remove(made._id);
  });

  it('holds a switched-off webhook’s deliveries until it is on again, but sends its test event', async () => {
    posts.length = 0;
    const service = admin();
    const made = await service.set({
      tenant_id: tenantId,
      url,
      description: '',
      events: ['agentStatusChange'],
      enabled: true,
    });
    await storeEvents(1);
    await service.set({
      _id: made._id,
      tenant_id: tenantId,
      url,
      description: '',
      events: ['agentStatusChange'],
      enabled: false,
    });
    const node = dispatcher();
    node.start();
    const test = await service.test(made._id);
    await until(() => posts.length === 1, 'the test event');
    expect(posts).toEqual([test.event_id]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posts).toHaveLength(1);
    await service.set({
      _id: made._id,
      tenant_id: tenantId,
      url,
      description: '',
      events: ['agentStatusChange'],
      enabled: true,
    });
    await until(() => posts.length === 2, 'the held event');
    await node.close();
    await service.remove(made._id);
  });

  it('keeps a secret sealed with SECRETS_KEY, signs with it, and fails loudly when no key opens it', async () => {
    posts.length = 0;
    const key = (byte: number) => {
      const parsed = parseSecretKey(Buffer.alloc(32, byte).toString('base64'), 'SECRETS_KEY');
      if (typeof parsed === 'string') throw new Error(parsed);
      return parsed;
    };
    const box = createSecretBox([key(1)]);
    const service = createWebhookAdminService({
      db: database.db,
      clock: systemClock,
      secrets: box,
      allowPrivate: true,
      onChanged: () => Promise.resolve(),
      onDue: () => undefined,
    });
    const made = await service.set({
      tenant_id: tenantId,
      url,
      description: '',
      events: ['agentStatusChange'],
      enabled: true,
    });
    const stored = await database.db
      .selectFrom('webhook')
      .select('secret')
      .where('id', '=', made._id)
      .executeTakeFirstOrThrow();
    expect(stored.secret.startsWith('sealed:v1:')).toBe(true);
    expect(stored.secret).not.toContain(made.secret?.slice(6) ?? '-');
    expect(made.secret_hint).toBe(`whsec_…${made.secret?.slice(-4) ?? ''}`);

    const node = dispatcher({ secrets: box });
    node.start();
    const signed = await service.test(made._id);
    await until(() => posts.includes(signed.event_id), 'the signed post');
    await node.close();

    // The keys changed and none opens the secret: nothing is sent, and the log says why.
    const lost = dispatcher({ secrets: createSecretBox([key(2)]), retrySeconds: [] });
    lost.start();
    const unsigned = await service.test(made._id);
    await until(async () => (await service.delivery(unsigned._id)).status === 'failed', 'the failed delivery');
    await lost.close();
    expect(await service.delivery(unsigned._id)).toMatchObject({ error: 'secretUnreadable', attempts: 1 });
    expect(posts).not.toContain(unsigned.event_id);
    await service.remove(made._id);
  });

  it('stores nothing for a tenant without a webhook on', async () => {
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('cti_event')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await storeEvents(5);
    expect(await count()).toBe(before);
  });
});

describe('what an attempt makes of its delivery', () => {
  const failed: AttemptResult = {
    ok: false,
    status: 502,
    excerpt: '',
    error: 'httpStatus',
    detail: null,
    durationMs: 3,
  };
  const at = { retrySeconds: webhookRetrySeconds, now: 0 };

  it('retries within ±20 % of the schedule, then fails for good', () => {
    const low = outcomeOf(failed, 1, { ...at, random: () => 0 });
    const high = outcomeOf(failed, 1, { ...at, random: () => 1 });
    expect(low).toMatchObject({ status: 'pending', response_status: 502 });
    expect(low.next_attempt_at?.getTime()).toBe(8_000);
    expect(high.next_attempt_at?.getTime()).toBe(12_000);
    expect(outcomeOf(failed, webhookRetrySeconds.length, { ...at, random: () => 0.5 }).status).toBe('pending');
    expect(outcomeOf(failed, webhookRetrySeconds.length + 1, { ...at, random: () => 0.5 })).toMatchObject({
      status: 'failed',
      next_attempt_at: null,
    });
  });

  it('is delivered on any 2xx', () => {
    expect(
      outcomeOf({ ...failed, ok: true, status: 204, error: null }, 1, { ...at, random: Math.random }),
    ).toMatchObject({
      status: 'delivered',
      next_attempt_at: null,
      error: null,
    });
  });
});
