import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { BRIDGE } from '../bridge/messages.js';
import {
  checkInitParams,
  createSdk,
  DESTROY_WAIT_MS,
  errorCodes,
  SoftphoneError,
  type PhoneInstance,
} from './softphone.js';

const SERVER = 'https://open.example.com';
const HOST = 'https://crm.example.org';

/** Just enough of a page for the SDK: a container, an iframe whose window records what it is sent. */
function fakePage() {
  const sentToPhone: { message: unknown; targetOrigin: string }[] = [];
  const phoneWindow = {
    postMessage(message: unknown, targetOrigin: string) {
      sentToPhone.push({ message, targetOrigin });
    },
  };
  let listener: ((event: MessageEvent) => void) | undefined;
  const loadListeners: (() => void)[] = [];
  const frame = {
    src: '',
    allow: '',
    title: '',
    style: { cssText: '', display: '' },
    contentWindow: phoneWindow,
    /** What a page reads of a frame holding another origin's document (or an error page). */
    contentDocument: null as object | null,
    removed: false,
    remove() {
      this.removed = true;
    },
    addEventListener(type: string, handler: () => void) {
      if (type === 'load') loadListeners.push(handler);
    },
  };
  /** The frame finished loading a document: its empty start one (`own`), or another. */
  const frameLoaded = (own = false) => {
    frame.contentDocument = own ? {} : null;
    for (const handler of loadListeners) handler();
  };
  const container = {
    children: [] as unknown[],
    appendChild(child: unknown) {
      this.children.push(child);
    },
  };
  const win = {
    location: { origin: HOST },
    document: {
      createElement: () => frame,
      querySelector: (selector: string) => (selector === '#phone' ? container : null),
    },
    addEventListener(_type: string, handler: (event: MessageEvent) => void) {
      listener = handler;
    },
    removeEventListener() {
      listener = undefined;
    },
  };
  const deliver = (data: unknown, origin = SERVER, source: unknown = phoneWindow) => {
    listener?.({ data, origin, source } as unknown as MessageEvent);
  };
  // The SDK reads only these members of the window it is given.
  return { win: win as unknown as Window, frame, container, sentToPhone, deliver, frameLoaded };
}

/** A page with two containers, each init() a frame of its own, every message listener kept. */
function pageOfTwo() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const frames: { window: { sent: unknown[]; postMessage(message: unknown): void }; removed: boolean }[] = [];
  const containers = new Map(['#first', '#second'].map((selector) => [selector, { appendChild: () => undefined }]));
  const win = {
    location: { origin: HOST },
    document: {
      createElement: () => {
        const phoneWindow = {
          sent: [] as unknown[],
          postMessage(message: unknown) {
            this.sent.push(message);
          },
        };
        const frame = {
          src: '',
          allow: '',
          title: '',
          style: { cssText: '', display: '' },
          contentWindow: phoneWindow,
          contentDocument: null,
          window: phoneWindow,
          removed: false,
          remove() {
            this.removed = true;
          },
          addEventListener: () => undefined,
        };
        frames.push(frame);
        return frame;
      },
      querySelector: (selector: string) => containers.get(selector) ?? null,
    },
    addEventListener(_type: string, handler: (event: MessageEvent) => void) {
      listeners.add(handler);
    },
    removeEventListener(_type: string, handler: (event: MessageEvent) => void) {
      listeners.delete(handler);
    },
  };
  const deliver = (index: number, data: unknown) => {
    for (const listener of [...listeners]) {
      listener({ data, origin: SERVER, source: frames[index]?.window } as unknown as MessageEvent);
    }
  };
  // The SDK reads only these members of the window it is given.
  return { win: win as unknown as Window, frames, deliver };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as SoftphoneError,
  );

function thrown(run: () => unknown): SoftphoneError {
  try {
    run();
  } catch (error) {
    if (error instanceof SoftphoneError) return error;
    throw error;
  }
  throw new Error('expected a SoftphoneError');
}

