/**
 * The documentation reader as a developer uses it, in Chromium against the built server and its
 * seeded documentation (packages/server/seed/docs): browse, read, follow the table of contents,
 * switch version and language, search, reload, and the phone layout in Arabic.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { useServerAndBrowser, visitClient } from './harness.js';

const en = dictionaries.doc.en;
const zh = dictionaries.doc['zh-CN'];

const e2e = useServerAndBrowser();

const visit = (hash: string, lang = 'en'): Promise<Page> => visitClient(e2e, hash, lang);

const articleTitle = (page: Page) => page.locator('.doc-article-title');
const cardTitles = (page: Page) => page.getByTestId('resource-cards').locator('h3').allTextContents();

describe('documentation reader', () => {
  it('browses a category and opens a document with View documentation', async () => {
    const page = await visit('#/doc');
    const tree = page.getByTestId('category-tree');
    await tree.getByRole('link', { name: /^Feature guides/ }).click();
    await expect.poll(() => page.url()).toContain('#/doc?category=');
    await expect
      .poll(() => cardTitles(page))
      .toEqual(expect.arrayContaining(['Agent states and call flow', 'Video calls (VoLTE)']));
    expect(await tree.getByRole('link', { name: /^Feature guides/ }).getAttribute('aria-current')).toBe('page');

    const card = page.locator('.doc-card', { hasText: 'Video calls' });
    await card.getByRole('link', { name: en['doc.viewDocumentation'] }).click();
    await expect.poll(() => articleTitle(page).textContent()).toBe('Video calls (VoLTE)');
    expect(page.url()).toMatch(/#\/doc\/single\?id=/);
    // Breadcrumbs lead back to the category, previous and next to its neighbours.
    const crumbs = page.getByRole('navigation', { name: en['doc.breadcrumb'] });
    expect(await crumbs.getByRole('link').allTextContents()).toEqual([
      en['doc.allDocuments'],
      'Softphone SDK',
      'Feature guides',
    ]);
    expect(await page.getByRole('navigation', { name: en['doc.pager'] }).getByRole('link').count()).toBeGreaterThan(0);
    // Code blocks have a copy button; the page says when it was last updated.
    expect(await page.locator('.doc-html pre .code-copy').count()).toBeGreaterThan(0);
    expect(await page.locator('.doc-updated').textContent()).toMatch(/\d/);
    await page.context().close();
  });

  it('follows the table of contents, and a link to a heading survives a reload', async () => {
    const page = await visit('#/doc');
    await page.locator('.doc-card', { hasText: 'Diagnostics guide' }).getByRole('link').click();
    const toc = page.getByTestId('toc');
    const entry = toc.getByRole('link', { name: 'Export, import, clear and comparison' });
    await entry.click();
    await expect.poll(() => page.url()).toMatch(/&h=export/);
    const heading = page.locator('.doc-html h2', { hasText: 'Export, import, clear and comparison' });
    await expect.poll(() => heading.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
    await expect.poll(() => entry.getAttribute('aria-current')).toBe('location');

    await page.reload();
    await articleTitle(page).waitFor();
    await expect.poll(() => heading.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
    // The heading's own # link moves within the document instead of leaving it.
    await page.locator('.doc-html h2', { hasText: 'Reading the log' }).hover();
    await page.locator('.doc-html h2', { hasText: 'Reading the log' }).locator('.header-anchor').click();
    await expect.poll(() => page.url()).toMatch(/#\/doc\/single\?id=[^&]+&h=reading-the-log$/);
    expect(await articleTitle(page).textContent()).toBe('Diagnostics guide');
    await page.context().close();
  });

  it('switches version and language, keeps the document where it exists, and says when it is a fallback', async () => {
    const page = await visit('#/doc');
    // v2.0 (the default) has 'Video calls', v1.0 does not.
    await page.locator('.doc-card', { hasText: 'Video calls' }).getByRole('link').click();
    await expect.poll(() => articleTitle(page).textContent()).toBe('Video calls (VoLTE)');
    await page.getByTestId('version-switch').selectOption({ label: 'v1.0' });
    await page.getByTestId('doc-missing').getByText(en['doc.notInVersion'].replace('{{version}}', 'v1.0')).waitFor();

    // 'Softphone quick start' is in both versions and both languages: the reader stays on it.
    await page.getByTestId('search-open').click();
    await page.getByTestId('search-input').fill('quick start');
    await page.getByTestId('search-results').getByText('Softphone quick start').click();
    await expect.poll(() => articleTitle(page).textContent()).toBe('Softphone quick start');
    const id = new URL(page.url().replace('#/', '')).searchParams.get('id');
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect.poll(() => articleTitle(page).textContent()).toBe('Web软电话集成快速入门');
    expect(new URL(page.url().replace('#/', '')).searchParams.get('id')).toBe(id);
    expect(await page.getByTestId('fallback-notice').count()).toBe(0);

    // The deployment guide exists only in Chinese: in English it is shown in Chinese, and says so.
    await page.getByTestId('search-open').click();
    await page.getByTestId('search-input').fill('私有化部署');
    await page.getByTestId('search-results').getByText('私有化部署说明').click();
    await expect.poll(() => articleTitle(page).textContent()).toBe('私有化部署说明');
    await page.getByTestId('language-switch').selectOption('en');
    const notice = page.getByTestId('fallback-notice');
    await expect
      .poll(() => notice.textContent())
      .toBe(en['doc.fallbackNotice'].replace('{{asked}}', 'English').replace('{{served}}', '简体中文'));
    expect(await page.locator('article.doc-article').getAttribute('lang')).toBe('zh-CN');

    // A reload finds the same version, language and document.
    await page.reload();
    await expect.poll(() => articleTitle(page).textContent()).toBe('私有化部署说明');
    expect(await page.getByTestId('version-switch').locator('option:checked').textContent()).toBe('v1.0');
    expect(await page.getByTestId('language-switch').inputValue()).toBe('en');
    await page.context().close();
  });

  it('searches Chinese words in the middle of a sentence, and English by stem, with the query in the address', async () => {
    const page = await visit('#/doc', 'zh-CN');
    await page.getByTestId('resource-cards').waitFor();
    await page.keyboard.press('/');
    const input = page.getByTestId('search-input');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    // '软电话' sits inside 'Web软电话集成快速入门', with no spaces around it.
    await input.fill('软电话');
    const results = page.getByTestId('search-results');
    await results.getByText('Web软电话集成快速入门').waitFor();
    expect(await results.locator('mark').first().textContent()).toBe('软电话');
    await expect.poll(() => decodeURIComponent(page.url())).toContain('q=软电话');
    expect(await page.getByTestId('search-total').textContent()).toMatch(/\d/);

    // The address can be shared: a fresh visitor opening it gets the same search.
    const shared = page.url();
    const other = await visit(shared.slice(shared.indexOf('#')), 'zh-CN');
    await other.getByTestId('search-results').getByText('Web软电话集成快速入门').waitFor();
    expect(await other.getByTestId('search-input').inputValue()).toBe('软电话');
    await other.context().close();

    // English: 'transf' finds pages about transferring calls; arrow keys and Enter open one.
    await page.getByTestId('language-switch').selectOption('en');
    await input.fill('transf');
    await expect
      .poll(async () => (await results.locator('mark').first().textContent())?.toLowerCase())
      .toMatch(/^transf/);
    const first = await results.locator('.search-result-title').first().textContent();
    await input.press('ArrowDown');
    await input.press('ArrowUp');
    await input.press('Enter');
    await expect.poll(() => articleTitle(page).textContent()).toBe(first);

    // Nothing found is said plainly.
    await page.getByTestId('search-open').click();
    await input.fill('qqqzzzxxx');
    await expect
      .poll(() => page.getByTestId('search-total').textContent())
      .toBe(en['doc.searchNone'].replace('{{query}}', 'qqqzzzxxx'));
    await page.context().close();
  });

  it('filters a search by category', async () => {
    const page = await visit('#/doc/search?q=token');
    const results = page.getByTestId('search-results');
    await results.locator('.search-result').first().waitFor();
    const all = await results.locator('.search-result').count();
    const category = page.getByTestId('search-category');
    await category.selectOption({ label: 'Login & SSO' });
    await expect.poll(() => results.locator('.search-result').count()).toBeLessThan(all);
    expect(await results.locator('.search-result-title').allTextContents()).toEqual(['Login and SSO guide']);
    expect(page.url()).toContain('category=');
    await page.context().close();
  });

  it('opens FAQ answers in place, searches them, and links to the contact address', async () => {
    const page = await visit('#/doc');
    await page.getByTestId('faq-link').click();
    const list = page.getByTestId('faq-list');
    await list.locator('details').first().waitFor();
    expect(await list.locator('details').count()).toBeGreaterThanOrEqual(8);
    const first = list.locator('details').first();
    await first.locator('summary').click();
    expect(await first.getAttribute('open')).not.toBeNull();
    expect(await first.locator('.doc-html').isVisible()).toBe(true);

    await page.getByTestId('faq-search').fill('microphone');
    await expect.poll(() => list.locator('details').count()).toBeLessThan(8);
    expect(await page.getByTestId('contact-link').getAttribute('href')).toMatch(/^mailto:/);
    await page.context().close();
  });

  it('on a phone in Arabic: a one-row header whose menu opens the navigation, and the categories as a drawer', async () => {
    const page = await visit('#/doc', 'ar');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByTestId('resource-cards').waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    // One row: two rows took a fifth of the screen, and the header stays on screen.
    expect(await page.locator('.app-header').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(
      64,
    );
    const links = page.locator('.main-nav a');
    const toggle = page.getByTestId('nav-toggle');
    expect(await links.first().isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // Every navigation entry is on screen (a scrolled row once hid the last one).
    const boxes = await links.evaluateAll((all) => all.map((link) => link.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(4);
    for (const box of boxes) {
      expect(box.width).toBeGreaterThan(0);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    await page.keyboard.press('Escape');
    await links.first().waitFor({ state: 'hidden' });
    // A chosen entry navigates and folds the menu again.
    await toggle.click();
    await page.getByRole('link', { name: dictionaries.shell.ar['shell.nav.diagnose'] }).click();
    await page.waitForURL(/#\/diagnose$/);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await page.goBack();
    await page.getByTestId('resource-cards').waitFor();
    // No sideways scrolling of the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const tree = page.getByTestId('category-tree');
    expect(await tree.isVisible()).toBe(false);
    await page.getByRole('button', { name: dictionaries.doc.ar['doc.openCategories'] }).click();
    await tree.waitFor({ state: 'visible' });
    // The drawer opens from the right in Arabic.
    const drawer = await page.locator('#doc-sidebar').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    expect(Math.round(drawer.right)).toBe(390);
    await tree.getByRole('link').nth(1).click();
    await tree.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('category=');
    await page.context().close();
  });

  it('marks each question and card served in another language, under a notice, with arrows that follow the page', async () => {
    const page = await visit('#/doc/faq', 'ar');
    const questions = page.locator('.faq-item');
    await questions.first().waitFor();
    await page.getByTestId('fallback-list-notice').waitFor();
    // Every question the seed has in Arabic is none: each carries the name of the language it is in.
    const count = await questions.count();
    expect(await page.locator('.faq-item [data-testid="fallback-tag"]').count()).toBe(count);
    // The question list keeps the page's direction (its disclosure arrows point left); only the text is LTR.
    expect(await questions.first().evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await page.context().close();

    const english = await visit('#/doc', 'en');
    await english.getByTestId('resource-cards').waitFor();
    const tagged = english.locator('.doc-card', { has: english.getByTestId('fallback-tag') });
    expect(await tagged.count()).toBeGreaterThan(0);
    expect(await tagged.first().getByTestId('fallback-tag').textContent()).toContain('简体中文');
    await english.getByTestId('fallback-list-notice').waitFor();
    await english.context().close();
  });

  it('shows a document in Chinese by default, with the Chinese words of the reader', async () => {
    const page = await visit('#/doc', 'zh-CN');
    await page.getByTestId('resource-cards').waitFor();
    expect(await page.getByRole('link', { name: zh['doc.viewDocumentation'] }).count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
