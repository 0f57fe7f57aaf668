/**
 * Accessibility (issue #25, item 4): every page of the client, in Chinese, English and Arabic
 * (right to left), checked by axe-core against WCAG 2.1 A and AA in Chromium against the built
 * server. A serious or critical violation fails, named by rule, element and axe's summary.
 * The reader's pages, the CMS's sign-in form, each of its panels and the resource editor, the
 * demo page with its forms (the phone's own frame left out: the softphone is checked apart),
 * and the diagnostics page after a full run.
 */
import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { chooseMethod } from './demo-helpers.js';
import { capBandwidth, freshVisitor, startedWithFile, useServerAndBrowser } from './harness.js';

const LANGS = ['zh-CN', 'en', 'ar'] as const;
type Lang = (typeof LANGS)[number];
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** A misspelt word: its search has hits in every language and shows the correction notice too. */
const TYPO = 'micropohne';
/** A seeded agent (packages/server/src/seed/demo-tenant.ts) whom the diagnostics' login test signs in. */
const AGENT = 'wangwei@demo.example.com';

const e2e = useServerAndBrowser();
/** The diagnostics' bandwidth test moves this, not loopback's GBs: the page is what is checked here. */
const BANDWIDTH_CAP_MBPS = 50;

/** A visitor whose stored language is `lang`; an error thrown in one of its pages fails the test. */
async function visitor(browser: Browser, lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
  const context = await freshVisitor(browser);
  await context.addInitScript((stored) => {
    localStorage.setItem('globalLang', stored);
  }, lang);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return { context, page };
}

/**
 * The serious and critical violations on the page as it stands, one readable line an element:
 * where, the rule, its impact, the element and what axe says is wrong with it.
 */
async function violations(page: Page, where: string, exclude: readonly string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_21_AA);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where}: ${violation.id} (${violation.impact ?? ''}) at ${node.target.join(' ')}: ${
            node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help
          }`,
      ),
    );
}

/** Fails with every line found, so one run names every problem. */
function expectNone(found: readonly string[]): void {
  expect(found, `\n${found.join('\n')}\n`).toEqual([]);
}

describe.each(LANGS)('accessibility in %s', (lang) => {
  it('the documentation reader: home, a category, a document and search results', async () => {
    const { context, page } = await visitor(e2e.browser, lang);
    const found: string[] = [];
    await page.goto(`${e2e.server.clientUrl}#/doc`);
    await page.getByTestId('resource-cards').locator('.doc-card').first().waitFor();
    found.push(...(await violations(page, `${lang} #/doc`)));

    // A category: the tree's active item is the one the reader is in.
    await page.getByTestId('category-tree').locator('a[href*="category="]').first().click();
    await page.locator('[data-testid="category-tree"] [aria-current="page"]').waitFor();
    await page.getByTestId('resource-cards').locator('.doc-card').first().waitFor();
    found.push(...(await violations(page, `${lang} category`)));

    await page.getByTestId('resource-cards').locator('.doc-card').first().getByRole('link').first().click();
    await page.locator('.doc-article-title').waitFor();
    await page.locator('.doc-html').first().waitFor();
    found.push(...(await violations(page, `${lang} #/doc/single`)));

    await page.goto(`${e2e.server.clientUrl}#/doc/search?q=${TYPO}`);
    await page.getByTestId('search-results').locator('.search-result').first().waitFor();
    await page.getByTestId('search-correction').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    found.push(...(await violations(page, `${lang} #/doc/search`)));

    // The frequently asked questions, one answer open.
    await page.goto(`${e2e.server.clientUrl}#/doc/faq`);
    const first = page.getByTestId('faq-list').locator('details').first();
    await first.locator('summary').click();
    await first.locator('.doc-html').waitFor();
    found.push(...(await violations(page, `${lang} #/doc/faq`)));
    await context.close();
    expectNone(found);
  });

  it('the CMS: its sign-in form, every panel and the resource editor', async () => {
    const { context, page } = await visitor(e2e.browser, lang);
    const found: string[] = [];
    await page.goto(`${e2e.server.clientUrl}#/cms/resources`);
    await page.waitForURL(/#\/cms\/login$/);
    await page.getByTestId('login-account').waitFor();
    found.push(...(await violations(page, `${lang} #/cms/login`)));

    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('admin@open');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('logout').waitFor();

    const panels: readonly { key: string; ready: readonly string[] }[] = [
      { key: 'resources', ready: ['.ant-table-row'] },
      { key: 'categories', ready: ['[data-testid="category-tree"] .ant-tree-treenode'] },
      { key: 'versions', ready: ['.ant-table-row'] },
      { key: 'accounts', ready: ['.ant-table-row'] },
      { key: 'audit', ready: ['.ant-table-row'] },
      // The selected tenant's agents and its SIP trunk's form too.
      {
        key: 'call-centre',
        ready: [
          '[data-testid="tenant-table"] .ant-table-row',
          '[data-testid="agent-table"] .ant-table-row',
          '[data-testid="trunk-form"]',
        ],
      },
    ];
    for (const panel of panels) {
      await page.getByTestId(`cms-menu-${panel.key}`).click();
      await page.waitForURL(new RegExp(`#/cms/${panel.key}`));
      for (const ready of panel.ready) await page.locator(ready).first().waitFor();
      found.push(...(await violations(page, `${lang} #/cms/${panel.key}`)));
    }

    // The editor on a seeded document, its preview rendered.
    await page.getByTestId('cms-menu-resources').click();
    await page.getByTestId('resource-title').first().click();
    await page.waitForURL(/#\/cms\/resources\/edit\?id=/);
    await page.getByTestId('md-source').waitFor();
    await page.getByTestId('editor-preview').locator('*').first().waitFor();
    found.push(...(await violations(page, `${lang} #/cms/resources/edit`)));
    await context.close();
    expectNone(found);
  });

  it('the demo page, its forms and a method chosen (the phone frame aside)', async () => {
    const { context, page } = await visitor(e2e.browser, lang);
    const demo = dictionaries.demo[lang];
    await page.goto(`${e2e.server.clientUrl}#/demo`);
    await page.getByRole('heading', { name: demo['demo.title'], level: 1 }).waitFor();
    await page.getByTestId('server-url-row').first().waitFor();
    // A method with parameters of every kind of control: its form is built from the catalogue.
    await chooseMethod(page, 'transferExternal', lang);
    // The choice made, its list closes (mid-animation its fading options would be measured).
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    const found = await violations(page, `${lang} #/demo`, ['iframe']);
    await context.close();
    expectNone(found);
  });
});

