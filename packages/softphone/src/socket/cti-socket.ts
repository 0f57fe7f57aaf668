/**
 * The client of the softphone socket (protocol: packages/protocol/src/cti/protocol.ts; server:
 * packages/server/src/cti/gateway). The phone and the diagnostics page share it. It
 * authenticates with a login token, pings on the server's interval and treats silence as a dead
 * link, reconnects with exponential backoff and full jitter (at once when the browser says the
 * network is back or the page is shown again), resumes its session (missed events arrive again),
 * and answers every request with a promise settled exactly once, with a catalogued code. Once the
 * session has ended (signed out, refused, taken over, closed) it refuses requests at once.
 *
 * Plain TypeScript with no dependency, so it fits the phone's budget and runs in Node tests.
 */
import {
  closeCodes,
  ctiLimits,
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

/**
 * Why a session ended for this client: the grace period passed (or the session is gone), the
 * server restarted and forgot it, the agent was disabled, the token or resume was refused,
 * another tab took the agent over, or the client closed it itself.
 */
export type SessionEndCause = 'signedOut' | 'serverRestarted' | 'disabled' | 'tokenRefused' | 'takenOver' | 'closed';

/** What makes the client try again at once instead of waiting out its backoff. */
export type WakeTrigger = 'online' | 'visible';

/** What happened on the socket, for the diagnostics log and the phone's status bar. */
export type SocketLogEntry =
  | { type: 'connecting'; attempt: number }
  | { type: 'connected'; resumed: boolean }
  | { type: 'heartbeatSent'; ts: number }
  | { type: 'heartbeatReceipt'; rttMs: number }
  | { type: 'authFailed'; reason: string }
  | { type: 'closed'; code: number; reason: string; normal: boolean }
  | { type: 'error' }
  /** The link of a live session dropped (`at`: Date.now()); the server holds it `graceMs`. */
  | { type: 'linkLost'; at: number; graceMs: number }
  | { type: 'reconnecting'; attempt: number; delayMs: number }
  /** A reconnect was started before its delay ran out, because of `trigger`. */
  | { type: 'retryNow'; trigger: WakeTrigger; attempt: number }
  /** The session resumed: `missedEvents` happened while away, the link was down `offlineMs`. */
  | { type: 'reconnected'; attempt: number; missedEvents: number; offlineMs: number }
  | { type: 'replaced' }
  /** `restarted`: the server closed the link on its way down, and came back without the session. */
  | { type: 'sessionLost'; restarted: boolean }
  /**
   * The session is over for this client (after `replaced`, `sessionLost` or `authFailed`): why,
   * the catalogued error that says so, and whether a session had been open (a first sign-in
   * refused had none).
   */
  | { type: 'ended'; cause: Exclude<SessionEndCause, 'closed'>; error: ErrorName; hadSession: boolean };

/** A request the engine refused: its catalogued code and the message in the phone's language. */
/**
 * Whether a text frame is over the server's limit in UTF-8 bytes. A frame of n UTF-16 units is at
 * most 3n bytes, so only the rare long one is encoded to know.
 */
function overFrameLimit(frame: string): boolean {
  return frame.length * 3 > ctiLimits.frameBytes && new TextEncoder().encode(frame).length > ctiLimits.frameBytes;
}

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
  /**
   * The message of a catalogued error, in the user's language (the phone passes its dictionary;
   * default: the error's name, which the diagnostics page translates itself).
   */
  messageOf?: (name: ErrorName) => string;
  /**
   * Listens for signs that the network may be back (default: the browser's `online` event and
   * the page becoming visible); returns how to stop listening. Tests pass their own.
   */
  wake?: (handler: (trigger: WakeTrigger) => void) => () => void;
}

/**
 * How long a pong may take once a heartbeat or a probe is sent before the link counts as dead
 * (the server answers pings as they arrive, never behind a slow request). A link that stops
 * answering without closing (a stalled route, a half-open middlebox) is found within a beat and
 * this, not after the three silent beats of the fallback.
 */
export const PONG_DUE_MS = 5_000;
/** A request unanswered this long makes the client probe the link with a ping. */
export const PROBE_AFTER_MS = 3_000;

/**
 * How long an attempt may take to get its `ready` (the server's own limit to authenticate): a
 * connection the network swallows would otherwise keep the client 'connecting', and trying no
 * more, until the browser gives up minutes later, well past the grace period.
 */
const ATTEMPT_TIMEOUT_MS = ctiTimings.authTimeoutMs;

/**
 * The browser's hints: `online` after a network change, and the page shown again (a laptop
 * opened, a tab brought back), when timers may have been throttled for a long time.
 */
