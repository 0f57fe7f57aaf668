/**
 * The CMS as documentation admins use it, in Chromium against the built server: author a
 * category and a document in two languages with an uploaded image, publish it and find it on
 * the documentation side, take it offline, restore an earlier revision, two editors saving the
 * same document, an editor refused a version change, and hostile text that stays inert.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { freshVisitor, useServerAndBrowser } from './harness.js';

const cms = dictionaries.cms.en;
const shell = dictionaries.shell.en;
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const HOSTILE = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

const e2e = useServerAndBrowser();

/** An English-speaking visitor, with a dialog listener that fails on any alert() from hostile text. */
async function visitor(): Promise<BrowserContext> {
  const context = await freshVisitor(e2e.browser);
  await context.addInitScript(() => {
    localStorage.setItem('globalLang', 'en');
  });
  return context;
}

async function signIn(page: Page, hash: string, account = 'admin', password = 'admin@open'): Promise<void> {
  await page.goto(`${e2e.server.clientUrl}${hash}`);
  // Signed out, the CMS leads to its sign-in page first: fill the form that page shows.
  await page.waitForURL(/#\/cms\/login$/);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('logout').waitFor();
}

/** A JSON call with the page's own cookies, as the CMS makes it. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape of the JSON the page returns
async function api<T = unknown>(
  page: Page,
  path: string,
  body: unknown,
): Promise<{ code: number; data: T; message: string }> {
  // The answer's shape is the caller's to name: the page returns plain JSON.
  return page.evaluate<{ code: number; data: T; message: string }, readonly [string, string]>(
    async ([url, payload]) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
      });
      return (await response.json()) as { code: number; data: never; message: string };
    },
    [`/dzfront/open/server/api/${path}`, JSON.stringify(body)] as const,
  );
}

async function confirm(page: Page): Promise<void> {
  await page.locator('.ant-popover').getByRole('button', { name: shell['shell.common.ok'] }).click();
}

describe('CMS authoring', () => {
  it('creates a category and a document in Chinese and English with an image, publishes it, and takes it offline', async () => {
    const context = await visitor();
    const page = await context.newPage();
    await signIn(page, '#/cms/categories');

    // A category named in two languages.
    await page.getByTestId('category-create').click();
    await page.getByTestId('category-name-0').fill('集成指南E2E');
    await page.getByTestId('category-name-1').fill('Integration E2E');
    await page.getByRole('dialog').getByRole('button', { name: shell['shell.common.save'] }).click();
    await page.getByText(cms['cms.categories.saved']).waitFor();
    const node = page.getByTestId('category-tree').getByText('Integration E2E');
    await node.click();
    await page.getByTestId('category-status').click();
    await confirm(page);
    await page.getByTestId('category-detail').getByText(cms['cms.status.published']).waitFor();

    // A document: Chinese first, then English, with an image uploaded into the body.
    await page.getByTestId('cms-menu-resources').click();
    await page.getByTestId('resource-create').click();
    await page.getByTestId('editor-category').click();
    await page.keyboard.type('Integration');
    await page.locator('.ant-select-dropdown').getByTitle('Integration E2E').click();
    await page.getByTestId('editor-versions').click();
    await page.locator('.ant-select-item-option', { hasText: 'v2.0' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('editor-title').fill('坐席转接演练E2E');
    await page.getByTestId('md-source').fill('## 步骤\n\n把通话转接到外线。\n\n');
    await page.getByTestId('md-file').setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByTestId('md-source').inputValue()).toMatch(/!\[diagram\.png\]\(attachment:/);
    // The heading as the reader renders it, with its '#' link.
    await expect.poll(() => page.getByTestId('editor-preview').locator('h2').textContent()).toMatch(/^步骤/);
    expect(await page.getByTestId('editor-preview').locator('img').count()).toBe(1);

    await page.getByTestId('editor-add-lang').click();
    await page.locator('.ant-select-item-option', { hasText: 'English' }).click();
    await page.getByTestId('editor-title').fill('Transfer drill E2E');
    await page.getByTestId('md-source').fill('## Steps\n\nTransfer the call to an outside line.\n');
    await page.getByTestId('resource-save').click();
    await page.getByText(cms['cms.resources.saved']).waitFor();
    await expect.poll(() => page.url()).toMatch(/resources\/edit\?id=/);
    const id = new URL(page.url().replace('#/', '')).searchParams.get('id') ?? '';

    // Not on the documentation side until published.
    const hidden = await api(page, 'doc/get_resource_info', { _id: id, lang: 'en' });
    expect(hidden.code).not.toBe(0);
    await page.getByTestId('editor-status').click();
    await confirm(page);
    await page.getByText(cms['cms.status.changed']).waitFor();

    const reader = await (await visitor()).newPage();
    await reader.goto(`${e2e.server.clientUrl}#/doc/search?q=${encodeURIComponent('转接演练')}`);
    await reader.getByLabel('Search words').waitFor();
    await reader.getByTestId('language-switch').selectOption('zh-CN');
    await reader.getByTestId('search-results').getByText('坐席转接演练E2E').click();
    await expect.poll(() => reader.locator('.doc-article-title').textContent()).toBe('坐席转接演练E2E');
    await expect
      .poll(() => reader.locator('.doc-html img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(1);

    // Taken offline, it is gone from the documentation and its search. The editor has read the
    // published revision back first (its button says so), as a person sees before clicking.
    await expect.poll(() => page.getByTestId('editor-status').textContent()).toBe(cms['cms.status.takeOffline']);
    await page.getByTestId('editor-status').click();
    await confirm(page);
    await page.getByText(cms['cms.status.changed']).waitFor();
    await reader.reload();
    await reader.getByTestId('doc-missing').waitFor();
    const search = await api<{ total: number }>(reader, 'doc/get_resource_list', {
      version: 'all',
      lang: 'zh-CN',
      keyword: '转接演练',
      page_number: 1,
    });
    expect(search.data.total).toBe(0);
    await reader.context().close();
    await context.close();
  });

  it('restores an earlier revision from the history, which can itself be undone', async () => {
    const context = await visitor();
    const page = await context.newPage();
    await signIn(page, '#/cms/resources');
    await page.getByTestId('resource-title').first().click();
    const title = page.getByTestId('editor-title');
    const before = await title.inputValue();
    await title.fill(`${before} (edited)`);
    await page.getByTestId('resource-save').click();
    await page.getByText(cms['cms.resources.saved']).waitFor();

    await page.getByTestId('resource-history').click();
    await page.getByTestId('history-list').locator('.history-item').first().click();
    await page.getByTestId('text-diff').locator('.diff-removed').first().waitFor();
    await page.getByTestId('history-restore').click();
    await confirm(page);
    await page.getByText(cms['cms.history.restored']).waitFor();
    await expect.poll(() => title.inputValue()).toBe(before);
    await context.close();
  });

  it('two editors on one document: the later save is refused and shown who changed it', async () => {
    const first = await visitor();
    const second = await visitor();
    const a = await first.newPage();
    const b = await second.newPage();
    await signIn(a, '#/cms/resources');
    await a.getByTestId('resource-title').first().click();
    await expect.poll(() => a.url()).toMatch(/edit\?id=/);
    await signIn(b, `#${a.url().split('#')[1] ?? ''}`);
    await b.getByTestId('editor-title').waitFor();

    await a.getByTestId('md-source').fill('Written by A.');
    await a.getByTestId('resource-save').click();
    await a.getByText(cms['cms.resources.saved']).waitFor();

    await b.getByTestId('md-source').fill('Written by B.');
    await b.getByTestId('resource-save').click();
    const notice = b.getByTestId('conflict-notice');
    await notice.waitFor();
    // updated_by is the account that saved: the demo admin, in the first browser.
    expect(await notice.textContent()).toContain('admin');
    await b.getByTestId('text-diff').waitFor();
    // B keeps their text after seeing A's; saving again then goes through, on purpose.
    await b.getByTestId('conflict-mine').click();
    await b.getByTestId('resource-save').click();
    await b.getByText(cms['cms.resources.saved']).waitFor();
    await first.close();
    await second.close();
  });

  it('an editor may write documents but is refused versions', async () => {
    const context = await visitor();
    const page = await context.newPage();
    await signIn(page, '#/cms/accounts');
    await page.getByTestId('account-create').click();
    await page.getByTestId('account-account').fill('editor-e2e');
    await page.getByTestId('account-name').fill('Edith Editor');
    await page.getByTestId('account-password').fill('editor-pass-1');
    await page.getByRole('dialog').getByRole('button', { name: shell['shell.common.save'] }).click();
    await page.getByText(cms['cms.accounts.saved']).waitFor();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-submit').waitFor();

    await signIn(page, '#/cms/resources', 'editor-e2e', 'editor-pass-1');
    expect(await page.getByTestId('cms-menu-versions').count()).toBe(0);
    const refused = await api(page, 'cms/set_version_info', { name: 'v9.9' });
    expect(refused.code).toBe(40302);
    expect(refused.message).toBe(dictionaries.error.en['error.forbidden']);
    await context.close();
  });

  it('keeps titles, names and bodies with script in them inert, in the CMS and in the reader', async () => {
    const context = await visitor();
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, '#/cms/resources');
    const tree = await api<{ list: { _id: string }[] }>(page, 'cms/get_category_list', {});
    const categoryId = tree.data.list[0]?._id ?? '';
    const versions = await api<{ list: { _id: string }[] }>(page, 'cms/get_version_list', { page_number: -1 });
    const saved = await api<{ _id: string; revision: number }>(page, 'cms/set_resource_info', {
      category_id: categoryId,
      version_ids: versions.data.list.map((version) => version._id),
      locales: [{ lang: 'en', title: `Hostile ${HOSTILE}`, markdown: `${HOSTILE}\n\n[click](javascript:alert(1))` }],
    });
    expect(saved.code).toBe(0);
    await api(page, 'cms/set_resource_status', { _id: saved.data._id, status: 2, revision: saved.data.revision });

    await page.goto(`${e2e.server.clientUrl}#/cms/resources/edit?id=${saved.data._id}`);
    await page.getByTestId('editor-preview').locator('p').first().waitFor();
    await page.goto(`${e2e.server.clientUrl}#/cms/resources?q=Hostile`);
    await page
      .getByTestId('resource-table')
      .getByText(/Hostile/)
      .first()
      .waitFor();
    await page.goto(`${e2e.server.clientUrl}#/doc/single?id=${saved.data._id}`);
    await page.locator('.doc-article-title').waitFor();
    // The javascript: link is not a link at all, and no element carries an event handler.
    expect(await page.locator('.doc-html a[href^="javascript" i]').count()).toBe(0);
    expect(await page.locator('.doc-html [onerror], .doc-html script').count()).toBe(0);
    expect(await page.locator('.doc-article-title').textContent()).toContain('<script>');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