/**
 * The diagnostics page before and after a full run, in every language. One run (about 30 s, most
 * of it waiting on the link's measurements) serves the three: the page keeps its results while
 * the language switch redraws them, as route-widths.test.ts checks their layout. It starts with
 * the file and goes on while the other pages are checked; its test collects what it found.
 */
async function diagnosticsRun(): Promise<{ found: string[]; context: BrowserContext }> {
  const { context, page } = await visitor(e2e.browser, 'en');
  const found: string[] = [];
  /** The page redrawn in `lang` by its language switch, then checked. */
  const checkIn = async (lang: Lang, when: string) => {
    if ((await page.getAttribute('html', 'lang')) !== lang) {
      await page.getByTestId('language-switch').selectOption(lang);
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe(lang);
    }
    await page.getByRole('heading', { name: dictionaries.diagnose[lang]['diagnose.title'], level: 1 }).waitFor();
    found.push(...(await violations(page, `${lang} #/diagnose ${when}`)));
  };
  await capBandwidth(page, BANDWIDTH_CAP_MBPS);
  await page.goto(`${e2e.server.clientUrl}#/diagnose`);
  for (const lang of ['zh-CN', 'ar', 'en'] as const) await checkIn(lang, 'before a run');
  const login = dictionaries.agentLogin.en;
  await page.getByLabel(login['agentLogin.account'], { exact: true }).fill(AGENT);
  await page.getByLabel(login['agentLogin.password'], { exact: true }).fill('agent@open');
  await page.getByTestId('run-all').click();
  await expect
    .poll(() => page.getByTestId('bandwidth-result').getAttribute('data-state'), { timeout: 150_000, interval: 500 })
    .toBe('done');
  await page.getByTestId('log-table').locator('tbody tr.ant-table-row').first().waitFor();
  for (const lang of ['en', 'zh-CN', 'ar'] as const) await checkIn(lang, 'after a run');
  return { found, context };
}
const diagnostics = startedWithFile(diagnosticsRun);

describe('accessibility of the diagnostics page after a full run', () => {
  it('in every language, one run redrawn in each', async () => {
    const { found, context } = await diagnostics();
    await context.close();
    expectNone(found);
  }, 180_000);
});