function browserWake(handler: (trigger: WakeTrigger) => void): () => void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return () => undefined;
  const online = () => {
    handler('online');
  };
  const visible = () => {
    if (document.visibilityState === 'visible') handler('visible');
  };
  window.addEventListener('online', online);
  document.addEventListener('visibilitychange', visible);
  return () => {
    window.removeEventListener('online', online);
    document.removeEventListener('visibilitychange', visible);
  };
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
  /** Armed when a ping leaves and cleared by anything heard: the link is dead when it fires. */
  private pongDueTimer: ReturnType<typeof setTimeout> | undefined;
  /** Armed when a request leaves and cleared by anything heard: a ping then tests the link. */
  private probeTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * The server's clock minus ours and the last round trip, from the latest pong: requests carry
   * their deadline on the server's clock (`expires_at`).
   */
  private serverClock: { offsetMs: number; rttMs: number } | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attemptTimer: ReturnType<typeof setTimeout> | undefined;
  /** A reconnect is scheduled and has not started: a wake-up may start it now. */
  private retryPending = false;
  private stopped = false;
  /** Why the session ended, once it has: every request is refused at once from then on. */
  private endedBy: SessionEndCause | null = null;
  /** When the live session's link dropped (Date.now()), for the time spent offline. */
  private droppedAt = 0;
  /** The last link was closed by a server going down, and no session has been ready since. */
  private serverWentDown = false;
  private stopWake: (() => void) | undefined;
  /** Pings sent by `ping()`, by the `ts` their pong will echo. */
  private readonly pings = new Map<number, { sentAt: number; resolve: (rttMs: number) => void }>();
  private lastPingTs = 0;
  private firstReady: { resolve: (ready: ReadyFrame) => void; reject: (error: Error) => void } | undefined;

  constructor(private readonly options: CtiSocketOptions) {}

  /**
   * Connects and authenticates; resolves with the first `ready`. Rejects if that fails, with a
   * CtiError whose code is the close code and whose message is the close reason (the name of the
   * catalogued error when the server refused the token).
   */
  connect(): Promise<ReadyFrame> {
    this.stopped = false;
    this.endedBy = null;
    this.stopWake ??= (this.options.wake ?? browserWake)((trigger) => {
      this.wakeUp(trigger);
    });
    return new Promise((resolve, reject) => {
      this.firstReady = { resolve, reject };
      this.open();
    });
  }

  /** The server's clock now (ms since the epoch), from the pongs; the browser's until one came. */
  serverNow(): number {
    return Date.now() + (this.serverClock?.offsetMs ?? 0);
  }

  /** Why the session ended, or null while it lasts (or has not begun). */
  get ended(): SessionEndCause | null {
    return this.endedBy;
  }

  /**
   * Sends a request of the catalogue; resolves with its data, rejects with a CtiError with a
   * catalogued code: the engine's refusal, `sessionEnded` once the session is over,
   * `connectionDown` while the link is down, `engineTimeout` when no answer came in time.
   */
  request<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T> {
    const socket = this.socket;
    if (this.endedBy) return Promise.reject(this.sessionEndedError());
    if (!socket || this.state !== 'open' || !this.ready) return Promise.reject(this.coded('connectionDown'));
    const id = `r${this.nextId++}`;
    const timeoutMs = this.options.requestTimeoutMs ?? 15_000;
    // The server does not run it after the moment we stop waiting (less a round trip, for the
    // clock's uncertainty): a request a stalled link delivers late never happens after its timeout.
    const clock = this.serverClock;
    const deadline = clock ? { expires_at: Math.round(Date.now() + clock.offsetMs + timeoutMs - clock.rttMs) } : {};
    const frame = JSON.stringify({ type: 'req', id, method, ...(params ? { params } : {}), ...deadline });
    // The server closes a socket that sends more than it reads: refuse the request here, and keep the link.
    if (overFrameLimit(frame)) {
      return Promise.reject(this.coded('frameTooLarge', { max: ctiLimits.frameBytes }));
    }
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(this.coded('engineTimeout'));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      socket.send(frame);
      this.probeTimer ??= setTimeout(() => {
        this.probeTimer = undefined;
        this.sendPing();
      }, PROBE_AFTER_MS);
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
    this.endedBy ??= 'closed';
    this.cancelRetry();
    this.unwatchWake();
    this.stopHeartbeat();
    if (this.socket) {
      this.setState('closing');
      this.socket.close(1000, 'closed by the client');
    } else {
      this.setState('closed');
    }
    this.failPending(this.sessionEndedError());
  }

  /** A catalogued error with its message in the user's language. */
  private coded(name: ErrorName, data: unknown = null): CtiError {
    return new CtiError(errorCatalogue[name].code, this.options.messageOf?.(name) ?? name, data);
  }

  private sessionEndedError(): CtiError {
    return this.coded('sessionEnded', { reason: this.endedBy ?? 'closed' });
  }

  private cancelRetry() {
    clearTimeout(this.retryTimer);
    this.retryPending = false;
  }

  private unwatchWake() {
    this.stopWake?.();
    this.stopWake = undefined;
  }

  /**
   * The network may be back: a reconnect waiting out its backoff starts now; an open link that
   * may have died unnoticed (the browser can take minutes to notice) is probed with a ping.
   */
  private wakeUp(trigger: WakeTrigger) {
    if (this.stopped) return;
    if (this.retryPending) {
      this.cancelRetry();
      this.log({ type: 'retryNow', trigger, attempt: this.attempts });
      this.open();
      return;
    }
    // An open link that may have died unnoticed: anything heard within PONG_DUE_MS keeps it.
    this.sendPing();
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
    clearTimeout(this.attemptTimer);
    this.attemptTimer = setTimeout(() => {
      if (this.socket === socket && this.state === 'connecting') this.linkDead('no answer');
    }, ATTEMPT_TIMEOUT_MS);
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
      // The server said it was going down (gateway.ts): a session it then does not know was
      // lost with it, not by staying away too long.
      if (event.code === closeCodes.goingAway && event.reason === 'shutdown') this.serverWentDown = true;
      this.dropped(event.code, event.reason);
    };
  }

  private receive(frame: ServerFrame) {
    switch (frame.type) {
      case 'ready': {
        clearTimeout(this.attemptTimer);
        const wasResume = this.ready !== null && frame.resumed;
        // `seq` is the session's latest event: the ones after ours follow this frame.
        const missedEvents = wasResume ? Math.max(0, frame.seq - this.lastSeq) : 0;
        this.ready = frame;
        this.lastSeq = frame.seq;
        this.setState('open');
        this.log({ type: 'connected', resumed: frame.resumed });
        if (wasResume) {
          const offlineMs = this.droppedAt > 0 ? Math.max(0, Date.now() - this.droppedAt) : 0;
          this.log({ type: 'reconnected', attempt: this.attempts, missedEvents, offlineMs });
        }
        this.droppedAt = 0;
        this.attempts = 0;
        this.serverWentDown = false;
        this.startHeartbeat(frame.heartbeat_ms);
        this.firstReady?.resolve(frame);
        this.firstReady = undefined;
        return;
      }
      case 'ice':
        // Fresh TURN credentials: the calls placed from now on use them (media-connection.ts).
        if (this.ready)
          this.ready = {
            ...this.ready,
            ice_servers: frame.ice_servers,
            ice_transport_policy: frame.ice_transport_policy,
          };
        return;
      case 'event':
        if (frame.seq > 0) this.lastSeq = Math.max(this.lastSeq, frame.seq);
        this.emit(frame);
        return;
      case 'pong': {
        const rttMs = Math.max(0, Date.now() - frame.ts);
        if (Number.isFinite(frame.server_ts))
          this.serverClock = { offsetMs: frame.server_ts - (frame.ts + rttMs / 2), rttMs };
        const asked = this.pings.get(frame.ts);
        if (asked) {
          this.pings.delete(frame.ts);
          asked.resolve(performance.now() - asked.sentAt);
          return;
        }
        this.log({ type: 'heartbeatReceipt', rttMs });
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
    this.heard();
    // One at once: its pong gives the server's clock that requests' deadlines are set on.
    this.sendPing();
    this.pingTimer = setInterval(() => {
      this.sendPing();
    }, intervalMs);
  }

  /** A heartbeat ping; its pong (or anything else) is due within PONG_DUE_MS, or the link is dead. */
  private sendPing() {
    const socket = this.socket;
    if (!socket || this.state !== 'open') return;
    const ts = Math.max(Date.now(), this.lastPingTs + 1);
    this.lastPingTs = ts;
    socket.send(JSON.stringify({ type: 'ping', ts }));
    this.log({ type: 'heartbeatSent', ts });
    this.pongDueTimer ??= setTimeout(() => {
      this.pongDueTimer = undefined;
      if (this.socket === socket) this.linkDead('no pong');
    }, PONG_DUE_MS);
  }

  /** Anything from the server proves the link; silence for a few intervals means it is dead. */
  private heard() {
    clearTimeout(this.pongDueTimer);
    this.pongDueTimer = undefined;
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    clearTimeout(this.deadTimer);
    const interval = this.ready?.heartbeat_ms ?? ctiTimings.heartbeatMs;
    this.deadTimer = setTimeout(() => {
      this.linkDead('heartbeat lost');
    }, interval * ctiTimings.deadAfterBeats);
  }

  /** The browser may not notice a dead network for minutes: close the socket ourselves. */
  private linkDead(reason: string) {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.close(4000, reason);
    this.dropped(1006, reason);
  }

  private stopHeartbeat() {
    clearInterval(this.pingTimer);
    clearTimeout(this.deadTimer);
    clearTimeout(this.pongDueTimer);
    this.pongDueTimer = undefined;
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
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
    clearTimeout(this.attemptTimer);
    // A live session's link, as opposed to an attempt to reconnect that failed.
    const wasUp = this.state === 'open' && this.ready !== null;
    this.stopHeartbeat();
    const isFinal = !this.stopped && this.isFinalClose(code, reason);
    // A request in flight when the link dropped may or may not have been carried out.
    if (!isFinal) this.failPending(this.coded('connectionDown'));
    const normal = code === 1000;
    this.log({ type: 'closed', code, reason, normal });
    this.setState('closed');
    if (this.stopped) return;
    if (isFinal) {
      this.final(code, reason);
      return;
    }
    if (this.options.reconnect === false) {
      this.firstReady?.reject(new CtiError(code, reason));
      this.firstReady = undefined;
      return;
    }
    if (wasUp && this.ready) {
      this.droppedAt = Date.now();
      this.log({ type: 'linkLost', at: this.droppedAt, graceMs: this.ready.grace_ms });
    }
    this.attempts += 1;
    // Full jitter: a random delay up to a doubling ceiling, so phones that lost the same
    // server do not all come back in the same second. The ceiling is low (ctiTimings) so a
    // link that is back is used within seconds, well inside the grace period.
    const ceiling = Math.min(ctiTimings.reconnectMaxMs, ctiTimings.reconnectBaseMs * 2 ** (this.attempts - 1));
    const delayMs = Math.round((this.options.random ?? Math.random)() * ceiling);
    this.log({ type: 'reconnecting', attempt: this.attempts, delayMs });
    this.retryPending = true;
    this.retryTimer = setTimeout(() => {
      this.retryPending = false;
      this.open();
    }, delayMs);
  }

  /** Close codes after which reconnecting cannot help. */
  private isFinalClose(code: number, reason: string): boolean {
    // A resume refused while the tenant moves to another node is worth another try.
    if (code === closeCodes.authFailed && reason === 'callCentreUnavailable' && this.ready) return false;
    return FINAL_CLOSES.has(code) || (code === closeCodes.protocolError && !this.ready);
  }

  /** The server ended the session for a reason a retry cannot fix. */
  private final(code: number, reason: string) {
    this.stopped = true;
    this.cancelRetry();
    this.unwatchWake();
    const hadSession = this.ready !== null;
    // The close reason names the error (errors.ts); the phone shows its message translated.
    const refusal = (code === closeCodes.authTimeout ? 'socketAuthFailed' : reason) as ErrorName;
    const named: ErrorName = Object.hasOwn(errorCatalogue, refusal) ? refusal : 'socketAuthFailed';
    let cause: Exclude<SessionEndCause, 'closed'>;
    let error: ErrorName;
    if (code === closeCodes.replaced) {
      cause = 'takenOver';
      error = 'sessionEnded';
      this.log({ type: 'replaced' });
    } else if (code === closeCodes.sessionGone) {
      cause = this.serverWentDown ? 'serverRestarted' : 'signedOut';
      error = 'sessionGone';
      this.log({ type: 'sessionLost', restarted: this.serverWentDown });
    } else {
      cause = named === 'agentDisabled' ? 'disabled' : 'tokenRefused';
      error = named;
      this.log({ type: 'authFailed', reason });
    }
    this.endedBy = cause;
    this.failPending(this.sessionEndedError());
    this.log({ type: 'ended', cause, error, hadSession });
    // A session past its grace period needs a new token just as a refused one does, and the
    // documented recovery (get a token, init again) listens to loginAuthFailed: it hears both.
    if (cause !== 'takenOver') {
      this.emitLocal('loginAuthFailed', { code: errorCatalogue[error].code, message: error });
    }
    this.firstReady?.reject(new CtiError(code, reason));
    this.firstReady = undefined;
  }
}
