/**
 * The client of the softphone socket (protocol: packages/protocol/src/cti/protocol.ts; server:
 * packages/server/src/cti/gateway). The phone and the diagnostics page share it. It
 * authenticates with a login token, pings on the server's interval and treats silence as a dead
 * link, reconnects with exponential backoff and full jitter, resumes its session (missed events
 * arrive again), and answers every request with a promise settled exactly once.
 *
 * Plain TypeScript with no dependency, so it fits the phone's budget and runs in Node tests.
 */
import {
  closeCodes,
  ctiTimings,
  type EventFrame,
  type ReadyFrame,
  type ResponseFrame,
  type ServerFrame,
} from '@open/protocol/cti/protocol';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import { CTI_SOCKET_PATH } from '@open/protocol/paths';

/** Spec §4's socket states: connecting is shown as 'connection not yet established'. */
export type SocketState = 'connecting' | 'open' | 'closing' | 'closed';

/** What happened on the socket, for the diagnostics log and the phone's status bar. */
export type SocketLogEntry =
  | { type: 'connecting'; attempt: number }
  | { type: 'connected'; resumed: boolean }
  | { type: 'heartbeatSent'; ts: number }
  | { type: 'heartbeatReceipt'; rttMs: number }
  | { type: 'authFailed'; reason: string }
  | { type: 'closed'; code: number; reason: string; normal: boolean }
  | { type: 'error' }
  | { type: 'reconnecting'; attempt: number; delayMs: number }
  | { type: 'reconnected'; attempt: number; missedEvents: number }
  | { type: 'replaced' }
  | { type: 'sessionLost' };

