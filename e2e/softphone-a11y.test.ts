/**
 * The phone for everyone (issue #25, item 4): embedded in a page of another site, it has no
 * serious or critical axe-core violation (WCAG 2.1 A and AA) in English, Chinese and Arabic, idle
 * and with a call ringing; and an agent drives it by keyboard alone through a shift's work: sign
 * in, check in, change status, dial, hold, transfer, answer and hang up, every focused control
 * visibly so. Changes are announced: the status and the calls are live regions.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { simulateInboundCall } from './cti-helpers.js';
import { checkIn, startEmbedAgent } from './embed-agent.js';
import { freshVisitor, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
const words = dictionaries.softphone.en;

/** The serious and critical violations on the page and in its frames, one readable line each. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) => `${v.id} (${String(v.impact)}): ${node.target.join(' > ')}: ${node.failureSummary ?? ''}`),
    );
}

function phoneFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().includes('/phone/'));
  if (!frame) throw new Error('the phone has no frame');
  return frame;
}

interface Focused {
  name: string;
  tag: string;
  /** An outline or a ring that shows where the focus is. */
  visible: boolean;
}

/** What has the keyboard focus, looking into the phone's frame when the focus is there. */
async function focused(page: Page): Promise<Focused> {
  const inPhone = await page.evaluate(() => document.activeElement?.tagName === 'IFRAME');
  return (inPhone ? phoneFrame(page) : page.mainFrame()).evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: '', tag: 'BODY', visible: false };
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    // `labels` is absent on elements that cannot have a label (buttons have it, divs do not).
    const labels = (element as Partial<HTMLInputElement>).labels;
    const label = element.getAttribute('aria-label') ?? labels?.[0]?.textContent ?? element.textContent;
    return { name: label.trim(), tag: element.tagName, visible: outlined || style.boxShadow !== 'none' };
  });
}

/**
 * Presses Tab until the control named `name` has the focus, as a keyboard user moves through the
 * page and on into the phone; it must be reachable, and visibly focused when reached.
 */
async function tabTo(page: Page, name: string): Promise<void> {
  const passed: string[] = [];
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.name === name || now.name.startsWith(`${name} `)) {
      expect(now.visible, `the focus on "${name}" is visible`).toBe(true);
      return;
    }
    passed.push(`${now.tag}:${now.name}`);
  }
  throw new Error(`"${name}" is not reachable by Tab; the focus went through ${passed.join(' | ')}`);
}

const status = (page: Page) => phoneFrame(page).getByTestId('agent-status').getAttribute('data-status');
const callStatus = (page: Page) =>
  phoneFrame(page)
    .getByTestId('call')
    .first()
    .getAttribute('class')
    .then((c) => /call-(ringing|talking|held|ended)/.exec(c ?? '')?.[1] ?? null)
    .catch(() => null);

describe('the phone for everyone', () => {
  for (const lang of ['en', 'zh-CN', 'ar'] as const) {
    it(`has no serious or critical axe violation in ${lang}, idle and with a call ringing`, async () => {
      const agent = await startEmbedAgent(e2e.browser, e2e.server.origin, 'maria@demo.example.com', lang);
      const phoneWords = dictionaries.softphone[lang];
      try {
        await checkIn(agent, lang);
        expect(await violations(agent.page)).toEqual([]);
        await simulateInboundCall(e2e.server.origin, '+8613912345678', { order: 'A-1001' });
        await agent.phone.getByTestId('call').waitFor();
        expect(await violations(agent.page)).toEqual([]);
      } finally {
        // Leaves no caller behind for the next test: a rejected caller would go back to the queue.
        const answer = agent.phone.getByRole('button', { name: phoneWords['softphone.ui.answer'] });
        if (await answer.count()) {
          await answer.click();
          await agent.phone.getByRole('button', { name: phoneWords['softphone.ui.hangUp'] }).click();
          await agent.phone.getByTestId('call').waitFor({ state: 'detached' });
        }
        const checkOut = agent.phone.getByRole('button', { name: phoneWords['softphone.ui.checkOut'] });
        if (await checkOut.count()) await checkOut.click();
        await expect.poll(() => agent.phone.getByTestId('agent-status').getAttribute('data-status')).toBe('offline');
        await agent.context.close();
      }
    });
  }

  it('is driven by keyboard alone through a shift: sign in, status, dial, hold, transfer, answer, hang up', async () => {
    const context = await freshVisitor(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.server.origin}/dzfront/open/client/examples/embed.html`);
    // Sign in: the example's form, from the top of the page.
    await tabTo(page, 'Account');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('lina@demo.example.com');
    await tabTo(page, 'Language');
    await page.keyboard.type('en');
    await tabTo(page, 'Start the phone');
    await page.keyboard.press('Enter');
    await page.frameLocator('#phone iframe').getByTestId('agent-status').waitFor();

    await tabTo(page, words['softphone.ui.checkIn']);
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page)).toBe('idle');
    // The status is a live region: a screen reader hears it change.
    expect(await phoneFrame(page).getByTestId('agent-status').getAttribute('role')).toBe('status');

    // Not ready with the first reason, from the keyboard, then ready again.
    await tabTo(page, words['softphone.ui.notReadyReason']);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => status(page)).toBe('busy');
    await tabTo(page, words['softphone.ui.setReady']);
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page)).toBe('idle');

    // Dial an outside number (the simulated network answers after 3 s), hold and resume it.
    await tabTo(page, words['softphone.ui.numberPlaceholder']);
    await page.keyboard.type('13800138001');
    await page.keyboard.press('Enter');
    await expect.poll(() => callStatus(page), { timeout: 10_000 }).toBe('talking');
    await tabTo(page, words['softphone.ui.hold']);
    await page.keyboard.press('Enter');
    await expect.poll(() => callStatus(page)).toBe('held');
    await tabTo(page, words['softphone.ui.resume']);
    await page.keyboard.press('Enter');
    await expect.poll(() => callStatus(page)).toBe('talking');

    // Transfer it: the form opens with the focus in its number field.
    await tabTo(page, words['softphone.ui.transfer']);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).tag).toBe('INPUT');
    await page.keyboard.type('13900000001');
    await tabTo(page, words['softphone.ui.transferConfirm']);
    await page.keyboard.press('Enter');
    await expect.poll(() => phoneFrame(page).getByTestId('call').count(), { timeout: 10_000 }).toBe(0);

    // Out of after-call work, then a caller rings: answer and hang up.
    await expect.poll(() => status(page)).toBe('acw');
    await tabTo(page, words['softphone.ui.endAcw']);
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page)).toBe('idle');
    await simulateInboundCall(e2e.server.origin, '+8613912345678');
    await expect.poll(() => callStatus(page), { timeout: 10_000 }).toBe('ringing');
    // The calls' live region says a call rings, in words.
    await expect.poll(() => phoneFrame(page).getByTestId('calls-announced').textContent()).toContain('+8613912345678');
    await tabTo(page, words['softphone.ui.answer']);
    await page.keyboard.press('Enter');
    await expect.poll(() => callStatus(page)).toBe('talking');
    // In a call: its panel, actions and timer pass too.
    expect(await violations(page)).toEqual([]);
    await tabTo(page, words['softphone.ui.hangUp']);
    await page.keyboard.press('Enter');
    await expect.poll(() => phoneFrame(page).getByTestId('call').count()).toBe(0);
    await context.close();
  });
});
