/**
 * The phone rings (issue #25, item 1), checked by what the frame's audio element does, not by
 * what the phone says: it plays while a call is offered to the agent and its position advances,
 * and it stops when the agent answers or rejects. Browsers play no sound in a page nobody has
 * interacted with: a phone driven only by the host page's method calls says so, and starts to
 * ring at the agent's first click in it. The integrator's own ringtone (`ringtoneUrl`) comes
 * from another site, as a CRM's would; one that cannot be loaded falls back to the built-in tone;
 * `ringtone: false` keeps the phone silent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionaries } from '@open/protocol/messages/index';
import { NOTIFICATIONS_ASKED_KEY } from '../packages/softphone/src/sdk/notifier.js';
import { builtInRingtone } from '../packages/softphone/src/frame/state/ringer.js';
import { loginToken, simulateInboundCall } from './cti-helpers.js';
import { freshVisitor, useServerAndBrowser } from './harness.js';

// The host page is another site, as a CRM is: a click there (or a test's evaluate, which
// Playwright runs as a user gesture) never counts as one in the phone's frame. Headless
// Chromium lets every page play sound; the flag restores the policy of the browser agents use.
const e2e = useServerAndBrowser({ env: { PHONE_FRAME_ANCESTORS: '*' } }, [
  '--autoplay-policy=document-user-activation-required',
]);
const phoneWords = dictionaries.softphone.en;

interface HostPhone {
  call(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/**
 * The CRM: another site with a page that loads the SDK from our server, and a ringtone (a WAV of
 * the built-in tone's bytes).
 */
let site: Server;
let siteOrigin = '';
beforeAll(async () => {
  const wav = builtInRingtone();
  site = createServer((request, response) => {
    if (request.url === '/crm.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>CRM</title><div id="phone" style="width:400px;height:700px"></div>` +
          `<script src="${e2e.server.origin}/dzfront/open/client/sdk/softphone.js"></script>` +
          `<script>${crmScript}</script>`,
      );
    } else if (request.url === '/ring.wav') {
      response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
      response.end(Buffer.from(wav));
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      site.close(() => {
        resolve();
      });
    }),
);

/** A caller rings the tenant's queue; the call's id. */
const inboundCall = () => simulateInboundCall(e2e.server.origin, '+8613912345678');

/**
 * The CRM page's own script: it starts the phone with what its address says (the token, the
 * server, more init parameters) and checks the agent in (idle), with no click and no test code
 * in the page; it tells the test what the phone says on the console.
 */
const crmScript = `
(async () => {
  const setup = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  const phone = (window.phone = Softphone.init({
    container: '#phone', serverUrl: setup.serverUrl, token: setup.token, lang: 'en', ...setup.extra,
  }));
  await phone.ready;
  phone.on('*', ({ name, data }) => console.log('heard ' + JSON.stringify({ name, data })));
  const state = await phone.call('getState');
  if (state.status !== 'offline') await phone.call('logout');
  await phone.call('login', { status: 'idle' });
  console.log('checked in');
})();`;

interface Phone {
  page: Page;
  frame: Frame;
  /** The events the page heard, in order. */
  heard: { name: string; data: Record<string, unknown> }[];
}

/**
 * Li Na's phone in the CRM's page, started by the page itself with `extra` init parameters and
 * checked in: nobody has clicked in the page or the phone, and no test code ran in either
 * (Playwright runs an evaluation as a user gesture, which would let the phone play sound).
 */
async function startPhone(
  extra: Record<string, unknown>,
  prepare: (context: BrowserContext) => Promise<void> = () => Promise.resolve(),
): Promise<Phone> {
  const context = await freshVisitor(e2e.browser);
  await prepare(context);
  const page = await context.newPage();
  const heard: Phone['heard'] = [];
  let checkedIn = false;
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('heard ')) heard.push(JSON.parse(text.slice(6)) as Phone['heard'][number]);
    if (text === 'checked in') checkedIn = true;
  });
  const token = await loginToken(e2e.server.origin, 'lina@demo.example.com');
  const setup = encodeURIComponent(JSON.stringify({ token, serverUrl: e2e.server.origin, extra }));
  await page.goto(`${siteOrigin}/crm.html#${setup}`);
  await expect.poll(() => checkedIn, { timeout: 20_000 }).toBe(true);
  const frame = page.frames().find((candidate) => candidate.url().includes('/phone/'));
  if (!frame) throw new Error('the phone frame is missing');
  return { page, frame, heard };
}

