/**
 * An agent at the plain embed example (packages/softphone/examples/embed.html): signed in,
 * checked in, calling a colleague, and what the host page heard from the SDK.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { freshVisitor } from './harness.js';

const phoneWords = dictionaries.softphone.en;
type Lang = keyof typeof dictionaries.softphone;

export interface EmbedAgent {
  account: string;
  context: BrowserContext;
  page: Page;
  phone: FrameLocator;
}

/** The embed example at `origin`, signed in as `account` in a fresh visitor, the phone in `lang`. */
export async function startEmbedAgent(
  browser: Browser,
  origin: string,
  account: string,
  lang = 'en',
  /** Runs on the new visitor before its page opens (init scripts, permissions). */
  prepare?: (context: BrowserContext) => Promise<unknown>,
): Promise<EmbedAgent> {
  const context = await freshVisitor(browser);
  await prepare?.(context);
  const page = await context.newPage();
  await page.goto(`${origin}/dzfront/open/client/examples/embed.html`);
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Language').fill(lang);
  await page.getByRole('button', { name: 'Start the phone' }).click();
  const phone = page.frameLocator('#phone iframe');
  await phone.getByTestId('agent-status').waitFor();
  return { account, context, page, phone };
}

/** Checks in from the phone's own button, in the phone's language. */
export async function checkIn({ phone }: EmbedAgent, lang: Lang = 'en'): Promise<void> {
  const words = dictionaries.softphone[lang];
  await phone.getByRole('button', { name: words['softphone.ui.checkIn'] }).click();
  await expect.poll(() => phone.getByTestId('agent-status').textContent()).toBe(words['softphone.ui.agentStatus.idle']);
}

/** `from` dials the colleague's extension and `to` answers. */
export async function callColleague(from: EmbedAgent, to: EmbedAgent, extension: string): Promise<void> {
  await from.phone.getByLabel(phoneWords['softphone.ui.numberPlaceholder']).fill(extension);
  await from.phone.getByRole('button', { name: phoneWords['softphone.ui.dial'], exact: true }).click();
  await to.phone.getByRole('button', { name: phoneWords['softphone.ui.answer'] }).click();
}

/**
 * The payloads of the events named `name` the host page heard, oldest first: the example lists
 * each as "<time> <name> <JSON>", newest first.
 */
export async function heardEvents(agent: EmbedAgent, name: string): Promise<unknown[]> {
  const lines = await agent.page.locator('#events li').allTextContents();
  return lines
    .map((line) => new RegExp(`^\\S+(?: [AP]M)? ${name} (.*)$`).exec(line)?.[1])
    .filter((json): json is string => json !== undefined)
    .map((json) => JSON.parse(json) as unknown)
    .reverse();
}

/** A method of the phone, called through the SDK as the host page calls it (`window.phone`); its answer. */
export function callPhone<T = unknown>(agent: EmbedAgent, method: string, params: object = {}): Promise<T> {
  return agent.page.evaluate(
    ([name, given]) =>
      (window as unknown as { phone: { call(m: string, p: object): Promise<unknown> } }).phone.call(name, given),
    [method, params] as const,
  ) as Promise<T>;
}
