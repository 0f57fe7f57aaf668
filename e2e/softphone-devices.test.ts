/**
 * The agent's devices (issue #25, item 2), in Chromium with its fake devices: two microphones
 * ('Fake Audio Input 1' and '2') and two outputs besides the defaults. The phone lists them by
 * name, shows the microphone's level, plays the ring and the call on the outputs chosen
 * (`sinkId` of the very elements that play), keeps the choice in this browser, answers the host
 * page's getDevices and setDevices, switches the microphone of a call in progress, and when the
 * chosen microphone goes away mid-call falls back to the default and says so.
 *
 * A device cannot be unplugged from a headless browser: the test removes it from what
 * enumerateDevices() answers inside the phone and fires the browser's own devicechange event,
 * which is what the phone sees when a headset is pulled out.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { errorCatalogue } from '@open/protocol/errors';
import { callColleague, checkIn, heardEvents, startEmbedAgent, type EmbedAgent } from './embed-agent.js';
import { useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
const words = dictionaries.softphone.en;

interface DeviceList {
  microphones: { device_id: string; label: string }[];
  speakers: { device_id: string; label: string }[];
  selected: { microphone: string; speaker: string; ringer: string };
  output_selection: boolean;
}

function phoneFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().includes('/phone/'));
  if (!frame) throw new Error('the phone has no frame');
  return frame;
}

/** Runs a method through the host page's SDK; its result, or the error's code. */
async function call(agent: EmbedAgent, method: string, params: Record<string, unknown> = {}) {
  return agent.page.evaluate(
    async ([name, given]) => {
      const phone = (window as unknown as { phone: { call: (m: string, p: unknown) => Promise<unknown> } }).phone;
      return phone.call(name, given).then(
        (data) => ({ ok: true as const, data }),
        (error: unknown) => ({ ok: false as const, code: (error as { code: number }).code }),
      );
    },
    [method, params] as const,
  );
}

async function deviceList(agent: EmbedAgent): Promise<DeviceList> {
  const answer = await call(agent, 'getDevices');
  if (!answer.ok) throw new Error(`getDevices failed with ${String(answer.code)}`);
  return answer.data as DeviceList;
}

const idOf = (list: DeviceList['microphones'], label: string) => {
  const found = list.find((device) => device.label === label);
  if (!found) throw new Error(`no device named ${label} in ${JSON.stringify(list)}`);
  return found.device_id;
};

/** The output the phone's element plays on ('' the default). */
const sinkOf = (agent: EmbedAgent, selector: string) =>
  phoneFrame(agent.page).evaluate((css) => document.querySelector<HTMLMediaElement>(css)?.sinkId ?? null, selector);

async function openDevicesPage(agent: EmbedAgent) {
  await agent.phone.getByRole('tab', { name: words['softphone.ui.page.devices'] }).click();
  await agent.phone.getByTestId('devices').waitFor();
}

