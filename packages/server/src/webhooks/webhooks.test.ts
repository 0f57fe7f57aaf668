import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsWebhook, CmsWebhookDelivery } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import { webhookEventTypes, webhookLimits } from '@open/protocol/webhooks';
import { CtiClient, loginToken } from '../../test/cti-client.js';
import { call, createTestApp, loginAsAdmin, type TestContext } from '../../test/helpers.js';

/**
 * Webhooks end to end on the real server: the CMS's calls, a real HTTP receiver on loopback
 * (allowed here, as WEBHOOK_PRIVATE_TARGETS=allow does), signatures checked with Standard
 * Webhooks' own library, and the call centre's events reaching it.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver whose answer each test sets: a status, or no answer at all (a stall). */
class Receiver {
  readonly received: Received[] = [];
  answer: number | 'stall' = 200;
  private waiters: (() => void)[] = [];
  private readonly server: Server;
  url = '';

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
        for (const wake of this.waiters.splice(0)) wake();
        if (this.answer === 'stall') return;
        response.writeHead(this.answer, { 'content-type': 'text/plain' }).end(`answered ${this.answer}`);
      });
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** Waits until a post matches (5 s at most). */
  async until(match: (post: Received) => boolean, what: string): Promise<Received> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no post: ${what}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) =>
      this.server.close(() => {
        resolve();
      }),
    );
  }
}

const code = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code;
let ctx: TestContext;
let cookie: string;
let tenantId: string;
let base: string;
const receiver = new Receiver();
const clients: CtiClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp({
    webhooks: {
      allowPrivate: true,
      // Retries after 50 ms, then 100 ms; a post answers within 400 ms or times out.
      dispatcher: { pollMs: 50, retrySeconds: [0.05, 0.1], timeoutMs: 400, random: () => 0.5 },
    },
  });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  cookie = await loginAsAdmin(ctx.app);
  await receiver.listen();
  const tenants = await call<{ list: { _id: string }[] }>(
    ctx.app,
    'cms/get_tenant_list',
    { page_number: -1 },
    { cookie },
  );
  tenantId = tenants.body.data.list[0]?._id ?? '';
});
afterAll(async () => {
  for (const client of clients) client.drop();
  await ctx.close();
  await receiver.close();
});

const admin = <T>(path: string, body: object) => call<T>(ctx.app, path, body, { cookie });

async function newWebhook(extra: Partial<{ url: string; events: string[]; enabled: boolean }> = {}) {
  const made = await admin<CmsWebhook & { secret: string }>('cms/set_webhook', {
    tenant_id: tenantId,
    url: receiver.url,
    description: 'CRM',
    events: [...webhookEventTypes],
    enabled: true,
    ...extra,
  });
  expect(made.body.code).toBe(0);
  return made.body.data;
}

async function removeWebhook(id: string) {
  expect((await admin('cms/remove_webhook', { _id: id })).body.code).toBe(0);
}

