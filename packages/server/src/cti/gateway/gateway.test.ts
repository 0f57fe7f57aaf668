import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@open/protocol/json-depth';
import { closeCodes, ctiLimits, ctiTimings } from '@open/protocol/cti/protocol';
import { errorCatalogue } from '@open/protocol/errors';
import { CtiClient, loginToken } from '../../../test/cti-client.js';
import { captureLogs, createTestApp, LOG_LEVEL, type TestContext } from '../../../test/helpers.js';
import { createManualScheduler } from '../../../test/manual-scheduler.js';

const HEARTBEAT_MS = 20_000;
const GRACE_MS = 60_000;
const scheduler = createManualScheduler();
const logs = captureLogs();
let ctx: TestContext;
let base: string;
const clients: CtiClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ logger: logs.logger, cti: { scheduler, heartbeatMs: HEARTBEAT_MS, graceMs: GRACE_MS } });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const client of clients) client.drop();
  await ctx.close();
});

async function connect(query?: string) {
  const client = await CtiClient.connect(base, query);
  clients.push(client);
  return client;
}

/** A phone signed in as `account` and ready. */
async function signedIn(account?: string) {
  const client = await connect();
  const ready = await client.auth(await loginToken(ctx.app, account));
  return { client, ready };
}

const code = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code;

/** Drops a phone's link and waits until the server has noticed (it starts the grace period). */
async function dropAndWait(client: CtiClient): Promise<void> {
  const grace = scheduler.armed(GRACE_MS);
  client.drop();
  await grace;
}

describe('authentication', () => {
  it('opens a session with a login token: ready with the agent offline and the tenant', async () => {
    const { ready } = await signedIn();
    expect(ready).toMatchObject({
      type: 'ready',
      resumed: false,
      seq: 0,
      heartbeat_ms: HEARTBEAT_MS,
      grace_ms: GRACE_MS,
      // No ICE servers configured: host candidates only.
      ice_servers: [],
      ice_transport_policy: 'all',
      agent: { name: 'Li Na', extension: '8001', status: 'offline', assistant_robot: true },
      tenant: { name: 'Demo tenant', acw_seconds: 15 },
    });
    expect(ready.tenant.not_ready_reasons.map((r) => r.id)).toContain('break');
    expect(ready.resume_key.length).toBeGreaterThan(20);
  });

  it.each([
    ['a token that is not a JWT', 'not-a-token', 'loginTokenInvalid'],
    ['a tampered token', 'tampered', 'loginTokenInvalid'],
  ])('closes with authFailed for %s', async (_what, kind, reason) => {
    const client = await connect();
    let token = 'not-a-token';
    if (kind === 'tampered') {
      const [head, body, signature] = (await loginToken(ctx.app)).split('.');
      const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as Record<string, unknown>;
      token = [
        head,
        Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url'),
        signature,
      ].join('.');
    }
    client.send({ type: 'auth', token });
    expect(await client.closedWith()).toEqual({ code: closeCodes.authFailed, reason });
  });

  it('refuses a login token used a second time', async () => {
    const token = await loginToken(ctx.app, 'wangwei@demo.example.com');
    const first = await connect();
    await first.auth(token);
    const second = await connect();
    second.send({ type: 'auth', token });
    expect(await second.closedWith()).toEqual({ code: closeCodes.authFailed, reason: 'loginTokenUsed' });
    expect(first.closed).toBeUndefined();
  });

  it('closes a socket whose first frame is not auth, or an auth without a token', async () => {
    const pinging = await connect();
    pinging.send({ type: 'ping', ts: 1 });
    expect(await pinging.closedWith()).toEqual({ code: closeCodes.authFailed, reason: 'socketAuthFailed' });
    const empty = await connect();
    empty.send({ type: 'auth' });
    expect(await empty.closedWith()).toEqual({ code: closeCodes.authFailed, reason: 'socketAuthFailed' });
    const garbage = await connect();
    garbage.send('{"type":');
    expect(await garbage.closedWith()).toEqual({ code: closeCodes.authFailed, reason: 'socketAuthFailed' });
  });

  it('closes a socket that does not authenticate in time', async () => {
    const authTimer = scheduler.armed(ctiTimings.authTimeoutMs);
    const client = await connect();
    await authTimer;
    scheduler.advance(ctiTimings.authTimeoutMs + 1);
    expect(await client.closedWith()).toEqual({ code: closeCodes.authTimeout, reason: 'authTimeout' });
  });
});

