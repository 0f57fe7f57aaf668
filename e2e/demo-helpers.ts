/** What the demo-page tests do on the page: its phase, its event rows, and running a method. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';

const words = dictionaries.demo.en;
const phoneWords = dictionaries.softphone.en;

export const phase = (page: Page) => page.getByTestId('demo-phase').getAttribute('data-phase');
export const eventRows = (page: Page, name: string) =>
  page.locator(`[data-testid="event-output"] tr[data-event="${name}"]`);

/**
 * Picks a method in the methods form, trying again until the form shows it: a click on the
 * list while it is still opening can miss.
 */
export async function chooseMethod(page: Page, method: string) {
  const description = page.getByTestId('method-description');
  const wanted = phoneWords[`softphone.method.${method}` as keyof typeof phoneWords];
  await expect
    .poll(
      async () => {
        if (((await description.count()) > 0 ? await description.textContent() : '')?.startsWith(wanted)) return true;
        const select = page.getByLabel(words['demo.methods.method'], { exact: true });
        await select.click();
        await select.fill(method);
        await page.locator('.ant-select-item-option', { hasText: new RegExp(`^${method}$`) }).click();
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Picks a method, lets `fill` set its fields, executes it and returns the result's text. */
export async function runMethod(page: Page, method: string, fill?: () => Promise<void>): Promise<string> {
  await chooseMethod(page, method);
  await fill?.();
  await page.getByTestId('method-execute').click();
  const result = page.getByTestId('method-result');
  await result.waitFor();
  return (await result.textContent()) ?? '';
}