const method = (phone: PhoneInstance, name: string) => phone[name] as (params?: object) => Promise<unknown>;

describe('checkInitParams', () => {
  it('accepts the parameters of the catalogue', () => {
    expect(checkInitParams({ serverUrl: SERVER, token: 't', mini: true, lang: 'ar' })).toMatchObject({ mini: true });
  });

  it('names every bad parameter at once', () => {
    const error = thrown(() => checkInitParams({ serverUrl: 'javascript:alert(1)', visible: 'no', colour: 'red' }));
    expect(error).toMatchObject({
      code: errorCatalogue.invalidParams.code,
      data: {
        issues: expect.arrayContaining([
          { param: 'colour', reason: 'unknown' },
          { param: 'token', reason: 'required' },
          { param: 'visible', reason: 'wrongType' },
          { param: 'serverUrl', reason: 'notAllowed' },
        ]) as unknown,
      },
    });
    expect(error.message).toContain('colour (unknown)');
  });

  it('takes a ringtone only from a web address', () => {
    const ring = 'https://crm.example.com/sounds/ring.mp3';
    expect(checkInitParams({ serverUrl: SERVER, token: 't', ringtoneUrl: ring })).toMatchObject({ ringtoneUrl: ring });
    // Empty is 'not set': the built-in tone.
    expect(checkInitParams({ serverUrl: SERVER, token: 't', ringtoneUrl: '', ringtone: false })).toMatchObject({
      ringtone: false,
    });
    for (const [ringtoneUrl, reason] of [
      ['javascript:alert(1)', 'notAllowed'],
      ['ring.mp3', 'notAllowed'],
      ['data:audio/wav;base64,UklGR', 'notAllowed'],
      [`https://crm.example.com/${'a'.repeat(2048)}`, 'tooLong'],
      [42, 'wrongType'],
    ] as const) {
      expect(thrown(() => checkInitParams({ serverUrl: SERVER, token: 't', ringtoneUrl })).data).toEqual({
        issues: [{ param: 'ringtoneUrl', reason, ...(reason === 'tooLong' ? { max: 2048 } : {}) }],
      });
    }
    expect(thrown(() => checkInitParams({ serverUrl: SERVER, token: 't', ringtone: 'yes' })).data).toEqual({
      issues: [{ param: 'ringtone', reason: 'wrongType' }],
    });
  });

  it('refuses what is not an object', () => {
    expect(() => checkInitParams('serverUrl=x')).toThrow(SoftphoneError);
  });

  it('takes lang only among the 19 interface languages', () => {
    expect(checkInitParams({ serverUrl: SERVER, token: 't', lang: 'zh-TW' })).toMatchObject({ lang: 'zh-TW' });
    // A phone in an unknown language would have no words to show and never get ready.
    for (const lang of ['xx', '', 'EN', 'zh']) {
      expect(thrown(() => checkInitParams({ serverUrl: SERVER, token: 't', lang })).data, lang).toEqual({
        issues: [{ param: 'lang', reason: 'notAllowed' }],
      });
    }
  });
});