describe('heartbeat', () => {
  it('answers a ping with the client time and its own', async () => {
    const { client } = await signedIn('maria@demo.example.com');
    client.send({ type: 'ping', ts: 12345 });
    const pong = await client.until(() => client.frames.find((f) => f.type === 'pong'), 'pong');
    expect(pong).toEqual({ type: 'pong', ts: 12345, server_ts: scheduler.now() });
  });

  it('answers a ping as it arrives, not behind a request that waits on the database before it', async () => {
    const { client } = await signedIn('maria@demo.example.com');
    // The request, then the ping at once (getColleagues reads the database).
    client.send({ type: 'req', id: 'slow', method: 'getColleagues' });
    client.send({ type: 'ping', ts: 777 });
    await client.until(() => client.frames.find((f) => f.type === 'res' && f.id === 'slow'), 'the answer');
    const order = client.frames.flatMap((f) =>
      (f.type === 'pong' && f.ts === 777) || (f.type === 'res' && f.id === 'slow') ? [f.type] : [],
    );
    expect(order).toEqual(['pong', 'res']);
  });

  it('closes a link it has not heard from for three intervals, and holds the session', async () => {
    const { client, ready } = await signedIn('maria@demo.example.com');
    scheduler.advance(HEARTBEAT_MS * 2);
    client.send({ type: 'ping', ts: 1 });
    await client.until(() => client.frames.find((f) => f.type === 'pong'), 'pong');
    scheduler.advance(HEARTBEAT_MS * 2);
    expect(client.closed).toBeUndefined();
    scheduler.advance(HEARTBEAT_MS * 2);
    expect(await client.closedWith()).toEqual({ code: closeCodes.heartbeatTimeout, reason: 'heartbeatTimeout' });
    // Held for the grace period: the client can take it back.
    const back = await connect();
    back.send({ type: 'auth', resume: { session: ready.session, key: ready.resume_key, last_seq: 0 } });
    const resumed = await back.until(() => back.frames.find((f) => f.type === 'ready'), 'ready');
    expect(resumed).toMatchObject({ resumed: true, session: ready.session });
  });
});

