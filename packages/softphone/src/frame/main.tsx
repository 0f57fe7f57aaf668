/**
 * The phone in the integrator's iframe: it takes its parameters from the SDK over postMessage
 * (only from the host origin in its address, only from its parent window), signs in on the
 * socket, shows the agent's phone, and passes events out and method calls in.
 */
import { createRoot } from 'react-dom/client';
import { errorCatalogue } from '@open/protocol/errors';
import { methodByName } from '@open/protocol/softphone/catalogue';
import { BRIDGE, isBridgeMessage, type FromPhone, type ToPhone } from '../bridge/messages.js';
import { CtiError, CtiSocket } from '../socket/cti-socket.js';
import { errorText, loadMessages, t } from './i18n.js';
import { Phone } from './Phone.js';
import { applyEvent, createStore, fromReady, type PhonePage } from './phone-store.js';
import './phone.css';

const host = new URLSearchParams(location.hash.slice(1)).get('host');
const store = createStore();
let socket: CtiSocket | undefined;

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

async function start(params: Record<string, unknown>) {
  if (socket) return;
  const lang = typeof params.lang === 'string' && params.lang !== '' ? params.lang : undefined;
  store.set({
    options: {
      mini: params.mini === true,
      statusBar: params.statusBar !== false,
      dialPad: params.dialPad !== false,
      internalCall: params.internalCall !== false,
      assistantRobot: params.assistantRobot === true,
    },
  });
  const current = new CtiSocket({ serverUrl: location.origin, token: String(params.token), ...(lang ? { lang } : {}) });
  socket = current;
  current.onState((state) => {
    store.set({ socket: state, attempt: current.attempts });
  });
  current.onLog((entry) => {
    if (entry.type === 'replaced') store.set({ phase: 'replaced' });
    else if (entry.type === 'sessionLost') store.set({ phase: 'sessionLost' });
    else if (entry.type === 'reconnecting') store.set({ attempt: entry.attempt });
    else if (entry.type === 'connected' && entry.resumed && current.ready) store.set(fromReady(current.ready));
  });
  current.on('*', (data, frame) => {
    const payload = (data ?? {}) as Record<string, unknown>;
    store.set((state) => applyEvent(state, frame.name, payload));
    // A failure the phone raised itself names its error: it goes out in the agent's language.
    const out =
      frame.name === 'loginAuthFailed' ? { ...payload, message: errorText(String(payload.message)) } : payload;
    post({ bridge: BRIDGE, type: 'event', name: frame.name, data: out });
  });
  try {
    const ready = await current.connect();
    await loadMessages(lang ?? ready.tenant.default_lang);
    store.set(fromReady(ready));
    post({ bridge: BRIDGE, type: 'ready', data: { agent: ready.agent, tenant: ready.tenant } });
  } catch (error) {
    await loadMessages(lang).catch(() => undefined);
    const reason = error instanceof CtiError ? error.message : 'internal';
    store.set({ phase: 'failed', failure: reason });
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  if (!host || event.origin !== host || event.source !== window.parent || !isBridgeMessage(event.data)) return;
  const message = event.data as ToPhone;
  if (message.type === 'init') void start(message.params);
  else void runCall(message);
});

const root = document.getElementById('phone');
if (root) createRoot(root).render(<Phone store={store} run={run} t={t} errorText={errorText} />);
post({ bridge: BRIDGE, type: 'loaded' });
