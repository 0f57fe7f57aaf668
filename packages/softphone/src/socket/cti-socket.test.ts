import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { closeCodes, ctiLimits, ctiTimings } from '@open/protocol/cti/protocol';
import { errorCatalogue } from '@open/protocol/errors';
import { loginToken } from '../../../server/test/cti-client.js';
import { call, createTestApp, type TestContext } from '../../../server/test/helpers.js';
import {
  CtiError,
  CtiSocket,
  PONG_DUE_MS,
  PROBE_AFTER_MS,
  socketUrl,
  type SocketLike,
  type SocketLogEntry,
} from './cti-socket.js';
import { eventFrame, fakeLink, readyFrame } from '../../test/fake-link.js';

let ctx: TestContext;
let base: string;
const sockets: CtiSocket[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ cti: { heartbeatMs: 1_000, graceMs: 5_000 } });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx.close();
});

/** A client on the real server through `ws`, keeping the raw sockets so a test can cut them. */
function client(token: string, extra: { random?: () => number; reconnect?: boolean } = {}) {
  const raw: WebSocket[] = [];
  const log: SocketLogEntry[] = [];
  const socket = new CtiSocket({
    serverUrl: base,
    token,
    lang: 'en',
    open: (url) => {
      const ws = new WebSocket(url);
      raw.push(ws);
      return ws as unknown as SocketLike;
    },
    ...extra,
  });
  socket.onLog((entry) => log.push(entry));
  sockets.push(socket);
  return { socket, raw, log };
}