describe('requests', () => {
  it('checks in, changes status and checks out, each answered once and each an event in order', async () => {
    const { client } = await signedIn('chenjie@demo.example.com');
    const login = await client.request('login', { status: 'busy', reason_id: 'meeting' });
    expect(login).toMatchObject({ code: 0, message: 'ok', data: { status: 'busy', reason_id: 'meeting' } });
    const idle = await client.request('setAgentStatus', { status: 'idle' });
    expect(idle).toMatchObject({ code: 0, data: { status: 'idle', reason_id: null } });
    const logout = await client.request('logout');
    expect(logout).toMatchObject({ code: 0, data: { status: 'offline' } });
    await client.event('loginInfoChange', 3);
    expect(client.events().map((e) => [e.seq, e.name, e.data])).toEqual([
      [1, 'loginInfoChange', { checked_in: true }],
      [2, 'agentStatusChange', expect.objectContaining({ status: 'busy', previous: 'offline', reason_id: 'meeting' })],
      [3, 'agentStatusChange', expect.objectContaining({ status: 'idle', previous: 'busy' })],
      [4, 'loginInfoChange', { checked_in: false }],
      [5, 'agentStatusChange', expect.objectContaining({ status: 'offline', previous: 'idle' })],
    ]);
    const answers = client.frames.filter((f) => f.type === 'res');
    expect(answers).toHaveLength(3);
  });

  it('does not run a request that arrives after the deadline its phone set, and says so', async () => {
    const { client } = await signedIn('wangwei@demo.example.com');
    // A stalled link delivered it late: the phone had stopped waiting and told its page.
    client.send({
      type: 'req',
      id: 'late',
      method: 'login',
      params: { status: 'idle' },
      expires_at: scheduler.now() - 1,
    });
    const late = await client.until(() => client.frames.find((f) => f.type === 'res' && f.id === 'late'), 'late');
    expect(late).toMatchObject({ code: errorCatalogue.requestTimeout.code });
    expect(await client.request('getState')).toMatchObject({ code: 0, data: { status: 'offline' } });
    // In time, it runs.
    client.send({ type: 'req', id: 'due', method: 'login', params: { status: 'idle' }, expires_at: scheduler.now() });
    const due = await client.until(() => client.frames.find((f) => f.type === 'res' && f.id === 'due'), 'due');
    expect(due).toMatchObject({ code: 0, data: { status: 'idle' } });
    await client.request('logout');
    // A deadline that is no time is a bad frame.
    for (const expires of ['soon', -1, 1.5]) {
      const id = `bad-${String(expires)}`;
      client.send({ type: 'req', id, method: 'getState', expires_at: expires });
      expect(await client.until(() => client.frames.find((f) => f.type === 'res' && f.id === id), id)).toMatchObject({
        code: errorCatalogue.badFrame.code,
      });
    }
  });

  it('refuses with coded, translated answers', async () => {
    const { client } = await signedIn('chenjie@demo.example.com');
    expect(await client.request('setAgentStatus', { status: 'idle' })).toMatchObject({
      code: code('notCheckedIn'),
      message: 'Check in first.',
    });
    expect(await client.request('fly')).toMatchObject({
      code: code('unknownMethod'),
      message: 'There is no method named “fly”.',
    });
    // A method of the catalogue that runs in the phone, not in the engine.
    expect(await client.request('goToPage', { page: 'dialpad' })).toMatchObject({ code: code('unknownMethod') });
    expect(await client.request('__proto__')).toMatchObject({ code: code('unknownMethod') });
    expect(await client.request('login', { status: 'away', extra: 1 })).toMatchObject({
      code: code('invalidParams'),
      data: {
        issues: [
          { param: 'extra', reason: 'unknown' },
          { param: 'status', reason: 'notAllowed' },
        ],
      },
    });
    expect(await client.request('login', { status: 'busy' })).toMatchObject({
      code: code('invalidParams'),
      data: { issues: [{ param: 'reason_id', reason: 'required' }] },
    });
    expect(await client.request('login', { status: 'busy', reason_id: 'nap' })).toMatchObject({
      code: code('unknownReason'),
    });
    expect(await client.request('login')).toMatchObject({ code: 0, data: { status: 'idle' } });
    expect(await client.request('login')).toMatchObject({ code: code('alreadyCheckedIn') });
    expect(await client.request('setDisplayNumber', { number: '+10000000000' })).toMatchObject({
      code: code('invalidParams'),
    });
    expect(await client.request('setDisplayNumber', { number: '+14155550100' })).toMatchObject({
      code: 0,
      data: { display_number: '+14155550100' },
    });
    await client.event('displayNumberChange');
    await client.request('logout');
  });

  it('says why check-in failed, to the request and as the event', async () => {
    const tenant = await ctx.db.selectFrom('tenant').select('id').executeTakeFirstOrThrow();
    const email = `noext-${randomUUID()}@demo.example.com`;
    const { password_hash } = await ctx.db
      .selectFrom('agent')
      .select('password_hash')
      .where('email', '=', 'lina@demo.example.com')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('agent')
      .values({ id: randomUUID(), tenant_id: tenant.id, name: 'No Extension', email, password_hash, extension: null })
      .execute();
    const { client } = await signedIn(email);
    expect(await client.request('login')).toMatchObject({ code: code('checkInNoExtension') });
    const failed = await client.event('checkInFailed');
    expect(failed.data).toEqual({
      code: code('checkInNoExtension'),
      message: 'Check-in failed: this agent has no extension. Ask an administrator to assign one.',
    });
  });

  it('answers in the language the socket asked for', async () => {
    const client = await connect('lang=zh-CN');
    await client.auth(await loginToken(ctx.app, 'maria@demo.example.com'));
    const refused = await client.request('nope');
    expect(refused.message).not.toBe('There is no method named “nope”.');
    expect(refused.message).toContain('nope');
  });
});

