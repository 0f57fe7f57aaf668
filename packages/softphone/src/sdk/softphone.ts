/**
 * The SDK integrators load with one script (DESIGN §8): `init(container, params)` checks the
 * init parameters against the catalogue, mounts the phone in an iframe of our server in the
 * container, and bridges every method (a Promise settled with a coded result) and every event
 * (`on`/`off`) over postMessage, checking origins both ways. Kept tiny: no framework, plain
 * data from the catalogue only.
 */
import { errorCatalogue } from '@open/protocol/errors';
import { initParams, methodByName, methods } from '@open/protocol/softphone/catalogue';
import { validateParams, type ParamIssue } from '@open/protocol/softphone/validate';
import { BRIDGE, isBridgeMessage, phoneUrl, type FromPhone, type ToPhone } from '../bridge/messages.js';

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

export type EventHandler = (data: unknown) => void;

export interface InitResult {
  /** The agent and tenant the phone signed in as. */
  ready: unknown;
}

/** What the SDK says itself, in English: it runs before the phone and its dictionaries. */
const sdkMessages = {
  socketMissing: 'Socket instance does not exist: call init() first.',
  cannotSend: 'Unable to send messages: the phone is not loaded.',
  alreadyStarted: 'The phone is already running: call destroy() before init() again.',
  badContainer: 'The container must be an element of the page, or the id of one.',
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

function isWebAddress(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Checks the init parameters; throws a SoftphoneError naming every bad one. */
export function checkInitParams(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw invalid([{ param: 'params', reason: 'wrongType' }]);
  }
  const given = params as Record<string, unknown>;
  const issues = validateParams(initParams, given);
  if (typeof given.serverUrl === 'string' && !issues.some((i) => i.param === 'serverUrl')) {
    if (!isWebAddress(given.serverUrl)) issues.push({ param: 'serverUrl', reason: 'notAllowed' });
  }
  if (issues.length > 0) throw invalid(issues);
  return given;
}

interface Running {
  frame: HTMLIFrameElement;
  serverOrigin: string;
  loaded: boolean;
  params: Record<string, unknown>;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: SoftphoneError) => void }>;
  onMessage: (event: MessageEvent) => void;
  firstReady: { resolve: (value: InitResult) => void; reject: (error: SoftphoneError) => void } | undefined;
}

