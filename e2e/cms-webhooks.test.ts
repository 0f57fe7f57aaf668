/**
 * A tenant's webhooks in the CMS as an admin sets them, in Chromium against the built server
 * and a real receiver on this machine (HOST is loopback, so WEBHOOK_PRIVATE_TARGETS is allow):
 * a bad address refused on its field, the webhook made with its secret shown once, a test event
 * posted and verified with Standard Webhooks' library, the delivery log showing it, a receiver
 * that fails shown as failed and redelivered, the webhook deleted.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { animationsSettled, useServerAndBrowser } from './harness.js';
import { englishVisitor, openCallCentre } from './cms-helpers.js';

const cms = dictionaries.cms.en;
const shell = dictionaries.shell.en;

const e2e = useServerAndBrowser();

/** The receiver: every post kept; its answer set by the test. */
const posts: { headers: IncomingHttpHeaders; body: string }[] = [];
let answer = 200;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    posts.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
    response.writeHead(answer).end();
  });
});
let receiverUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/crm/hooks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/**
 * Closes the delivery log by its close button (Escape goes to whatever has the focus, which a
 * busy page may have moved to a message), and waits until it is gone.
 */
async function closeLog(page: Page): Promise<void> {
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await page.getByTestId('webhook-delivery-log').waitFor({ state: 'hidden' });
}

/** Chooses an action in a webhook row's menu. */
async function rowAction(page: Page, action: 'webhook-edit' | 'webhook-test' | 'webhook-rotate' | 'webhook-delete') {
  await page.getByTestId('webhook-more').click();
  await page.getByTestId(action).click();
}

describe('webhooks in the CMS', () => {
  it('are made, tested, read in their log, redelivered and deleted', async () => {
    const { context, page } = await englishVisitor(e2e.browser);
    await openCallCentre(page, e2e.server.clientUrl, 'webhook-section');
    const section = page.getByTestId('webhook-section');
    await section.getByText(cms['cms.webhooks.empty']).waitFor();

    // A bad address is refused on its field, before anything is sent.
    await page.getByTestId('webhook-create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('webhook-url').fill('ftp://crm.example.com/hooks');
    await dialog.getByRole('button', { name: shell['shell.common.save'] }).click();
    await dialog.getByText(cms['cms.webhooks.urlRule']).waitFor();
    // Cloud metadata is refused by the server, said in words on the form.
    await dialog.getByTestId('webhook-url').fill('http://169.254.169.254/latest');
    await dialog.getByRole('button', { name: shell['shell.common.save'] }).click();
    await page.getByText('169.254.169.254 is on this server or a private network').waitFor();

    await dialog.getByTestId('webhook-url').fill(receiverUrl);
    await dialog.getByTestId('webhook-description').fill('CRM on this machine');
    await dialog.getByRole('button', { name: shell['shell.common.save'] }).click();
    const secret = await page.getByTestId('webhook-secret-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByTestId('webhook-secret-done').click();
    await expect.poll(() => section.getByTestId('webhook-row-url').textContent()).toContain(receiverUrl);
    // The secret is not on the page any more.
    expect(await page.content()).not.toContain(secret);

    // A test event reaches the receiver, signed with that secret.
    await rowAction(page, 'webhook-test');
    await expect.poll(() => posts.length, { timeout: 10_000 }).toBe(1);
    const [post] = posts;
    const event = new Webhook(secret).verify(post?.body ?? '', {
      'webhook-id': String(post?.headers['webhook-id']),
      'webhook-timestamp': String(post?.headers['webhook-timestamp']),
      'webhook-signature': String(post?.headers['webhook-signature']),
    });
    expect(event).toMatchObject({ type: 'webhookTest' });

    // Sending it opened the log, which shows it delivered.
    const log = page.getByTestId('webhook-delivery-log');
    await log.waitFor();
    await expect
      .poll(
        async () => {
          await log.getByTestId('webhook-delivery-refresh').click();
          return log.getByTestId('webhook-delivery-status').first().textContent();
        },
        { timeout: 10_000 },
      )
      .toBe(cms['cms.webhooks.status.delivered']);
    await closeLog(page);

    // The receiver fails: the delivery waits for its retry, and a redelivery goes out at once.
    answer = 500;
    await rowAction(page, 'webhook-test');
    await expect.poll(() => posts.length, { timeout: 10_000 }).toBe(2);
    answer = 200;
    await log.waitFor();
    await expect
      .poll(
        async () => {
          await log.getByTestId('webhook-delivery-refresh').click();
          return log.getByTestId('webhook-delivery-status').first().textContent();
        },
        { timeout: 10_000 },
      )
      .toBe(cms['cms.webhooks.status.pending']);
    await log.getByTestId('webhook-redeliver').first().click();
    await expect.poll(() => posts.length, { timeout: 10_000 }).toBe(3);
    // The same event: its id is what receivers deduplicate on.
    expect(posts[2]?.headers['webhook-id']).toBe(posts[1]?.headers['webhook-id']);
    await closeLog(page);
    // The log is also at hand from its row.
    await page.getByTestId('webhook-deliveries').click();
    await expect.poll(() => log.getByTestId('webhook-delivery-status').count()).toBe(3);
    await closeLog(page);

    // Deleted after a confirmation naming the address.
    await rowAction(page, 'webhook-delete');
    await page.locator('.ant-popconfirm').getByText(receiverUrl).waitFor();
    await animationsSettled(page, '.ant-popover');
    await page.locator('.ant-popconfirm').getByRole('button', { name: shell['shell.common.delete'] }).click();
    await section.getByText(cms['cms.webhooks.empty']).waitFor();
    await context.close();
  });
});