describe('bad frames', () => {
  it('answers unreadable frames with badFrame, keeping the id when it can, and closes after ten', async () => {
    const { client } = await signedIn('maria@demo.example.com');
    client.send('not json');
    client.send({ type: 'req', id: 'x1', method: 5 });
    client.send({ type: 'req', id: 'y'.repeat(ctiLimits.requestId + 1), method: 'login' });
    client.send({ type: 'teleport' });
    await client.until(
      () => (client.frames.filter((f) => f.type === 'res').length === 4 ? true : undefined),
      '4 answers',
    );
    const answers = client.frames.filter((f) => f.type === 'res');
    expect(answers.map((f) => [f.id, f.code])).toEqual([
      [null, code('badFrame')],
      ['x1', code('badFrame')],
      [null, code('badFrame')],
      [null, code('badFrame')],
    ]);
    for (let i = 0; i < 7; i += 1) client.send('{}');
    expect(await client.closedWith()).toEqual({ code: closeCodes.protocolError, reason: 'badFrame' });
  });

  it('closes a socket that sends a frame over the size limit', async () => {
    const { client } = await signedIn('maria@demo.example.com');
    client.send({ type: 'ping', ts: 1, pad: 'x'.repeat(ctiLimits.frameBytes) });
    expect((await client.closedWith()).code).toBe(closeCodes.tooBig);
  });

  it('notes an oversize frame before sign-in at info, without a stack: the client’s mistake, not a fault', async () => {
    const before = logs.lines.length;
    const client = await connect();
    client.send('x'.repeat(ctiLimits.frameBytes + 1));
    expect((await client.closedWith()).code).toBe(closeCodes.tooBig);
    const logged = logs.lines.slice(before).filter((line) => line.msg !== 'incoming request');
    expect(logged.filter((line) => line.level >= LOG_LEVEL.warn)).toEqual([]);
    expect(logged.filter((line) => JSON.stringify(line).includes('    at '))).toEqual([]);
    expect(logged.find((line) => line.msg === 'cti socket error')).toMatchObject({
      level: LOG_LEVEL.info,
      code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
    });
  });

  it('answers a frame nested past the bound with badFrame, without reading it', async () => {
    const { client } = await signedIn('maria@demo.example.com');
    const params = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    client.send(`{"type":"req","id":"deep","method":"getState","params":${params(MAX_JSON_DEPTH)}}`);
    client.send(`{"type":"req","id":"within","method":"getState","params":${params(MAX_JSON_DEPTH - 1)}}`);
    await client.until(
      () => (client.frames.filter((f) => f.type === 'res').length === 2 ? true : undefined),
      '2 answers',
    );
    const answers = client.frames.filter((f) => f.type === 'res');
    expect(answers[0]).toMatchObject({ id: null, code: code('badFrame') });
    expect(answers[1]).toMatchObject({ id: 'within' });
    expect(answers[1]?.code).not.toBe(code('badFrame'));
  });

  it('closes a socket that floods it', async () => {
    const { client } = await signedIn('maria@demo.example.com');
    for (let i = 0; i < 500; i += 1) client.send({ type: 'ping', ts: i });
    expect(await client.closedWith()).toEqual({ code: closeCodes.rateLimited, reason: 'tooManyFrames' });
    expect(client.frames.some((f) => f.type === 'res' && f.code === code('tooManyFrames'))).toBe(true);
  });
});

