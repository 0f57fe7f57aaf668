import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { EventFrame, ReadyFrame, ResponseFrame, ServerFrame } from '@open/protocol/cti/protocol';
import { CTI_SOCKET_PATH } from '@open/protocol/paths';
import { call } from './helpers.js';

/** A demo agent's login token, from the real `basic/get_login_token`. */
export async function loginToken(
  app: FastifyInstance,
  account = 'lina@demo.example.com',
  password = 'agent@open',
): Promise<string> {
  const res = await call<{ token: string }>(app, 'basic/get_login_token', { account, password });
  if (res.status !== 200) throw new Error(`no login token for ${account}: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

/**
 * A real WebSocket client of the softphone socket that keeps every frame it receives, so a test
 * can wait for the one it expects and look at the order they came in.
 */
export class CtiClient {
  readonly frames: ServerFrame[] = [];
  closed: { code: number; reason: string } | undefined;
  private waiters: (() => void)[] = [];
  private nextId = 1;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.frames.push(JSON.parse(data.toString()) as ServerFrame);
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  static async connect(base: string, query = 'lang=en'): Promise<CtiClient> {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${CTI_SOCKET_PATH}?${query}`);
    const client = new CtiClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        resolve();
      });
      socket.once('error', reject);
    });
    return client;
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Waits until `find` finds something among the frames (or the socket closes, then throws). */
  async until<T>(find: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (this.closed) throw new Error(`closed (${this.closed.code} ${this.closed.reason}) while waiting for ${what}`);
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  async auth(token: string): Promise<ReadyFrame> {
    this.send({ type: 'auth', token });
    return this.until(() => this.frames.find((f): f is ReadyFrame => f.type === 'ready'), 'ready');
  }

  async request(method: string, params?: Record<string, unknown>): Promise<ResponseFrame> {
    const id = `r${this.nextId++}`;
    this.send({ type: 'req', id, method, ...(params ? { params } : {}) });
    return this.until(
      () => this.frames.find((f): f is ResponseFrame => f.type === 'res' && f.id === id),
      `answer ${id}`,
    );
  }

  events(name?: string): EventFrame[] {
    return this.frames.filter((f): f is EventFrame => f.type === 'event' && (name === undefined || f.name === name));
  }

  async event(name: string, after = 0): Promise<EventFrame> {
    return this.until(() => this.events(name).find((e) => e.seq > after), `event ${name}`);
  }

  async closedWith(): Promise<{ code: number; reason: string }> {
    return this.until(() => this.closed, 'close');
  }

  close(): void {
    this.socket.close();
  }

  /** Drops the connection without a close handshake, as a network loss does. */
  drop(): void {
    this.socket.terminate();
  }
}

/**
 * A demo agent signed in and checked in, who answers a call from the public network (the demo
 * page's simulated caller, placed with Maria's token) and hangs it up: what a CRM's back end
 * hears of a whole call. The client is the agent's, left in after-call work.
 */
export async function answeredInboundCall(
  app: FastifyInstance,
  base: string,
  { account = 'wangwei@demo.example.com', data }: { account?: string; data?: Record<string, string> } = {},
): Promise<{ client: CtiClient; callId: string }> {
  const client = await CtiClient.connect(base);
  await client.auth(await loginToken(app, account));
  const checkedIn = await client.request('login');
  if (checkedIn.code !== 0) throw new Error(`${account} could not check in: ${checkedIn.message}`);
  const token = await loginToken(app, 'maria@demo.example.com');
  const placed = await call<{ call_id: string }>(app, 'cti/simulate_inbound_call', {
    token,
    from: '+8613912345678',
    ...(data ? { data } : {}),
  });
  const callId = placed.body.data.call_id;
  await client.event('callDataChange');
  for (const method of ['answer', 'hangUp']) {
    const answer = await client.request(method, { call_id: callId });
    if (answer.code !== 0) throw new Error(`${method} failed: ${answer.message}`);
  }
  return { client, callId };
}
