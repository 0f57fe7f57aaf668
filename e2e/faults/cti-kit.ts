/**
 * What the call-centre fault tests share: a fresh database on the shared PostgreSQL (created and
 * dropped by the test, nothing else touched), the nodes' settings, agents seeded in bulk with
 * their login tokens minted like `basic/get_login_token` does (a thousand scrypt sign-ins would
 * cost a minute of CPU), and a plain `ws` phone that speaks the socket protocol, pings, and can
 * resume its session on any node.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import pg from 'pg';
import WebSocket from 'ws';
import type { AgentState, EventFrame, ReadyFrame, ResponseFrame, ServerFrame } from '@open/protocol/cti/protocol';
import { API_PREFIX, CTI_SOCKET_PATH } from '@open/protocol/paths';
import type { RunningServer } from '../harness.js';

const POSTGRES = process.env.TWO_NODES_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Drops the database this test created (and only it). */
  drop(): Promise<void>;
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database of this run's own on the shared PostgreSQL. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `open_fault_${label}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = `${POSTGRES}/${name}`;
  return {
    name,
    url,
    async query<T extends Record<string, unknown>>(text: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<T>(text, params)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/** A node of the call centre on `database` and `redisUrl` (leases of `leaseMs`). */
export const clusterEnv = (database: TestDatabase, redisUrl: string, prefix: string, leaseMs: number) => ({
  DATABASE_URL: database.url,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
  CTI_LEASE_MS: String(leaseMs),
});

export interface ApiAnswer<T> {
  status: number;
  code: number;
  data: T;
}

/** A call of the HTTP API; never throws on an error answer (the fault tests look at it). */
export async function api<T>(
  node: Pick<RunningServer, 'origin'>,
  name: string,
  body: unknown,
  timeoutMs = 20_000,
): Promise<ApiAnswer<T>> {
  const res = await fetch(`${node.origin}${API_PREFIX}${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const answer = (await res.json()) as { code: number; data: T };
  return { status: res.status, code: answer.code, data: answer.data };
}

/** A demo agent's login token, from the real `basic/get_login_token`. */
export async function demoToken(node: Pick<RunningServer, 'origin'>, account: string): Promise<string> {
  const answer = await api<{ token: string }>(node, 'basic/get_login_token', { account, password: 'agent@open' });
  if (answer.code !== 0) throw new Error(`no login token for ${account}: ${JSON.stringify(answer)}`);
  return answer.data.token;
}

interface SeededTenant {
  id: string;
  signingKey: string;
  reasons: string[];
  agentIds: string[];
}

/**
 * `count` agents of the demo tenant written straight into its database (the CMS has no bulk
 * call), each with an extension of its own, as bench/cti-load seeds them.
 */
export async function seedAgents(database: TestDatabase, count: number): Promise<SeededTenant> {
  const [tenant] = await database.query<{
    id: string;
    signing_key: string;
    not_ready_reasons: { id: string }[] | string;
  }>('select id, signing_key, not_ready_reasons from tenant order by created_at limit 1');
  if (!tenant) throw new Error('no tenant: the server did not seed the database');
  const rows = await database.query<{ id: string }>(
    `insert into agent (id, tenant_id, name, employee_no, extension, role)
     select 'fault-agent-' || lpad(g::text, 5, '0'), $1, 'Fault agent ' || g, 'F' || g, (400000 + g)::text, 'agent'
     from generate_series(1, $2::int) g
     returning id`,
    [tenant.id, count],
  );
  return {
    id: tenant.id,
    signingKey: tenant.signing_key,
    reasons: (typeof tenant.not_ready_reasons === 'string'
      ? (JSON.parse(tenant.not_ready_reasons) as { id: string }[])
      : tenant.not_ready_reasons
    ).map((reason) => reason.id),
    agentIds: rows.map((row) => row.id).sort(),
  };
}

/** A login token for `agentId`, signed with the tenant's key exactly as the server issues one. */
export async function mintToken(tenant: { id: string; signingKey: string }, agentId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ tid: tenant.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('open-platform')
    .setAudience('cti')
    .setSubject(agentId)
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + 15 * 60)
    .sign(Buffer.from(tenant.signingKey, 'base64url'));
}

/** What a request got: an answer, or nothing within the time allowed. */
export type Outcome = ResponseFrame | { type: 'timeout' } | { type: 'closed'; code: number; reason: string };

/**
 * A softphone's socket, as a plain `ws` client: authenticates or resumes, pings every
 * `heartbeat_ms` like the phone, keeps its frames, and answers each request with what came back.
 */
export class Phone {
  frames: ServerFrame[] = [];
  ready: ReadyFrame | undefined;
  closed: { code: number; reason: string } | undefined;
  private socket: WebSocket | undefined;
  private nextId = 1;
  private pinger: NodeJS.Timeout | undefined;
  private waiters = new Set<() => void>();

  /** The last event seen, for a resume. */
  get lastSeq(): number {
    let seq = this.ready?.seq ?? 0;
    for (const frame of this.frames) if (frame.type === 'event' && frame.seq > seq) seq = frame.seq;
    return seq;
  }

  get agent(): AgentState | undefined {
    return this.ready?.agent;
  }

  private wake() {
    for (const wake of [...this.waiters]) wake();
  }

  /** Waits until `find` finds something (undefined on timeout or close, unless `throwOnClose`). */
  async until<T>(find: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) return undefined;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.waiters.add(done);
      });
    }
  }

  /** Opens a socket to `origin` and sends `auth`; resolves with `ready`, or the close that came instead. */
  async open(origin: string, auth: object, timeoutMs = 15_000): Promise<ReadyFrame | { code: number; reason: string }> {
    this.stop();
    this.closed = undefined;
    this.frames = [];
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}${CTI_SOCKET_PATH}?lang=en`, {
      perMessageDeflate: false,
    });
    this.socket = socket;
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      this.frames.push(frame);
      if (frame.type === 'ready') {
        this.ready = frame;
        this.pinger = setInterval(() => {
          this.send({ type: 'ping', ts: Date.now() });
        }, frame.heartbeat_ms);
      }
      this.wake();
    });
    socket.on('close', (code, reason) => {
      if (this.socket === socket) {
        this.closed = { code, reason: reason.toString() };
        clearInterval(this.pinger);
      }
      this.wake();
    });
    socket.on('error', () => {
      // 'close' follows and says what happened.
    });
    const opened = await new Promise<boolean>((resolve) => {
      socket.once('open', () => {
        resolve(true);
      });
      socket.once('close', () => {
        resolve(false);
      });
    });
    // Read through a call: TypeScript still takes `closed` for the undefined set above.
    if (!opened) return this.closedNow() ?? { code: 1006, reason: 'no connection' };
    socket.send(JSON.stringify(auth));
    const ready = await this.until(() => this.frames.find((f): f is ReadyFrame => f.type === 'ready'), timeoutMs);
    return ready ?? this.closedNow() ?? { code: 0, reason: 'no ready in time' };
  }

  login(origin: string, token: string) {
    return this.open(origin, { type: 'auth', token });
  }

  /** Resumes the session it had, on `origin` (any node). */
  resume(origin: string, timeoutMs?: number) {
    const ready = this.ready;
    if (!ready) throw new Error('nothing to resume');
    const lastSeq = this.lastSeq;
    return this.open(
      origin,
      { type: 'auth', resume: { session: ready.session, key: ready.resume_key, last_seq: lastSeq } },
      timeoutMs,
    );
  }

  send(frame: object) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  async request(method: string, params?: Record<string, unknown>, timeoutMs = 20_000): Promise<Outcome> {
    const id = `r${this.nextId++}`;
    this.send({ type: 'req', id, method, ...(params ? { params } : {}) });
    const answer = await this.until(
      () => this.frames.find((f): f is ResponseFrame => f.type === 'res' && f.id === id),
      timeoutMs,
    );
    if (answer) return answer;
    return this.closed ? { type: 'closed', ...this.closed } : { type: 'timeout' };
  }

  events(name: string): EventFrame[] {
    return this.frames.filter((f): f is EventFrame => f.type === 'event' && f.name === name);
  }

  event(name: string, match: (data: Record<string, unknown>) => boolean, timeoutMs = 10_000) {
    return this.until(() => this.events(name).find((e) => match(e.data as Record<string, unknown>)), timeoutMs);
  }

  waitClosed(timeoutMs = 10_000) {
    return this.until(() => this.closed, timeoutMs);
  }

  private closedNow() {
    return this.closed;
  }

  private stop() {
    clearInterval(this.pinger);
    const socket = this.socket;
    this.socket = undefined;
    socket?.terminate();
  }

  /** Drops the socket without a word. */
  drop() {
    this.stop();
  }
}

/** Code 0 or throws with what came instead. */
export function ok(outcome: Outcome, what: string): Record<string, unknown> {
  if (outcome.type === 'res' && outcome.code === 0) return (outcome.data ?? {}) as Record<string, unknown>;
  throw new Error(`${what}: ${JSON.stringify(outcome)}`);
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function pool<T, R>(items: T[], limit: number, work: (item: T, at: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const at = next++;
        results[at] = await work(items[at] as T, at);
      }
    }),
  );
  return results;
}
