import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { closeCodes } from '@open/protocol/cti/protocol';
import { errorCatalogue } from '@open/protocol/errors';
import { loginToken } from '../../../server/test/cti-client.js';
import { call, createTestApp, type TestContext } from '../../../server/test/helpers.js';
import { CtiError, CtiSocket, socketUrl, type SocketLike, type SocketLogEntry } from './cti-socket.js';

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
    await until(() => older.log.find((entry) => entry.type === 'replaced'), 'replaced');
    expect(older.socket.state).toBe('closed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(older.log.some((entry) => entry.type === 'reconnecting')).toBe(false);
    expect(newer.socket.state).toBe('open');
    await expect(older.socket.request('getState')).rejects.toMatchObject({ code: -1 });
  });
});