/** Waits until the delivery's status is `status` (the dispatcher works in the background). */
async function deliveryBecomes(id: string, status: CmsWebhookDelivery['status']): Promise<CmsWebhookDelivery> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const list = await admin<{ list: CmsWebhookDelivery[] }>('cms/get_webhook_delivery_list', {
      webhook_id: owners.get(id) ?? '',
      page_number: -1,
    });
    const delivery = list.body.data.list.find((entry) => entry._id === id);
    if (delivery?.status === status) return delivery;
    if (Date.now() > deadline) throw new Error(`delivery ${id} is ${delivery?.status ?? 'gone'}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Which webhook each delivery is of (the log is read per webhook). */
const owners = new Map<string, string>();

async function sendTest(webhook: { _id: string }): Promise<CmsWebhookDelivery> {
  const sent = await admin<CmsWebhookDelivery>('cms/test_webhook', { _id: webhook._id });
  expect(sent.body.code).toBe(0);
  owners.set(sent.body.data._id, webhook._id);
  return sent.body.data;
}

describe('a webhook made in the CMS', () => {
  it('gets a secret shown once, then only its hint', async () => {
    const made = await newWebhook();
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(made.secret_hint).toBe(`whsec_…${made.secret.slice(-4)}`);
    const list = await admin<{ list: CmsWebhook[] }>('cms/get_webhook_list', { tenant_id: tenantId });
    const listed = list.body.data.list.find((entry) => entry._id === made._id);
    expect(listed).toMatchObject({ url: receiver.url, enabled: true, pending: 0, last_delivery: null });
    expect(JSON.stringify(list.body)).not.toContain(made.secret);
    await removeWebhook(made._id);
  });

  it('can be changed: address, description, events, switched off', async () => {
    const made = await newWebhook();
    const other = `${receiver.url}/other`;
    const changed = await admin<CmsWebhook>('cms/set_webhook', {
      _id: made._id,
      tenant_id: tenantId,
      url: other,
      description: 'Billing',
      events: ['callRecord'],
      enabled: false,
    });
    expect(changed.body.data).toMatchObject({
      _id: made._id,
      url: other,
      description: 'Billing',
      events: ['callRecord'],
    });
    expect(changed.body.data.enabled).toBe(false);
    // The secret stays, and is not shown again.
    expect(changed.body.data).not.toHaveProperty('secret');
    expect(changed.body.data.secret_hint).toBe(made.secret_hint);
    const rotated = await admin<CmsWebhook & { secret: string }>('cms/rotate_webhook_secret', { _id: made._id });
    expect(rotated.body.data.secret).not.toBe(made.secret);
    expect(rotated.body.data.secret_hint).toBe(`whsec_…${rotated.body.data.secret.slice(-4)}`);
    await removeWebhook(made._id);
    expect((await admin('cms/remove_webhook', { _id: made._id })).body.code).toBe(code('webhookNotFound'));
  });

  it('signs a test event so Standard Webhooks’ library verifies it, and logs the delivery', async () => {
    const made = await newWebhook();
    const queued = await sendTest(made);
    expect(queued).toMatchObject({ status: 'pending', event_type: 'webhookTest', attempts: 0 });
    const post = await receiver.until((p) => p.headers['webhook-id'] === queued.event_id, 'the test event');
    const verified = new Webhook(made.secret).verify(post.body, {
      'webhook-id': String(post.headers['webhook-id']),
      'webhook-timestamp': String(post.headers['webhook-timestamp']),
      'webhook-signature': String(post.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ id: queued.event_id, type: 'webhookTest', tenant_id: tenantId });
    // Another secret does not verify it.
    expect(() =>
      new Webhook('whsec_' + Buffer.alloc(24, 1).toString('base64')).verify(post.body, {
        'webhook-id': String(post.headers['webhook-id']),
        'webhook-timestamp': String(post.headers['webhook-timestamp']),
        'webhook-signature': String(post.headers['webhook-signature']),
      }),
    ).toThrow();
    const delivered = await deliveryBecomes(queued._id, 'delivered');
    expect(delivered).toMatchObject({
      attempts: 1,
      response_status: 200,
      response_excerpt: 'answered 200',
      error: null,
    });
    await removeWebhook(made._id);
  });

  it('retries a receiver that fails, and a redelivery keeps the event’s id', async () => {
    const made = await newWebhook();
    receiver.answer = 500;
    const queued = await sendTest(made);
    // Three attempts (the first and two retries), then failed for good.
    const failed = await deliveryBecomes(queued._id, 'failed');
    expect(failed).toMatchObject({ attempts: 3, response_status: 500, error: 'httpStatus', next_attempt_at: null });
    expect(receiver.received.filter((p) => p.headers['webhook-id'] === queued.event_id)).toHaveLength(3);
    receiver.answer = 200;
    const again = await admin<CmsWebhookDelivery>('cms/redeliver_webhook', { delivery_id: queued._id });
    expect(again.body.data).toMatchObject({ event_id: queued.event_id, status: 'pending', attempts: 0 });
    owners.set(again.body.data._id, made._id);
    expect(await deliveryBecomes(again.body.data._id, 'delivered')).toMatchObject({ attempts: 1 });
    await removeWebhook(made._id);
  });

  it('counts a receiver that does not answer as timed out, and one that is not there as refused', async () => {
    const stalled = await newWebhook();
    receiver.answer = 'stall';
    const queued = await sendTest(stalled);
    expect(await deliveryBecomes(queued._id, 'failed')).toMatchObject({ error: 'timeout', response_status: null });
    receiver.answer = 200;
    await removeWebhook(stalled._id);

    const closed = new Receiver();
    await closed.listen();
    await closed.close();
    const nobody = await newWebhook({ url: closed.url });
    const refused = await sendTest(nobody);
    expect(await deliveryBecomes(refused._id, 'failed')).toMatchObject({
      error: 'connectionRefused',
      error_detail: 'ECONNREFUSED',
    });
    await removeWebhook(nobody._id);
  });
});

describe('the call centre’s events', () => {
  it('reach a webhook: a call rings, is answered, ends, and its record follows', async () => {
    const made = await newWebhook({ events: ['callStatusChange', 'callRecord', 'agentStatusChange'] });
    const wang = await CtiClient.connect(base);
    clients.push(wang);
    await wang.auth(await loginToken(ctx.app, 'wangwei@demo.example.com'));
    expect(await wang.request('login')).toMatchObject({ code: 0 });
    const token = await loginToken(ctx.app, 'maria@demo.example.com');
    const placed = await call<{ call_id: string }>(ctx.app, 'cti/simulate_inbound_call', {
      token,
      from: '+8613912345678',
      data: { ticket: 'T-7' },
    });
    const callId = placed.body.data.call_id;
    await wang.event('callDataChange');
    expect(await wang.request('answer', { call_id: callId })).toMatchObject({ code: 0 });
    expect(await wang.request('hangUp', { call_id: callId })).toMatchObject({ code: 0 });

    const bodyOf = (post: Received) => JSON.parse(post.body) as { type: string; data: Record<string, unknown> };
    const ofCall = (type: string, status?: string) => (post: Received) => {
      const body = bodyOf(post);
      return body.type === type && body.data.call_id === callId && (!status || body.data.call_status === status);
    };
    const talking = bodyOf(await receiver.until(ofCall('callStatusChange', 'talking'), 'talking'));
    expect(talking).toMatchObject({
      agent: { name: 'Wang Wei', extension: '8002' },
      data: { call_id: callId, call_status: 'talking', previous: 'ringing' },
    });
    await receiver.until(ofCall('callStatusChange', 'ended'), 'ended');
    const record = bodyOf(await receiver.until(ofCall('callRecord'), 'the call record'));
    expect(record.data).toMatchObject({ call_type: 'inbound', outcome: 'completed', attached_data: { ticket: 'T-7' } });
    await wang.request('logout');
    // Signing out is an agent status change too, told with who it is about.
    const offline = await receiver.until((post) => {
      const body = JSON.parse(post.body) as {
        type: string;
        agent: { extension: string } | null;
        data: { status?: string };
      };
      return body.type === 'agentStatusChange' && body.agent?.extension === '8002' && body.data.status === 'offline';
    }, 'Wang Wei signed out');
    expect(JSON.parse(offline.body)).toMatchObject({ agent: { name: 'Wang Wei' }, data: { previous: 'acw' } });
    // Not subscribed: nothing else of the call was posted.
    expect(
      receiver.received.map(bodyOf).filter((b) => b.data.call_id === callId && b.type === 'callDataChange'),
    ).toEqual([]);
    await removeWebhook(made._id);
  });
});

describe('bad input', () => {
  it('refuses what a webhook cannot be, each with its own code', async () => {
    const set = (body: object) =>
      admin<{ issues?: { field: string; reason: string }[]; host?: string }>('cms/set_webhook', {
        tenant_id: tenantId,
        url: receiver.url,
        events: ['callStatusChange'],
        enabled: true,
        ...body,
      });
    const fields = async (body: object) => (await set(body)).body.data.issues?.map((i) => `${i.field}:${i.reason}`);
    expect(await fields({ url: 'javascript:alert(1)' })).toEqual(['url:notAllowed']);
    expect(await fields({ url: `https://example.com/${'a'.repeat(webhookLimits.url)}` })).toEqual(['url:tooLong']);
    expect(await fields({ events: [] })).toEqual(['events:tooSmall']);
    expect(await fields({ events: ['callStatusChange', 'callStatusChange'] })).toEqual(['events.1:duplicate']);
    expect(await fields({ events: ['rtcSignal'] })).toEqual(['events.0:notAllowed']);
    // Metadata and link-local addresses are never posted to, whatever the server allows.
    const metadata = await set({ url: 'http://169.254.169.254/latest/meta-data' });
    expect(metadata.body).toMatchObject({ code: code('webhookTargetRefused'), data: { host: '169.254.169.254' } });
    expect(metadata.body.message).toContain('169.254.169.254');
    expect((await set({ _id: 'nope' })).body.code).toBe(code('webhookNotFound'));
    expect((await set({ tenant_id: 'nope' })).body.code).toBe(code('tenantNotFound'));
    expect((await admin('cms/test_webhook', { _id: 'nope' })).body.code).toBe(code('webhookNotFound'));
    expect((await admin('cms/redeliver_webhook', { delivery_id: 'abc' })).body.code).toBe(
      code('webhookDeliveryNotFound'),
    );
    expect((await admin('cms/redeliver_webhook', { delivery_id: '99999999999999999999' })).body.code).toBe(
      code('webhookDeliveryNotFound'),
    );
  });

  it(`keeps a tenant to ${webhookLimits.perTenant} webhooks`, async () => {
    const made: string[] = [];
    for (let i = 0; i < webhookLimits.perTenant; i++) made.push((await newWebhook({ enabled: false }))._id);
    const over = await admin('cms/set_webhook', {
      tenant_id: tenantId,
      url: receiver.url,
      events: ['callStatusChange'],
      enabled: true,
    });
    expect(over.body).toMatchObject({ code: code('webhookLimit'), data: { max: webhookLimits.perTenant } });
    for (const id of made) await removeWebhook(id);
  });

  it('is for admins only', async () => {
    const anonymous = await call(ctx.app, 'cms/get_webhook_list', { tenant_id: tenantId });
    expect(anonymous.body.code).toBe(code('notLoggedIn'));
  });
});
