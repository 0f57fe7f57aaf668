/**
 * The demo page drives the phone of a second server (issue #21): the page on one server (A)
 * with another server (B) chosen as its serverUrl signs the agent in at B across origins, frames
 * B's phone (B lists A in PHONE_FRAME_ANCESTORS), and B's simulated call rings it. A server that
 * does not let the page frame its phone is named with the setting its operator changes.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionaries } from '@open/protocol/messages/index';
import { eventRows, phase, runMethod } from './demo-helpers.js';
import { freshVisitor, startServer, useServerAndBrowser, type RunningServer } from './harness.js';

const words = dictionaries.demo.en;
const e2e = useServerAndBrowser();
let second: RunningServer | undefined;

beforeAll(async () => {
  second = await startServer({ env: { PHONE_FRAME_ANCESTORS: `'self' ${e2e.server.origin}` } });
});
afterAll(async () => {
  await second?.stop();
});

const other = (): RunningServer => {
  if (!second) throw new Error('the second server did not start');
  return second;
};

/** The demo page of `host`, with `chosen` as its selected serverUrl (the list itself is tested in demo-page). */
async function openDemo(context: BrowserContext, host: RunningServer, chosen: RunningServer): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(
    ([urls, selected]) => {
      localStorage.setItem('globalLang', 'en');
      localStorage.setItem('open.demo.serverUrls', JSON.stringify({ urls, selected }));
    },
    [[host.origin, chosen.origin], chosen.origin] as const,
  );
  await page.goto(`${host.clientUrl}#/demo`);
  await page.getByRole('heading', { name: words['demo.title'] }).waitFor();
  return page;
}

async function logIn(page: Page) {
  await page.getByTestId('demo-account').fill('lina@demo.example.com');
  await page.getByTestId('demo-password').fill('agent@open');
  await page.getByTestId('demo-start').click();
}

describe('the demo with another server as its serverUrl', () => {
  it("signs in there, frames that server's phone, and rings it with that server's simulated call", async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await openDemo(context, e2e.server, other());
    await logIn(page);
    await expect.poll(() => phase(page), { timeout: 20_000 }).toBe('ready');
    expect(await page.getByTestId('demo-agent').textContent()).toContain('Li Na');
    const frame = page.locator('[data-testid="demo-phone"] iframe');
    expect(await frame.getAttribute('src')).toMatch(new RegExp(`^${other().origin}/dzfront/open/client/phone/`));

    // Checked in there, the agent gets the call the second server's simulated caller places in
    // its queue: only a phone signed in at that server can hear it.
    expect(await runMethod(page, 'login')).toContain(words['demo.methods.succeeded'].replace('{{method}}', 'login'));
    await page.getByTestId('inbound-call').click();
    await page.getByTestId('inbound-result').waitFor();
    await expect.poll(() => eventRows(page, 'callStatusChange').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await eventRows(page, 'callTypeChange').first().textContent()).toContain('inbound');
    await context.close();
  });

  it('names the server that refuses to be framed, and the setting that allows it', async () => {
    // Not a freshVisitor: the refused frame is a policy violation on purpose, not a fault of ours.
    const context = await e2e.browser.newContext({ locale: 'en-US' });
    // The first server keeps the default PHONE_FRAME_ANCESTORS ('self'): the second's page may not frame it.
    const page = await openDemo(context, other(), e2e.server);
    await logIn(page);
    await expect.poll(() => phase(page), { timeout: 30_000 }).toBe('failed');
    const expected = words['demo.phone.frameRefused']
      .replace('{{server}}', e2e.server.origin)
      .replace('{{page}}', other().origin);
    expect(await page.getByTestId('phone-error').textContent()).toContain(expected);
    await context.close();
  });
});