export function createSoftphone(win: Window = window) {
  const handlers = new Map<string, Set<EventHandler>>();
  let running: Running | undefined;
  let nextId = 1;

  function emit(name: string, data: unknown) {
    for (const handler of handlers.get(name) ?? []) {
      try {
        handler(data);
      } catch (error) {
        // An integrator's handler that throws must not stop the others or the bridge.
        setTimeout(() => {
          throw error;
        });
      }
    }
    if (name !== '*') for (const handler of handlers.get('*') ?? []) handler({ name, data });
  }

  function post(current: Running, message: ToPhone) {
    current.frame.contentWindow?.postMessage(message, current.serverOrigin);
  }

  function receive(current: Running, message: FromPhone) {
    switch (message.type) {
      case 'loaded':
        current.loaded = true;
        post(current, { bridge: BRIDGE, type: 'init', params: current.params });
        return;
      case 'ready':
        current.firstReady?.resolve({ ready: message.data });
        current.firstReady = undefined;
        return;
      case 'event':
        if (message.name === 'loginAuthFailed' && current.firstReady) {
          const data = message.data as { code?: number; message?: string };
          current.firstReady.reject(new SoftphoneError(data.code ?? -1, data.message ?? 'login failed', data));
          current.firstReady = undefined;
        }
        emit(message.name, message.data);
        return;
      case 'result': {
        const waiting = current.pending.get(message.id);
        if (!waiting) return;
        current.pending.delete(message.id);
        if (message.code === 0) waiting.resolve(message.data);
        else waiting.reject(new SoftphoneError(message.code, message.message, message.data));
        return;
      }
    }
  }

  const sdk = {
    /**
     * Starts the phone in `container` (an element or its id). Resolves once the phone has
     * signed in; rejects with a SoftphoneError for bad parameters, a second init, or a login
     * that fails.
     */
    init(container: HTMLElement | string, params: Record<string, unknown>): Promise<InitResult> {
      if (running) {
        return Promise.reject(new SoftphoneError(errorCatalogue.invalidParams.code, sdkMessages.alreadyStarted));
      }
      let checked: Record<string, unknown>;
      try {
        checked = checkInitParams(params);
      } catch (error) {
        return Promise.reject(
          error instanceof SoftphoneError
            ? error
            : new SoftphoneError(errorCatalogue.invalidParams.code, String(error)),
        );
      }
      const host = typeof container === 'string' ? win.document.getElementById(container) : container;
      if (!host || typeof host.appendChild !== 'function') {
        return Promise.reject(
          new SoftphoneError(errorCatalogue.invalidParams.code, sdkMessages.badContainer, {
            issues: [{ param: 'container', reason: 'notAllowed' }],
          }),
        );
      }
      const serverOrigin = new URL(checked.serverUrl as string).origin;
      const frame = win.document.createElement('iframe');
      frame.src = phoneUrl(serverOrigin, win.location.origin);
      // The phone needs the microphone (and the camera for VoLTE video) inside the frame.
      frame.allow = 'microphone; camera; autoplay';
      frame.title = 'Softphone';
      frame.style.cssText = 'border:0;width:100%;height:100%;min-height:640px;display:block';
      if (checked.visible === false) frame.style.display = 'none';
      return new Promise<InitResult>((resolve, reject) => {
        const current: Running = {
          frame,
          serverOrigin,
          loaded: false,
          params: checked,
          pending: new Map(),
          firstReady: { resolve, reject },
          onMessage: (event: MessageEvent) => {
            // Only our phone's window, from our server's origin, is listened to.
            if (event.origin !== serverOrigin || event.source !== frame.contentWindow) return;
            if (isBridgeMessage(event.data)) receive(current, event.data as FromPhone);
          },
        };
        running = current;
        win.addEventListener('message', current.onMessage);
        host.appendChild(frame);
      });
    },

    /** Runs a method of the catalogue; resolves with its data, rejects with a SoftphoneError. */
    call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
      const current = running;
      if (!current) {
        return Promise.reject(new SoftphoneError(errorCatalogue.socketMissing.code, sdkMessages.socketMissing));
      }
      const definition = methodByName.get(method);
      if (!definition) {
        return Promise.reject(
          new SoftphoneError(errorCatalogue.unknownMethod.code, `Unknown method: ${method}`, { method }),
        );
      }
      const issues = validateParams(definition.params, params);
      if (issues.length > 0) return Promise.reject(invalid(issues));
      if (method === 'setPhoneVisible') {
        current.frame.style.display = params.visible === false ? 'none' : 'block';
        return Promise.resolve({ visible: params.visible !== false });
      }
      if (!current.loaded) {
        return Promise.reject(new SoftphoneError(errorCatalogue.cannotSend.code, sdkMessages.cannotSend));
      }
      const id = nextId++;
      return new Promise((resolve, reject) => {
        current.pending.set(id, { resolve, reject });
        post(current, { bridge: BRIDGE, type: 'call', id, method, params });
      });
    },

    /** Listens to an event of the catalogue by name ('*': every event, as { name, data }). */
    on(name: string, handler: EventHandler): void {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
    },

    off(name: string, handler?: EventHandler): void {
      if (handler) handlers.get(name)?.delete(handler);
      else handlers.delete(name);
    },

    /** Removes the phone; its session ends when the server's grace period passes. */
    destroy(): void {
      const current = running;
      if (!current) return;
      running = undefined;
      win.removeEventListener('message', current.onMessage);
      current.frame.remove();
      for (const waiting of current.pending.values()) {
        waiting.reject(new SoftphoneError(errorCatalogue.socketMissing.code, sdkMessages.socketMissing));
      }
      current.firstReady?.reject(new SoftphoneError(errorCatalogue.socketMissing.code, sdkMessages.socketMissing));
    },

    /** The catalogue's methods, each as a function: `softphone.dialOut({ number })`. */
    methods: Object.fromEntries(
      methods.map((m) => [m.name, (params: Record<string, unknown> = {}) => sdk.call(m.name, params)]),
    ) as Record<string, (params?: Record<string, unknown>) => Promise<unknown>>,
  };
  return sdk;
}

export type Softphone = ReturnType<typeof createSoftphone>;
