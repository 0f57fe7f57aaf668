import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { dialogOpened, freshVisitor, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

/** Fills the CMS sign-in form and submits it. */
async function signIn(page: Page, password = 'admin@open') {
  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function open(page: Page, hash = '') {
  await page.goto(`${e2e.server.clientUrl}${hash}`);
  await page.locator('h1').waitFor();
}

describe('documentation shell', () => {
  it('the root opens the documentation page in the default language (zh-CN) with the default version', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    await page.goto(e2e.server.origin);
    await page.locator('h1').waitFor();
    expect(page.url()).toMatch(/\/dzfront\/open\/client\/#\/doc$/);
    expect(await page.locator('h1').textContent()).toBe('开放平台文档');
    expect(await page.title()).toBe('开放平台文档');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(await page.getByTestId('greeting').textContent()).toBe('你好');
    await expect.poll(() => page.getByTestId('version-switch').locator('option:checked').textContent()).toBe('v2.0');
    await context.close();
  });

  it('switching to English and then Arabic persists across a reload; Arabic is right to left', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    await open(page, '#/doc');

    await page.getByTestId('language-switch').selectOption('en');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Open platform documentation');
    await page.reload();
    await page.locator('h1').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Open platform documentation');
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    expect(await page.getByTestId('greeting').textContent()).toBe('Hello');

    await page.getByTestId('language-switch').selectOption('ar');
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe('rtl');
    await page.reload();
    await page.locator('h1').waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    expect(await page.evaluate(() => localStorage.getItem('globalLang'))).toBe('ar');
    expect(await page.locator('h1').textContent()).not.toBe('Open platform documentation');
    await context.close();
  });

  it('a language whose dictionary cannot be fetched leaves the page as it was and says so', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      localStorage.setItem('globalLang', 'en');
    });
    await open(page, '#/doc');
    await page.route('**/doc/get_locale_conf', (route) => route.abort());
    await page.getByTestId('language-switch').selectOption('ja');
    await page.getByRole('alert').getByText('The server could not be reached.').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Open platform documentation');
    expect(await page.getByTestId('language-switch').inputValue()).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('globalLang'))).toBe('en');
    await context.close();
  });

  it('reaches doc.single also as docs/single, and sends unknown routes to the documentation', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    await open(page, '#/docs/single');
    // Without a document id it asks the reader to choose one (zh-CN: the default language).
    await page.getByText(dictionaries.doc['zh-CN']['doc.chooseDocument']).waitFor();
    await open(page, '#/no/such/page');
    await expect.poll(() => page.url()).toMatch(/#\/doc$/);
    await context.close();
  });

  it('a page part that fails to load shows a translated message and a reload button', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      localStorage.setItem('globalLang', 'en');
    });
    await page.route(/\/static\/js\/CmsPage\.[0-9a-f]{8}\.chunk\.js$/, (route) => route.abort());
    await open(page, '#/doc');
    await page.getByRole('link', { name: 'CMS' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Part of this page could not be loaded.');
    expect(await alert.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    // The header stays, so the reader can still move on.
    expect(await page.getByTestId('language-switch').isVisible()).toBe(true);
    await context.close();
  });
});

describe('CMS', () => {
  it('Ant Design speaks the interface language too (Chinese here)', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    await open(page, '#/cms/versions');
    await signIn(page);
    await page.getByTestId('version-create').click();
    await page.getByRole('dialog').getByText('（可选）').first().waitFor();
    expect(await page.getByRole('dialog').getByText('(optional)').count()).toBe(0);
    await context.close();
  });

  it('refuses an empty form and a wrong password with clear messages', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      localStorage.setItem('globalLang', 'en');
    });
    await open(page, '#/cms');
    await page.getByTestId('login-submit').click();
    await page.getByText('Please enter your account.').waitFor();
    await page.getByText('Form field validation failed!').waitFor();

    await signIn(page, 'wrong password');
    await page.getByText('Wrong account or password.').waitFor();
    await context.close();
  });

  it('an admin logs in, creates a version, makes it the default, and a fresh visitor gets it', async () => {
    const admin = await freshVisitor(e2e.browser);
    const page = await admin.newPage();
    await page.addInitScript(() => {
      localStorage.setItem('globalLang', 'en');
    });
    await open(page, '#/cms/versions');
    await signIn(page);
    await page.getByTestId('cms-user').getByText('Demo Admin', { exact: true }).waitFor();
    expect(await page.getByTestId('greeting').textContent()).toBe('Hello, Demo Admin');

    // An empty name and one that is too long are refused by the form; nothing is saved.
    await page.getByTestId('version-create').click();
    // Ant Design's own words (the optional-field mark) follow the interface language.
    await (await dialogOpened(page)).getByText('(optional)').first().waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please enter a version name.').waitFor();
    await page.getByText('Form field validation failed!').waitFor();
    // The field stops input at its limit rather than taking 40 characters and refusing them.
    await page.getByTestId('version-name').pressSequentially('x'.repeat(40));
    expect(await page.getByTestId('version-name').inputValue()).toBe('x'.repeat(32));

    await page.getByTestId('version-name').fill('v3.0');
    await page.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row', { name: /v3\.0/ });
    await row.waitFor();
    // The saved form's dialog closes (animated) before the next is opened: its field would take the typing.
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // A duplicate is refused by the server, in the reader's language.
    await page.getByTestId('version-create').click();
    await dialogOpened(page);
    await page.getByTestId('version-name').fill('V3.0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A version with this name already exists.').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Make default' }).click();
    await page.getByText('Confirm the switch?').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('v3.0 is now the default version.').waitFor();
    await row.getByText('Default', { exact: true }).waitFor();

    const visitor = await freshVisitor(e2e.browser);
    const reader = await visitor.newPage();
    await open(reader, '#/doc');
    await expect.poll(() => reader.getByTestId('version-switch').locator('option:checked').textContent()).toBe('v3.0');
    await visitor.close();

    // Deleting asks for confirmation first.
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Do you want to confirm the deletion?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await row.isVisible()).toBe(true);

    // Confirmed, it goes, and the first remaining version becomes the default.
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Version deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /v1\.0/ }).getByText('Default', { exact: true }).waitFor();

    // A session that ends elsewhere sends the admin back to the sign-in form on the next call.
    await admin.clearCookies();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByTestId('session-expired').getByText('Please sign in first.').waitFor();
    await page.getByTestId('login-submit').waitFor();
    await open(page, '#/cms');
    await signIn(page);
    await page.getByTestId('logout').waitFor();

    await page.getByTestId('logout').click();
    await page.getByTestId('login-submit').waitFor();
    expect(await page.getByTestId('greeting').textContent()).toBe('Hello');
    await admin.close();
  });
});

describe('an anonymous visitor', () => {
  it('gets a clean console on every page: not being signed in is an answer, not a failure', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${page.url()})`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    for (const hash of ['#/doc', '#/cms', '#/demo', '#/diagnose']) {
      await open(page, hash);
      await page.waitForLoadState('networkidle');
    }
    await page.getByTestId('login-submit').or(page.locator('h1')).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
