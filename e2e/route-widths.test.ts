/**
 * No page is wider than the screen it is read on, and no header spills: every route in zh-CN,
 * en and ar, at a laptop's 1366 px and a phone's 390 px. A table may scroll sideways inside its
 * own box; the page itself never does. Chromium against the built server and its seed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { capBandwidth, freshVisitor, startedWithFile, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

const LANGS = ['zh-CN', 'en', 'ar'] as const;
const WIDTHS = [1366, 390] as const;
type Lang = (typeof LANGS)[number];

interface Overflow {
  /** How far the page scrolls sideways, in CSS pixels (0 when it does not). */
  pageOverflow: number;
  /** Headings and the sticky header whose content is wider than their box. */
  spilledHeaders: string[];
  /** Whether the sticky header is one row high: two rows took a fifth of a phone's screen. */
  headerOneRow: boolean;
}

/** What overflows on the page as it is now. */
function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const spilled: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('header, h1, h2, h3')) {
      // A box that clips on purpose (an ellipsis) is not a spill.
      const style = getComputedStyle(element);
      if (style.overflowX === 'hidden' && style.textOverflow === 'ellipsis') continue;
      if (element.scrollWidth > element.clientWidth + 1) spilled.push(element.textContent.slice(0, 40));
    }
    const header = document.querySelector<HTMLElement>('.app-header');
    return {
      pageOverflow: Math.max(0, root.scrollWidth - window.innerWidth),
      spilledHeaders: spilled,
      headerOneRow: header !== null && header.offsetHeight <= 64,
    };
  });
}

async function visitor(lang: Lang): Promise<BrowserContext> {
  const context = await freshVisitor(e2e.browser);
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('globalLang')) localStorage.setItem('globalLang', stored);
  }, lang);
  return context;
}

async function open(
  context: BrowserContext,
  hash: string,
  width: number,
  prepare: (page: Page) => Promise<void> = async () => {},
): Promise<Page> {
  const page = await context.newPage();
  await prepare(page);
  await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
  await page.goto(`${e2e.server.clientUrl}${hash}`);
  await settled(page);
  return page;
}

/**
 * The page booted and its route drawn: the header and the page's heading are there, and the
 * network is quiet. Quiet alone is not enough on a busy machine: between the dictionary and a
 * large route chunk the network can rest 500 ms while the page is still blank.
 */
async function settled(page: Page): Promise<void> {
  await page.locator('.app-header').waitFor();
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

let firstPageId = '';
beforeAll(async () => {
  const response = await fetch(`${e2e.server.origin}/dzfront/open/server/api/doc/get_resource_list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: 'all', lang: 'en', page_number: 1, page_size: 1 }),
  });
  const body = (await response.json()) as { data: { list: { _id: string }[] } };
  firstPageId = body.data.list[0]?._id ?? '';
  expect(firstPageId).not.toBe('');
});

const READER_ROUTES = ['#/doc', () => `#/doc/single?id=${firstPageId}`, '#/doc/search?q=token', '#/doc/faq'] as const;
const CMS_ROUTES = [
  '#/cms/resources',
  '#/cms/categories',
  '#/cms/versions',
  '#/cms/accounts',
  '#/cms/audit',
  '#/cms/call-centre',
] as const;

describe.each(LANGS)('in %s', (lang) => {
  describe.each(WIDTHS)('at %i px', (width) => {
    it('the reader: tree, a page, search and FAQ', async () => {
      const context = await visitor(lang);
      for (const route of READER_ROUTES) {
        const page = await open(context, typeof route === 'function' ? route() : route, width);
        expect({ route, ...(await overflowOf(page)) }).toEqual({
          route,
          pageOverflow: 0,
          spilledHeaders: [],
          headerOneRow: true,
        });
        await page.close();
      }
      await context.close();
    });

    it('every CMS panel and the editor', async () => {
      const context = await visitor(lang);
      const page = await open(context, '#/cms/resources', width);
      await page.waitForURL(/#\/cms\/login$/);
      await page.getByTestId('login-account').fill('admin');
      await page.getByTestId('login-password').fill('admin@open');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('logout').waitFor();
      for (const route of [...CMS_ROUTES, `#/cms/resources/edit?id=${firstPageId}`]) {
        await page.goto(`${e2e.server.clientUrl}${route}`);
        await settled(page);
        expect({ route, ...(await overflowOf(page)) }).toEqual({
          route,
          pageOverflow: 0,
          spilledHeaders: [],
          headerOneRow: true,
        });
      }
      await context.close();
    });

    it('the demo', async () => {
      const context = await visitor(lang);
      const demo = await open(context, '#/demo', width);
      expect({ route: '#/demo', ...(await overflowOf(demo)) }).toEqual({
        route: '#/demo',
        pageOverflow: 0,
        spilledHeaders: [],
        headerOneRow: true,
      });
      await context.close();
    });
  });
});

/**
 * One run of the diagnostics (about 30 s, most of it waiting on the link's measurements) serves
 * every language and width: the page keeps its results while the language switch re-renders them
 * and the window is resized. It starts with the file and runs while the other routes are checked.
 */
async function diagnosticsRun(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await visitor('en');
  // The bandwidth test moves 50 Mbit/s, not loopback's GBs: the layout is what is checked here.
  const page = await open(context, '#/diagnose', 1366, async (opened) => {
    await capBandwidth(opened, 50);
  });
  const login = dictionaries.agentLogin.en;
  await page.getByLabel(login['agentLogin.account'], { exact: true }).fill('lina@demo.example.com');
  await page.getByLabel(login['agentLogin.password'], { exact: true }).fill('agent@open');
  await page.getByTestId('run-all').click();
  await expect
    .poll(() => page.getByTestId('bandwidth-result').getAttribute('data-state'), { timeout: 150_000, interval: 500 })
    .toBe('done');
  return { context, page };
}
const diagnostics = startedWithFile(diagnosticsRun);

describe('the diagnostics after a run', () => {
  it('in every language, at both widths', async () => {
    const { context, page: diagnose } = await diagnostics();
    for (const lang of LANGS) {
      await diagnose.getByTestId('language-switch').selectOption(lang);
      await expect.poll(() => diagnose.getAttribute('html', 'lang')).toBe(lang);
      for (const width of WIDTHS) {
        await diagnose.setViewportSize({ width, height: width < 500 ? 844 : 800 });
        const route = `#/diagnose (${lang}, ${width} px)`;
        expect({ route, ...(await overflowOf(diagnose)) }).toEqual({
          route,
          pageOverflow: 0,
          spilledHeaders: [],
          headerOneRow: true,
        });
      }
    }
    await context.close();
  }, 180_000);
});
