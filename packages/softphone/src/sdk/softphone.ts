/**
 * The SDK integrators load with one script (DESIGN §8; the reference pages "Init parameters",
 * "Methods" and "Events" of the documentation describe it): `Softphone.init({ container,
 * ...params })` checks the parameters against the catalogue, mounts the phone in an iframe of
 * our server, and returns the phone: a function per method of the catalogue (a Promise settled
 * with a coded result), `on`/`off` for events, `ready`, and `destroy()`. Everything crosses
 * postMessage with origins checked both ways. Kept tiny: no framework, plain catalogue data.
 */
import type { AgentState, TenantInfo } from '@open/protocol/cti/protocol';
import { errorCatalogue } from '@open/protocol/errors';
import { initParams, methodByName, methods } from '@open/protocol/softphone/catalogue';
import { validateParams } from '@open/protocol/softphone/validate';
import { BRIDGE, isBridgeMessage, type FromPhone, type ToPhone } from '../bridge/messages.js';
import { createNotifier, type Notifier } from './notifier.js';
import { createEvents, type EventHandler, type PhoneEvents } from './phone-events.js';
import { createPhoneFrame, watchLoad } from './phone-frame.js';
import { createOutbox, type Outbox } from './phone-outbox.js';
import { invalid, sdkMessages, SoftphoneError } from './sdk-errors.js';
import { createSdkLog, logData, type LogLevel, type SdkLog, type SdkLogEntry } from './sdk-log.js';

export { errorCodes, SoftphoneError } from './sdk-errors.js';
export type { EventHandler } from './phone-events.js';

export interface ReadyInfo {
  /** The agent and tenant the phone signed in as (softphone.d.ts adds the agent's calls). */
  agent: AgentState;
  tenant: TenantInfo;
}

/** Checks the init parameters (without `container`); throws a SoftphoneError naming every bad one. */
export function checkInitParams(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw invalid([{ param: 'params', reason: 'wrongType' }]);
  }
  const given = params as Record<string, unknown>;
  // serverUrl and ringtoneUrl must be http(s) addresses: the catalogue marks them (webAddress).
  const issues = validateParams(initParams, given);
  if (issues.length > 0) throw invalid(issues);
  return given;
}

export interface PhoneInstance {
  /**
   * Resolves when the phone has signed in; rejects when its login fails, when its page does not
   * load (cannotSend), or when the server cannot be reached (connectionDown: the phone keeps
   * trying, and connectionRestored says when it signed in after all).
   */
  readonly ready: Promise<ReadyInfo>;
  /** Runs a method of the catalogue by name. */
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  on(name: string, handler: EventHandler): void;
  off(name: string, handler?: EventHandler): void;
  /**
   * Removes the phone: it hangs up its calls and closes its session first (at most
   * DESTROY_WAIT_MS, its frame hidden meanwhile), so nobody on a call waits in silence; then
   * the frame goes. Waiting calls reject, and init() may be called again at once.
   */
  destroy(): void;
  /** What the SDK did for this phone (its last 500 entries), to attach to a support request. */
  exportLog(): SdkLogEntry[];
  /** One function per method of the catalogue: `phone.dialOut({ number })`. */
  readonly [method: string]: unknown;
}

/**
 * The SDK for one page: a phone a container, as many containers as the page likes (a supervisor's
 * lines side by side, a CRM that draws its own buttons over hidden phones). Each phone has its
 * own frame, socket and session; a second init() into a container whose phone is still running is
 * refused (it would leave two frames answering to one element).
 */
export function createSdk(win: Window = window) {
  const running = new Map<object, { destroy: () => void }>();

  function init(options: unknown): PhoneInstance {
    const { container, ...params } = (typeof options === 'object' && options !== null ? options : {}) as {
      container?: unknown;
    } & Record<string, unknown>;
    const checked = checkInitParams(typeof options === 'object' && options !== null ? params : options);
    const host =
      typeof container === 'string'
        ? win.document.querySelector(container)
        : (container as { appendChild?: unknown } | undefined);
    if (!host || typeof host.appendChild !== 'function') {
      throw new SoftphoneError(errorCatalogue.invalidParams.code, sdkMessages.badContainer, {
        issues: [{ param: 'container', reason: container === undefined ? 'required' : 'notAllowed' }],
      });
    }
    if (running.has(host)) throw new SoftphoneError(errorCatalogue.invalidParams.code, sdkMessages.alreadyStarted);
    const phone = mount(win, host as HTMLElement, checked, () => {
      running.delete(host);
    });
    running.set(host, phone);
    return phone;
  }

  return { init };
}

/** One phone on the page: what its bridge, its calls and its end read and change. */
interface Mounted {
  readonly frame: HTMLIFrameElement;
  readonly params: Record<string, unknown>;
  readonly events: PhoneEvents;
  readonly outbox: Outbox;
  readonly notifier: Notifier;
  readonly load: { stop(): void };
  readonly log: SdkLog;
  /** When init() was called (performance.now()), for the time `ready` took. */
  readonly startedAt: number;
  settleReady: { resolve: (info: ReadyInfo) => void; reject: (error: SoftphoneError) => void } | undefined;
  destroyed: boolean;
  /** The phone's page did not load in time: `ready` rejected, every call refused. */
  failedToLoad: boolean;
}