/** What the ringer's audio element is doing, read twice 400 ms apart to see it advance. */
async function ringer(frame: Frame): Promise<{ playing: boolean; src: string }> {
  const read = () =>
    frame.evaluate(() => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-testid="ringer"]');
      return { paused: audio?.paused ?? true, time: audio?.currentTime ?? 0, src: audio?.currentSrc ?? '' };
    });
  const first = await read();
  await new Promise((resolve) => setTimeout(resolve, 400));
  const second = await read();
  return { playing: !second.paused && second.time > first.time, src: second.src };
}

async function ringingCall(phone: Phone): Promise<string> {
  const callId = await inboundCall();
  await expect
    .poll(
      () =>
        phone.heard.some(
          (event) =>
            event.name === 'callStatusChange' && event.data.call_id === callId && event.data.call_status === 'ringing',
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
  return callId;
}

/**
 * Ends a call the agent has, answering it first if it still rings: an offer the agent rejects
 * goes back to the queue, and would ring at the next test's phone.
 */
async function endCall({ page }: Phone, callId: string): Promise<void> {
  await page.evaluate(async (id) => {
    const phone = (window as unknown as { phone: HostPhone }).phone;
    await phone.call('answer', { call_id: id }).catch(() => undefined);
    await phone.call('hangUp', { call_id: id });
  }, callId);
}

/** A click in a corner of the phone, where there is no button: the agent's first interaction. */
const clickIn = ({ page }: Phone) =>
  page
    .frameLocator('#phone iframe')
    .locator('body')
    .click({ position: { x: 2, y: 2 } });

describe('the ring of an incoming call', () => {
  it('waits for the agent to click in the phone, then rings until the agent answers', async () => {
    const phone = await startPhone({});
    // Nothing may be evaluated in the frame before the notice: Playwright runs an evaluation as
    // a user gesture, which would let the phone play.
    const callId = await ringingCall(phone);
    // Nobody has interacted with the phone: the browser keeps it silent, and the phone says so.
    const notice = phone.page.frameLocator('#phone iframe').getByTestId('ring-blocked');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(phoneWords['softphone.ui.ringBlocked']);
    expect((await ringer(phone.frame)).playing).toBe(false);
    await notice.click();
    await expect.poll(async () => (await ringer(phone.frame)).playing, { timeout: 5_000 }).toBe(true);
    expect((await ringer(phone.frame)).src).toMatch(/^blob:/);
    await notice.waitFor({ state: 'detached' });
    await phone.page
      .frameLocator('#phone iframe')
      .getByRole('button', { name: phoneWords['softphone.ui.answer'] })
      .click();
    await expect.poll(async () => (await ringer(phone.frame)).playing, { timeout: 5_000 }).toBe(false);
    await endCall(phone, callId);
    await phone.page.context().close();
  });

  it('falls back to the built-in tone when the ringtone cannot be loaded', async () => {
    const phone = await startPhone({ ringtoneUrl: `${siteOrigin}/missing.wav` });
    await clickIn(phone);
    const callId = await ringingCall(phone);
    await expect.poll(async () => (await ringer(phone.frame)).src, { timeout: 5_000 }).toMatch(/^blob:/);
    await expect.poll(async () => (await ringer(phone.frame)).playing, { timeout: 5_000 }).toBe(true);
    await endCall(phone, callId);
    await expect.poll(async () => (await ringer(phone.frame)).playing, { timeout: 5_000 }).toBe(false);
    await phone.page.context().close();
  });

  it('stays silent with ringtone: false', async () => {
    const phone = await startPhone({ ringtone: false });
    await clickIn(phone);
    const callId = await ringingCall(phone);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await ringer(phone.frame)).playing).toBe(false);
    await expect(phone.page.frameLocator('#phone iframe').getByTestId('ring-blocked').count()).resolves.toBe(0);
    await endCall(phone, callId);
    await phone.page.context().close();
  });
});

/**
 * What the CRM page's notifications did, recorded around the browser's own Notification, and a
 * switch for the page's visibility: headless Chromium shows every page as visible (neither a
 * second page in front nor a minimised window hides it), so the test says when the tab is in the
 * background.
 */
interface NotificationWindow {
  inBackground: boolean;
  notes: { title: string; body: string; tag: string; closed: boolean }[];
}

async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const win = window as unknown as NotificationWindow & { Notification: typeof Notification };
    win.inBackground = false;
    win.notes = [];
    Object.defineProperty(Document.prototype, 'visibilityState', {
      get: () => (win.inBackground ? 'hidden' : 'visible'),
    });
    const Real = win.Notification;
    class Recorded extends Real {
      static override get permission() {
        return Real.permission;
      }
      static override requestPermission() {
        return Real.requestPermission();
      }
      record: NotificationWindow['notes'][number];
      constructor(title: string, options: NotificationOptions = {}) {
        super(title, options);
        this.record = { title, body: options.body ?? '', tag: options.tag ?? '', closed: false };
        win.notes.push(this.record);
      }
      override close() {
        this.record.closed = true;
        super.close();
      }
    }
    win.Notification = Recorded;
  });
}

