/**
 * Token refresh past expiry (issue #41, item 5), on a server whose login tokens last a minute
 * (LOGIN_TOKEN_TTL=60, so the phone asks a quarter of that ahead). A CRM on another site runs
 * two agents' phones. Lina's page answers `tokenWillExpire` as the guide says, with a fresh
 * token through `updateToken`; Wang's page does not. Both sessions outlive their first token.
 * Once it has expired, another tab takes both agents over: Lina's phone takes her back with the
 * token it was given ('Take over here'), and Wang's cannot, and says so with `loginAuthFailed`
 * and the expired token's code instead of failing quietly.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { dictionaries } from '@open/protocol/messages/index';
import { callPhone, heard, startPhone, useCrmSite, type CrmWindow } from './crm-page.js';
import { freshVisitor } from './harness.js';

const LIFETIME_S = 60;
const LINA = 'lina@demo.example.com';
const WANG = 'wangwei@demo.example.com';
const takeOverWords = dictionaries.softphone.en['softphone.ui.takeOver'];

const crm = useCrmSite(['lina', 'wang'], { LOGIN_TOKEN_TTL: String(LIFETIME_S) });

/** The CRM's answer to tokenWillExpire: a fresh token from its back end, handed to the phone. */
function answerTokenWillExpire(page: Page, name: string, account: string) {
  return page.evaluate(
    ({ name, account }) => {
      const win = window as unknown as CrmWindow;
      const phone = win.phones?.[name];
      const serverUrl = new URL((document.getElementById('softphone-sdk') as HTMLScriptElement).src).origin;
      phone?.on('tokenWillExpire', () => {
        void (async () => {
          const response = await fetch(`${serverUrl}/dzfront/open/server/api/basic/get_login_token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ account, password: 'agent@open' }),
            credentials: 'omit',
          });
          const answer = (await response.json()) as { data: { token: string } };
          const state = await phone.call('updateToken', { token: answer.data.token });
          win.heard?.[name]?.push({ name: 'tokenUpdated', data: state });
        })();
      });
    },
    { name, account },
  );
}

/** A login token from the API, as the test's own back end would get one. */
async function tokenOf(account: string): Promise<string> {
  const response = await fetch(`${crm.server().origin}/dzfront/open/server/api/basic/get_login_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: 'agent@open' }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const eventOf = async (page: Page, name: string, event: string) =>
  (await heard(page, name)).find((entry) => entry.name === event);

describe('a phone whose login token expires', () => {
  it('asks for the next one, keeps the session past the first, and takes the agent back with it', async () => {
    const context = await freshVisitor(crm.browser());
    const page = await context.newPage();
    await page.goto(`${crm.origin()}/crm.html`);
    expect(await startPhone(page, 'lina', LINA, true)).toBe('ready');
    const firstExpiry = Date.now() + LIFETIME_S * 1000;
    expect(await startPhone(page, 'wang', WANG, true)).toBe('ready');
    expect(await callPhone(page, 'lina', 'login', { status: 'idle' })).toMatchObject({ ok: true });
    expect(await callPhone(page, 'wang', 'login', { status: 'idle' })).toMatchObject({ ok: true });

    // Bad input first: another agent's token, garbage and no token are refused, each with its code.
    for (const [params, name] of [
      [{ token: await tokenOf(WANG) }, 'loginTokenInvalid'],
      [{ token: 'not-a-token' }, 'loginTokenInvalid'],
      [{}, 'invalidParams'],
    ] as const) {
      expect(await callPhone(page, 'lina', 'updateToken', params)).toMatchObject({
        ok: false,
        code: errorCatalogue[name].code,
      });
    }
    await answerTokenWillExpire(page, 'lina', LINA);

    // A quarter of a minute ahead, each page is asked, once, with the time left.
    for (const name of ['lina', 'wang']) {
      await expect.poll(() => eventOf(page, name, 'tokenWillExpire'), { timeout: 60_000 }).toBeDefined();
      const asked = await eventOf(page, name, 'tokenWillExpire');
      expect(asked?.data.seconds_left).toBeGreaterThan(5);
      expect(asked?.data.seconds_left).toBeLessThanOrEqual(15);
    }
    await expect.poll(() => eventOf(page, 'lina', 'tokenUpdated'), { timeout: 10_000 }).toBeDefined();
    const updated = (await eventOf(page, 'lina', 'tokenUpdated'))?.data as { token_expires_at: string };
    expect(Date.parse(updated.token_expires_at)).toBeGreaterThan(firstExpiry + 20_000);

    // Past the first token's expiry both sessions still answer.
    await page.waitForTimeout(Math.max(0, firstExpiry + 2_000 - Date.now()));
    for (const name of ['lina', 'wang']) {
      expect(await callPhone(page, name, 'getState')).toMatchObject({ ok: true });
    }

    // Another tab of the CRM takes both agents.
    const other = await context.newPage();
    await other.goto(`${crm.origin()}/crm.html`);
    expect(await startPhone(other, 'lina', LINA, true)).toBe('ready');
    expect(await startPhone(other, 'wang', WANG, true)).toBe('ready');
    for (const name of ['lina', 'wang']) {
      await expect.poll(() => eventOf(page, name, 'takenOver'), { timeout: 15_000 }).toBeDefined();
    }

    // Lina's phone takes her back with the token her page gave it; the other tab is told.
    const [linaFrame, wangFrame] = page.frames().filter((frame) => frame.url().includes('/client/phone/'));
    if (!linaFrame || !wangFrame) throw new Error('two phone frames expected');
    await linaFrame.getByRole('button', { name: takeOverWords }).click();
    await expect.poll(() => eventOf(page, 'lina', 'takenBack'), { timeout: 15_000 }).toBeDefined();
    await expect.poll(() => eventOf(other, 'lina', 'takenOver'), { timeout: 15_000 }).toBeDefined();
    expect(await callPhone(page, 'lina', 'getState')).toMatchObject({ ok: true });

    // Wang's holds only his expired first token: refused, and his page hears why.
    await wangFrame.getByRole('button', { name: takeOverWords }).click();
    await expect.poll(() => eventOf(page, 'wang', 'loginAuthFailed'), { timeout: 15_000 }).toBeDefined();
    expect((await eventOf(page, 'wang', 'loginAuthFailed'))?.data).toEqual({
      code: errorCatalogue.loginTokenExpired.code,
      message: 'Login authentication failed: the login token has expired. Sign in again.',
    });
    // The other tab keeps Wang.
    expect(await callPhone(other, 'wang', 'getState')).toMatchObject({ ok: true });
    expect(await eventOf(other, 'wang', 'takenOver')).toBeUndefined();

    await context.close();
  }, 120_000);
});