describe('init', () => {
  it('refuses bad parameters and a missing container before mounting anything', () => {
    const page = fakePage();
    const sdk = createSdk(page.win);
    expect(thrown(() => sdk.init({ container: '#phone', serverUrl: SERVER })).data).toEqual({
      issues: [{ param: 'token', reason: 'required' }],
    });
    expect(thrown(() => sdk.init({ serverUrl: SERVER, token: 't' })).data).toEqual({
      issues: [{ param: 'container', reason: 'required' }],
    });
    expect(thrown(() => sdk.init({ container: '#nowhere', serverUrl: SERVER, token: 't' })).data).toEqual({
      issues: [{ param: 'container', reason: 'notAllowed' }],
    });
    expect(page.container.children).toEqual([]);
  });

  it('mounts the phone of the server, sends init only to its origin, and ignores other windows', async () => {
    const page = fakePage();
    const sdk = createSdk(page.win);
    const phone = sdk.init({ container: '#phone', serverUrl: `${SERVER}/any/path`, token: 'secret' });
    expect(page.container.children).toEqual([page.frame]);
    expect(page.frame.src).toBe(`${SERVER}/dzfront/open/client/phone/#host=${encodeURIComponent(HOST)}`);
    expect(page.frame.src).not.toContain('secret');
    expect(page.frame.allow).toBe('microphone; camera; autoplay; speaker-selection');

    // Another origin, or another window of the right origin, is not the phone.
    page.deliver({ bridge: BRIDGE, type: 'loaded' }, 'https://evil.example');
    page.deliver({ bridge: BRIDGE, type: 'loaded' }, SERVER, {});
    expect(page.sentToPhone).toEqual([]);

    page.deliver({ bridge: BRIDGE, type: 'loaded' });
    expect(page.sentToPhone).toEqual([
      {
        message: { bridge: BRIDGE, type: 'init', params: { serverUrl: `${SERVER}/any/path`, token: 'secret' } },
        targetOrigin: SERVER,
      },
    ]);
    expect(page.frame.title).toBe('Softphone');
    page.deliver({ bridge: BRIDGE, type: 'ready', data: { agent: { name: 'Li Na' }, tenant: {} }, title: '软电话' });
    await expect(phone.ready).resolves.toEqual({ agent: { name: 'Li Na' }, tenant: {} });
    // The frame's name follows the agent's language once the phone knows it.
    expect(page.frame.title).toBe('软电话');

    expect(() => sdk.init({ container: '#phone', serverUrl: SERVER, token: 't' })).toThrow(
      /already running in this container/,
    );
    phone.destroy();
    // A loaded phone first hangs up its calls (the tests below); its frame is hidden meanwhile.
    expect(page.frame.style.display).toBe('none');
    page.deliver({ bridge: BRIDGE, type: 'destroyed' });
    expect(page.frame.removed).toBe(true);
    // Destroyed, the page may start a phone again at once.
    expect(() => sdk.init({ container: '#phone', serverUrl: SERVER, token: 't2' })).not.toThrow();
  });

  it('runs a phone a container: each speaks only to its own frame, and a container holds one phone at a time', async () => {
    const page = pageOfTwo();
    const sdk = createSdk(page.win);
    const first = sdk.init({ container: '#first', serverUrl: SERVER, token: 'first-token', visible: false });
    const second = sdk.init({ container: '#second', serverUrl: SERVER, token: 'second-token', visible: false });
    const heard: string[] = [];
    first.on('callStatusChange', () => heard.push('first'));
    second.on('callStatusChange', () => heard.push('second'));

    page.deliver(0, { bridge: BRIDGE, type: 'loaded' });
    page.deliver(1, { bridge: BRIDGE, type: 'loaded' });
    expect(page.frames.map((frame) => frame.window.sent)).toEqual([
      [{ bridge: BRIDGE, type: 'init', params: { serverUrl: SERVER, token: 'first-token', visible: false } }],
      [{ bridge: BRIDGE, type: 'init', params: { serverUrl: SERVER, token: 'second-token', visible: false } }],
    ]);
    page.deliver(1, { bridge: BRIDGE, type: 'ready', data: { agent: { agent_id: 'b' }, tenant: {} } });
    await expect(second.ready).resolves.toMatchObject({ agent: { agent_id: 'b' } });
    page.deliver(1, { bridge: BRIDGE, type: 'event', name: 'callStatusChange', data: { call_id: 'c' } });
    expect(heard).toEqual(['second']);

    expect(thrown(() => sdk.init({ container: '#first', serverUrl: SERVER, token: 'again' }))).toMatchObject({
      code: errorCatalogue.invalidParams.code,
      message: expect.stringContaining('already running in this container') as unknown,
    });
    // The refused init left the running phone alone; once destroyed, its container takes a new one.
    second.destroy();
    page.deliver(1, { bridge: BRIDGE, type: 'destroyed' });
    page.deliver(0, { bridge: BRIDGE, type: 'event', name: 'callStatusChange', data: { call_id: 'd' } });
    expect(heard).toEqual(['second', 'first']);
    expect(() => sdk.init({ container: '#second', serverUrl: SERVER, token: 'next' })).not.toThrow();
    first.destroy();
  });

  it('rejects ready when the login fails, with the code and message the phone gives', async () => {
    const page = fakePage();
    const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 'old' });
    page.deliver({ bridge: BRIDGE, type: 'loaded' });
    page.deliver({ bridge: BRIDGE, type: 'event', name: 'loginAuthFailed', data: { code: 40111, message: 'used' } });
    expect(await refusal(phone.ready)).toMatchObject({ code: 40111, message: 'used' });
  });

  it('rejects ready with connectionDown when the first sign-in cannot reach the server, and still hears the phone sign in later', async () => {
    const page = fakePage();
    const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 't' });
    const heard: string[] = [];
    for (const name of ['connectionLost', 'connectionRestored']) phone.on(name, () => heard.push(name));
    page.deliver({ bridge: BRIDGE, type: 'loaded' });
    const lost = { at: '2026-03-02T09:00:00.000Z', active_calls: 0, grace_ms: 0 };
    page.deliver({ bridge: BRIDGE, type: 'event', name: 'connectionLost', data: lost });
    const error = await refusal(phone.ready);
    expect(error).toMatchObject({ code: errorCatalogue.connectionDown.code, data: lost });
    expect(error?.message).toContain('connectionRestored');
    page.deliver({ bridge: BRIDGE, type: 'ready', data: {} });
    page.deliver({
      bridge: BRIDGE,
      type: 'event',
      name: 'connectionRestored',
      data: { attempt: 2, missed_events: 0, offline_ms: 3_000 },
    });
    expect(heard).toEqual(['connectionLost', 'connectionRestored']);
    phone.destroy();
  });

  it('rejects ready with a catalogued code even when the phone gives none', async () => {
    const page = fakePage();
    const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 'old' });
    page.deliver({ bridge: BRIDGE, type: 'loaded' });
    page.deliver({ bridge: BRIDGE, type: 'event', name: 'loginAuthFailed', data: {} });
    expect(await refusal(phone.ready)).toMatchObject({ code: errorCatalogue.socketAuthFailed.code });
  });
});

