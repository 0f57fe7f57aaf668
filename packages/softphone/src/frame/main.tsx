/**
 * The phone in the integrator's iframe: it takes its parameters from the SDK over postMessage
 * (only from the host origin in its address, only from its parent window), signs in on the
 * socket, shows the agent's phone, and passes events out and method calls in.
 */
import { createRoot } from 'react-dom/client';
import { errorCatalogue, SUCCESS_CODE } from '@open/protocol/errors';
import { API_PREFIX } from '@open/protocol/paths';
import { methodByName } from '@open/protocol/softphone/catalogue';
import { BRIDGE, isBridgeMessage, type FromPhone, type ToPhone } from '../bridge/messages.js';
import { CtiError, CtiSocket } from '../socket/cti-socket.js';
import { errorText, loadMessages, t } from './i18n.js';
import { createCallMedia } from './media.js';
import { Phone } from './Phone.js';
import { applyEvent, createStore, fromReady, type CallView, type PhonePage } from './phone-store.js';
import './phone.css';

const host = new URLSearchParams(location.hash.slice(1)).get('host');
const store = createStore();
let socket: CtiSocket | undefined;
let started = false;
/** The token of the running session: good for one refresh, which a take-over spends. */
let currentToken = '';
let lang: string | undefined;

const media = createCallMedia({
  send: (callId, signal) => run('rtcSignal', { call_id: callId, signal }),
  onChange: (state) => {
    store.set({ media: state });
  },
  video: () => store.get().options.volteVideo,
});

/** Internal calls carry media: the phone that placed the call offers once it is answered. */
function followMedia(name: string, data: Record<string, unknown>) {
  if (name === 'rtcSignal' && typeof data.call_id === 'string') {
    media.signal(data.call_id, data.signal);
    return;
  }
  if (name !== 'callDataChange') return;
  const call = data.call as CallView | undefined;
  if (call?.call_type !== 'internal') return;
  if (call.call_status === 'ended') {
    media.end(call.call_id);
    return;
  }
  const mine = store.get().agent?.extension;
  if (call.call_status === 'talking' && !media.has(call.call_id) && call.caller === mine) media.offer(call.call_id);
  media.follow(call);
}

function post(message: FromPhone) {
  if (host && window.parent !== window) window.parent.postMessage(message, host);
}

const result = (id: number, code: number, message: string, data: unknown = null) => {
  post({ bridge: BRIDGE, type: 'result', id, code, message, data });
};

function refuse(id: number, name: keyof typeof errorCatalogue) {
  result(id, errorCatalogue[name].code, errorText(name));
}

/** Runs a method for the SDK or for the phone's own buttons; resolves with its data. */
export async function run(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
  const definition = methodByName.get(method);
  if (definition?.target === 'phone') {
    if (method === 'goToPage') store.set({ page: params.page as PhonePage });
    return {};
  }
  if (!socket) throw new CtiError(errorCatalogue.socketMissing.code, errorText('socketMissing'));
  if (socket.state !== 'open') throw new CtiError(errorCatalogue.connectionDown.code, errorText('connectionDown'));
  return socket.request(method, params);
}

async function runCall(message: Extract<ToPhone, { type: 'call' }>) {
  try {
    result(message.id, 0, 'ok', await run(message.method, message.params));
  } catch (error) {
    if (error instanceof CtiError) result(message.id, error.code, error.message, error.data);
    else refuse(message.id, 'internal');
  }
}

function start(params: Record<string, unknown>) {
  if (started) return;
  started = true;
  lang = typeof params.lang === 'string' && params.lang !== '' ? params.lang : undefined;
  store.set({
    options: {
      mini: params.mini === true,
      statusBar: params.statusBar !== false,
      dialPad: params.dialPad !== false,
      internalCall: params.internalCall !== false,
      assistantRobot: params.assistantRobot === true,
      volteVideo: params.volteVideo === true,
    },
  });
  void connect(String(params.token));
}

async function connect(token: string) {
  currentToken = token;
  const current = new CtiSocket({ serverUrl: location.origin, token, ...(lang ? { lang } : {}) });
  socket = current;
  current.onState((state) => {
    if (socket === current) store.set({ socket: state, attempt: current.attempts });
  });
  current.onLog((entry) => {
    if (socket !== current) return;
    if (entry.type === 'replaced') {
      media.endAll();
      store.set({ phase: 'replaced' });
    } else if (entry.type === 'sessionLost') {
      media.endAll();
      store.set({ phase: 'sessionLost' });
    } else if (entry.type === 'reconnecting') store.set({ attempt: entry.attempt });
    else if (entry.type === 'connected' && entry.resumed && current.ready) store.set(fromReady(current.ready));
  });
  current.on('*', (data, frame) => {
    const payload = (data ?? {}) as Record<string, unknown>;
    store.set((state) => applyEvent(state, frame.name, payload));
    followMedia(frame.name, payload);
    if (frame.name === 'loginAuthFailed') {
      // A failure the phone raised itself names its error: it goes out in the agent's language,
      // whose words a phone that never signed in has not loaded yet.
      void loadMessages(lang)
        .catch(() => undefined)
        .then(() => {
          const data = { ...payload, message: errorText(String(payload.message)) };
          post({ bridge: BRIDGE, type: 'event', name: frame.name, data });
        });
      return;
    }
    post({ bridge: BRIDGE, type: 'event', name: frame.name, data: payload });
  });
  try {
    const ready = await current.connect();
    await loadMessages(lang ?? ready.tenant.default_lang);
    store.set(fromReady(ready));
    post({
      bridge: BRIDGE,
      type: 'ready',
      data: { agent: ready.agent, tenant: ready.tenant },
      title: t('softphone.title'),
    });
  } catch (error) {
    await loadMessages(lang).catch(() => undefined);
    const reason = error instanceof CtiError ? error.message : 'internal';
    store.set({ phase: 'failed', failure: reason });
  }
}

/**
 * Another tab took this agent over: take it back here. The session's token buys a fresh one
 * (once), which opens a new session and, in turn, tells the other tab it was replaced.
 */
export async function takeOver(): Promise<void> {
  let answer: { code?: number; data?: { token?: string } } = {};
  try {
    const response = await fetch(`${location.origin}${API_PREFIX}basic/refresh_login_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(lang ? { 'x-lang': lang } : {}) },
      body: JSON.stringify({ token: currentToken }),
      credentials: 'omit',
    });
    answer = (await response.json()) as typeof answer;
  } catch {
    // The network is down: the agent may try again.
    store.set({ failure: 'connectionDown' });
    return;
  }
  if (answer.code !== SUCCESS_CODE || typeof answer.data?.token !== 'string') {
    store.set({ phase: 'sessionLost' });
    return;
  }
  socket?.close();
  store.set({ phase: 'loading', failure: null });
  await connect(answer.data.token);
}

window.addEventListener('message', (event: MessageEvent) => {
  if (!host || event.origin !== host || event.source !== window.parent || !isBridgeMessage(event.data)) return;
  const message = event.data as ToPhone;
  if (message.type === 'init') start(message.params);
  else void runCall(message);
});

const root = document.getElementById('phone');
if (root) createRoot(root).render(<Phone store={store} run={run} t={t} errorText={errorText} takeOver={takeOver} />);
post({ bridge: BRIDGE, type: 'loaded' });
