import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { BRIDGE } from '../bridge/messages.js';
import { checkInitParams, createSoftphone, SoftphoneError } from './softphone.js';

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
  const frame = {
    src: '',
    allow: '',
    title: '',
    style: { cssText: '', display: '' },
    contentWindow: phoneWindow,
    removed: false,
    remove() {
      this.removed = true;
    },
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
      getElementById: (id: string) => (id === 'phone' ? container : null),
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
  return { win: win as unknown as Window, frame, container, sentToPhone, deliver };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as SoftphoneError,
  );

describe('checkInitParams', () => {
  it('accepts the parameters of the catalogue', () => {
    expect(checkInitParams({ serverUrl: SERVER, token: 't', mini: true, lang: 'ar' })).toMatchObject({ mini: true });
  });

  it('names every bad parameter at once', () => {
    let error: unknown;
    try {
      checkInitParams({ serverUrl: 'javascript:alert(1)', visible: 'no', colour: 'red' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SoftphoneError);
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
    expect((error as Error).message).toContain('colour (unknown)');
  });

  it('refuses what is not an object', () => {
    expect(() => checkInitParams('serverUrl=x')).toThrow(SoftphoneError);
  });
});

describe('the bridge', () => {
  it('refuses methods before init, and unknown methods and bad parameters without sending anything', async () => {
    const page = fakePage();
    const sdk = createSoftphone(page.win);
    expect(await refusal(sdk.call('dialOut', { number: '1' }))).toMatchObject({
      code: errorCatalogue.socketMissing.code,
    });
    void sdk.init('phone', { serverUrl: SERVER, token: 't' });
    expect(await refusal(sdk.call('fly'))).toMatchObject({ code: errorCatalogue.unknownMethod.code });
    expect(await refusal(sdk.call('dialOut', {}))).toMatchObject({
      code: errorCatalogue.invalidParams.code,
      data: { issues: [{ param: 'number', reason: 'required' }] },
    });
    expect(await refusal(sdk.call('dialOut', { number: '1' }))).toMatchObject({
      code: errorCatalogue.cannotSend.code,
    });
    expect(page.sentToPhone).toEqual([]);
  });

  it('mounts the phone of the server, sends init only to its origin, and ignores other windows', async () => {
    const page = fakePage();
    const sdk = createSoftphone(page.win);
    const started = sdk.init('phone', { serverUrl: `${SERVER}/any/path`, token: 'secret' });
    expect(page.container.children).toEqual([page.frame]);
    expect(page.frame.src).toBe(`${SERVER}/dzfront/open/client/phone/#host=${encodeURIComponent(HOST)}`);
    expect(page.frame.src).not.toContain('secret');
    expect(page.frame.allow).toBe('microphone; camera; autoplay');

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
    page.deliver({ bridge: BRIDGE, type: 'ready', data: { agent: { name: 'Li Na' } } });
    await expect(started).resolves.toEqual({ ready: { agent: { name: 'Li Na' } } });

    expect(await refusal(sdk.init('phone', { serverUrl: SERVER, token: 't' }))).toMatchObject({
      code: errorCatalogue.invalidParams.code,
    });
  });

  it('settles each call once with its coded result, and passes events to their listeners', async () => {
    const page = fakePage();
    const sdk = createSoftphone(page.win);
    // destroy() below ends the start that never got its ready.
    sdk.init('phone', { serverUrl: SERVER, token: 't' }).catch(() => undefined);
    page.deliver({ bridge: BRIDGE, type: 'loaded' });
    const heard: unknown[] = [];
    const all: unknown[] = [];
    const handler = (data: unknown) => heard.push(data);
    sdk.on('agentStatusChange', handler);
    sdk.on('*', (event) => all.push(event));

    const dialled = sdk.methods.dialOut?.({ number: '13800138001' });
    const hungUp = sdk.call('hangUp');
    const [dial, hang] = page.sentToPhone.slice(1).map((sent) => sent.message as { id: number });
    page.deliver({ bridge: BRIDGE, type: 'result', id: dial?.id, code: 0, message: 'ok', data: { call_id: 'c1' } });
    page.deliver({ bridge: BRIDGE, type: 'result', id: hang?.id, code: 40411, message: 'gone', data: null });
    page.deliver({ bridge: BRIDGE, type: 'result', id: dial?.id, code: 0, message: 'ok', data: { call_id: 'again' } });
    await expect(dialled).resolves.toEqual({ call_id: 'c1' });
    expect(await refusal(hungUp)).toMatchObject({ code: 40411, message: 'gone' });

    page.deliver({ bridge: BRIDGE, type: 'event', name: 'agentStatusChange', data: { status: 'idle' } });
    sdk.off('agentStatusChange', handler);
    page.deliver({ bridge: BRIDGE, type: 'event', name: 'agentStatusChange', data: { status: 'busy' } });
    expect(heard).toEqual([{ status: 'idle' }]);
    expect(all).toHaveLength(2);

    sdk.destroy();
    expect(page.frame.removed).toBe(true);
    expect(await refusal(sdk.call('getState'))).toMatchObject({ code: errorCatalogue.socketMissing.code });
  });

  it('hides and shows the phone itself', async () => {
    const page = fakePage();
    const sdk = createSoftphone(page.win);
    void sdk.init('phone', { serverUrl: SERVER, token: 't', visible: false });
    expect(page.frame.style.display).toBe('none');
    await expect(sdk.call('setPhoneVisible', { visible: true })).resolves.toEqual({ visible: true });
    expect(page.frame.style.display).toBe('block');
  });
});
