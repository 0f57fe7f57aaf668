/**
 * Tables in a documentation page keep their words whole: a wide table scrolls sideways in its own
 * box, and neither a Latin word nor the page gives way. The article once let every character be a
 * break (overflow-wrap: anywhere), so table columns shrank until 'status' read 'sta/tus' and, on a
 * phone, Chinese cells held a character a line. Chromium against the built server and its seeded
 * 'Agent states and call flow' (packages/server/seed/docs), whose tables mix prose and code.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServerAndBrowser, visitClient } from './harness.js';

const e2e = useServerAndBrowser();

const TITLES = { en: 'Agent states and call flow', 'zh-CN': '坐席状态与通话流程' } as const;
const WIDTHS = [390, 1366] as const;

const visit = (hash: string, lang: string, width: number): Promise<Page> => visitClient(e2e, hash, lang, width);

interface TableLayout {
  tables: number;
  cells: number;
  /** Latin words (letters, digits, underscores) whose letters sit on more than one line. */
  brokenWords: string[];
  /** Cells whose text column is narrower than three characters of their font. */
  squeezedCells: string[];
  /** Tables wider than their box, which then scrolls. */
  scrollingTables: number;
  /** Tables whose box reaches outside the article. */
  tablesOutsideArticle: number;
  pageWidth: number;
  viewportWidth: number;
}

/** Measures every table cell of the article, after its fonts have loaded. */
function measureTables(page: Page): Promise<TableLayout> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    // A hyphen, a slash or a space is a fair place to wrap; inside a run of these it is not.
    const latinWord = /[\p{Script=Latin}\p{Nd}_]+/gu;
    const article = document.querySelector('article.doc-article');
    if (!article) throw new Error('no article');
    const articleBox = article.getBoundingClientRect();
    const tables = [...article.querySelectorAll<HTMLElement>('.doc-html table')];
    const cells = [...article.querySelectorAll<HTMLElement>('.doc-html th, .doc-html td')];
    const brokenWords: string[] = [];
    const squeezedCells: string[] = [];
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(latinWord)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          // One box a line the word is on; two boxes on the same line (a bidi run) are still one line.
          const tops = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top);
          if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 2) brokenWords.push(match[0]);
        }
      }
      const style = getComputedStyle(cell);
      const textWidth = cell.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
      if (textWidth < 3 * parseFloat(style.fontSize)) squeezedCells.push(cell.textContent);
    }
    return {
      tables: tables.length,
      cells: cells.length,
      brokenWords,
      squeezedCells,
      scrollingTables: tables.filter((table) => table.scrollWidth > table.clientWidth).length,
      tablesOutsideArticle: tables.filter((table) => {
        const box = table.getBoundingClientRect();
        return box.left < articleBox.left - 0.5 || box.right > articleBox.right + 0.5;
      }).length,
      pageWidth: document.documentElement.scrollWidth,
      viewportWidth: window.innerWidth,
    };
  });
}

describe('tables in a documentation page', () => {
  let documentId = '';

  /** The seeded document's id, found the way a reader finds it (ids are the same in every language). */
  async function agentStatesId(): Promise<string> {
    if (documentId) return documentId;
    const page = await visit('#/doc', 'en', 1366);
    await page
      .getByTestId('category-tree')
      .getByRole('link', { name: /^Feature guides/ })
      .click();
    await page.locator('.doc-card', { hasText: TITLES.en }).getByRole('link').click();
    await expect.poll(() => page.locator('.doc-article-title').textContent()).toBe(TITLES.en);
    documentId = new URL(page.url().replace('#/', '')).searchParams.get('id') ?? '';
    expect(documentId).not.toBe('');
    await page.context().close();
    return documentId;
  }

  for (const lang of ['en', 'zh-CN'] as const) {
    for (const width of WIDTHS) {
      it(`keeps every word whole and the page from scrolling sideways, ${lang} at ${width} px`, async () => {
        const id = await agentStatesId();
        const page = await visit(`#/doc/single?id=${encodeURIComponent(id)}`, lang, width);
        await expect.poll(() => page.locator('.doc-article-title').textContent()).toBe(TITLES[lang]);
        await page.locator('.doc-html table').first().waitFor();
        const layout = await measureTables(page);

        expect(layout.tables).toBeGreaterThan(1);
        expect(layout.cells).toBeGreaterThan(20);
        expect(layout.brokenWords).toEqual([]);
        expect(layout.squeezedCells).toEqual([]);
        expect(layout.tablesOutsideArticle).toBe(0);
        expect(layout.pageWidth).toBeLessThanOrEqual(layout.viewportWidth);
        // On a phone the widest table does not fit: it scrolls in its own box instead.
        if (width === 390) expect(layout.scrollingTables).toBeGreaterThan(0);
        await page.context().close();
      });
    }
  }

  it('scrolls a wide table in its own box on a phone in Arabic, right to left', async () => {
    const id = await agentStatesId();
    const page = await visit(`#/doc/single?id=${encodeURIComponent(id)}`, 'ar', 390);
    await page.locator('.doc-html table').first().waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    // The seeded document has no Arabic text, so it is served in another language, left to right;
    // an Arabic document's article is right to left, and so are its tables.
    await page.locator('article.doc-article').evaluate((article) => {
      article.setAttribute('dir', 'rtl');
    });
    const layout = await measureTables(page);
    expect(layout.brokenWords).toEqual([]);
    expect(layout.tablesOutsideArticle).toBe(0);
    expect(layout.pageWidth).toBeLessThanOrEqual(layout.viewportWidth);
    expect(layout.scrollingTables).toBeGreaterThan(0);

    // The widest table's box scrolls to its far end (the left, in Arabic) and back; the page stays put.
    const scroll = await page.evaluate(() => {
      const tables = [...document.querySelectorAll<HTMLElement>('.doc-html table')];
      const table = tables.find((candidate) => candidate.scrollWidth > candidate.clientWidth);
      if (!table) throw new Error('no table wider than its box');
      const start = table.scrollLeft;
      table.scrollLeft = start - table.scrollWidth;
      const end = table.scrollLeft;
      table.scrollLeft = start;
      return { direction: getComputedStyle(table).direction, start, end, back: table.scrollLeft };
    });
    expect(scroll.direction).toBe('rtl');
    // Right-to-left scroll positions run from 0 at the right edge to negative values leftwards.
    expect(scroll.end).toBeLessThan(scroll.start);
    expect(scroll.back).toBe(scroll.start);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    await page.context().close();
  });
});
