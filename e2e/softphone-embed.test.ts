/**
 * The softphone as an integrator embeds it (issue #9), in Chromium against the built server:
 * examples/embed.html loads the SDK with a script tag, gets a login token and starts the phone
 * in an iframe; the agent checks in and calls from the phone's own dial pad; methods and events
 * cross the bridge; bad parameters and a second init are refused; the phone page may be framed
 * only by the allowed origins.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { freshVisitor, useServerAndBrowser } from './harness.js';
import { callColleague, checkIn, heardEvents, startEmbedAgent } from './embed-agent.js';

const phoneWords = dictionaries.softphone.en;

const e2e = useServerAndBrowser();

const exampleUrl = () => `${e2e.server.origin}/dzfront/open/client/examples/embed.html`;

async function startPhone(context: BrowserContext, account: string, lang = 'en') {
  const page = await context.newPage();
  await page.goto(exampleUrl());
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Language').fill(lang);
  await page.getByRole('button', { name: 'Start the phone' }).click();
  const phone = page.frameLocator('#phone iframe');
  await phone.getByTestId('agent-status').waitFor();
  return { page, phone };
}

const events = (page: Page) => page.locator('#events li').allTextContents();

describe('the embedded softphone', () => {
  let context: BrowserContext;
  let page: Page;
  let phone: FrameLocator;

  beforeAll(async () => {
    context = await freshVisitor(e2e.browser);
    ({ page, phone } = await startPhone(context, 'lina@demo.example.com'));
  });

  it('starts in an iframe with the microphone allowed, signed in and checked out', async () => {
    const frame = page.locator('#phone iframe');
    expect(await frame.getAttribute('allow')).toBe('microphone; camera; autoplay; speaker-selection');
    await expect
      .poll(() => phone.getByTestId('agent-status').textContent())
      .toBe(phoneWords['softphone.ui.agentStatus.offline']);
    expect(await phone.getByTestId('connection').textContent()).toBe(phoneWords['softphone.ui.socket.open']);
    expect((await events(page)).some((line) => line.includes('ready'))).toBe(true);
  });

  it('checks in from the phone and passes the engine’s events to the page', async () => {
    await phone.getByRole('button', { name: phoneWords['softphone.ui.checkIn'] }).click();
    await expect
      .poll(() => phone.getByTestId('agent-status').textContent())
      .toBe(phoneWords['softphone.ui.agentStatus.idle']);
    await expect.poll(async () => (await events(page)).some((line) => line.includes('agentStatusChange'))).toBe(true);
  });

  it('dials from its dial pad (what is typed is cleaned to a number), then hangs up through a method of the SDK', async () => {
    const input = phone.getByLabel(phoneWords['softphone.ui.numberPlaceholder']);
    await input.fill('138 0013-8001');
    expect(await input.inputValue()).toBe('13800138001');
    await phone.getByRole('button', { name: phoneWords['softphone.ui.dial'], exact: true }).click();
    await expect.poll(() => phone.getByTestId('call').textContent()).toContain('13800138001');
    await expect
      .poll(() => phone.getByTestId('call').textContent(), { timeout: 10_000 })
      .toContain(phoneWords['softphone.ui.callStatus.talking']);
    await page.getByRole('button', { name: 'hangUp' }).click();
    await phone.getByTestId('call').waitFor({ state: 'detached' });
    await phone.getByTestId('acw').waitFor();
    await expect.poll(async () => (await events(page)).some((line) => line.includes('hangUp →'))).toBe(true);
  });

  it('wraps the call up in after-call work: nothing saved without a code, then the code and note kept in the record', async () => {
    const form = phone.getByTestId('wrap-up');
    const save = form.getByRole('button', { name: phoneWords['softphone.ui.wrapUp.save'] });
    expect(await save.isDisabled()).toBe(true);
    await form.getByLabel(phoneWords['softphone.ui.wrapUp.code']).selectOption({ label: 'Follow-up needed' });
    await form.getByLabel(phoneWords['softphone.ui.wrapUp.note']).fill('Send the quote');
    await save.click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toBe(phoneWords['softphone.ui.wrapUp.saved'].replace('{{name}}', 'Follow-up needed'));
    await expect.poll(async () => (await events(page)).some((line) => line.includes('wrapUpChange'))).toBe(true);
    // The agent's recent calls show it, read back from the call record.
    await phone.getByRole('tab', { name: phoneWords['softphone.ui.page.records'] }).click();
    const kept = phone.locator('.phone-record-wrap-up').first();
    await expect
      .poll(() => kept.textContent())
      .toBe(phoneWords['softphone.ui.records.wrapUp'].replace('{{name}}', 'Follow-up needed'));
    expect(await kept.getAttribute('title')).toBe('Send the quote');
    await phone.getByRole('tab', { name: phoneWords['softphone.ui.page.dialpad'] }).click();
  });

  it('hides and shows the phone', async () => {
    await page.getByRole('button', { name: 'hide' }).click();
    await expect.poll(() => page.locator('#phone iframe').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'show' }).click();
    await expect.poll(() => page.locator('#phone iframe').isVisible()).toBe(true);
  });

  it('refuses bad parameters, an unknown method and a second init with coded errors', async () => {
    const outcome = await page.evaluate(async () => {
      type Phone = { call: (...args: unknown[]) => Promise<unknown> } & Record<string, unknown>;
      const phone = (window as unknown as { phone: Phone }).phone;
      const sdk = (window as unknown as { Softphone: { init: (options: unknown) => unknown } }).Softphone;
      const codeOf = (promise: Promise<unknown>) =>
        promise.then(
          () => null,
          (error: unknown) => {
            const refused = error as { code: number; data: unknown };
            return { code: refused.code, data: refused.data };
          },
        );
      let again: unknown = null;
      try {
        sdk.init({ container: '#phone', serverUrl: location.origin, token: 'x' });
      } catch (error) {
        again = { code: (error as { code: number }).code };
      }
      return {
        dial: await codeOf((phone.dialOut as (p: unknown) => Promise<unknown>)({ number: 42, extra: true })),
        unknown: await codeOf(phone.call('fly')),
        again,
      };
    });
    expect(outcome.dial).toEqual({
      code: 40007,
      data: {
        issues: [
          { param: 'extra', reason: 'unknown' },
          { param: 'number', reason: 'wrongType' },
        ],
      },
    });
    expect(outcome.unknown).toMatchObject({ code: 40006 });
    expect(outcome.again).toMatchObject({ code: 40007 });
  });

  it('checks init parameters before it mounts anything, naming each bad one', async () => {
    const fresh = await context.newPage();
    await fresh.goto(exampleUrl());
    const refused = await fresh.evaluate(() => {
      const sdk = (window as unknown as { Softphone: { init: (options: unknown) => unknown } }).Softphone;
      try {
        sdk.init({ container: '#phone', serverUrl: 'ftp://x', mini: 'yes' });
        return null;
      } catch (error) {
        const refusal = error as { code: number; data: unknown };
        return { code: refusal.code, data: refusal.data };
      }
    });
    expect(refused).toEqual({
      code: 40007,
      data: {
        // In the catalogue's order, serverUrl first.
        issues: [
          { param: 'serverUrl', reason: 'notAllowed' },
          { param: 'token', reason: 'required' },
          { param: 'mini', reason: 'wrongType' },
        ],
      },
    });
    expect(await fresh.locator('#phone iframe').count()).toBe(0);
    await fresh.close();
  });

  it('shows the phone in Chinese and Arabic when asked', async () => {
    for (const [lang, words] of [
      ['zh-CN', dictionaries.softphone['zh-CN']],
      ['ar', dictionaries.softphone.ar],
    ] as const) {
      const other = await freshVisitor(e2e.browser);
      const { phone: shown } = await startPhone(other, 'maria@demo.example.com', lang);
      await expect
        .poll(() => shown.getByTestId('agent-status').textContent())
        .toBe(words['softphone.ui.agentStatus.offline']);
      expect(await shown.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await other.close();
    }
  });

  it('serves the phone with frame-ancestors and the SDK to any origin', async () => {
    const phonePage = await fetch(`${e2e.server.origin}/dzfront/open/client/phone/`);
    expect(phonePage.status).toBe(200);
    expect(phonePage.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const sdk = await fetch(`${e2e.server.origin}/dzfront/open/client/sdk/softphone.mjs`);
    expect(sdk.status).toBe(200);
    expect(sdk.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('a phone the page destroys mid-call', () => {
  it('hangs its call up first: the colleague hears the end within seconds, not after the grace period', async () => {
    const [maria, wang] = await Promise.all([
      startEmbedAgent(e2e.browser, e2e.server.origin, 'maria@demo.example.com'),
      startEmbedAgent(e2e.browser, e2e.server.origin, 'wangwei@demo.example.com'),
    ]);
    await Promise.all([checkIn(maria), checkIn(wang)]);
    await callColleague(maria, wang, '8002');
    const talking = async () =>
      ((await heardEvents(wang, 'callStatusChange')) as { call_status: string }[]).map((e) => e.call_status);
    await expect.poll(talking, { timeout: 10_000 }).toContain('talking');
    await maria.page.evaluate(() => {
      (window as unknown as { phone: { destroy(): void } }).phone.destroy();
    });
    // The server's grace period is 60 s: an end heard well before it is the phone's own hang-up.
    await expect.poll(async () => (await talking()).at(-1), { timeout: 15_000 }).toBe('ended');
    // The frame goes once the phone is done (or after 3 s).
    await expect.poll(() => maria.page.locator('#phone iframe').count(), { timeout: 10_000 }).toBe(0);
    await Promise.all([maria.context.close(), wang.context.close()]);
  });
});