describe('the phone’s methods and events', () => {
  it('checks parameters, waits for the page to load, then settles each call once', async () => {
    const page = fakePage();
    const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 't' });
    expect(await refusal(phone.call('fly'))).toMatchObject({ code: errorCatalogue.unknownMethod.code });
    expect(await refusal(method(phone, 'dialOut')({}))).toMatchObject({
      code: errorCatalogue.invalidParams.code,
      data: { issues: [{ param: 'number', reason: 'required' }] },
    });

    // Called before the page loaded: sent once it has, after init.
    const dialled = method(phone, 'dialOut')({ number: '13800138001' });
    const hungUp = method(phone, 'hangUp')();
    expect(page.sentToPhone).toEqual([]);
    page.deliver({ bridge: BRIDGE, type: 'loaded' });
    const [init, dial, hang] = page.sentToPhone.map((sent) => sent.message as { type: string; id: number });
    expect([init?.type, dial?.type, hang?.type]).toEqual(['init', 'call', 'call']);

    page.deliver({ bridge: BRIDGE, type: 'result', id: dial?.id, code: 0, message: 'ok', data: { call_id: 'c1' } });
    page.deliver({ bridge: BRIDGE, type: 'result', id: hang?.id, code: 40411, message: 'gone', data: null });
    page.deliver({ bridge: BRIDGE, type: 'result', id: dial?.id, code: 0, message: 'ok', data: { call_id: 'again' } });
    await expect(dialled).resolves.toEqual({ call_id: 'c1' });
    expect(await refusal(hungUp)).toMatchObject({ code: 40411, message: 'gone' });
  });

  it('passes events to their listeners and to * listeners', () => {
    const page = fakePage();
    const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 't' });
    const heard: unknown[] = [];
    const all: unknown[] = [];
    const handler = (data: unknown) => heard.push(data);
    phone.on('agentStatusChange', handler);
    phone.on('*', (event) => all.push(event));
    page.deliver({ bridge: BRIDGE, type: 'event', name: 'agentStatusChange', data: { status: 'idle' } });
    phone.off('agentStatusChange', handler);
    page.deliver({ bridge: BRIDGE, type: 'event', name: 'agentStatusChange', data: { status: 'busy' } });
    expect(heard).toEqual([{ status: 'idle' }]);
    expect(all).toEqual([
      { name: 'agentStatusChange', data: { status: 'idle' } },
      { name: 'agentStatusChange', data: { status: 'busy' } },
    ]);
  });

  it('refuses every call once destroyed, and tells listeners the session ended', async () => {
    const page = fakePage();
    const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 't' });
    const ended: unknown[] = [];
    const all: unknown[] = [];
    phone.on('sessionEnded', (payload) => ended.push(payload));
    phone.on('*', (event) => all.push(event));
    const waiting = phone.call('getState');
    phone.destroy();
    expect(await refusal(waiting)).toMatchObject({ code: errorCatalogue.socketMissing.code });
    expect(await refusal(phone.call('getState'))).toMatchObject({ code: errorCatalogue.socketMissing.code });
    const told = {
      reason: 'destroyed',
      code: errorCatalogue.socketMissing.code,
      message: expect.any(String) as unknown,
    };
    expect(ended).toEqual([told]);
    expect(all).toEqual([{ name: 'sessionEnded', data: told }]);
    // Destroyed once, told once.
    phone.destroy();
    expect(ended).toHaveLength(1);
  });

  it('has a loaded phone hang up its calls before its frame goes: hidden at once, removed when the phone says it is done', () => {
    const page = fakePage();
    const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 't' });
    page.deliver({ bridge: BRIDGE, type: 'loaded' });
    phone.destroy();
    expect(page.sentToPhone.at(-1)).toEqual({ message: { bridge: BRIDGE, type: 'destroy' }, targetOrigin: SERVER });
    expect(page.frame.style.display).toBe('none');
    expect(page.frame.removed).toBe(false);
    // Another page's message does not count.
    page.deliver({ bridge: BRIDGE, type: 'destroyed' }, HOST);
    expect(page.frame.removed).toBe(false);
    page.deliver({ bridge: BRIDGE, type: 'destroyed' });
    expect(page.frame.removed).toBe(true);
  });

  it('removes a destroyed phone’s frame after DESTROY_WAIT_MS when the phone does not answer, and one that never loaded at once', async () => {
    vi.useFakeTimers();
    try {
      const page = fakePage();
      const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 't' });
      page.deliver({ bridge: BRIDGE, type: 'loaded' });
      phone.destroy();
      await vi.advanceTimersByTimeAsync(DESTROY_WAIT_MS - 1);
      expect(page.frame.removed).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(page.frame.removed).toBe(true);

      const unloaded = fakePage();
      createSdk(unloaded.win).init({ container: '#phone', serverUrl: SERVER, token: 't' }).destroy();
      expect(unloaded.frame.removed).toBe(true);
      expect(unloaded.sentToPhone).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends calls made after the page loaded at once: the phone holds them until it is ready', async () => {
    const page = fakePage();
    const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 't' });
    page.deliver({ bridge: BRIDGE, type: 'loaded' });
    // Called right after init(), before the phone signed in (issue #19): not refused by the SDK.
    const login = method(phone, 'login')({ status: 'idle' });
    const state = phone.call('getState');
    const [, first, second] = page.sentToPhone.map((sent) => sent.message as { type: string; id: number });
    expect([first?.type, second?.type]).toEqual(['call', 'call']);
    page.deliver({ bridge: BRIDGE, type: 'ready', data: { agent: {}, tenant: {} } });
    page.deliver({ bridge: BRIDGE, type: 'result', id: first?.id, code: 0, message: 'ok', data: { status: 'idle' } });
    await expect(login).resolves.toEqual({ status: 'idle' });
    // A phone that never got ready answers with the code of why.
    page.deliver({
      bridge: BRIDGE,
      type: 'result',
      id: second?.id,
      code: errorCatalogue.phoneNotReady.code,
      message: 'not ready',
      data: null,
    });
    expect(await refusal(state)).toMatchObject({ code: errorCatalogue.phoneNotReady.code });
  });

  it('passes the phone’s lifecycle events on, and the phone’s refusals once its session ended', async () => {
    const page = fakePage();
    const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 't' });
    const heard: unknown[] = [];
    phone.on('*', (event) => heard.push((event as { name: string }).name));
    page.deliver({ bridge: BRIDGE, type: 'loaded' });
    page.deliver({ bridge: BRIDGE, type: 'ready', data: { agent: {}, tenant: {} } });
    for (const name of ['connectionLost', 'reconnecting', 'callStatusChange', 'sessionEnded'])
      page.deliver({ bridge: BRIDGE, type: 'event', name, data: {} });
    expect(heard).toEqual(['connectionLost', 'reconnecting', 'callStatusChange', 'sessionEnded']);
    const call = phone.call('getState');
    const sent = page.sentToPhone.at(-1)?.message as { id: number };
    page.deliver({
      bridge: BRIDGE,
      type: 'result',
      id: sent.id,
      code: errorCatalogue.sessionEnded.code,
      message: 'ended',
      data: { reason: 'signedOut' },
    });
    expect(await refusal(call)).toMatchObject({
      code: errorCatalogue.sessionEnded.code,
      data: { reason: 'signedOut' },
    });
  });

  it('hides and shows the phone itself', async () => {
    const page = fakePage();
    const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 't', visible: false });
    expect(page.frame.style.display).toBe('none');
    await expect(method(phone, 'setPhoneVisible')({ visible: true })).resolves.toEqual({ visible: true });
    expect(page.frame.style.display).toBe('block');
  });
});