async function until<T>(find: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('socketUrl', () => {
  it('turns the server address into the socket address', () => {
    expect(socketUrl('https://open.example.com/some/page?x=1#y', 'ar')).toBe(
      'wss://open.example.com/dzfront/open/server/cti?lang=ar',
    );
    expect(socketUrl('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/dzfront/open/server/cti');
  });
});

describe('CtiSocket against the real server', () => {
  it('authenticates, answers requests with their data, refuses with a coded CtiError', async () => {
    const { socket } = client(await loginToken(ctx.app));
    const ready = await socket.connect();
    expect(socket.state).toBe('open');
    expect(ready.agent).toMatchObject({ name: 'Li Na', status: 'offline' });
    const events: string[] = [];
    socket.on('*', (_data, frame) => events.push(frame.name));
    await expect(socket.request('login', { status: 'idle' })).resolves.toMatchObject({ status: 'idle' });
    await until(() => (events.includes('agentStatusChange') ? true : undefined), 'agentStatusChange');
    const refused = await socket.request('dialOut', { number: '1' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CtiError);
    expect(refused).toMatchObject({ code: errorCatalogue.invalidNumber.code });
    expect((refused as CtiError).message).toMatch(/number/i);
    await socket.request('logout');
  });

  it('pings on the server’s interval and times each round trip', async () => {
    const { socket, log } = client(await loginToken(ctx.app, 'maria@demo.example.com'));
    await socket.connect();
    const receipt = await until(() => log.find((entry) => entry.type === 'heartbeatReceipt'), 'a heartbeat receipt');
    expect(receipt).toMatchObject({ type: 'heartbeatReceipt' });
    expect(log.some((entry) => entry.type === 'heartbeatSent')).toBe(true);
  });

  it('times pings on demand apart from the heartbeat, and counts one the link swallowed as lost', async () => {
    const { socket, raw, log } = client(await loginToken(ctx.app, 'chenjie@demo.example.com'), { reconnect: false });
    expect(await socket.ping()).toBeNull();
    await socket.connect();
    const rtts = await Promise.all([socket.ping(), socket.ping(), socket.ping()]);
    for (const rtt of rtts) {
      expect(rtt).not.toBeNull();
      expect(rtt).toBeGreaterThanOrEqual(0);
    }
    // On-demand pongs are not heartbeat receipts.
    expect(log.filter((entry) => entry.type === 'heartbeatReceipt').length).toBeLessThanOrEqual(1);
    const pending = socket.ping(300);
    raw[0]?.terminate();
    expect(await pending).toBeNull();
  });

  it('reconnects after a drop and resumes its session, receiving what it missed', async () => {
    const token = await loginToken(ctx.app, 'wangwei@demo.example.com');
    const { socket, raw, log } = client(token, { random: () => 0.5 });
    const first = await socket.connect();
    await socket.request('login', { status: 'idle' });
    const statuses: unknown[] = [];
    socket.on('callStatusChange', (data) => statuses.push(data));

    raw[0]?.terminate();
    await until(() => (socket.state === 'closed' ? true : undefined), 'the drop');
    // While the phone is away, a caller rings the tenant; Wang Wei is the only one ready.
    const placed = await call<{ call_id: string }>(ctx.app, 'cti/simulate_inbound_call', {
      token: await loginToken(ctx.app, 'wangwei@demo.example.com'),
      from: '13800138000',
    });
    expect(placed.status).toBe(200);

    await until(() => log.find((entry) => entry.type === 'reconnected'), 'reconnected');
    expect(log).toContainEqual(expect.objectContaining({ type: 'reconnecting', attempt: 1, delayMs: 500 }));
    expect(socket.ready?.session).toBe(first.session);
    expect(socket.ready?.resumed).toBe(true);
    await until(() => statuses.find((s) => (s as { call_status: string }).call_status === 'ringing'), 'the offer');
    await socket.request('hangUp');
  });

  it('refuses a bad token: connect rejects, loginAuthFailed says why, no reconnect', async () => {
    const { socket, log } = client('not-a-token');
    const failed: unknown[] = [];
    socket.on('loginAuthFailed', (data) => failed.push(data));
    await expect(socket.connect()).rejects.toMatchObject({ code: closeCodes.authFailed });
    expect(failed).toEqual([{ code: errorCatalogue.loginTokenInvalid.code, message: 'loginTokenInvalid' }]);
    expect(log.some((entry) => entry.type === 'reconnecting')).toBe(false);
    expect(socket.state).toBe('closed');
  });

  it('gives way to a newer tab of the same agent and does not fight back', async () => {
    const older = client(await loginToken(ctx.app, 'chenjie@demo.example.com'), { random: () => 0 });
    await older.socket.connect();
    const newer = client(await loginToken(ctx.app, 'chenjie@demo.example.com'));
    await newer.socket.connect();
    // 'ended' is logged once the socket has decided, in the same turn as the close, whether to
    // come back: a retry would have been logged before it, with its delay (0 here).
    await until(() => older.log.find((entry) => entry.type === 'ended'), 'ended');
    expect(older.socket.state).toBe('closed');
    expect(older.log.some((entry) => entry.type === 'reconnecting')).toBe(false);
    // The newer tab still holds the session after a round trip of its own.
    await newer.socket.request('getState');
    expect(newer.socket.state).toBe('open');
    expect(older.socket.state).toBe('closed');
    await expect(older.socket.request('getState')).rejects.toMatchObject({
      code: errorCatalogue.sessionEnded.code,
      data: { reason: 'takenOver' },
    });
    expect(older.log).toContainEqual({ type: 'ended', cause: 'takenOver', error: 'sessionEnded', hadSession: true });
  });
});

/** What a promise rejected with (or undefined), so a test can look at it after moving time. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as CtiError,
  );

const catalogued = new Set<number>(Object.values(errorCatalogue).map((e) => e.code));

describe('CtiSocket on a scripted link (fake timers)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('caps the backoff at a few seconds, with full jitter under a doubling ceiling', async () => {
    vi.useFakeTimers();
    expect(ctiTimings.reconnectMaxMs).toBe(5_000);
    const link = fakeLink();
    void link.client.connect();
    link.signIn();
    for (let attempt = 1; attempt <= 6; attempt++) {
      link.latest().drop();
      const entry = link.log.filter((e) => e.type === 'reconnecting').at(-1);
      const delayMs = entry?.type === 'reconnecting' ? entry.delayMs : -1;
      // `random` is 1: the ceiling itself.
      expect(delayMs).toBe(Math.min(5_000, 1_000 * 2 ** (attempt - 1)));
      const opened = link.sockets.length;
      await vi.advanceTimersByTimeAsync(delayMs - 1);
      expect(link.sockets).toHaveLength(opened);
      await vi.advanceTimersByTimeAsync(1);
      expect(link.sockets).toHaveLength(opened + 1);
    }
    // The drop of a live session is told once; the failed attempts after it are not new drops.
    expect(link.log.filter((e) => e.type === 'linkLost')).toHaveLength(1);

    // Full jitter: a share of the ceiling, never above it.
    const jittered = fakeLink({ random: () => 0.25 });
    void jittered.client.connect();
    jittered.signIn();
    for (let attempt = 1; attempt <= 5; attempt++) {
      jittered.latest().drop();
      await vi.advanceTimersByTimeAsync(5_000);
    }
    const delays = jittered.log.flatMap((e) => (e.type === 'reconnecting' ? [e.delayMs] : []));
    expect(delays).toEqual([250, 500, 1_000, 1_250, 1_250]);
  });

  it('reconnects at once when the browser is back online or the page is shown, and resumes', async () => {
    vi.useFakeTimers();
    const link = fakeLink();
    void link.client.connect();
    link.signIn(readyFrame({ seq: 0 }));
    link.latest().frame(eventFrame(1, 'agentStatusChange', { status: 'idle' }));
    link.latest().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    link.latest().drop();
    await vi.advanceTimersByTimeAsync(2_000);
    link.latest().drop();
    // Attempt 3 waits 4 s; the browser says the network is back after 1 s.
    await vi.advanceTimersByTimeAsync(1_000);
    const before = link.sockets.length;
    link.wakeUp('online');
    expect(link.sockets).toHaveLength(before + 1);
    expect(link.log).toContainEqual({ type: 'retryNow', trigger: 'online', attempt: 3 });
    const resumed = link.latest();
    resumed.accept();
    expect(resumed.sent[0]).toEqual({ type: 'auth', resume: { session: 's1', key: 'k1', last_seq: 1 } });
    resumed.frame(readyFrame({ resumed: true, seq: 4, resume_key: 'k2' }));
    expect(link.log).toContainEqual({ type: 'reconnected', attempt: 3, missedEvents: 3, offlineMs: 4_000 });
    expect(link.client.state).toBe('open');
    // The resumed link answers the ping sent with its `ready`.
    const sentPing = resumed.sent.find((f) => f.type === 'ping');
    resumed.frame({ type: 'pong', ts: sentPing?.ts as number, server_ts: Date.now() });
    // The scheduled attempt was cancelled, not run on top of the resumed link.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(link.sockets).toHaveLength(before + 1);

    // Shown again after a sleep: the open link is probed, and a silent one is dropped in 5 s.
    const pingsBefore = resumed.sent.filter((f) => f.type === 'ping').length;
    resumed.frame(eventFrame(5, 'agentStatusChange', { status: 'idle' }));
    link.wakeUp('visible');
    expect(resumed.sent.filter((f) => f.type === 'ping')).toHaveLength(pingsBefore + 1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(resumed.closedWith?.code).toBe(4000);
    expect(link.log.filter((e) => e.type === 'linkLost')).toHaveLength(2);
    expect(link.client.state).toBe('closed');
  });

  it('finds a link that stops answering within a beat and PONG_DUE_MS, not after three silent beats', async () => {
    vi.useFakeTimers();
    const link = fakeLink();
    void link.client.connect();
    const socket = link.signIn(readyFrame({ heartbeat_ms: 20_000 }));
    // The ping sent at sign-in is answered: the link is fine.
    const first = socket.sent.find((f) => f.type === 'ping');
    socket.frame({ type: 'pong', ts: first?.ts as number, server_ts: Date.now() });
    await vi.advanceTimersByTimeAsync(20_000 + PONG_DUE_MS - 1);
    expect(link.client.state).toBe('open');
    // The beat's ping got no answer.
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.closedWith).toEqual({ code: 4000, reason: 'no pong' });
    expect(link.log.filter((e) => e.type === 'linkLost')).toHaveLength(1);
  });

  it('probes a silent link when a request gets no answer: a stalled link is found in seconds, the request refused connectionDown', async () => {
    vi.useFakeTimers();
    const link = fakeLink({ requestTimeoutMs: 15_000 });
    void link.client.connect();
    const socket = link.signIn(readyFrame({ heartbeat_ms: 20_000 }));
    const first = socket.sent.find((f) => f.type === 'ping');
    socket.frame({ type: 'pong', ts: first?.ts as number, server_ts: Date.now() });
    const pings = () => socket.sent.filter((f) => f.type === 'ping').length;
    const before = pings();
    const muted = refusal(link.client.request('mute', { call_id: 'c1' }));
    await vi.advanceTimersByTimeAsync(PROBE_AFTER_MS);
    expect(pings()).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(PONG_DUE_MS);
    expect(await muted).toMatchObject({ code: errorCatalogue.connectionDown.code });
    expect(link.log.some((e) => e.type === 'linkLost')).toBe(true);
  });

  it('stamps each request with the moment it stops waiting, on the server’s clock', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-02T09:00:00.000Z'));
    const link = fakeLink({ requestTimeoutMs: 15_000 });
    void link.client.connect();
    const socket = link.signIn();
    const ping = socket.sent.find((f) => f.type === 'ping');
    // The pong comes 40 ms later from a server whose clock is a minute ahead.
    await vi.advanceTimersByTimeAsync(40);
    socket.frame({ type: 'pong', ts: ping?.ts as number, server_ts: (ping?.ts as number) + 60_000 + 20 });
    void link.client.request('getState').catch(() => undefined);
    const sent = socket.requests().at(-1) as unknown as { expires_at: number };
    // Now on the server's clock, plus the timeout, less the round trip.
    expect(sent.expires_at).toBe(Date.now() + 60_000 + 15_000 - 40);
  });

  it('refuses a request larger than the server reads, and keeps the link', async () => {
    vi.useFakeTimers();
    const link = fakeLink();
    void link.client.connect();
    const socket = link.signIn();
    const sentBefore = socket.requests().length;
    // Past the limit in UTF-8 bytes, not in UTF-16 units: 3 bytes each.
    const note = '中'.repeat(Math.ceil(ctiLimits.frameBytes / 3));
    expect(note.length).toBeLessThan(ctiLimits.frameBytes);
    expect(await refusal(link.client.request('dialOut', { number: '13800138000', data: { note } }))).toMatchObject({
      code: errorCatalogue.frameTooLarge.code,
      data: { max: ctiLimits.frameBytes },
    });
    expect(socket.requests()).toHaveLength(sentBefore);
    expect(socket.closedWith).toBeNull();
    expect(link.client.state).toBe('open');
  });

  it('keeps a probed link that answers', async () => {
    vi.useFakeTimers();
    const link = fakeLink();
    void link.client.connect();
    const socket = link.signIn();
    link.wakeUp('online');
    const ping = socket.sent.filter((f) => f.type === 'ping').at(-1);
    socket.frame({ type: 'pong', ts: ping?.ts as number, server_ts: Date.now() });
    await vi.advanceTimersByTimeAsync(6_000);
    expect(socket.closedWith).toBeNull();
    expect(link.client.state).toBe('open');
  });

  it('refuses requests with catalogued codes: not connected, link lost, no answer in time', async () => {
    vi.useFakeTimers();
    const link = fakeLink({ requestTimeoutMs: 15_000 });
    const early = await refusal(link.client.request('getState'));
    expect(early).toMatchObject({ code: errorCatalogue.connectionDown.code, message: 'msg:connectionDown' });

    void link.client.connect();
    const socket = link.signIn();
    // The link answers its pings, the engine not this request.
    const silent = refusal(link.client.request('getState'));
    for (let second = 0; second < 15; second++) {
      for (const ping of socket.sent.filter((f) => f.type === 'ping' && !f.answered)) {
        ping.answered = true;
        socket.frame({ type: 'pong', ts: ping.ts as number, server_ts: Date.now() });
      }
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(await silent).toMatchObject({ code: errorCatalogue.engineTimeout.code, message: 'msg:engineTimeout' });
    expect(socket.closedWith).toBeNull();

    const inFlight = refusal(link.client.request('dialOut', { number: '13800138000' }));
    socket.drop();
    expect(await inFlight).toMatchObject({ code: errorCatalogue.connectionDown.code });
    expect(await refusal(link.client.request('getState'))).toMatchObject({
      code: errorCatalogue.connectionDown.code,
    });

    link.client.close();
    const closed = await refusal(link.client.request('getState'));
    expect(closed).toMatchObject({ code: errorCatalogue.sessionEnded.code, data: { reason: 'closed' } });
    for (const error of [early, closed]) expect(catalogued.has(error?.code ?? 0)).toBe(true);
  });

  it('ends the session on sessionGone: requests refused at once, loginAuthFailed, no more attempts', async () => {
    vi.useFakeTimers();
    const link = fakeLink();
    const failed: unknown[] = [];
    link.client.on('loginAuthFailed', (data) => failed.push(data));
    void link.client.connect();
    link.signIn();
    link.latest().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    // Back after the grace period: the resume is refused.
    link.latest().accept();
    link.latest().drop(closeCodes.sessionGone, 'sessionGone');
    expect(link.log.at(-1)).toEqual({ type: 'ended', cause: 'signedOut', error: 'sessionGone', hadSession: true });
    expect(failed).toEqual([{ code: errorCatalogue.sessionGone.code, message: 'sessionGone' }]);
    expect(link.client.ended).toBe('signedOut');
    expect(await refusal(link.client.request('login'))).toMatchObject({
      code: errorCatalogue.sessionEnded.code,
      message: 'msg:sessionEnded',
      data: { reason: 'signedOut' },
    });
    const opened = link.sockets.length;
    link.wakeUp('online');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(link.sockets).toHaveLength(opened);
    expect(link.listening()).toBe(false);
  });

  it('says serverRestarted when a server that closed for shutdown comes back without the session', async () => {
    vi.useFakeTimers();
    const link = fakeLink();
    void link.client.connect();
    link.signIn();
    link.latest().drop(closeCodes.goingAway, 'shutdown');
    await vi.advanceTimersByTimeAsync(1_000);
    link.latest().accept();
    link.latest().drop(closeCodes.sessionGone, 'sessionGone');
    expect(link.log).toContainEqual({ type: 'sessionLost', restarted: true });
    expect(link.log.at(-1)).toEqual({
      type: 'ended',
      cause: 'serverRestarted',
      error: 'sessionGone',
      hadSession: true,
    });
    expect(link.client.ended).toBe('serverRestarted');
    expect(await refusal(link.client.request('login'))).toMatchObject({
      code: errorCatalogue.sessionEnded.code,
      data: { reason: 'serverRestarted' },
    });
  });

  it('forgets a shutdown once a session was ready again: a later loss is signedOut', async () => {
    vi.useFakeTimers();
    const link = fakeLink();
    void link.client.connect();
    link.signIn();
    // Another node took the session over after the shutdown: resumed.
    link.latest().drop(closeCodes.goingAway, 'shutdown');
    await vi.advanceTimersByTimeAsync(1_000);
    link.signIn();
    // Then an ordinary cut, back after the grace period.
    link.latest().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    link.latest().accept();
    link.latest().drop(closeCodes.sessionGone, 'sessionGone');
    expect(link.log.at(-1)).toMatchObject({ type: 'ended', cause: 'signedOut' });
  });

  it('tells a take-over from a refusal: replaced is no loginAuthFailed, a disabled agent is', async () => {
    vi.useFakeTimers();
    const replaced = fakeLink();
    const heard: string[] = [];
    replaced.client.on('*', (_data, frame) => heard.push(frame.name));
    void replaced.client.connect();
    replaced.signIn();
    const waiting = refusal(replaced.client.request('getState'));
    replaced.latest().drop(closeCodes.replaced, 'replaced');
    expect(await waiting).toMatchObject({ code: errorCatalogue.sessionEnded.code, data: { reason: 'takenOver' } });
    expect(replaced.log.at(-1)).toMatchObject({ type: 'ended', cause: 'takenOver' });
    expect(heard).toEqual([]);

    const disabled = fakeLink();
    const failed: unknown[] = [];
    disabled.client.on('loginAuthFailed', (data) => failed.push(data));
    void disabled.client.connect();
    disabled.signIn();
    disabled.latest().drop(closeCodes.authFailed, 'agentDisabled');
    expect(disabled.log.at(-1)).toEqual({ type: 'ended', cause: 'disabled', error: 'agentDisabled', hadSession: true });
    expect(failed).toEqual([{ code: errorCatalogue.agentDisabled.code, message: 'agentDisabled' }]);
  });

  it('tries a refused resume again while the call centre moves to another node', async () => {
    vi.useFakeTimers();
    const link = fakeLink();
    void link.client.connect();
    link.signIn();
    link.latest().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    link.latest().drop(closeCodes.authFailed, 'callCentreUnavailable');
    expect(link.client.ended).toBeNull();
    expect(link.log.at(-1)).toMatchObject({ type: 'reconnecting', attempt: 2 });
  });

  it('keeps the TURN credentials of the latest ice frame for the calls it places next', () => {
    const link = fakeLink();
    void link.client.connect();
    const turn = (username: string) => ({
      urls: ['turn:turn.example.com:3478'],
      username,
      credential: `pw-${username}`,
    });
    link.signIn(readyFrame({ ice_servers: [turn('1000:a1')], ice_transport_policy: 'all' }));
    link.latest().frame({ type: 'ice', ice_servers: [turn('2000:a1')], ice_transport_policy: 'relay' });
    expect(link.client.ready).toMatchObject({
      session: 's1',
      ice_servers: [turn('2000:a1')],
      ice_transport_policy: 'relay',
    });
  });
});