describe('the notification of an incoming call', () => {
  it('shows who calls while the page is in the background, and closes when the call is answered', async () => {
    const phone = await startPhone({}, async (context) => {
      await context.grantPermissions(['notifications'], { origin: siteOrigin });
      await recordNotifications(context);
    });
    await clickIn(phone);
    const notes = () => phone.page.evaluate(() => (window as unknown as NotificationWindow).notes);
    // In front: the phone rings, no notification.
    const first = await ringingCall(phone);
    await endCall(phone, first);
    expect(await notes()).toEqual([]);
    // Out of after-call work, ready for the next call.
    await phone.page.evaluate(async () => {
      await (window as unknown as { phone: HostPhone }).phone.call('setAgentStatus', { status: 'idle' });
    });
    await phone.page.evaluate(() => {
      (window as unknown as NotificationWindow).inBackground = true;
    });
    const callId = await ringingCall(phone);
    await expect.poll(notes, { timeout: 5_000 }).toEqual([
      {
        title: phoneWords['softphone.ui.notify.inbound'],
        body: phoneWords['softphone.ui.notify.body'].replace('{{caller}}', '+8613912345678'),
        tag: `open-softphone-${callId}`,
        closed: false,
      },
    ]);
    await endCall(phone, callId);
    await expect.poll(async () => (await notes())[0]?.closed, { timeout: 5_000 }).toBe(true);
    await phone.page.context().close();
  });

  it('notifies when the agent switches away while a call rings, and closes when the agent comes back', async () => {
    const phone = await startPhone({}, async (context) => {
      await context.grantPermissions(['notifications'], { origin: siteOrigin });
      await recordNotifications(context);
    });
    await clickIn(phone);
    const notes = () => phone.page.evaluate(() => (window as unknown as NotificationWindow).notes);
    const switchTo = (inBackground: boolean) =>
      phone.page.evaluate((hidden) => {
        (window as unknown as NotificationWindow).inBackground = hidden;
        document.dispatchEvent(new Event('visibilitychange'));
      }, inBackground);
    const callId = await ringingCall(phone);
    expect(await notes()).toEqual([]);
    await switchTo(true);
    await expect.poll(notes, { timeout: 5_000 }).toMatchObject([{ tag: `open-softphone-${callId}`, closed: false }]);
    await switchTo(false);
    await expect.poll(async () => (await notes())[0]?.closed, { timeout: 5_000 }).toBe(true);
    await endCall(phone, callId);
    // No call rings: switching away shows nothing more.
    await switchTo(true);
    expect(await notes()).toHaveLength(1);
    await phone.page.context().close();
  });

  it('asks for the permission once, at the first click in the page, and with notifications: false never', async () => {
    const asked = async (extra: Record<string, unknown>) => {
      const phone = await startPhone(extra);
      const before = await phone.page.evaluate((key) => localStorage.getItem(key), NOTIFICATIONS_ASKED_KEY);
      await phone.page.locator('body').click({ position: { x: 450, y: 5 } });
      const after = await phone.page.evaluate((key) => localStorage.getItem(key), NOTIFICATIONS_ASKED_KEY);
      await phone.page.context().close();
      return [before, after];
    };
    expect(await asked({})).toEqual([null, '1']);
    expect(await asked({ notifications: false })).toEqual([null, null]);
  });
});

// Last in the file: a rejected call waits in the queue again, and would ring at any later phone.
describe('a rejected call', () => {
  it("rings with the integrator's ringtone from another site, and stops when the agent rejects", async () => {
    const phone = await startPhone({ ringtoneUrl: `${siteOrigin}/ring.wav` });
    // A click in the phone first, as an agent does when checking in: the ring can start at once.
    await clickIn(phone);
    await ringingCall(phone);
    await expect.poll(async () => (await ringer(phone.frame)).playing, { timeout: 5_000 }).toBe(true);
    expect((await ringer(phone.frame)).src).toBe(`${siteOrigin}/ring.wav`);
    await phone.page
      .frameLocator('#phone iframe')
      .getByRole('button', { name: phoneWords['softphone.ui.reject'] })
      .click();
    await expect.poll(async () => (await ringer(phone.frame)).playing, { timeout: 5_000 }).toBe(false);
    // Rejected, the call waits in the queue again: this is the file's last call.
    await phone.page.context().close();
  });
});