describe('resume and grace period', () => {
  it('resumes a dropped session with its status intact, replays missed events, and says the interruption is cancelled', async () => {
    const { client, ready } = await signedIn('wangwei@demo.example.com');
    await client.request('login', { status: 'busy', reason_id: 'break' });
    await client.request('setAgentStatus', { status: 'busy', reason_id: 'lunch' });
    await client.event('agentStatusChange', 2);
    await dropAndWait(client);
    scheduler.advance(GRACE_MS - 1);

    const back = await connect();
    // The client saw only the first event.
    back.send({ type: 'auth', resume: { session: ready.session, key: ready.resume_key, last_seq: 1 } });
    const resumed = await back.until(() => back.frames.find((f) => f.type === 'ready'), 'ready');
    expect(resumed).toMatchObject({
      resumed: true,
      replayed_all: true,
      seq: 3,
      agent: { status: 'busy', reason_id: 'lunch' },
    });
    expect(resumed).not.toMatchObject({ resume_key: ready.resume_key });
    const cancelled = await back.event('interruptionCancelled');
    expect(cancelled.data).toEqual({ missed_events: 2 });
    expect(back.events().map((e) => e.seq)).toEqual([2, 3, 4]);
    // The old key was rotated away.
    const replay = await connect();
    replay.send({ type: 'auth', resume: { session: ready.session, key: ready.resume_key, last_seq: 0 } });
    expect(await replay.closedWith()).toEqual({ code: closeCodes.sessionGone, reason: 'sessionGone' });
    await back.request('logout');
  });

  it('logs the agent out when the grace period passes, after which the session cannot be resumed', async () => {
    const { client, ready } = await signedIn('maria@demo.example.com');
    await client.request('login');
    await dropAndWait(client);
    scheduler.advance(GRACE_MS + 1);
    const late = await connect();
    late.send({ type: 'auth', resume: { session: ready.session, key: ready.resume_key, last_seq: 0 } });
    expect(await late.closedWith()).toEqual({ code: closeCodes.sessionGone, reason: 'sessionGone' });
    const { ready: fresh } = await signedIn('maria@demo.example.com');
    expect(fresh.agent.status).toBe('offline');
  });

  it('makes an agent whose link dropped unreachable to colleagues until the session is resumed', async () => {
    const { client: wang, ready } = await signedIn('wangwei@demo.example.com');
    await wang.request('login');
    const { client: lina } = await signedIn('lina@demo.example.com');
    await lina.request('login');
    await dropAndWait(wang);
    // Within the grace the status is kept, but a call to that phone would ring where nobody answers.
    expect(await lina.request('dialOut', { number: '8002' })).toMatchObject({
      code: code('extensionUnavailable'),
      data: { reason: 'unreachable' },
    });

    const back = await connect();
    back.send({ type: 'auth', resume: { session: ready.session, key: ready.resume_key, last_seq: 0 } });
    await back.until(() => back.frames.find((f) => f.type === 'ready'), 'ready');
    const placed = await lina.request('dialOut', { number: '8002' });
    expect(placed).toMatchObject({ code: 0, data: { call_status: 'ringing' } });
    expect(await lina.request('hangUp', { call_id: (placed.data as { call_id: string }).call_id })).toMatchObject({
      code: 0,
    });
    await lina.request('logout');
    await back.request('logout');
  });

  it('refuses a resume with a wrong key or a sequence number from the future', async () => {
    const { client, ready } = await signedIn('maria@demo.example.com');
    await dropAndWait(client);
    const wrongKey = await connect();
    wrongKey.send({ type: 'auth', resume: { session: ready.session, key: 'x'.repeat(32), last_seq: 0 } });
    expect(await wrongKey.closedWith()).toEqual({ code: closeCodes.sessionGone, reason: 'sessionGone' });
    const future = await connect();
    future.send({ type: 'auth', resume: { session: ready.session, key: ready.resume_key, last_seq: 99 } });
    expect(await future.closedWith()).toEqual({ code: closeCodes.sessionGone, reason: 'sessionGone' });
  });
});

describe('one session per agent', () => {
  it('lets the newer session take over: the older is told why and closed, the status carries over', async () => {
    const { client: first } = await signedIn('lina@demo.example.com');
    await first.request('login', { status: 'busy', reason_id: 'training' });
    const { client: second, ready } = await signedIn('lina@demo.example.com');
    expect(await first.closedWith()).toEqual({ code: closeCodes.replaced, reason: 'replaced' });
    expect(ready.agent).toMatchObject({ status: 'busy', reason_id: 'training' });
    expect(ready.seq).toBe(0);
    await second.request('logout');
    expect(second.closed).toBeUndefined();
  });
});

describe('what an open socket keeps', () => {
  it('lets the upgrade request go once the socket is open: kept, it cost every socket its headers and Fastify’s objects', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const requests: WeakRef<object>[] = [];
    const note = (request: object) => requests.push(new WeakRef(request));
    ctx.app.server.on('upgrade', note);
    try {
      const { client } = await signedIn('maria@demo.example.com');
      expect(requests).toHaveLength(1);
      for (let round = 0; round < 10 && requests[0]?.deref() !== undefined; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        gc();
      }
      expect(requests[0]?.deref()).toBeUndefined();
      // The socket itself lives on.
      expect(await client.request('getState')).toMatchObject({ code: 0 });
    } finally {
      ctx.app.server.off('upgrade', note);
    }
  });
});
