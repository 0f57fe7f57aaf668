import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallEvent, CmsApiKey } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import { apiKeyLimits, STREAM_END_EVENT } from '@open/protocol/event-stream';
import { EVENT_STREAM_PATH } from '@open/protocol/event-stream';
import { answeredInboundCall, type CtiClient } from '../../test/cti-client.js';
import { call, createTestApp, loginAsAdmin, type TestContext } from '../../test/helpers.js';
import { insertEvents } from '../webhooks/webhook.data.js';

/**
 * The event stream end to end on the real server (docs/EVENT-STREAM.md): API keys made in the CMS,
 * the page-by-page call, and server-sent events read over real HTTP, as a CRM's back end reads
 * them: resumed after a cut, ended when the key is revoked, refused when the cursor is gone.
 */

const code = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code;
let ctx: TestContext;
let cookie: string;
let tenantId: string;
let base: string;
const clients: CtiClient[] = [];

beforeAll(async () => {
  // Looks and key checks every 50 ms: what another node stored, or revoked, shows within the test.
  ctx = await createTestApp({ eventStreams: { pollMs: 50, keyCheckMs: 100, heartbeatMs: 200 } });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  cookie = await loginAsAdmin(ctx.app);
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
});

const admin = <T>(path: string, body: object) => call<T>(ctx.app, path, body, { cookie });

async function newKey(name = 'CRM back end'): Promise<CmsApiKey & { key: string }> {
  const made = await admin<CmsApiKey & { key: string }>('cms/create_api_key', { tenant_id: tenantId, name });
  expect(made.body.code).toBe(0);
  return made.body.data;
}

const removeKey = async (id: string) => {
  expect((await admin('cms/remove_api_key', { _id: id })).body.code).toBe(0);
};

const page = (key: string | undefined, body: object) =>
  call<{ list: CallEvent[]; last_id: string; has_more: boolean }>(ctx.app, 'events/get_event_list', body, {
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
  });

/** Events of the tenant as another node would store them: straight into the log, no wake here. */
async function storeElsewhere(count: number, type = 'agentStatusChange'): Promise<void> {
  await insertEvents(
    ctx.db,
    Array.from({ length: count }, (_, index) => ({
      tenant_id: tenantId,
      type,
      agent_id: null,
      payload: JSON.stringify({ agent: null, data: { status: 'busy', index } }),
      occurred_at: new Date(),
    })),
  );
}

interface Sse {
  id: string | undefined;
  event: string;
  data: string;
}