/** A request the engine refused: its catalogued code and the message in the phone's language. */
export class CtiError extends Error {
  override name = 'CtiError';
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** The part of a WebSocket this client needs (the browser's, or `ws` in Node tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface CtiSocketOptions {
  /** The open platform's address, e.g. https://open.example.com (a path after it is ignored). */
  serverUrl: string;
  /** A login token from `basic/*`: it opens one session. */
  token: string;
  /** The language of messages; absent, the tenant's default. */
  lang?: string;
  /** Opens a socket (default: the browser's WebSocket). */
  open?: (url: string) => SocketLike;
  /** How long a request waits for its answer before it is refused (default 15 s). */
  requestTimeoutMs?: number;
  /** Reconnect at all after a drop (the diagnostics page may turn it off). */
  reconnect?: boolean;
  /** Randomness for the backoff's jitter (tests pass a fixed one). */
  random?: () => number;
}

type EventHandler = (data: unknown, frame: EventFrame) => void;

/** Close codes after which reconnecting cannot help: the session is over for this client. */
const FINAL_CLOSES = new Set<number>([
  closeCodes.authFailed,
  closeCodes.replaced,
  closeCodes.sessionGone,
  closeCodes.authTimeout,
]);

/** Where the socket of a server is: https → wss, http → ws. */
export function socketUrl(serverUrl: string, lang?: string): string {
  const url = new URL(serverUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = CTI_SOCKET_PATH;
  url.search = lang ? `?lang=${encodeURIComponent(lang)}` : '';
  url.hash = '';
  return url.toString();
}

export class CtiSocket {
  state: SocketState = 'closed';
  /** The latest `ready` frame: the session, the agent and the tenant. */
  ready: ReadyFrame | null = null;
  /** Reconnect attempts since the link was last up. */
  attempts = 0;
  private socket: SocketLike | null = null;
  private lastSeq = 0;
  private nextId = 1;
  private readonly pending = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }
  >();
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private readonly stateHandlers = new Set<(state: SocketState) => void>();
  private readonly logHandlers = new Set<(entry: SocketLogEntry) => void>();
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private deadTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** Pings sent by `ping()`, by the `ts` their pong will echo. */
  private readonly pings = new Map<number, { sentAt: number; resolve: (rttMs: number) => void }>();
  private lastPingTs = 0;
  private firstReady: { resolve: (ready: ReadyFrame) => void; reject: (error: Error) => void } | undefined;

  constructor(private readonly options: CtiSocketOptions) {}

  /** Connects and authenticates; resolves with the first `ready`, rejects if that fails. */
  connect(): Promise<ReadyFrame> {
    this.stopped = false;
    return new Promise((resolve, reject) => {
      this.firstReady = { resolve, reject };
      this.open();
    });
  }

  /** Sends a request of the catalogue; resolves with its data, rejects with a CtiError. */
  request<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T> {
    const socket = this.socket;
    if (!socket || this.state !== 'open' || !this.ready) {
      return Promise.reject(new CtiError(-1, 'not connected'));
    }
    const id = `r${this.nextId++}`;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new CtiError(-2, 'no answer in time'));
      }, this.options.requestTimeoutMs ?? 15_000);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      socket.send(JSON.stringify({ type: 'req', id, method, ...(params ? { params } : {}) }));
    });
  }

  /**
   * One round trip over the socket, on demand (the diagnostics page's socket ping): resolves
   * with its time in ms, or null when no pong came within `timeoutMs` or the link went down.
   * The heartbeat's own pings are not these, so measuring never delays or replaces them.
   */
  ping(timeoutMs = 5_000): Promise<number | null> {
    const socket = this.socket;
    if (!socket || this.state !== 'open') return Promise.resolve(null);
    // The pong is matched by the ts it echoes: make each one unique even within a millisecond.
    const ts = Math.max(Date.now(), this.lastPingTs + 1);
    this.lastPingTs = ts;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pings.delete(ts);
        resolve(null);
      }, timeoutMs);
      this.pings.set(ts, {
        sentAt: performance.now(),
        resolve: (rttMs) => {
          clearTimeout(timer);
          resolve(rttMs);
        },
      });
      socket.send(JSON.stringify({ type: 'ping', ts }));
    });
  }

  /** Listens to an event of the engine by name, or to every one with '*'. */
  on(name: string, handler: EventHandler): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler);
    return () => {
      this.off(name, handler);
    };
  }

  off(name: string, handler: EventHandler): void {
    this.handlers.get(name)?.delete(handler);
  }

  onState(handler: (state: SocketState) => void): () => void {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  }

  onLog(handler: (entry: SocketLogEntry) => void): () => void {
    this.logHandlers.add(handler);
    return () => this.logHandlers.delete(handler);
  }

  /** Closes for good: no reconnect; the server logs the agent out after its grace period. */
  close(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.stopHeartbeat();
    if (this.socket) {
      this.setState('closing');
      this.socket.close(1000, 'closed by the client');
    } else {
      this.setState('closed');
    }
    this.failPending(new CtiError(-1, 'closed'));
  }

  private setState(state: SocketState) {
    if (this.state === state) return;
    this.state = state;
    for (const handler of this.stateHandlers) handler(state);
  }

  private log(entry: SocketLogEntry) {
    for (const handler of this.logHandlers) handler(entry);
  }

  private emit(frame: EventFrame) {
    for (const handler of this.handlers.get(frame.name) ?? []) handler(frame.data, frame);
    for (const handler of this.handlers.get('*') ?? []) handler(frame.data, frame);
  }

  /** A local event (not from the engine): the phone shows it like the engine's. */
  private emitLocal(name: string, data: unknown) {
    this.emit({ type: 'event', seq: 0, name, at: new Date().toISOString(), data });
  }

  private open() {
    const lang = this.options.lang;
    const url = socketUrl(this.options.serverUrl, lang);
    const open = this.options.open ?? ((address: string) => new WebSocket(address) as unknown as SocketLike);
    this.setState('connecting');
    this.log({ type: 'connecting', attempt: this.attempts });
    let socket: SocketLike;
    try {
      socket = open(url);
    } catch {
      this.dropped(1006, 'cannot open');
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const resume = this.ready;
      socket.send(
        JSON.stringify(
          resume
            ? { type: 'auth', resume: { session: resume.session, key: resume.resume_key, last_seq: this.lastSeq } }
            : { type: 'auth', token: this.options.token },
        ),
      );
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(event.data) as ServerFrame;
      } catch {
        return;
      }
      this.heard();
      this.receive(frame);
    };
    socket.onerror = () => {
      this.log({ type: 'error' });
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.dropped(event.code, event.reason);
    };
  }

  private receive(frame: ServerFrame) {
    switch (frame.type) {
      case 'ready': {
        const wasResume = this.ready !== null && frame.resumed;
        this.ready = frame;
        this.lastSeq = frame.seq;
        this.setState('open');
        this.log({ type: 'connected', resumed: frame.resumed });
        if (wasResume) this.log({ type: 'reconnected', attempt: this.attempts, missedEvents: 0 });
        this.attempts = 0;
        this.startHeartbeat(frame.heartbeat_ms);
        this.firstReady?.resolve(frame);
        this.firstReady = undefined;
        return;
      }
      case 'event':
        if (frame.seq > 0) this.lastSeq = Math.max(this.lastSeq, frame.seq);
        this.emit(frame);
        return;
      case 'pong': {
        const asked = this.pings.get(frame.ts);
        if (asked) {
          this.pings.delete(frame.ts);
          asked.resolve(performance.now() - asked.sentAt);
          return;
        }
        this.log({ type: 'heartbeatReceipt', rttMs: Math.max(0, Date.now() - frame.ts) });
        return;
      }
      case 'res':
        this.answer(frame);
        return;
    }
  }

  private answer(frame: ResponseFrame) {
    if (frame.id === null) return;
    const waiting = this.pending.get(frame.id);
    if (!waiting) return;
    this.pending.delete(frame.id);
    clearTimeout(waiting.timer);
    if (frame.code === 0) waiting.resolve(frame.data);
    else waiting.reject(new CtiError(frame.code, frame.message, frame.data));
  }

  private startHeartbeat(intervalMs: number) {
    this.stopHeartbeat();
    this.pingTimer = setInterval(() => {
      const ts = Date.now();
      this.socket?.send(JSON.stringify({ type: 'ping', ts }));
      this.log({ type: 'heartbeatSent', ts });
    }, intervalMs);
    this.heard();
  }

  /** Anything from the server proves the link; silence for a few intervals means it is dead. */
  private heard() {
    clearTimeout(this.deadTimer);
    const interval = this.ready?.heartbeat_ms ?? ctiTimings.heartbeatMs;
    this.deadTimer = setTimeout(() => {
      // The browser may not notice a dead network for minutes: close it ourselves.
      this.socket?.close(4000, 'heartbeat lost');
      const socket = this.socket;
      if (socket) {
        this.socket = null;
        this.dropped(1006, 'heartbeat lost');
      }
    }, interval * ctiTimings.deadAfterBeats);
  }

  private stopHeartbeat() {
    clearInterval(this.pingTimer);
    clearTimeout(this.deadTimer);
  }

  private failPending(error: Error) {
    // A ping the dropped link swallowed is a lost one: forgotten here, its timer resolves it as null.
    this.pings.clear();
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    this.pending.clear();
  }

  private dropped(code: number, reason: string) {
    this.stopHeartbeat();
    this.failPending(new CtiError(-1, 'connection lost'));
    const normal = code === 1000;
    this.log({ type: 'closed', code, reason, normal });
    this.setState('closed');
    if (this.stopped) return;
    if (FINAL_CLOSES.has(code) || (code === closeCodes.protocolError && !this.ready)) {
      this.final(code, reason);
      return;
    }
    if (this.options.reconnect === false) {
      this.firstReady?.reject(new CtiError(code, reason));
      this.firstReady = undefined;
      return;
    }
    this.attempts += 1;
    // Full jitter: a random delay up to a doubling ceiling, so phones that lost the same
    // server do not all come back in the same second.
    const ceiling = Math.min(ctiTimings.reconnectMaxMs, ctiTimings.reconnectBaseMs * 2 ** (this.attempts - 1));
    const delayMs = Math.round((this.options.random ?? Math.random)() * ceiling);
    this.log({ type: 'reconnecting', attempt: this.attempts, delayMs });
    this.retryTimer = setTimeout(() => {
      this.open();
    }, delayMs);
  }

  /** The server ended the session for a reason a retry cannot fix. */
  private final(code: number, reason: string) {
    this.stopped = true;
    if (code === closeCodes.replaced) this.log({ type: 'replaced' });
    else if (code === closeCodes.sessionGone) this.log({ type: 'sessionLost' });
    else this.log({ type: 'authFailed', reason });
    if (code === closeCodes.authFailed || code === closeCodes.authTimeout) {
      // The close reason names the error (errors.ts); the phone shows its message translated.
      const name = (code === closeCodes.authTimeout ? 'socketAuthFailed' : reason) as ErrorName;
      const known = Object.hasOwn(errorCatalogue, name);
      this.emitLocal('loginAuthFailed', {
        code: known ? errorCatalogue[name].code : errorCatalogue.socketAuthFailed.code,
        message: known ? name : 'socketAuthFailed',
      });
    }
    this.firstReady?.reject(new CtiError(code, reason));
    this.firstReady = undefined;
  }
}