describe('a phone page that does not load', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const start = () => {
    vi.useFakeTimers();
    const page = fakePage();
    const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 't' });
    const heard: unknown[] = [];
    phone.on('loginAuthFailed', (payload) => heard.push(payload));
    return { page, phone, heard, waiting: refusal(method(phone, 'hangUp')()), readiness: refusal(phone.ready) };
  };

  it('is reported five seconds after the frame loaded something that never spoke (a refused frame)', async () => {
    const { page, heard, waiting, readiness } = start();
    // The empty document every frame starts with does not count.
    page.frameLoaded(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(heard).toEqual([]);
    page.frameLoaded();
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await readiness;
    expect(error).toMatchObject({ code: errorCatalogue.cannotSend.code });
    expect(error?.message).toContain('PHONE_FRAME_ANCESTORS');
    expect(await waiting).toMatchObject({ code: errorCatalogue.cannotSend.code });
    expect(heard).toEqual([{ code: errorCatalogue.cannotSend.code, message: error?.message }]);
  });

  it('refuses every later call at once, and stays silent if the frame speaks after all', async () => {
    const { page, phone, readiness } = start();
    await vi.advanceTimersByTimeAsync(30_000);
    await readiness;
    // At once: the fake timers do not move.
    expect(await refusal(method(phone, 'dialOut')({ number: '8002' }))).toMatchObject({
      code: errorCatalogue.cannotSend.code,
    });
    page.deliver({ bridge: BRIDGE, type: 'loaded' });
    expect(page.sentToPhone).toEqual([]);
    expect(await refusal(method(phone, 'hangUp')())).toMatchObject({ code: errorCatalogue.cannotSend.code });
  });

  it('is reported after thirty seconds when the frame never loads at all', async () => {
    const { heard, readiness } = start();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await readiness).toMatchObject({ code: errorCatalogue.cannotSend.code });
    expect(heard).toHaveLength(1);
  });

  it('is not reported when the phone speaks, however late its frame’s load event comes', async () => {
    const { page, phone, heard } = start();
    page.deliver({ bridge: BRIDGE, type: 'loaded' });
    page.frameLoaded();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(heard).toEqual([]);
    phone.destroy();
  });
});

