/**
 * The phone in the integrator's iframe: it takes its parameters from the SDK over postMessage
 * (only from the host origin in its address, only from its parent window), signs in on the
 * socket, shows the agent's phone, and passes events out and method calls in. It also tells the
 * host page where it stands (lifecycle.ts): link lost, reconnecting, restored, session ended,
 * taken over, taken back.
 */
import { createRoot } from 'react-dom/client';
import { errorCatalogue, SUCCESS_CODE, type ErrorName } from '@open/protocol/errors';
import { API_PREFIX } from '@open/protocol/paths';
import { methodByName } from '@open/protocol/softphone/catalogue';
import { BRIDGE, isBridgeMessage, type FromPhone, type ToPhone } from '../bridge/messages.js';
import { CtiError, CtiSocket } from '../socket/cti-socket.js';
import { errorText, loadMessages, t } from './i18n.js';
import { createLifecycle, type PhoneEvent } from './state/lifecycle.js';
import {
  checkChoice,
  createDevices,
  deviceKinds,
  playOn,
  type DeviceKind,
  type DevicesState,
} from './media/devices.js';
import { createCallMedia, rtcConfigurationOf, type MediaState } from './media/media.js';
import { Phone } from './views/Phone.js';
import { applyEvent, createStore, fromReady, otherParty, type CallView, type PhonePage } from './state/phone-store.js';
import { createRinger, ringingCall } from './state/ringer.js';
import { createTokenKeeper, type TokenState } from './state/token-keeper.js';
import './phone.css';

const host = new URLSearchParams(location.hash.slice(1)).get('host');
const store = createStore();
let socket: CtiSocket | undefined;
let started = false;
let lang: string | undefined;
const lifecycle = createLifecycle({ messageOf: (name) => errorText(name) });
/** The newest login token: good for one refresh, which a take-over spends; the page sends the next. */
const token = createTokenKeeper({ now: () => socket?.serverNow() ?? Date.now(), announce });
/** The phone's words are loaded (in `lang`, or the tenant's language once signed in). */
let wordsLoaded = false;

/**
 * Loads the words of a phone that has none yet, so a refusal can be told in the agent's
 * language; a phone that has them keeps them (reloading without `lang` would switch a phone
 * showing its tenant's language to the server's default).
 */
async function ensureWords(): Promise<void> {
  if (wordsLoaded) return;
  await loadMessages(lang).then(
    () => {
      wordsLoaded = true;
    },
    () => undefined,
  );
}

/**
 * The warnings of the shown call the host page last heard (`callQualityChange`): it hears when
 * one is raised or cleared, not every second's figures, and a call starts with none raised.
 */
let heardQuality = { callId: '', warnings: '' };
function tellQuality(state: MediaState | null) {
  if (!state?.quality) return;
  const warnings = state.quality.warnings.join();
  if (warnings === (heardQuality.callId === state.call_id ? heardQuality.warnings : '')) return;
  heardQuality = { callId: state.call_id, warnings };
  post({
    bridge: BRIDGE,
    type: 'event',
    name: 'callQualityChange',
    data: { call_id: state.call_id, quality: state.quality },
  });
}

const media = createCallMedia({
  // Always addressed: the colleague and the supervisors each have a connection of their own.
  send: (callId, signal, to) => run('rtcSignal', { call_id: callId, signal, to }),
  rtcConfiguration: () => rtcConfigurationOf(socket?.ready ?? null),
  onChange: (state) => {
    store.set({ media: state });
    tellQuality(state);
  },
  video: () => store.get().options.volteVideo,
  self: () => store.get().agent,
  callOf: (callId) => store.get().calls.find((call) => call.call_id === callId),
  microphone: () => devices.get().selected.microphone,
  onMicrophoneOpened: () => void devices.refresh(),
});

