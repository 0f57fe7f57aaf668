/**
 * Forgiving search (issue #23) as a reader meets it, in Chromium against the built server and
 * its seeded documentation: a word typed with a slip ('micropohne') finds the pages about the
 * microphone under 'Showing results for microphone', and 'Search instead for micropohne'
 * searches the words as typed. 'microphone' is in the English pages (quick start, agent
 * states, video calls) and in code of the Chinese ones (`allow="microphone; …"`), so the
 * correction is there in every reader language.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dictionaries, interpolate } from '@open/protocol/messages/index';
import { useServerAndBrowser, visitClient } from './harness.js';

const WORD = 'microphone';
const TYPO = 'micropohne';

const en = dictionaries.doc.en;

const e2e = useServerAndBrowser();

const visit = (hash: string, lang = 'en'): Promise<Page> => visitClient(e2e, hash, lang);

/** A message as the page shows it. */
const shown = (text: string, values: Record<string, string>) => interpolate(text, values);

const notice = (page: Page) => page.getByTestId('search-correction');
const results = (page: Page) => page.getByTestId('search-results').locator('.search-result');
const typedParam = (page: Page) => new URL(page.url().replace('#/', '')).searchParams.get('typed');

describe('forgiving search', () => {
  it('corrects a slip of the keyboard, and searches the words as typed when asked, from the keyboard', async () => {
    const page = await visit(`#/doc/search?q=${TYPO}`);
    await notice(page).waitFor();
    expect(await notice(page).locator('p').first().textContent()).toBe(
      shown(en['doc.searchCorrected'], { keyword: WORD }),
    );
    const word = page.getByTestId('search-corrected-word');
    expect(await word.textContent()).toBe(WORD);
    expect(await word.getAttribute('lang')).toBe('en');
    await expect.poll(() => results(page).count()).toBeGreaterThan(0);
    // Highlighted in the results is the word searched, not the one typed.
    expect((await results(page).locator('mark').first().textContent())?.toLowerCase()).toMatch(/^microphon/);

    // One live region reads out the correction with the total it explains.
    const status = page.locator('.doc-search [role="status"]');
    expect(await status.count()).toBe(1);
    expect(await status.getByTestId('search-correction').count()).toBe(1);
    expect(await status.getByTestId('search-total').textContent()).toMatch(/\d/);

    // The link is the next stop after the category, and Enter follows it.
    const asTyped = page.getByRole('link', { name: shown(en['doc.searchInsteadFor'], { query: TYPO }) });
    await page.getByTestId('search-category').focus();
    await page.keyboard.press('Tab');
    expect(await asTyped.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => typedParam(page)).toBe('1');
    await expect
      .poll(() => page.getByTestId('search-total').textContent())
      .toBe(en['doc.searchNone'].replace('{{query}}', TYPO));
    expect(await notice(page).count()).toBe(0);
    expect(await results(page).count()).toBe(0);
    // The link went with the notice: the reader is back in the words.
    const input = page.getByTestId('search-input');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

    // The choice is in the address: a reload searches the words as typed again.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('search-total').textContent())
      .toBe(en['doc.searchNone'].replace('{{query}}', TYPO));
    expect(await notice(page).count()).toBe(0);

    // New words are a new search, corrected again.
    await input.fill('micropone');
    await notice(page).waitFor();
    expect(typedParam(page)).toBeNull();
    expect(await page.getByTestId('search-corrected-word').textContent()).toBe(WORD);
    await page.context().close();
  });

  it('says so in Chinese', async () => {
    const zh = dictionaries.doc['zh-CN'];
    const page = await visit(`#/doc/search?q=${TYPO}`, 'zh-CN');
    await notice(page).waitFor();
    expect(await notice(page).locator('p').first().textContent()).toBe(
      shown(zh['doc.searchCorrected'], { keyword: WORD }),
    );
    expect(await page.getByTestId('search-corrected-word').getAttribute('lang')).toBe('zh-CN');
    expect(await page.getByTestId('search-as-typed').textContent()).toBe(
      shown(zh['doc.searchInsteadFor'], { query: TYPO }),
    );
    await expect.poll(() => results(page).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('reads right to left in Arabic, each Latin word kept left to right inside the sentence', async () => {
    const ar = dictionaries.doc.ar;
    const page = await visit(`#/doc/search?q=${TYPO}`, 'ar');
    await notice(page).waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await notice(page).locator('p').first().textContent()).toBe(
      shown(ar['doc.searchCorrected'], { keyword: WORD }),
    );
    const link = page.getByTestId('search-as-typed');
    expect(await link.textContent()).toBe(shown(ar['doc.searchInsteadFor'], { query: TYPO }));
    const direction = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).direction);
    expect(await direction('[data-testid="search-correction"] p')).toBe('rtl');
    expect(await direction('[data-testid="search-corrected-word"]')).toBe('ltr');
    expect(await direction('[data-testid="search-as-typed"] bdi')).toBe('ltr');
    await page.context().close();
  });
});
