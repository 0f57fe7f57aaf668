/**
 * The socket test on the real flow: the same socket client the phone uses
 * (`@open/softphone/socket/cti-socket`), its authentication timed as the login's last step, and
 * everything that happens to it written as a log row (spec §3 "Diagnostic log row").
 */
import { errorCatalogue } from '@open/protocol/errors';
import { CtiError, CtiSocket, type SocketLogEntry, type SocketState } from '@open/softphone/socket/cti-socket';
import { createStore } from '../../state/store';
import type { LoginStep } from '../report/diag-report';
import type { Logger } from '../report/log-row';

const rounded = (ms: number) => Math.round(ms * 10) / 10;

export interface SocketStatus {
  state: SocketState | null;
  closeType: 'normal' | 'abnormal' | null;
  reconnectCount: number;
  heartbeatRtts: number[];
  authMs: number | null;
}

/** At most this many heartbeat round trips are kept (a long session pings for hours). */
const MAX_HEARTBEATS = 2_000;

/**
 * The socket test: a CtiSocket on this server with the login token, everything it does logged,
 * and the browser's own network events beside it (offline, online, and the socket being back).
 */
export class SocketProbe {
  readonly socket: CtiSocket;
  private readonly statusStore = createStore<SocketStatus>({
    state: null,
    closeType: null,
    reconnectCount: 0,
    heartbeatRtts: [],
    authMs: null,
  });
  private readonly cleanups: (() => void)[] = [];
  /** The browser said it went offline, and the socket has not been open since. */
  private awaitingRecovery = false;

  constructor(
    token: string,
    lang: string,
    private readonly log: Logger,
  ) {
    this.socket = new CtiSocket({ serverUrl: location.origin, token, lang });
    this.cleanups.push(
      this.socket.onState((state) => {
        this.update({ state });
        if (state === 'open' && this.awaitingRecovery) {
          this.awaitingRecovery = false;
          this.log('client', 'networkRecovered');
        }
      }),
      this.socket.onLog((entry) => {
        this.record(entry);
      }),
    );
    this.socket.on('loginAuthFailed', (data) => {
      const { code, message } = data as { code: number; message: string };
      this.log('server', 'authFailed', { code, reason: message });
    });
    const offline = () => {
      this.awaitingRecovery = true;
      this.log('client', 'networkDisconnected');
    };
    const online = () => {
      this.log('client', 'networkConnected');
      if (this.socket.state === 'open' && this.awaitingRecovery) {
        this.awaitingRecovery = false;
        this.log('client', 'networkRecovered');
      }
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    this.cleanups.push(() => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    });
  }

  /** Socket authentication, the login test's last step: resolves with the step. */
  async authenticate(): Promise<LoginStep> {
    const begun = performance.now();
    try {
      await this.socket.connect();
      const ms = rounded(performance.now() - begun);
      this.update({ authMs: ms });
      this.log('client', 'loginStep', { step: 'socketAuth', ok: true, ms, code: null, message: null });
      return { name: 'socketAuth', ok: true, ms, code: null, message: null };
    } catch (error) {
      const ms = rounded(performance.now() - begun);
      // The close reason names the catalogued error when the server refused the token.
      const reason = error instanceof CtiError ? error.message : String(error);
      const known = Object.hasOwn(errorCatalogue, reason)
        ? errorCatalogue[reason as keyof typeof errorCatalogue]
        : null;
      const code = known?.code ?? errorCatalogue.socketAuthFailed.code;
      const name = known ? reason : 'socketAuthFailed';
      this.log('server', 'loginStep', { step: 'socketAuth', ok: false, ms, code, message: name });
      return { name: 'socketAuth', ok: false, ms, code, message: name };
    }
  }

  /** Sends a socket ping where one can be sent, and says in the log why not otherwise (spec §8). */
  canSend(): boolean {
    if (this.socket.state === 'open') return true;
    this.log('client', 'error', { error: this.socket.state === 'closed' ? 'connectionDown' : 'cannotSend' });
    return false;
  }

  get status(): SocketStatus {
    return this.statusStore.get();
  }

  onChange(listener: () => void): () => void {
    return this.statusStore.subscribe(listener);
  }

  close(): void {
    this.socket.close();
    for (const cleanup of this.cleanups) cleanup();
  }

  private update(change: Partial<SocketStatus>) {
    this.statusStore.set({ ...this.statusStore.get(), ...change });
  }

  private record(entry: SocketLogEntry) {
    switch (entry.type) {
      case 'connecting':
        this.log('client', 'connecting', { attempt: entry.attempt });
        return;
      case 'connected':
        this.log('server', 'connected', { resumed: entry.resumed });
        return;
      case 'heartbeatSent':
        this.log('client', 'heartbeatSent');
        return;
      case 'heartbeatReceipt': {
        const rtts = [...this.status.heartbeatRtts, entry.rttMs].slice(-MAX_HEARTBEATS);
        this.update({ heartbeatRtts: rtts });
        this.log('server', 'heartbeatReceipt', { rttMs: entry.rttMs });
        return;
      }
      case 'authFailed':
        // Logged with its catalogued code by the loginAuthFailed event.
        return;
      case 'closed': {
        const closeType = entry.normal ? 'normal' : 'abnormal';
        this.update({ closeType });
        // The server's own close codes (and "going away") came from it; anything else the browser saw.
        const byServer = entry.code >= 4000 || entry.code === 1001;
        this.log(byServer ? 'server' : 'client', 'closed', {
          code: entry.code,
          reason: entry.reason,
          closeType,
        });
        if (!entry.normal) this.log('client', 'error', { error: 'connectionDown' });
        return;
      }
      case 'error':
        this.log('client', 'error', { error: 'socketError' });
        return;
      case 'reconnecting':
        this.update({ reconnectCount: this.status.reconnectCount + 1 });
        this.log('client', 'reconnecting', {
          attempt: entry.attempt,
          delayMs: entry.delayMs,
          count: this.status.reconnectCount,
        });
        return;
      case 'reconnected':
        this.log('server', 'reconnected', { attempt: entry.attempt });
        return;
      case 'replaced':
      case 'sessionLost':
        this.log('server', 'info', { event: entry.type });
        return;
    }
  }
}
