import type { Page } from 'playwright-core';

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