const ringer = createRinger(document, (ringBlocked) => {
  store.set({ ringBlocked });
});
/** The phone's own storage; a browser that blocks it for framed pages leaves the choice per visit. */
function phoneStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The devices the host page last heard of (`devicesChange`), to tell it of changes only. */
let heardDevices = '';
const devices = createDevices({
  mediaDevices: navigator.mediaDevices,
  storage: phoneStorage(),
  onChange: (state, lost) => {
    const before = store.get().devices;
    store.set((current) => ({
      devices: state,
      devicesLost: lost.length > 0 ? [...new Set([...current.devicesLost, ...lost])] : current.devicesLost,
    }));
    void playOn(ringer.element, state.selected.ringer);
    // The call goes on from another microphone: the chosen one, or the default when it was unplugged.
    if (before && before.selected.microphone !== state.selected.microphone) void media.switchMicrophone();
    const said = JSON.stringify(state);
    if (said === heardDevices && lost.length === 0) return;
    heardDevices = said;
    post({ bridge: BRIDGE, type: 'event', name: 'devicesChange', data: { devices: state, lost } });
  },
});

/** The browser names devices only once the microphone was allowed: ask for it, then read them again. */
function allowDevices() {
  void navigator.mediaDevices
    .getUserMedia({ audio: true })
    .then((stream) => {
      for (const track of stream.getTracks()) track.stop();
    })
    .catch(() => undefined)
    .then(() => devices.refresh());
}

/** setDevices: each kind given is checked before any is changed, so a bad one changes nothing. */
async function setDevices(params: Record<string, unknown>): Promise<DevicesState> {
  const current = await devices.refresh();
  const given = deviceKinds.filter((kind): kind is DeviceKind => typeof params[kind] === 'string');
  for (const kind of given) {
    const problem = checkChoice(current, kind, params[kind] as string);
    if (problem) throw new CtiError(errorCatalogue[problem].code, errorText(problem), { param: kind });
  }
  for (const kind of given) devices.choose(kind, params[kind] as string);
  return devices.get();
}

/** The call the phone last told the host page rings (`ring`), to tell it once per change. */
let ringingId: string | null = null;
store.subscribe(() => {
  const call = ringingCall(store.get());
  ringer.follow(call !== undefined);
  const id = call?.call_id ?? null;
  if (id === ringingId) return;
  ringingId = id;
  post({
    bridge: BRIDGE,
    type: 'ring',
    call_id: id,
    title: call ? t(`softphone.ui.notify.${call.call_type}`) : '',
    body: call ? t('softphone.ui.notify.body', { caller: otherParty(call) }) : '',
  });
});

/** Internal calls carry media between their members (media.ts says who offers to whom). */
function followMedia(name: string, data: Record<string, unknown>) {
  if (name === 'rtcSignal' && typeof data.call_id === 'string' && typeof data.from === 'string') {
    media.signal(data.call_id, data.from, data.signal);
    return;
  }
  if (name !== 'callDataChange') return;
  const call = data.call as CallView | undefined;
  if (call) media.follow(call);
}

/**
 * A session began or came back with the calls in `ready`: a new one (this tab took the agent
 * over, or back) offers new connections for its internal calls, since the colleague's phone
 * still holds the old tab's; a resumed one only mends connections that broke.
 */
function followReady(resumed: boolean) {
  media.rejoin(store.get().calls, resumed);
}

/** Digits the engine took for an internal call also go into its audio (RFC 4733). */
function followDtmf(data: unknown) {
  const sent = data as { call_id?: unknown; digits?: unknown } | null;
  if (typeof sent?.call_id === 'string' && typeof sent.digits === 'string') media.dtmf(sent.call_id, sent.digits);
}

function post(message: FromPhone) {
  if (host && window.parent !== window) window.parent.postMessage(message, host);
}

const result = (id: number, code: number, message: string, data: unknown = null) => {
  post({ bridge: BRIDGE, type: 'result', id, code, message, data });
};

/** The phone's own events: its view follows them as it does the engine's, then the page hears them. */
function announce(events: readonly PhoneEvent[]) {
  for (const event of events) {
    store.set((state) => applyEvent(state, event.name, event.data));
    post({ bridge: BRIDGE, type: 'event', name: event.name, data: event.data });
  }
}

