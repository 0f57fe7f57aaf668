/** What the demo-page tests do on the page: its phase, its event rows, and running a method. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import type { Lang } from '@open/protocol/locales';

/** Any language's softphone words have the same keys. */
type PhoneKey = keyof typeof dictionaries.softphone.en;

export const phase = (page: Page) => page.getByTestId('demo-phase').getAttribute('data-phase');
export const eventRows = (page: Page, name: string) =>
  page.locator(`[data-testid="event-output"] tr[data-event="${name}"]`);

/**
 * Picks a method in the methods form, trying again until the form shows it: a click on the
 * list while it is still opening can miss (more often on a busy machine). `lang`: the page's
 * language, whose description of the method the form shows once it is chosen.
 */
export async function chooseMethod(page: Page, method: string, lang: Lang = 'en') {
  const description = page.getByTestId('method-description');
  const wanted = dictionaries.softphone[lang][`softphone.method.${method}` as PhoneKey];
  await expect
    .poll(
      async () => {
        if (((await description.count()) > 0 ? await description.textContent() : '')?.startsWith(wanted)) return true;
        // By the field's id: in Chinese the section and the field share the name '方法'.
        const select = page.locator('input#method');
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
