/**
 * The demo page's running phone and what it said: one store the sections share (the login
 * starts the phone, the methods section calls it, the events section shows its events, the
 * phone panel hosts it). The phone is the real SDK, as an integrator's page runs it, framing the
 * phone of the selected serverUrl: this server or another one that allows this page to frame it.
 */
import type { LoginToken } from '@open/protocol/api/basic';
import { events as eventCatalogue } from '@open/protocol/softphone/catalogue';
import { SDK_MODULE_PATH } from '@open/softphone/bridge/messages';
import type * as Sdk from '@open/softphone/sdk/index';
import { createStore, useStore } from '../state/store';
import { callServer, DemoCallError } from './demo-api';

export type PhoneInstance = Sdk.PhoneInstance;

export interface EventRow {
  readonly id: number;
  readonly time: Date;
  readonly name: string;
  readonly data: unknown;
}

export interface ReadyAgent {
  agent_id: string;
  name: string;
  role: 'agent' | 'supervisor';
  extension: string | null;
}

export interface DemoState {
  readonly phase: 'idle' | 'starting' | 'ready' | 'failed';
  readonly serverUrl: string;
  readonly token: LoginToken | null;
  readonly agent: ReadyAgent | null;
  /** Why the phone did not start: a coded refusal, or `null` for a network failure. */
  readonly failure: { code: number; message: string } | null;
  readonly events: readonly EventRow[];
  /** Events the output records; the rest are dropped. */
  readonly listening: ReadonlySet<string>;
  readonly paused: boolean;
}

/** The output keeps the latest rows only, so a long session does not slow the page. */
export const MAX_EVENT_ROWS = 500;
export const ALL_EVENTS: readonly string[] = eventCatalogue.map((e) => e.name);

const initial: DemoState = {
  phase: 'idle',
  serverUrl: '',
  token: null,
  agent: null,
  failure: null,
  events: [],
  listening: new Set(ALL_EVENTS),
  paused: false,
};

const store = createStore(initial);
let phone: PhoneInstance | undefined;
let nextRow = 1;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let sdkModule: Promise<typeof Sdk> | undefined;

function set(change: Partial<DemoState>) {
  store.set({ ...store.get(), ...change });
}

export function useDemo(): DemoState {
  return useStore(store);
}

export const currentPhone = (): PhoneInstance | undefined => phone;
export const demoState = (): DemoState => store.get();

/**
 * The SDK's ES module, once per page (what `<script type="module">` would fetch). It comes from
 * this page's own server whichever serverUrl is chosen: this page also holds the CMS's session,
 * so its Content-Security-Policy runs only its own scripts (script-src 'self'), never another
 * server's. The SDK then frames the chosen server's phone, which speaks the same bridge
 * (`BRIDGE` in bridge/messages.ts) as long as that server runs this version.
 */
function loadSdk(): Promise<typeof Sdk> {
  if (!sdkModule) {
    const module = import(/* @vite-ignore */ `${location.origin}${SDK_MODULE_PATH}`) as Promise<typeof Sdk>;
    // A failed load may be retried once the server is back.
    module.catch(() => {
      sdkModule = undefined;
    });
    sdkModule = module;
  }
  return sdkModule;
}

export function recordEvent(name: string, data: unknown): void {
  const state = store.get();
  if (state.paused || !state.listening.has(name)) return;
  const row: EventRow = { id: nextRow++, time: new Date(), name, data };
  set({ events: [row, ...state.events].slice(0, MAX_EVENT_ROWS) });
}

export const setListening = (names: Iterable<string>) => {
  set({ listening: new Set(names) });
};
export const setPaused = (paused: boolean) => {
  set({ paused });
};
export const clearEvents = () => {
  set({ events: [] });
};

/**
 * Keeps a fresh login token for the page's own calls (the simulated inbound call): each token
 * can be refreshed once, before `refresh_before`.
 */
function scheduleRefresh(lang: () => string) {
  clearTimeout(refreshTimer);
  const token = store.get().token;
  if (!token) return;
  const wait = Math.max(1_000, new Date(token.refresh_before).getTime() - Date.now());
  refreshTimer = setTimeout(() => {
    callServer(store.get().serverUrl, 'basic/refresh_login_token', { token: token.token }, lang()).then(
      (fresh) => {
        if (store.get().token !== token) return;
        set({ token: fresh });
        scheduleRefresh(lang);
      },
      () => undefined,
    );
  }, wait);
}

export interface StartOptions {
  serverUrl: string;
  token: LoginToken;
  container: HTMLElement;
  /** The init parameters besides serverUrl and token. */
  params: Record<string, unknown>;
  lang: () => string;
}

/** Starts the phone of the selected server; resolves once it has signed in or failed. */
export async function startPhone({ serverUrl, token, container, params, lang }: StartOptions): Promise<void> {
  stopPhone();
  set({ phase: 'starting', serverUrl, token, agent: null, failure: null });
  try {
    const sdk = await loadSdk();
    const started = sdk.init({ container, serverUrl, token: token.token, ...params });
    phone = started;
    started.on('*', (payload) => {
      const { name, data } = payload as { name: string; data: unknown };
      recordEvent(name, data);
    });
    const ready = await started.ready;
    if (phone !== started) return;
    set({ phase: 'ready', agent: ready.agent });
    scheduleRefresh(lang);
  } catch (error) {
    if (error instanceof DemoCallError || !(error instanceof Error) || !('code' in error)) {
      set({ phase: 'failed', failure: null });
    } else {
      set({ phase: 'failed', failure: { code: Number(error.code), message: error.message } });
    }
  }
}

export function stopPhone(): void {
  clearTimeout(refreshTimer);
  phone?.destroy();
  phone = undefined;
  set({ phase: 'idle', agent: null, failure: null, token: null });
}

/** For tests: back to a page that has done nothing. */
export function resetDemo(): void {
  stopPhone();
  store.set(initial);
}
