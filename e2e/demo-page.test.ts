/**
 * The 'Icall Experience Demo' page (issue #9, item 3), in Chromium against the built server: the
 * serverUrl list and its rules, login by account and by SSO, the phone started by the real SDK,
 * a simulated incoming call answered, muted, held and transferred through the methods form with
 * every event in the output, the output's filter, pause and clear, the parameter forms from the
 * catalogue, the supervisor's live panel and the integration code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { errorCatalogue } from '@open/protocol/errors';
import { initParams } from '@open/protocol/softphone/catalogue';
import { chooseMethod, eventRows, phase, runMethod } from './demo-helpers.js';
import { freshVisitor, pickOption, useServerAndBrowser } from './harness.js';

const words = dictionaries.demo.en;
const loginWords = dictionaries.agentLogin.en;
const shell = dictionaries.shell.en;
const errors = dictionaries.error.en;

const e2e = useServerAndBrowser();

async function api(apiPath: string, body: unknown, cookie = ''): Promise<{ data: unknown; cookie: string }> {
  const response = await fetch(`${e2e.server.origin}/dzfront/open/server/api/${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lang': 'en', origin: e2e.server.origin, cookie },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; data: unknown };
  expect(answer.code).toBe(0);
  return { data: answer.data, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? cookie };
}

async function openDemo(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    localStorage.setItem('globalLang', 'en');
  });
  await page.goto(`${e2e.server.clientUrl}#/demo`);
  await page.getByRole('heading', { name: words['demo.title'] }).waitFor();
  return page;
}

async function logInByAccount(page: Page, account: string, password: string) {
  await page.getByTestId('demo-account').fill(account);
  await page.getByTestId('demo-password').fill(password);
  await page.getByTestId('demo-start').click();
}

describe('the demo page', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await freshVisitor(e2e.browser);
    page = await openDemo(context);
  });

  it('keeps a serverUrl list with the rules of spec §5, in localStorage', async () => {
    const rows = page.getByTestId('server-url-row');
    // Read once the list is drawn: on a loaded machine the heading comes first.
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining(e2e.server.origin)]);
    const input = page.getByTestId('server-url-input');
    const add = page.getByTestId('server-url-add');

    await add.click();
    await page.getByText(words['demo.serverUrl.empty']).waitFor();
    await page.getByText(shell['shell.common.formInvalid']).waitFor();

    await input.fill(`${e2e.server.origin}/`);
    await add.click();
    await page.getByText(words['demo.serverUrl.duplicate']).waitFor();

    await input.fill('cc.example.com');
    await add.click();
    await page.getByText(words['demo.serverUrl.invalid']).waitFor();

    await input.fill('https://cc.example.com');
    await add.click();
    await expect.poll(() => rows.count()).toBe(2);

    await page.getByRole('button', { name: 'Edit https://cc.example.com' }).click();
    await page.getByTestId('server-url-edit').fill('https://cc2.example.com/');
    await page.getByTestId('server-url-save').click();
    await expect.poll(() => rows.nth(1).textContent()).toContain('https://cc2.example.com');

    await page.reload();
    // The page is back (its heading drawn) before its list is counted: a reload of the demo
    // page took longer than expect.poll's 5 s on this machine.
    await page.getByRole('heading', { name: words['demo.title'] }).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    const saved = await page.evaluate(() => localStorage.getItem('open.demo.serverUrls'));
    expect(JSON.parse(saved ?? '{}')).toEqual({
      urls: [e2e.server.origin, 'https://cc2.example.com'],
      selected: e2e.server.origin,
    });

    await page.getByRole('button', { name: 'Delete https://cc2.example.com' }).click();
    // The confirmation that asks, not any popover: one closing from an earlier click may still be
    // in the page. Its closing shows the click was taken; the list and the storage then say what it did.
    const confirmation = page.locator('.ant-popconfirm').filter({ hasText: shell['shell.common.confirmDelete'] });
    await confirmation.getByRole('button', { name: shell['shell.common.ok'] }).click();
    await confirmation.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(1);
    const left = await page.evaluate(() => localStorage.getItem('open.demo.serverUrls'));
    expect(JSON.parse(left ?? '{}')).toEqual({ urls: [e2e.server.origin], selected: e2e.server.origin });
  });

  it('lists every init parameter of the catalogue, booleans as switches', async () => {
    const names = page.locator('[data-testid$="-params"] tbody tr td:first-child code');
    await expect.poll(async () => (await names.allTextContents()).sort()).toEqual(initParams.map((p) => p.name).sort());
    for (const param of initParams.filter((p) => p.type === 'boolean')) {
      expect(await page.getByTestId(`param-${param.name}`).getAttribute('role')).toBe('switch');
    }
  });

  it('refuses a wrong password with the catalogued error, and a submit with empty fields', async () => {
    await page.getByTestId('demo-start').click();
    await page.getByText(loginWords['agentLogin.accountPrompt']).first().waitFor();
    await page.getByText(shell['shell.common.formInvalid']).waitFor();

    await logInByAccount(page, 'lina@demo.example.com', 'not-the-password');
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe(`${errorCatalogue.basicLoginFailed.code}: ${errors['error.basicLoginFailed']}`);
    expect(await phase(page)).toBe('idle');
  });

  it('logs in by account and starts the phone with the SDK from the serverUrl', async () => {
    await logInByAccount(page, 'lina@demo.example.com', 'agent@open');
    await expect.poll(() => phase(page), { timeout: 15_000 }).toBe('ready');
    expect(await page.getByTestId('demo-agent').textContent()).toContain('Li Na');
    const frame = page.locator('[data-testid="demo-phone"] iframe');
    expect(await frame.getAttribute('src')).toContain('/dzfront/open/client/phone/');
  });

  it('answers a simulated incoming call and mutes, holds and transfers it through the methods form', async () => {
    expect(await runMethod(page, 'login')).toContain(words['demo.methods.succeeded'].replace('{{method}}', 'login'));
    await eventRows(page, 'agentStatusChange').first().waitFor();

    await page.getByTestId('inbound-call').click();
    await page.getByTestId('inbound-result').waitFor();
    await expect.poll(() => eventRows(page, 'callStatusChange').count()).toBeGreaterThan(0);
    expect(await eventRows(page, 'callTypeChange').first().textContent()).toContain('inbound');

    for (const method of ['answer', 'mute', 'unmute', 'pause', 'unpause']) {
      expect(await runMethod(page, method)).toContain(`${method} succeeded`);
    }
    expect(await eventRows(page, 'callStatusChange').first().textContent()).toContain('talking');
    const data = await eventRows(page, 'callDataChange').allTextContents();
    expect(data.some((row) => row.includes('"muted":true'))).toBe(true);
    expect(data.some((row) => row.includes('"held":true'))).toBe(true);

    const transferred = await runMethod(page, 'transferExternal', async () => {
      await page.getByTestId('method-param-number').fill('13900000001');
    });
    expect(transferred).toContain('transferExternal succeeded');
    await eventRows(page, 'externalTransferSuccess').first().waitFor();
    await expect
      .poll(async () => (await eventRows(page, 'callStatusChange').first().textContent()) ?? '')
      .toContain('ended');
  });

  it('shows the supervisor’s live panel of the tenant’s agents', async () => {
    const panel = page.getByTestId('live-panel');
    await expect.poll(() => panel.textContent()).toContain('Wang Wei');
    expect(await panel.textContent()).toContain('Chen Jie');
  });

  it('filters, pauses and clears the output', async () => {
    const output = page.getByTestId('event-output');
    await page.getByPlaceholder(words['demo.events.filter']).fill('externalTransfer');
    await expect.poll(() => output.locator('tbody tr').count()).toBe(1);
    await page.getByPlaceholder(words['demo.events.filter']).fill('');

    await page.getByTestId('event-pause').click();
    const before = await output.locator('tbody tr').count();
    expect(
      await runMethod(page, 'setAgentStatus', async () => {
        await pickOption(page, page.getByTestId('method-param-status'), 'idle');
      }),
    ).toContain('setAgentStatus succeeded');
    await page.waitForTimeout(500);
    expect(await output.locator('tbody tr').count()).toBe(before);
    await page.getByTestId('event-pause').click();

    await page.getByTestId('event-clear').click();
    await page.getByText(words['demo.events.empty']).waitFor();
  });

  it('asks for a parameter type, and shows the coded error of a parameter the method does not know', async () => {
    await chooseMethod(page, 'getState');
    await page.getByTestId('extra-add').click();
    await page.getByPlaceholder(words['demo.methods.namePrompt']).fill('colour');
    await page.getByTestId('method-execute').click();
    await page.getByText(words['demo.methods.typePrompt']).last().waitFor();
    await page.getByText(shell['shell.common.formInvalid']).waitFor();

    await pickOption(page, page.getByTestId('extra-type'), 'string');
    await page.getByRole('textbox', { name: words['demo.column.value'] }).fill('blue');
    await page.getByTestId('method-execute').click();
    const result = page.getByTestId('method-result');
    await expect.poll(() => result.getAttribute('data-ok')).toBe('false');
    expect(await result.textContent()).toContain(String(errorCatalogue.invalidParams.code));
    expect(await result.textContent()).toContain('colour');
  });

  it('writes the integration code for the configuration, ready to copy', async () => {
    const code = page.getByTestId('integration-code');
    expect(await code.textContent()).toContain(
      `<script src="${e2e.server.origin}/dzfront/open/client/sdk/softphone.js">`,
    );
    expect(await code.textContent()).not.toContain('mini');
    await page.getByTestId('param-mini').click();
    await expect.poll(() => code.textContent()).toContain('mini: true');
    await page.getByText(words['demo.code.module']).click();
    expect(await code.textContent()).toContain(`from '${e2e.server.origin}/dzfront/open/client/sdk/softphone.mjs'`);
    expect(await code.textContent()).not.toMatch(/eyJ/); // never the login token
  });

  it('takes a ringtoneUrl in its field, and marks an address the SDK would refuse', async () => {
    const field = page.getByTestId('param-ringtoneUrl');
    const code = page.getByTestId('integration-code');
    for (const bad of ['javascript:alert(1)', 'ring.mp3']) {
      await field.fill(bad);
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      const rule = page.locator(`#${String(await field.getAttribute('aria-describedby'))}`);
      expect(await rule.textContent()).toBe(words['demo.params.webAddressRule']);
    }
    await field.fill('https://crm.example.com/tones/ring.mp3');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByText(words['demo.params.webAddressRule']).count()).toBe(0);
    await expect.poll(() => code.textContent()).toContain('ringtoneUrl: "https://crm.example.com/tones/ring.mp3"');
    // Kept for the next visit like the other parameters, and cleared by emptying the field.
    await page.reload();
    expect(await page.getByTestId('param-ringtoneUrl').inputValue()).toBe('https://crm.example.com/tones/ring.mp3');
    await page.getByTestId('param-ringtoneUrl').fill('');
    await expect.poll(() => page.getByTestId('integration-code').textContent()).not.toContain('ringtoneUrl');
  });

  it('logs in by SSO with a third-party account', async () => {
    const admin = await api('global/login', { account: 'admin', password: 'admin@open' });
    const tenants = await api('cms/get_tenant_list', { page_number: -1 }, admin.cookie);
    const ssoToken = (tenants.data as { list: { sso_token: string }[] }).list[0]?.sso_token ?? '';

    const other = await openDemo(await freshVisitor(e2e.browser));
    await other.getByText(loginWords['agentLogin.modeSso']).click();
    await other.getByTestId('demo-sso-token').fill('not-a-token');
    await other.getByTestId('demo-third-party-account').fill('not an email');
    await other.getByTestId('demo-start').click();
    await other.getByText(loginWords['agentLogin.emailInvalid']).waitFor();

    await other.getByTestId('demo-third-party-account').fill('wangwei@demo.example.com');
    await other.getByTestId('demo-start').click();
    await expect
      .poll(() => other.getByTestId('login-error').textContent())
      .toBe(`${errorCatalogue.ssoTokenInvalid.code}: ${errors['error.ssoTokenInvalid']}`);

    await other.getByTestId('demo-sso-token').fill(ssoToken);
    await other.getByTestId('demo-start').click();
    await expect.poll(() => phase(other), { timeout: 15_000 }).toBe('ready');
    expect(await other.getByTestId('demo-agent').textContent()).toContain('Wang Wei');
  });
});
