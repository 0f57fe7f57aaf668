import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dictionaries, type Namespace } from '@open/protocol/messages/index';
import { freshVisitor, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

interface DictionaryCall {
  lang?: string;
  ns?: Namespace[];
  /** The keys of the answer's `messages`, once it has arrived. */
  keys: Promise<string[]>;
}

/** Every `doc/get_locale_conf` call the page makes, as it makes it, with what it asked for. */
function recordDictionaryCalls(page: Page): DictionaryCall[] {
  const calls: DictionaryCall[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/doc/get_locale_conf')) return;
    const body = request.postDataJSON() as { lang?: string; ns?: Namespace[] };
    const keys = request
      .response()
      .then((response) => response?.json() as Promise<{ data: { messages: Record<string, string> } }> | undefined)
      .then((answer) => Object.keys(answer?.data.messages ?? {}));
    calls.push({ ...body, keys });
  });
  return calls;
}

async function open(page: Page, hash: string) {
  await page.goto(`${e2e.server.clientUrl}${hash}`);
  await page.locator('h1').waitFor();
}

const asked = (calls: DictionaryCall[]) => calls.flatMap((call) => call.ns ?? ['(every namespace)']);

describe('dictionary namespaces', () => {
  it('the reader at #/doc loads the shell and doc namespaces, never the CMS strings; #/cms then loads them', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      localStorage.setItem('globalLang', 'en');
    });
    const calls = recordDictionaryCalls(page);
    await open(page, '#/doc');
    expect(await page.locator('h1').textContent()).toBe(dictionaries.doc.en['doc.title']);
    await page.getByRole('link', { name: dictionaries.shell.en['shell.nav.doc'] }).first().waitFor();
    await open(page, '#/doc/single');
    await page.getByText(dictionaries.doc.en['doc.chooseDocument']).waitFor();
    await page.waitForLoadState('networkidle');

    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(asked(calls))).toEqual(new Set(['shell', 'doc']));
    for (const call of calls) {
      expect(call.lang).toBe('en');
      expect((await call.keys).filter((key) => key.startsWith('cms.'))).toEqual([]);
    }

    const before = calls.length;
    await page.getByRole('link', { name: dictionaries.shell.en['shell.nav.cms'] }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(dictionaries.cms.en['cms.title']);
    await page.getByText(dictionaries.cms.en['cms.login.title']).waitFor();
    expect(await page.title()).toBe(dictionaries.cms.en['cms.title']);
    const later = calls.slice(before);
    expect(later.map((call) => [call.lang, call.ns])).toEqual([['en', ['cms']]]);
    expect((await later[0]?.keys)?.sort()).toEqual(Object.keys(dictionaries.cms.en).sort());
    await context.close();
  });

  it('the demo loads its own, the agent login and the softphone namespaces, the diagnostics page its own', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      localStorage.setItem('globalLang', 'en');
    });
    const calls = recordDictionaryCalls(page);
    await open(page, '#/demo');
    expect(await page.locator('h1').textContent()).toBe(dictionaries.demo.en['demo.title']);
    await page.getByRole('heading', { level: 2, name: dictionaries.demo.en['demo.login.title'] }).waitFor();
    // The parameters' descriptions come from the softphone namespace.
    await page.getByText(dictionaries.softphone.en['softphone.param.mini']).waitFor();
    expect(new Set(asked(calls))).toEqual(new Set(['shell', 'demo', 'agentLogin', 'softphone']));

    const before = calls.length;
    await page.getByRole('link', { name: dictionaries.shell.en['shell.nav.diagnose'] }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(dictionaries.diagnose.en['diagnose.title']);
    await page.getByText(dictionaries.diagnose.en['diagnose.intro']).waitFor();
    // The page's own words and the errors; the login form's words came with #/demo already.
    expect(calls.slice(before).map((call) => call.ns)).toEqual([['diagnose', 'error']]);
    await context.close();
  });

  it('the diagnostics page opened first loads the login form’s words, never the demo’s', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      localStorage.setItem('globalLang', 'en');
    });
    const calls = recordDictionaryCalls(page);
    await open(page, '#/diagnose');
    expect(await page.locator('h1').textContent()).toBe(dictionaries.diagnose.en['diagnose.title']);
    await page.getByLabel(dictionaries.agentLogin.en['agentLogin.account'], { exact: true }).waitFor();
    expect(new Set(asked(calls))).toEqual(new Set(['shell', 'diagnose', 'agentLogin', 'error']));
    await context.close();
  });

  it('switching the language on #/cms reloads the namespaces loaded so far in the new language', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      localStorage.setItem('globalLang', 'en');
    });
    const calls = recordDictionaryCalls(page);
    await open(page, '#/cms');
    await page.getByText(dictionaries.cms.en['cms.login.title']).waitFor();
    expect(new Set(asked(calls))).toEqual(new Set(['shell', 'cms']));

    const before = calls.length;
    await page.getByTestId('language-switch').selectOption('ja');
    await expect.poll(() => page.locator('h1').textContent()).toBe(dictionaries.cms.ja['cms.title']);
    await page.getByText(dictionaries.cms.ja['cms.login.title']).waitFor();
    await page.getByTestId('login-submit').getByText(dictionaries.cms.ja['cms.login.submit']).waitFor();
    expect(await page.getByTestId('greeting').textContent()).toBe(dictionaries.shell.ja['shell.hello']);
    expect(await page.title()).toBe(dictionaries.cms.ja['cms.title']);
    const later = calls.slice(before);
    expect(later.map((call) => call.lang)).toEqual(['ja']);
    expect(new Set(asked(later))).toEqual(new Set(['shell', 'cms']));

    // Back to a language already loaded: nothing is fetched again.
    await page.getByTestId('language-switch').selectOption('en');
    await expect.poll(() => page.locator('h1').textContent()).toBe(dictionaries.cms.en['cms.title']);
    expect(calls.length).toBe(before + 1);
    await context.close();
  });
});