describe('the agent’s devices', () => {
  it('lists the devices by name, shows the microphone’s level, and keeps the choice in this browser', async () => {
    const agent = await startEmbedAgent(e2e.browser, e2e.server.origin, 'maria@demo.example.com');
    await openDevicesPage(agent);
    const microphone = agent.phone.getByTestId('device-microphone');
    // Named once the level meter opened the microphone.
    await expect
      .poll(() => microphone.locator('option').allTextContents())
      .toEqual([words['softphone.ui.devices.default'], 'Fake Audio Input 1', 'Fake Audio Input 2']);
    expect(await agent.phone.getByTestId('device-ringer').locator('option').allTextContents()).toEqual([
      words['softphone.ui.devices.default'],
      'Fake Audio Output 1',
      'Fake Audio Output 2',
    ]);
    // Chromium's fake microphone beeps: the meter moves.
    await expect
      .poll(async () => Number(await agent.phone.getByTestId('mic-level').getAttribute('data-level')), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0.01);

    await microphone.selectOption({ label: 'Fake Audio Input 2' });
    await agent.phone.getByTestId('device-ringer').selectOption({ label: 'Fake Audio Output 1' });
    await agent.phone.getByTestId('device-speaker').selectOption({ label: 'Fake Audio Output 2' });
    const list = await deviceList(agent);
    const chosen = {
      microphone: idOf(list.microphones, 'Fake Audio Input 2'),
      speaker: idOf(list.speakers, 'Fake Audio Output 2'),
      ringer: idOf(list.speakers, 'Fake Audio Output 1'),
    };
    expect(list.selected).toEqual(chosen);
    expect(list.output_selection).toBe(true);
    // The ring plays on the ringer chosen, not the call's output.
    await expect.poll(() => sinkOf(agent, '[data-testid="ringer"]')).toBe(chosen.ringer);
    // The host page heard each change.
    await expect
      .poll(
        async () => ((await heardEvents(agent, 'devicesChange')).at(-1) as { devices: DeviceList }).devices.selected,
      )
      .toEqual(chosen);

    // The next visit in this browser starts with the same devices.
    await agent.page.reload();
    await agent.page.getByLabel('Language').fill('en');
    await agent.page.getByRole('button', { name: 'Start the phone' }).click();
    await agent.phone.getByTestId('agent-status').waitFor();
    await expect.poll(async () => (await deviceList(agent)).selected).toEqual(chosen);
    await openDevicesPage(agent);
    expect(await agent.phone.getByTestId('device-microphone').inputValue()).toBe(chosen.microphone);
    await agent.context.close();
  });

  it('answers getDevices and setDevices, and changes nothing when a device given is not there', async () => {
    const agent = await startEmbedAgent(e2e.browser, e2e.server.origin, 'maria@demo.example.com');
    // The browser names devices only once the microphone was allowed: the phone's own button.
    await openDevicesPage(agent);
    await expect.poll(async () => (await deviceList(agent)).microphones.length).toBe(2);
    const list = await deviceList(agent);
    const speaker = idOf(list.speakers, 'Fake Audio Output 1');
    const refused = await call(agent, 'setDevices', { speaker, microphone: 'no-such-device' });
    expect(refused).toEqual({ ok: false, code: errorCatalogue.deviceNotFound.code });
    expect((await deviceList(agent)).selected.speaker).toBe('');
    const wrongType = await call(agent, 'setDevices', { speaker: 42 });
    expect(wrongType).toEqual({ ok: false, code: errorCatalogue.invalidParams.code });
    const done = await call(agent, 'setDevices', { speaker });
    expect(done.ok && (done.data as DeviceList).selected.speaker).toBe(speaker);
    // '' goes back to the browser's default.
    await call(agent, 'setDevices', { speaker: '' });
    expect((await deviceList(agent)).selected.speaker).toBe('');
    await agent.context.close();
  });

  it('switches a call’s microphone and output mid-call, and falls back when the microphone is unplugged', async () => {
    // Lina's phone may pretend a device was pulled out (see the file's comment).
    const unpluggable = (context: BrowserContext) =>
      context.addInitScript(() => {
        const devices = navigator.mediaDevices;
        const native = devices.enumerateDevices.bind(devices);
        devices.enumerateDevices = async () => {
          const unplugged = (window as unknown as { unplugged?: string }).unplugged;
          return (await native()).filter((device) => device.deviceId !== unplugged);
        };
      });
    const [lina, wang] = await Promise.all([
      startEmbedAgent(e2e.browser, e2e.server.origin, 'lina@demo.example.com', 'en', unpluggable),
      startEmbedAgent(e2e.browser, e2e.server.origin, 'wangwei@demo.example.com'),
    ]);
    await Promise.all([checkIn(lina), checkIn(wang)]);
    await callColleague(lina, wang, '8002');
    const media = lina.phone.getByTestId('call-media');
    await expect.poll(() => media.getAttribute('data-state'), { timeout: 15_000 }).toBe('connected');
    await expect.poll(() => media.getAttribute('data-microphone')).toBe('default');
    const received = async () => Number(await wang.phone.getByTestId('call-media').getAttribute('data-bytes-received'));

    // Allowed during the call (the call opened the microphone), so the devices have names.
    const list = await deviceList(lina);
    const [first, second] = [idOf(list.microphones, 'Fake Audio Input 1'), idOf(list.speakers, 'Fake Audio Output 2')];
    expect((await call(lina, 'setDevices', { microphone: first, speaker: second })).ok).toBe(true);
    await expect.poll(() => media.getAttribute('data-microphone')).toBe(first);
    await expect.poll(() => sinkOf(lina, 'audio[aria-label]')).toBe(second);
    // Wang still hears Lina, now from the other microphone.
    const before = await received();
    await expect.poll(received, { timeout: 10_000 }).toBeGreaterThan(before + 1000);

    await phoneFrame(lina.page).evaluate((id) => {
      (window as unknown as { unplugged?: string }).unplugged = id;
      navigator.mediaDevices.dispatchEvent(new Event('devicechange'));
    }, first);
    await expect
      .poll(() => lina.phone.getByTestId('devices-lost').textContent())
      .toContain(words['softphone.ui.devices.lost.microphone']);
    expect(await lina.phone.getByTestId('devices-lost').locator('xpath=..').getAttribute('role')).toBe('status');
    await expect.poll(() => media.getAttribute('data-microphone')).toBe('default');
    const lost = (await heardEvents(lina, 'devicesChange')).at(-1) as { devices: DeviceList; lost: string[] };
    expect(lost.lost).toEqual(['microphone']);
    expect(lost.devices.selected.microphone).toBe('');
    const after = await received();
    await expect.poll(received, { timeout: 10_000 }).toBeGreaterThan(after + 1000);

    await lina.phone.getByRole('button', { name: words['softphone.ui.hangUp'] }).click();
    await Promise.all([lina.context.close(), wang.context.close()]);
  });
});