/** A stream as a back end reads it: the HTTP answer, and its events parsed as they arrive. */
class StreamReader {
  readonly events: Sse[] = [];
  comments = 0;
  ended = false;
  private buffer = '';
  private waiters: (() => void)[] = [];
  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  static async open(key: string, body: object = {}, headers: Record<string, string> = {}): Promise<StreamReader> {
    const abort = new AbortController();
    const response = await fetch(`${base}${EVENT_STREAM_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
      body: JSON.stringify(body),
      signal: abort.signal,
    });
    const reader = new StreamReader(response, abort);
    if (response.ok) void reader.read();
    return reader;
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of this.response.body as unknown as AsyncIterable<Uint8Array>) {
        this.buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          this.take(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
        }
        this.notify();
      }
    } catch {
      // Aborted by the test.
    }
    this.ended = true;
    this.notify();
  }

  private take(block: string): void {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments++;
        continue;
      }
      const colon = line.indexOf(':');
      fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
    }
    const data = fields.get('data');
    if (data !== undefined) this.events.push({ id: fields.get('id'), event: fields.get('event') ?? 'message', data });
  }

  private notify(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Waits (5 s at most) until `done` holds. */
  async until(done: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`the stream did not show ${what}: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  close(): void {
    this.abort.abort();
  }
}

describe('API keys in the CMS', () => {
  it('are shown once, then by their hint; capped per tenant; removed once', async () => {
    const made = await newKey();
    expect(made.key).toMatch(/^opk_[A-Za-z0-9_-]{43}$/);
    expect(made.key_hint).toBe(`opk_…${made.key.slice(-4)}`);
    const list = await admin<{ list: CmsApiKey[] }>('cms/get_api_key_list', { tenant_id: tenantId });
    expect(list.body.data.list.find((key) => key._id === made._id)).toMatchObject({
      name: 'CRM back end',
      last_used_at: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(made.key);

    const more = [];
    for (let count = 1; count < apiKeyLimits.perTenant; count++) more.push(await newKey(`key ${count}`));
    const over = await admin('cms/create_api_key', { tenant_id: tenantId, name: 'one too many' });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: code('apiKeyLimit'), data: { max: apiKeyLimits.perTenant } });
    for (const key of [made, ...more]) await removeKey(key._id);
    expect((await admin('cms/remove_api_key', { _id: made._id })).body.code).toBe(code('apiKeyNotFound'));
  });

  it('refuses bad input with its own codes', async () => {
    const empty = await admin('cms/create_api_key', { tenant_id: tenantId, name: '   ' });
    expect(empty.body.code).toBe(code('invalidField'));
    const long = await admin('cms/create_api_key', { tenant_id: tenantId, name: 'x'.repeat(apiKeyLimits.name + 1) });
    expect(long.body.code).toBe(code('invalidField'));
    const nobody = await admin('cms/create_api_key', { tenant_id: 'no-such-tenant', name: 'CRM' });
    expect(nobody.body.code).toBe(code('tenantNotFound'));
    // An editor, or nobody signed in, cannot see or make keys.
    const anonymous = await call(ctx.app, 'cms/get_api_key_list', { tenant_id: tenantId });
    expect(anonymous.status).toBe(401);
  });
});

describe('events/get_event_list', () => {
  it('refuses a call without a valid key, the same way whatever is wrong', async () => {
    const made = await newKey();
    const wrong = [
      undefined,
      'Basic dXNlcjpwYXNz',
      'Bearer',
      'Bearer opk_short',
      `Bearer ${made.key.slice(0, -1)}A`.replace(/A$/, made.key.endsWith('A') ? 'B' : 'A'),
      `Bearer ${made.key} extra`,
    ];
    for (const authorization of wrong) {
      const answer = await call(
        ctx.app,
        'events/get_event_list',
        {},
        {
          headers: authorization === undefined ? {} : { authorization },
        },
      );
      expect(answer.status, String(authorization)).toBe(401);
      expect(answer.body.code).toBe(code('apiKeyInvalid'));
    }
    await removeKey(made._id);
    const revoked = await page(made.key, {});
    expect(revoked.body.code).toBe(code('apiKeyInvalid'));
  });

  it('pages through the events after a cursor, and says where to resume', async () => {
    const made = await newKey();
    const start = await page(made.key, {});
    expect(start.body.data).toMatchObject({ list: [], has_more: false });
    await storeElsewhere(5);
    const first = await page(made.key, { after: start.body.data.last_id, limit: 3 });
    expect(first.body.data.list).toHaveLength(3);
    expect(first.body.data.has_more).toBe(true);
    expect(first.body.data.list[0]).toMatchObject({
      type: 'agentStatusChange',
      tenant_id: tenantId,
      data: { index: 0 },
    });
    const rest = await page(made.key, { after: first.body.data.last_id, limit: 3 });
    expect(rest.body.data.list.map((event) => (event.data as { index: number }).index)).toEqual([3, 4]);
    expect(rest.body.data.has_more).toBe(false);
    const none = await page(made.key, { after: rest.body.data.last_id });
    expect(none.body.data).toEqual({ list: [], last_id: rest.body.data.last_id, has_more: false });
    // The key's use is noted (to the minute) for the CMS.
    const list = await admin<{ list: CmsApiKey[] }>('cms/get_api_key_list', { tenant_id: tenantId });
    expect(list.body.data.list.find((key) => key._id === made._id)?.last_used_at).not.toBeNull();
    await removeKey(made._id);
  });

  it('refuses a cursor that is not kept, and bad cursors, with their own codes', async () => {
    const made = await newKey();
    const gone = await page(made.key, { after: '999999999999' });
    expect(gone.status).toBe(410);
    expect(gone.body.code).toBe(code('eventCursorUnknown'));
    expect(gone.body.data).toMatchObject({ after: '999999999999' });
    for (const after of ['-1', '01', '1.5', 'abc', '9'.repeat(19)]) {
      expect((await page(made.key, { after })).body.code, after).toBe(code('invalidField'));
    }
    expect((await page(made.key, { limit: apiKeyLimits.pageSize + 1 })).body.code).toBe(code('invalidField'));
    expect((await page(made.key, { types: ['dtmfReceived'] })).body.code).toBe(code('invalidField'));
    await removeKey(made._id);
  });
});

describe('the event stream', () => {
  it('carries a call’s events as they happen, and resumes after the last id it gave', async () => {
    const made = await newKey();
    const stream = await StreamReader.open(made.key, { types: ['callStatusChange', 'callRecord'] });
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const { client: wang, callId } = await answeredInboundCall(ctx.app, base, { data: { ticket: 'T-9' } });
    clients.push(wang);
    await stream.until(() => stream.events.some((event) => event.event === 'callRecord'), 'the call record');
    // Only the types asked for; each event as a webhook posts it, with its id in the `id` field.
    expect(new Set(stream.events.map((event) => event.event))).toEqual(new Set(['callStatusChange', 'callRecord']));
    const bodies = stream.events.map((event) => ({ id: event.id, body: JSON.parse(event.data) as CallEvent }));
    for (const { id, body } of bodies) expect(body.id).toBe(id);
    expect(bodies.map(({ body }) => body)).toContainEqual(
      expect.objectContaining({
        type: 'callStatusChange',
        agent: expect.objectContaining({ name: 'Wang Wei', extension: '8002' }) as unknown,
        data: expect.objectContaining({ call_id: callId, call_status: 'talking' }) as unknown,
      }),
    );
    stream.close();
    await wang.request('logout');

    // A reader cut after its first event resumes with Last-Event-ID and gets the rest, no more.
    const first = bodies[0]?.id ?? '';
    const resumed = await StreamReader.open(
      made.key,
      { types: ['callStatusChange', 'callRecord'] },
      {
        'last-event-id': first,
      },
    );
    await resumed.until(() => resumed.events.length >= bodies.length - 1, 'the events after the first');
    expect(resumed.events.map((event) => event.id)).toEqual(bodies.slice(1).map(({ id }) => id));
    resumed.close();
    await removeKey(made._id);
  });

  it('reads what another node stored, in order, and a slow start loses nothing', async () => {
    const made = await newKey();
    const start = (await page(made.key, {})).body.data.last_id;
    // Stored before the stream opens, then while it is open: no wake from this node, only its look.
    await storeElsewhere(3);
    const stream = await StreamReader.open(made.key, { after: start });
    await storeElsewhere(700);
    // Only the events stored here: the earlier tests' agents may still have some on their way.
    const ours = () =>
      stream.events.filter(
        (event) => typeof (JSON.parse(event.data) as { data: { index?: unknown } }).data.index === 'number',
      );
    await stream.until(() => ours().length >= 703, '703 events');
    const indexes = ours().map((event) => (JSON.parse(event.data) as { data: { index: number } }).data.index);
    expect(indexes).toEqual([0, 1, 2, ...Array.from({ length: 700 }, (_, index) => index)]);
    const ids = ours().map((event) => BigInt(event.id ?? '0'));
    expect(ids.every((id, index) => index === 0 || id > (ids[index - 1] ?? 0n))).toBe(true);
    // A quiet stream gets comment lines, which readers skip.
    const comments = stream.comments;
    await stream.until(() => stream.comments > comments + 1, 'a heartbeat');
    stream.close();
    await removeKey(made._id);
  });

  it('carries a wrap-up chosen in after-call work, with the code, its name and the note', async () => {
    const made = await newKey();
    const stream = await StreamReader.open(made.key, { types: ['wrapUpChange', 'callRecord'] });
    const { client: wang, callId } = await answeredInboundCall(ctx.app, base);
    clients.push(wang);
    expect(await wang.request('setWrapUp', { code_id: 'sale', note: 'Two licences' })).toMatchObject({ code: 0 });
    const has = (type: string) => stream.events.some((event) => event.event === type);
    await stream.until(() => has('wrapUpChange') && has('callRecord'), 'the wrap-up and the record');
    const wrapUp = stream.events.find((event) => event.event === 'wrapUpChange');
    expect(JSON.parse(wrapUp?.data ?? '{}')).toMatchObject({
      type: 'wrapUpChange',
      agent: { name: 'Wang Wei' },
      data: { call_id: callId, wrap_up: { code_id: 'sale', name: 'Sale', note: 'Two licences' } },
    });
    stream.close();
    await wang.request('setAgentStatus', { status: 'idle' });
    await wang.request('logout');
    await removeKey(made._id);
  });

  it('ends with streamEnd when its key is revoked, and is refused afterwards', async () => {
    const made = await newKey();
    const stream = await StreamReader.open(made.key);
    await stream.until(() => stream.comments > 0, 'the stream open');
    await removeKey(made._id);
    await stream.until(() => stream.ended, 'the end');
    const last = stream.events.at(-1);
    expect(last?.event).toBe(STREAM_END_EVENT);
    expect(JSON.parse(last?.data ?? '{}')).toMatchObject({ code: code('apiKeyInvalid') });
    const again = await StreamReader.open(made.key);
    expect(again.response.status).toBe(401);
    expect(((await again.response.json()) as { code: number }).code).toBe(code('apiKeyInvalid'));
  });

  it('ends when the key is revoked on another node (found by the key check)', async () => {
    const made = await newKey();
    const stream = await StreamReader.open(made.key);
    await stream.until(() => stream.comments > 0, 'the stream open');
    // Gone from the database without this node's word, as a removal on another node is.
    await ctx.db.deleteFrom('api_key').where('id', '=', made._id).execute();
    await stream.until(() => stream.ended, 'the end');
    expect(stream.events.at(-1)?.event).toBe(STREAM_END_EVENT);
  });

  it('refuses more streams than a key may hold, a cursor no longer kept, and a bad Last-Event-ID', async () => {
    const made = await newKey();
    const open: StreamReader[] = [];
    for (let count = 0; count < apiKeyLimits.streamsPerKey; count++) open.push(await StreamReader.open(made.key));
    const over = await StreamReader.open(made.key);
    expect(over.response.status).toBe(429);
    expect(await over.response.json()).toMatchObject({
      code: code('eventStreamLimit'),
      data: { max: apiKeyLimits.streamsPerKey },
    });
    // A reader that goes away frees its place.
    open.pop()?.close();
    let reopened: StreamReader | undefined;
    for (let tries = 0; tries < 50 && reopened?.response.status !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reopened = await StreamReader.open(made.key);
    }
    expect(reopened?.response.status).toBe(200);
    reopened?.close();
    for (const stream of open) stream.close();

    const gone = await StreamReader.open(made.key, { after: '999999999999' });
    expect(gone.response.status).toBe(410);
    expect(((await gone.response.json()) as { code: number }).code).toBe(code('eventCursorUnknown'));
    const bad = await StreamReader.open(made.key, {}, { 'last-event-id': 'yesterday' });
    expect(bad.response.status).toBe(400);
    expect(((await bad.response.json()) as { code: number }).code).toBe(code('invalidField'));
    const unknownField = await StreamReader.open(made.key, { since: '1' });
    expect(unknownField.response.status).toBe(400);
    await removeKey(made._id);
  });
});

describe('a node that stops', () => {
  it('ends its streams with serverStopping, and stops', async () => {
    const other = await createTestApp();
    const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const otherCookie = await loginAsAdmin(other.app);
    const tenants = await call<{ list: { _id: string }[] }>(
      other.app,
      'cms/get_tenant_list',
      { page_number: -1 },
      {
        cookie: otherCookie,
      },
    );
    const made = await call<{ key: string }>(
      other.app,
      'cms/create_api_key',
      { tenant_id: tenants.body.data.list[0]?._id, name: 'CRM' },
      { cookie: otherCookie },
    );
    const response = await fetch(`${otherBase}${EVENT_STREAM_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${made.body.data.key}` },
      body: '{}',
    });
    expect(response.status).toBe(200);
    const text = response.text();
    // A reader that went away mid-stream: its connection was once kept alive after the stream
    // ended, and the close waited on it for ever.
    const abort = new AbortController();
    const gone = await fetch(`${otherBase}${EVENT_STREAM_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${made.body.data.key}` },
      body: '{}',
      signal: abort.signal,
    });
    expect(gone.headers.get('connection')).toBe('close');
    await gone.body?.getReader().read();
    abort.abort();
    // Without the end of its streams, the close would wait for ever on their connections.
    await other.close();
    expect(await text).toContain(`"code":${code('serverStopping')}`);
  });
});