function mount(win: Window, host: HTMLElement, params: Record<string, unknown>, onDestroyed: () => void) {
  const serverOrigin = new URL(params.serverUrl as string).origin;
  let settleReady: Mounted['settleReady'];
  const ready = new Promise<ReadyInfo>((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  // An integrator who only listens to events need not handle `ready`'s rejection.
  ready.catch(() => undefined);

  const log = createSdkLog((params.logLevel as LogLevel | undefined) ?? 'warn', console);
  // The parameters without the token: the log is for support requests.
  log.info(
    'init',
    logData(
      params,
      Object.keys(params).filter((name) => name !== 'token'),
    ),
  );
  const frame = createPhoneFrame(win, serverOrigin, params);
  const notifier = createNotifier(win, params.notifications !== false, () => {
    // The page's tab comes to the front and the phone into view; a phone the page hid stays
    // hidden (setPhoneVisible is the page's to call).
    win.focus();
    frame.scrollIntoView({ block: 'nearest' });
    frame.focus();
  });
  const outbox = createOutbox((message: ToPhone) => {
    frame.contentWindow?.postMessage(message, serverOrigin);
  });
  const mounted: Mounted = {
    frame,
    params,
    events: createEvents(),
    outbox,
    notifier,
    load: watchLoad(
      frame,
      () => outbox.loaded,
      () => {
        failToLoad(mounted);
      },
    ),
    log,
    startedAt: performance.now(),
    settleReady,
    destroyed: false,
    failedToLoad: false,
  };
  // Every refusal of `ready` is written down, whichever path rejected it.
  ready.then(
    (info) => {
      // As the phone sent it: a log line must not throw where a field is missing.
      const agentId = (info as Partial<ReadyInfo>).agent?.agent_id ?? null;
      log.info('ready', { agent_id: agentId, ms: Math.round(performance.now() - mounted.startedAt) });
    },
    (error: unknown) => {
      const { code, message } = error as SoftphoneError;
      log.warn('ready rejected', { code, message });
    },
  );

  const onMessage = (event: MessageEvent) => {
    // Only our phone's window, from our server's origin, is listened to.
    if (event.origin !== serverOrigin || event.source !== frame.contentWindow) return;
    if (isBridgeMessage(event.data)) receive(mounted, event.data as FromPhone);
  };

  const call = (method: string, given: Record<string, unknown> = {}) => logged(mounted, method, given);
  const phone: PhoneInstance = {
    ready,
    call,
    on: mounted.events.on,
    off: mounted.events.off,
    exportLog: () => log.entries(),
    destroy() {
      if (mounted.destroyed) return;
      mounted.destroyed = true;
      log.info('destroy');
      mounted.load.stop();
      notifier.destroy();
      win.removeEventListener('message', onMessage);
      windUp(win, mounted, serverOrigin);
      const gone = new SoftphoneError(errorCatalogue.socketMissing.code, sdkMessages.socketMissing);
      outbox.failAll(gone);
      mounted.settleReady?.reject(gone);
      // The phone is going with its frame and says nothing more to the page: the SDK says why it stopped.
      mounted.events.emit('sessionEnded', { reason: 'destroyed', code: gone.code, message: gone.message });
      onDestroyed();
    },
    ...Object.fromEntries(methods.map((m) => [m.name, (given: Record<string, unknown> = {}) => call(m.name, given)])),
  };

  win.addEventListener('message', onMessage);
  host.appendChild(frame);
  return phone;
}

/** How long a destroyed phone has to hang up its calls and close its session before its frame goes anyway. */
export const DESTROY_WAIT_MS = 3_000;

/**
 * The frame of a destroyed phone: hidden at once; told to hang up its calls and close its
 * session (a colleague on a call heard silence for the whole grace period, then agentLost),
 * and removed when it says it has, or after DESTROY_WAIT_MS. A frame that never loaded has
 * nothing to end and goes at once.
 */
function windUp(win: Window, { frame, outbox }: Mounted, serverOrigin: string) {
  const phoneWindow = frame.contentWindow;
  if (!outbox.loaded || !phoneWindow) {
    frame.remove();
    return;
  }
  frame.style.display = 'none';
  const done = () => {
    clearTimeout(timer);
    win.removeEventListener('message', onDone);
    frame.remove();
  };
  const onDone = (event: MessageEvent) => {
    if (event.origin !== serverOrigin || event.source !== phoneWindow || !isBridgeMessage(event.data)) return;
    if ((event.data as FromPhone).type === 'destroyed') done();
  };
  win.addEventListener('message', onDone);
  const timer = setTimeout(done, DESTROY_WAIT_MS);
  phoneWindow.postMessage({ bridge: BRIDGE, type: 'destroy' } satisfies ToPhone, serverOrigin);
}

function receive(mounted: Mounted, message: FromPhone) {
  switch (message.type) {
    case 'loaded':
      mounted.load.stop();
      // Too late: the page was told the phone did not load, and its calls are refused.
      if (mounted.failedToLoad) return;
      mounted.outbox.open({ bridge: BRIDGE, type: 'init', params: mounted.params });
      return;
    case 'ready':
      if (typeof message.title === 'string' && message.title !== '') mounted.frame.title = message.title.slice(0, 100);
      mounted.settleReady?.resolve(message.data as ReadyInfo);
      mounted.settleReady = undefined;
      return;
    case 'event':
      logEvent(mounted.log, message.name, message.data);
      if (message.name === 'loginAuthFailed' && mounted.settleReady) {
        const data = message.data as { code?: number; message?: string };
        const code = data.code ?? errorCatalogue.socketAuthFailed.code;
        mounted.settleReady.reject(new SoftphoneError(code, data.message ?? 'login failed', data));
        mounted.settleReady = undefined;
      }
      // The first sign-in could not reach the server: `ready` says so now; the phone keeps
      // trying, and connectionRestored tells the page when it has signed in after all.
      if (message.name === 'connectionLost' && mounted.settleReady) {
        mounted.settleReady.reject(
          new SoftphoneError(errorCatalogue.connectionDown.code, sdkMessages.unreachable, message.data),
        );
        mounted.settleReady = undefined;
      }
      mounted.events.emit(message.name, message.data);
      return;
    case 'ring':
      mounted.notifier.ring(message.call_id, message.title, message.body);
      return;
    case 'destroyed':
      // Heard by windUp, after destroy().
      return;
    case 'result':
      mounted.outbox.settle(message);
      return;
  }
}

function failToLoad(mounted: Mounted) {
  if (mounted.outbox.loaded || mounted.destroyed) return;
  mounted.failedToLoad = true;
  const error = new SoftphoneError(errorCatalogue.cannotSend.code, sdkMessages.cannotSend);
  mounted.log.error('the phone’s page did not load', { code: error.code });
  // For good: a call made later is refused at once, not held for a phone that will not come.
  mounted.outbox.failAll(error, { forGood: true });
  mounted.settleReady?.reject(error);
  mounted.settleReady = undefined;
  mounted.events.emit('loginAuthFailed', { code: error.code, message: error.message });
}

/** The phone's lifecycle at info (lost, back, ended), every other event's name at debug. */
const lifecycleEvents = new Set([
  'connectionLost',
  'connectionRestored',
  'sessionEnded',
  'takenOver',
  'loginAuthFailed',
  'tokenWillExpire',
]);

function logEvent(log: SdkLog, name: string, data: unknown) {
  const fields = (data ?? {}) as Record<string, unknown>;
  // Names, codes and ids only: an event's payload may carry a caller's number or attached data.
  const kept = logData(fields, ['call_id', 'call_status', 'reason', 'code', 'active_calls', 'missed_events']);
  if (lifecycleEvents.has(name)) log.info(`event ${name}`, kept);
  else log.debug(`event ${name}`, kept);
}

/** A method call, with its outcome and time in the log: refusals at info, the rest at debug. */
function logged(mounted: Mounted, method: string, given: Record<string, unknown>): Promise<unknown> {
  const begun = performance.now();
  const ms = () => Math.round(performance.now() - begun);
  mounted.log.debug(`call ${method}`);
  return callMethod(mounted, method, given).then(
    (result) => {
      mounted.log.debug(`${method} succeeded`, { ms: ms() });
      return result;
    },
    (error: unknown) => {
      const { code, errorName } = error as SoftphoneError;
      mounted.log.info(`${method} refused`, { code, error: errorName, ms: ms() });
      throw error;
    },
  );
}

/**
 * Calls before the frame loaded wait here and go after `init`; once it has, they go at once and
 * the phone holds them until it has signed in (up to 20 s), then answers: the SDK need not
 * know whether the phone is ready, connected or finished, the phone says so with a code.
 */
function callMethod(mounted: Mounted, method: string, given: Record<string, unknown>): Promise<unknown> {
  if (mounted.destroyed) {
    return Promise.reject(new SoftphoneError(errorCatalogue.socketMissing.code, sdkMessages.socketMissing));
  }
  const definition = methodByName.get(method);
  if (!definition) {
    return Promise.reject(
      new SoftphoneError(errorCatalogue.unknownMethod.code, `Unknown method: ${method}`, { method }),
    );
  }
  const issues = validateParams(definition.params, given);
  if (issues.length > 0) return Promise.reject(invalid(issues));
  if (method === 'setPhoneVisible') {
    mounted.frame.style.display = given.visible === false ? 'none' : 'block';
    return Promise.resolve({ visible: given.visible !== false });
  }
  return mounted.outbox.send(method, given);
}
