/**
 * For tests: a CtiSocket on scripted sockets instead of a server, so a test plays the server's
 * side frame by frame and moves time with fake timers (cut the link, bring it back, close it
 * with a code). Never imported by the phone or the SDK.
 */
import type { AgentState, EventFrame, ReadyFrame, ServerFrame } from '@open/protocol/cti/protocol';
import {
  CtiSocket,
  type CtiSocketOptions,
  type SocketLike,
  type SocketLogEntry,
  type WakeTrigger,
} from '../src/socket/cti-socket.js';

/** One socket the client opened: what it sent, and the server's side to play. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  /** The server accepted the connection (the client then sends `auth`). */
  accept(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  frame(frame: ServerFrame): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  /** The link went (1006, as a browser reports a network gone) or the server closed it with a code. */
  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  /** The requests sent so far. */
  requests(): { id: string; method: string }[] {
    return this.sent.filter((f) => f.type === 'req') as unknown as { id: string; method: string }[];
  }
}

const agent: AgentState = {
  agent_id: 'a1',
  tenant_id: 't1',
  name: 'Li Na',
  extension: '8001',
  role: 'agent',
  assistant_robot: false,
  status: 'idle',
  reason_id: null,
  status_since: '2026-01-01T00:00:00.000Z',
  acw_until: null,
  display_number: null,
};

/** A `ready` frame; `calls` are the agent's calls as the server lists them. */
export function readyFrame(
  change: Partial<ReadyFrame> = {},
  calls: { call_id: string; call_status: string }[] = [],
): ReadyFrame {
  const withCalls: AgentState & { calls: typeof calls } = { ...agent, calls };
  return {
    type: 'ready',
    session: 's1',
    resume_key: 'k1',
    resumed: false,
    seq: 0,
    replayed_all: true,
    heartbeat_ms: 20_000,
    grace_ms: 60_000,
    token_expires_at: '2026-01-01T00:15:00.000Z',
    ice_servers: [],
    ice_transport_policy: 'all',
    agent: withCalls,
    tenant: {
      tenant_id: 't1',
      name: 'Demo',
      default_lang: 'en',
      not_ready_reasons: [],
      display_numbers: [],
      acw_seconds: 15,
      wrap_up_codes: [],
    },
    ...change,
  };
}

export function eventFrame(seq: number, name: string, data: unknown): EventFrame {
  return { type: 'event', seq, name, at: '2026-01-01T00:00:00.000Z', data };
}

/**
 * A client on fake sockets: `latest()` is the socket it opened last, `wakeUp` plays the
 * browser's online or visibility event, messages are `msg:<error name>` so tests see which.
 */
export function fakeLink(options: Partial<CtiSocketOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const log: SocketLogEntry[] = [];
  let wake: ((trigger: WakeTrigger) => void) | undefined;
  const client = new CtiSocket({
    serverUrl: 'https://open.example.com',
    token: 'token',
    random: () => 1,
    messageOf: (name) => `msg:${name}`,
    open: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    wake: (handler) => {
      wake = handler;
      return () => {
        wake = undefined;
      };
    },
    ...options,
  });
  client.onLog((entry) => log.push(entry));
  const latest = (): FakeSocket => {
    const socket = sockets[sockets.length - 1];
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  return {
    client,
    sockets,
    log,
    latest,
    /** Whether the client listens for the browser's hints (it stops once its session is over). */
    listening: () => wake !== undefined,
    wakeUp: (trigger: WakeTrigger) => {
      wake?.(trigger);
    },
    /** The latest socket opens and the server answers its `auth` with `ready`. */
    signIn(ready: ReadyFrame = readyFrame()) {
      const socket = latest();
      socket.accept();
      socket.frame(ready);
      return socket;
    },
  };
}