function refuse(id: number, name: keyof typeof errorCatalogue) {
  result(id, errorCatalogue[name].code, errorText(name));
}

/**
 * Runs a method for the SDK or for the phone's own buttons; resolves with its data. Before the
 * first sign-in it waits for it (bounded); once the session has ended it is refused at once;
 * while the link is down it is refused with connectionDown (the page heard connectionLost).
 */
export async function run(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
  const definition = methodByName.get(method);
  // updateToken is the phone's to hold, but the server checks the token first.
  if (definition?.target === 'phone' && method !== 'updateToken') {
    if (method === 'getDevices') return devices.refresh();
    if (method === 'setDevices') return setDevices(params);
    if (method === 'goToPage') store.set({ page: params.page as PhonePage });
    return {};
  }
  if (!started) throw new CtiError(errorCatalogue.socketMissing.code, errorText('socketMissing'));
  await lifecycle.whenReady();
  const current = socket;
  if (!current) throw new CtiError(errorCatalogue.socketMissing.code, errorText('socketMissing'));
  if (current.state !== 'open' && !current.ended) {
    throw new CtiError(errorCatalogue.connectionDown.code, errorText('connectionDown'));
  }
  const data = await current.request(method, params);
  if (method === 'sendDtmf') followDtmf(data);
  if (method === 'updateToken') token.updated(String(params.token), data as TokenState);
  return data;
}

async function runCall(message: Extract<ToPhone, { type: 'call' }>) {
  try {
    result(message.id, 0, 'ok', await run(message.method, message.params));
  } catch (error) {
    if (!(error instanceof CtiError)) {
      refuse(message.id, 'internal');
      return;
    }
    // A phone that never signed in has no dictionary yet: its refusals go out named, then
    // translated here once the words are loaded, like loginAuthFailed's.
    let text = error.message;
    if (Object.hasOwn(errorCatalogue, text)) {
      await ensureWords();
      text = errorText(text);
    }
    result(message.id, error.code, text, error.data);
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
  ringer.configure({
    enabled: params.ringtone !== false,
    url: typeof params.ringtoneUrl === 'string' && params.ringtoneUrl !== '' ? params.ringtoneUrl : undefined,
  });
  void connect(String(params.token), false);
}

/** Signs in with a login token: at init, or to take the agent back (`takingBack`). */
async function connect(given: string, takingBack: boolean) {
  lifecycle.starting();
  const current = new CtiSocket({
    serverUrl: location.origin,
    token: given,
    ...(lang ? { lang } : {}),
    messageOf: (name: ErrorName) => errorText(name),
  });
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
      token.stop();
      media.endAll();
      store.set({ phase: entry.restarted ? 'serverRestarted' : 'sessionLost' });
    } else if (entry.type === 'ended' && entry.hadSession && entry.cause !== 'takenOver') {
      token.stop();
      media.endAll();
      // Signed out and disabled have their own words (agentDisabled's catalogued message speaks of
      // a login token, which a running session was not getting); a refused token shows its error.
      if (entry.cause === 'disabled') store.set({ phase: 'disabled' });
      else if (entry.cause !== 'signedOut' && entry.cause !== 'serverRestarted') {
        store.set({ phase: 'failed', failure: entry.error });
      }
    } else if (entry.type === 'reconnecting') store.set({ attempt: entry.attempt });
    else if (entry.type === 'connected' && entry.resumed && current.ready) {
      store.set(fromReady(current.ready));
      followReady(true);
    }
    announce(lifecycle.fromLog(entry, current.ready));
  });
  current.on('*', (data, frame) => {
    const payload = (data ?? {}) as Record<string, unknown>;
    // What the page must hear first (calls the server ended unseen, before interruptionCancelled).
    announce(lifecycle.engineEvent(frame.name, payload));
    store.set((state) => applyEvent(state, frame.name, payload));
    followMedia(frame.name, payload);
    if (frame.name === 'loginAuthFailed') {
      // A failure the phone raised itself names its error: it goes out in the agent's language,
      // whose words a phone that never signed in has not loaded yet.
      void ensureWords().then(() => {
        const data = { ...payload, message: errorText(String(payload.message)) };
        post({ bridge: BRIDGE, type: 'event', name: frame.name, data });
      });
      return;
    }
    post({ bridge: BRIDGE, type: 'event', name: frame.name, data: payload });
  });
  try {
    const ready = await current.connect();
    token.signedIn(given, ready.token_expires_at);
    await loadMessages(lang ?? ready.tenant.default_lang);
    wordsLoaded = true;
    store.set(fromReady(ready));
    followReady(false);
    post({
      bridge: BRIDGE,
      type: 'ready',
      data: { agent: ready.agent, tenant: ready.tenant },
      title: t('softphone.title'),
    });
    // After `ready`, so the methods that waited for it reach the page's handlers in order.
    announce(lifecycle.signedIn(ready, takingBack));
  } catch (error) {
    await ensureWords();
    const reason = error instanceof CtiError ? error.message : 'internal';
    lifecycle.loginFailed(reason);
    store.set({ phase: 'failed', failure: reason });
  }
}

