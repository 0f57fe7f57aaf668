import type { Browser, Page } from 'playwright-core';
import { freshVisitor } from './harness.js';

/**
 * Signs the demo admin in and opens the call centre from the CMS menu, then waits for
 * `readyTestId` (the part of the page the test is about) to be shown.
 */
export async function openCallCentre(page: Page, clientUrl: string, readyTestId: string): Promise<void> {
  await page.goto(`${clientUrl}#/cms/resources`);
  await page.waitForURL(/#\/cms\/login$/);
  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill('admin@open');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('cms-menu-call-centre').click();
  await page.waitForURL(/#\/cms\/call-centre$/);
  await page.getByTestId(readyTestId).first().waitFor();
}

/** A fresh visitor in English; an error thrown in its page fails the test. */
export async function englishVisitor(browser: Browser) {
  const context = await freshVisitor(browser);
  await context.addInitScript(() => {
    localStorage.setItem('globalLang', 'en');
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return { context, page };
}
