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
import { validateParams, type ParamIssue } from '@open/protocol/softphone/validate';
import { BRIDGE, isBridgeMessage, phoneUrl, type FromPhone, type ToPhone } from '../bridge/messages.js';
import { createNotifier } from './notifier.js';

/** A refused call or a bad parameter: its catalogued code, a message, and details. */
export class SoftphoneError extends Error {
  override name = 'SoftphoneError';
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export type EventHandler = (payload: unknown) => void;

export interface ReadyInfo {
  /** The agent and tenant the phone signed in as (softphone.d.ts adds the agent's calls). */
  agent: AgentState;
  tenant: TenantInfo;
}

/** How long the phone's page may take to load before calls waiting for it are refused. */
const LOAD_TIMEOUT_MS = 30_000;
/**
 * Once the frame has loaded a document, how long the phone's first message may still take. A
 * frame the browser refused (the page is not in PHONE_FRAME_ANCESTORS, a wrong serverUrl) loads
 * an error page and never speaks: the integrator hears so in seconds, not half a minute.
 */
const LOADED_SILENCE_MS = 5_000;

/** What the SDK says itself, in English: it runs before the phone and its dictionaries. */
const sdkMessages = {
  socketMissing: 'Socket instance does not exist: the phone was destroyed.',
  cannotSend:
    'Unable to send messages: the phone did not load. Check serverUrl, and that the server allows this page to frame the phone (PHONE_FRAME_ANCESTORS).',
  alreadyStarted: 'The phone is already running: call destroy() before init() again.',
  badContainer: 'container must be an element of the page or a CSS selector of one.',
  invalidParams: 'Invalid parameters',
} as const;

const describeIssues = (issues: ParamIssue[]) => issues.map((i) => `${i.param} (${i.reason})`).join(', ');

function invalid(issues: ParamIssue[]): SoftphoneError {
  return new SoftphoneError(
    errorCatalogue.invalidParams.code,
    `${sdkMessages.invalidParams}: ${describeIssues(issues)}`,
    { issues },
  );
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

type Waiting = { resolve: (value: unknown) => void; reject: (error: SoftphoneError) => void };

export interface PhoneInstance {
  /** Resolves when the phone has signed in; rejects when its login fails. */
  readonly ready: Promise<ReadyInfo>;
  /** Runs a method of the catalogue by name. */
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  on(name: string, handler: EventHandler): void;
  off(name: string, handler?: EventHandler): void;
  /** Removes the phone; its session ends when the server's grace period passes. */
  destroy(): void;
  /** One function per method of the catalogue: `phone.dialOut({ number })`. */
  readonly [method: string]: unknown;
}

/** The SDK for one page: at most one phone at a time. */
export function createSdk(win: Window = window) {
  let current: { destroy: () => void } | undefined;

  function init(options: unknown): PhoneInstance {
    if (current) throw new SoftphoneError(errorCatalogue.invalidParams.code, sdkMessages.alreadyStarted);
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
    const phone = mount(win, host as HTMLElement, checked, () => {
      current = undefined;
    });
    current = phone;
    return phone;
  }

  return { init };
}

function mount(win: Window, host: HTMLElement, params: Record<string, unknown>, onDestroyed: () => void) {
  const serverOrigin = new URL(params.serverUrl as string).origin;
  const handlers = new Map<string, Set<EventHandler>>();
  const pending = new Map<number, Waiting>();
  /** Calls made before the phone's page loaded: sent when it has. */
  let queued: ToPhone[] = [];
  let loaded = false;
  let destroyed = false;
  let nextId = 1;
  let settleReady: { resolve: (info: ReadyInfo) => void; reject: (error: SoftphoneError) => void } | undefined;
  const ready = new Promise<ReadyInfo>((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  // An integrator who only listens to events need not handle `ready`'s rejection.
  ready.catch(() => undefined);

  const frame = win.document.createElement('iframe');
  frame.src = phoneUrl(serverOrigin, win.location.origin);
  // The phone needs the microphone (and the camera for VoLTE video) inside the frame.
  // speaker-selection: the phone sends the call and the ring to the outputs the agent chose (setSinkId).
  frame.allow = 'microphone; camera; autoplay; speaker-selection';
  // English until the phone, signed in, sends its name in the agent's language.
  frame.title = 'Softphone';
  frame.style.cssText = 'border:0;width:100%;height:100%;min-height:640px;display:block';
  if (params.visible === false) frame.style.display = 'none';

  const notifier = createNotifier(win, params.notifications !== false, () => {
    // The page's tab comes to the front and the phone into view; a phone the page hid stays
    // hidden (setPhoneVisible is the page's to call).
    win.focus();
    frame.scrollIntoView({ block: 'nearest' });
    frame.focus();
  });

  const post = (message: ToPhone) => {
    frame.contentWindow?.postMessage(message, serverOrigin);
  };

  function emit(name: string, data: unknown) {
    const calls: [EventHandler, unknown][] = [
      ...[...(handlers.get(name) ?? [])].map((handler): [EventHandler, unknown] => [handler, data]),
      ...[...(handlers.get('*') ?? [])].map((handler): [EventHandler, unknown] => [handler, { name, data }]),
    ];
    for (const [handler, payload] of calls) {
      try {
        handler(payload);
      } catch (error) {
        // An integrator's handler that throws must not stop the others or the bridge.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  function failAll(error: SoftphoneError) {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    queued = [];
  }

  function receive(message: FromPhone) {
    switch (message.type) {
      case 'loaded':
        loaded = true;
        clearTimeout(loadTimer);
        post({ bridge: BRIDGE, type: 'init', params });
        for (const call of queued) post(call);
        queued = [];
        return;
      case 'ready':
        if (typeof message.title === 'string' && message.title !== '') frame.title = message.title.slice(0, 100);
        settleReady?.resolve(message.data as ReadyInfo);
        settleReady = undefined;
        return;
      case 'event':
        if (message.name === 'loginAuthFailed' && settleReady) {
          const data = message.data as { code?: number; message?: string };
          const code = data.code ?? errorCatalogue.socketAuthFailed.code;
          settleReady.reject(new SoftphoneError(code, data.message ?? 'login failed', data));
          settleReady = undefined;
        }
        emit(message.name, message.data);
        return;
      case 'ring':
        notifier.ring(message.call_id, message.title, message.body);
        return;
      case 'result': {
        const waiting = pending.get(message.id);
        if (!waiting) return;
        pending.delete(message.id);
        if (message.code === 0) waiting.resolve(message.data);
        else waiting.reject(new SoftphoneError(message.code, message.message, message.data));
        return;
      }
    }
  }

  const onMessage = (event: MessageEvent) => {
    // Only our phone's window, from our server's origin, is listened to.
    if (event.origin !== serverOrigin || event.source !== frame.contentWindow) return;
    if (isBridgeMessage(event.data)) receive(event.data as FromPhone);
  };

  function failToLoad() {
    if (loaded || destroyed) return;
    const error = new SoftphoneError(errorCatalogue.cannotSend.code, sdkMessages.cannotSend);
    failAll(error);
    settleReady?.reject(error);
    settleReady = undefined;
    emit('loginAuthFailed', { code: error.code, message: error.message });
  }
  let loadTimer = setTimeout(failToLoad, LOAD_TIMEOUT_MS);
  frame.addEventListener('load', () => {
    // The empty document a frame starts with is this page's own, so readable; the phone's page,
    // or the error page of a refused frame, is not.
    let ownDocument: boolean;
    try {
      ownDocument = frame.contentDocument !== null;
    } catch {
      ownDocument = false;
    }
    if (loaded || ownDocument) return;
    clearTimeout(loadTimer);
    loadTimer = setTimeout(failToLoad, LOADED_SILENCE_MS);
  });

  /**
   * Calls before the frame loaded wait here and go after `init`; once it has, they go at once and
   * the phone holds them until it has signed in (up to 20 s), then answers: the SDK need not
   * know whether the phone is ready, connected or finished, the phone says so with a code.
   */
  function call(method: string, given: Record<string, unknown> = {}): Promise<unknown> {
    if (destroyed) {
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
      frame.style.display = given.visible === false ? 'none' : 'block';
      return Promise.resolve({ visible: given.visible !== false });
    }
    const id = nextId++;
    const message: ToPhone = { bridge: BRIDGE, type: 'call', id, method, params: given };
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      if (loaded) post(message);
      else queued.push(message);
    });
  }

  const phone: PhoneInstance = {
    ready,
    call,
    on(name, handler) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
    },
    off(name, handler) {
      if (handler) handlers.get(name)?.delete(handler);
      else handlers.delete(name);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(loadTimer);
      notifier.destroy();
      win.removeEventListener('message', onMessage);
      frame.remove();
      const gone = new SoftphoneError(errorCatalogue.socketMissing.code, sdkMessages.socketMissing);
      failAll(gone);
      settleReady?.reject(gone);
      // The phone is gone with its frame and can say nothing more: the SDK says why it stopped.
      // Its calls are not ended here: the server keeps them for the grace period, and a phone
      // started again in time takes them over.
      emit('sessionEnded', { reason: 'destroyed', code: gone.code, message: gone.message });
      onDestroyed();
    },
    ...Object.fromEntries(methods.map((m) => [m.name, (given: Record<string, unknown> = {}) => call(m.name, given)])),
  };

  win.addEventListener('message', onMessage);
  host.appendChild(frame);
  return phone;
}