describe('error codes and the SDK’s log', () => {
  it('exports every catalogued code by name, frozen, and names the code of each error', async () => {
    expect(Object.keys(errorCodes)).toEqual(Object.keys(errorCatalogue));
    expect(errorCodes.extensionUnavailable).toBe(errorCatalogue.extensionUnavailable.code);
    expect(Object.isFrozen(errorCodes)).toBe(true);
    expect(new SoftphoneError(errorCodes.connectionDown, 'down').errorName).toBe('connectionDown');
    expect(new SoftphoneError(12345, 'not catalogued').errorName).toBeNull();

    const page = fakePage();
    const phone = createSdk(page.win).init({ container: '#phone', serverUrl: SERVER, token: 't' });
    const error = await refusal(method(phone, 'dialOut')({}));
    expect(error?.errorName).toBe('invalidParams');
    phone.destroy();
  });

  it('keeps what it did for exportLog(): init without the token, ready, refusals with their code, lifecycle events', async () => {
    const page = fakePage();
    const quiet = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const phone = createSdk(page.win).init({
      container: '#phone',
      serverUrl: SERVER,
      token: 'secret-token',
      lang: 'en',
    });
    page.deliver({ bridge: BRIDGE, type: 'loaded' });
    page.deliver({ bridge: BRIDGE, type: 'ready', data: { agent: { agent_id: 'a1' }, tenant: {} } });
    await phone.ready;
    const dialled = method(phone, 'dialOut')({ number: '8002' });
    const sent = page.sentToPhone.at(-1)?.message as { id: number };
    page.deliver({ bridge: BRIDGE, type: 'result', id: sent.id, code: 40922, message: 'unavailable', data: null });
    await refusal(dialled);
    page.deliver({
      bridge: BRIDGE,
      type: 'event',
      name: 'connectionLost',
      data: { at: 'x', active_calls: 1, grace_ms: 60_000, caller: '+8613900000000' },
    });
    const entries = phone.exportLog();
    expect(JSON.stringify(entries)).not.toContain('secret-token');
    expect(JSON.stringify(entries)).not.toContain('+8613900000000');
    expect(entries.map((entry) => entry.message)).toEqual([
      'init',
      'ready',
      'call dialOut',
      'dialOut refused',
      'event connectionLost',
    ]);
    expect(entries[0]?.data).toMatchObject({ serverUrl: SERVER, lang: 'en' });
    expect(entries[3]?.data).toMatchObject({ code: 40922, error: 'extensionUnavailable' });
    expect(entries[4]?.data).toEqual({ active_calls: 1 });
    // The default level writes warnings and errors only: nothing above was one.
    expect(quiet).not.toHaveBeenCalled();
    quiet.mockRestore();
    phone.destroy();
  });

  it('refuses a log level it does not know', () => {
    expect(thrown(() => checkInitParams({ serverUrl: SERVER, token: 't', logLevel: 'verbose' })).data).toEqual({
      issues: [{ param: 'logLevel', reason: 'notAllowed' }],
    });
  });
});
