/**
 * Headless phones, two on one page (issue #41, item 5): a CRM on another site that draws its own
 * buttons runs two agents' phones in one page, each `visible: false` in a container of its own,
 * and drives a whole call between them through the SDK alone: check-in, dial, answer, hang up. Each
 * phone hears only its own agent's events, and both hear each other: the audio is read from the
 * hidden frames' peer connections (`getStats`), not from anything drawn. A second init() into a
 * container still in use is refused with its own message, and leaves the running phone alone.
 */
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { callPhone, heard, startPhone, useCrmSite, type CrmWindow } from './crm-page.js';
import { freshVisitor } from './harness.js';

const LINA = { account: 'lina@demo.example.com', extension: '8001' };
const WANG = { account: 'wangwei@demo.example.com', extension: '8002' };

/** Keeps every peer connection of a frame, for the test to read its statistics. */
function watchConnections() {
  const Native = window.RTCPeerConnection as typeof RTCPeerConnection | undefined;
  if (!Native) return;
  const connections: RTCPeerConnection[] = [];
  Object.defineProperty(window, '__e2eConnections', { value: connections });
  window.RTCPeerConnection = class extends Native {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      connections.push(this);
    }
  };
}

const crm = useCrmSite(['lina', 'wang']);

/** The hidden phone frames of the page, in the order of their containers. */
function phoneFrames(page: Page): Frame[] {
  return page.frames().filter((frame) => frame.url().includes('/client/phone/'));
}

/** Inbound audio bytes on each connection of a frame that is not closed: what that phone hears. */
function audioReceived(frame: Frame): Promise<number> {
  return frame.evaluate(async () => {
    let received = 0;
    const all = (window as unknown as { __e2eConnections?: RTCPeerConnection[] }).__e2eConnections ?? [];
    for (const connection of all) {
      if (connection.connectionState === 'closed') continue;
      (await connection.getStats()).forEach((row: { type?: string; kind?: string; bytesReceived?: number }) => {
        if (row.type === 'inbound-rtp' && row.kind === 'audio') received += row.bytesReceived ?? 0;
      });
    }
    return received;
  });
}

describe('two headless phones on one page of another site', () => {
  it('call each other through the SDK alone, each hearing its own events and the other’s audio', async () => {
    const context = await freshVisitor(crm.browser());
    await context.addInitScript(watchConnections);
    const page = await context.newPage();
    await page.goto(`${crm.origin()}/crm.html`);

    expect(await startPhone(page, 'lina', LINA.account)).toBe('ready');
    expect(await startPhone(page, 'wang', WANG.account)).toBe('ready');
    // Nothing of either phone is drawn: the frames are there (media, socket) but not displayed.
    for (const container of ['#lina', '#wang']) {
      expect(await page.locator(`${container} iframe`).evaluate((frame) => getComputedStyle(frame).display)).toBe(
        'none',
      );
    }

    // A second phone into a container still in use is refused, with the reason, and the first runs on.
    const again = await page.evaluate(() => {
      const win = window as unknown as CrmWindow;
      try {
        win.Softphone.init({ container: '#lina', serverUrl: location.origin, token: 'unused' });
        return null;
      } catch (error) {
        return { code: (error as { code?: number }).code, message: (error as Error).message };
      }
    });
    expect(again).toEqual({
      code: errorCatalogue.invalidParams.code,
      message: expect.stringContaining('already running in this container') as unknown,
    });

    expect(await callPhone(page, 'lina', 'login', { status: 'idle' })).toMatchObject({ ok: true });
    expect(await callPhone(page, 'wang', 'login', { status: 'idle' })).toMatchObject({ ok: true });
    const dialled = await callPhone(page, 'lina', 'dialOut', { number: WANG.extension });
    expect(dialled).toMatchObject({ ok: true });
    const callId = (dialled.data as { call_id: string }).call_id;

    // Wang's phone hears its call ring; the page answers it without any button of the phone.
    const ringing = async () =>
      (await heard(page, 'wang')).find(
        (event) => event.name === 'callStatusChange' && event.data.call_status === 'ringing',
      );
    await expect.poll(ringing, { timeout: 15_000 }).toBeDefined();
    const wangCall = (await ringing())?.data.call_id as string;
    expect(await callPhone(page, 'wang', 'answer', { call_id: wangCall })).toMatchObject({ ok: true });

    // Each hidden frame receives the other's audio, and keeps receiving it.
    const [linaFrame, wangFrame] = phoneFrames(page);
    if (!linaFrame || !wangFrame) throw new Error('two phone frames expected');
    for (const frame of [linaFrame, wangFrame]) {
      await expect.poll(() => audioReceived(frame), { timeout: 20_000 }).toBeGreaterThan(2_000);
    }
    const before = await audioReceived(wangFrame);
    await expect.poll(() => audioReceived(wangFrame), { timeout: 10_000 }).toBeGreaterThan(before + 2_000);

    expect(await callPhone(page, 'lina', 'hangUp', { call_id: callId })).toMatchObject({ ok: true });
    const ended = (name: string, id: string) => async () =>
      (await heard(page, name)).some(
        (event) => event.name === 'callStatusChange' && event.data.call_id === id && event.data.call_status === 'ended',
      );
    await expect.poll(ended('lina', callId), { timeout: 10_000 }).toBe(true);
    await expect.poll(ended('wang', wangCall), { timeout: 10_000 }).toBe(true);

    // Each page-side phone heard its own agent: Lina's call ids on Lina's phone, Wang's on Wang's.
    const ids = async (name: string) =>
      new Set(
        (await heard(page, name))
          .filter((event) => event.name === 'callStatusChange')
          .map((event) => event.data.call_id as string),
      );
    expect([...(await ids('lina'))]).toEqual([callId]);
    expect([...(await ids('wang'))]).toEqual([wangCall]);

    await context.close();
  }, 90_000);
});