/**
 * The page called destroy(): the phone's calls end now, so nobody on them waits through the
 * grace period in silence, and its session closes (the server signs the agent out when the grace
 * period passes). A page reloaded or a tab closed is not this: its calls wait for it to come back.
 */
async function leave() {
  const current = socket;
  if (current?.state === 'open' && !current.ended) {
    try {
      const state = await current.request<{ calls?: { call_id: string }[] }>('getState');
      await Promise.allSettled((state.calls ?? []).map((call) => current.request('hangUp', { call_id: call.call_id })));
    } catch {
      // The link is down: the server ends the calls when the grace period passes, as it would.
    }
  }
  token.stop();
  media.endAll();
  current?.close();
  post({ bridge: BRIDGE, type: 'destroyed' });
}

/**
 * Another tab took this agent over: take it back here. The session's token buys a fresh one
 * (once), which opens a new session and, in turn, tells the other tab it was replaced.
 */
export async function takeOver(): Promise<void> {
  let answer: { code?: number; message?: string; data?: { token?: string } } = {};
  try {
    const response = await fetch(`${location.origin}${API_PREFIX}basic/refresh_login_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(lang ? { 'x-lang': lang } : {}) },
      body: JSON.stringify({ token: token.token }),
      credentials: 'omit',
    });
    answer = (await response.json()) as typeof answer;
  } catch {
    // The network is down: the agent may try again.
    store.set({ failure: 'connectionDown' });
    return;
  }
  if (answer.code !== SUCCESS_CODE || typeof answer.data?.token !== 'string') {
    // Refused (the token expired with no next one from the page, the agent disabled): the page
    // hears it as it hears every refused token, and gets a new one to init() again.
    token.stop();
    store.set({ phase: 'sessionLost' });
    announce([
      {
        name: 'loginAuthFailed',
        data: { code: answer.code ?? errorCatalogue.internal.code, message: answer.message ?? '' },
      },
    ]);
    return;
  }
  socket?.close();
  store.set({ phase: 'loading', failure: null });
  await connect(answer.data.token, true);
}

window.addEventListener('message', (event: MessageEvent) => {
  if (!host || event.origin !== host || event.source !== window.parent || !isBridgeMessage(event.data)) return;
  const message = event.data as ToPhone;
  if (message.type === 'init') start(message.params);
  else if (message.type === 'destroy') void leave();
  else void runCall(message);
});

const root = document.getElementById('phone');
if (root)
  createRoot(root).render(
    <Phone
      store={store}
      run={run}
      devices={{ allow: allowDevices, refresh: () => void devices.refresh() }}
      t={t}
      errorText={errorText}
      takeOver={takeOver}
    />,
  );
void devices.refresh();
post({ bridge: BRIDGE, type: 'loaded' });
