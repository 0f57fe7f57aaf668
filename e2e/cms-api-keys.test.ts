/**
 * A tenant's API keys in the CMS as an admin uses them, in Chromium against the built server:
 * a name refused on its field and stopped at its limit, a key made and shown once, the key
 * reading the tenant's events from this process (as a CRM's back end does), its row saying when
 * it was last used, the key revoked behind a confirmation and refused from then on.
 */
import { describe, expect, it } from 'vitest';
import { apiKeyLimits } from '@open/protocol/event-stream';
import { errorCatalogue } from '@open/protocol/errors';
import { dictionaries } from '@open/protocol/messages/index';
import { API_PREFIX } from '@open/protocol/paths';
import { EVENT_STREAM_PATH } from '@open/protocol/event-stream';
import { animationsSettled, dialogOpened, useServerAndBrowser } from './harness.js';
import { englishVisitor, openCallCentre } from './cms-helpers.js';

const cms = dictionaries.cms.en;
const shell = dictionaries.shell.en;

const e2e = useServerAndBrowser();

/** events/get_event_list as a CRM's back end calls it: from outside any browser, with `key` if given. */
async function readEvents(key?: string): Promise<{ status: number; code: number }> {
  const response = await fetch(`${e2e.server.origin}${API_PREFIX}events/get_event_list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: '{}',
  });
  const answer = (await response.json()) as { code: number };
  return { status: response.status, code: answer.code };
}

const refused = { status: errorCatalogue.apiKeyInvalid.status, code: errorCatalogue.apiKeyInvalid.code };

describe('API keys in the CMS', () => {
  it('are made, shown once, read events, show their last use and are revoked', async () => {
    const { context, page } = await englishVisitor(e2e.browser);
    await openCallCentre(page, e2e.server.clientUrl, 'api-keys-section');
    // The demo tenant is the only one; choosing it again keeps it chosen.
    await page.getByTestId('tenant-row-name').first().click();
    const section = page.getByTestId('api-keys-section');
    await section.getByText(cms['cms.apiKeys.empty']).waitFor();

    // An empty name is refused on its field, before anything is sent.
    await section.getByTestId('api-key-create').click();
    const dialog = await dialogOpened(page);
    await dialog.getByRole('button', { name: shell['shell.common.save'] }).click();
    await dialog.getByText(cms['cms.apiKeys.nameRequired']).waitFor();
    // The field stops typing at the server's limit rather than taking more and refusing it.
    const name = dialog.getByTestId('api-key-name');
    await name.pressSequentially('k'.repeat(apiKeyLimits.name + 1));
    expect(await name.inputValue()).toBe('k'.repeat(apiKeyLimits.name));
    await name.fill('CRM on this machine');
    await dialog.getByRole('button', { name: shell['shell.common.save'] }).click();

    // The key, shown once, with the command that opens the stream with it.
    const key = await page.getByTestId('api-key-secret').inputValue();
    expect(key).toMatch(/^opk_[A-Za-z0-9_-]{20,}$/);
    expect(await page.getByTestId('api-key-curl').textContent()).toBe(
      `curl -N -X POST -H "Authorization: Bearer ${key}" -H "content-type: application/json" -d '{}' ${e2e.server.origin}${EVENT_STREAM_PATH}`,
    );
    await page.getByTestId('api-key-secret-done').click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const table = section.getByTestId('api-key-table');
    await table.getByTestId('api-key-row-name').getByText('CRM on this machine').waitFor();
    expect(await table.getByTestId('api-key-row-hint').textContent()).toBe(`opk_…${key.slice(-4)}`);
    expect(await table.getByTestId('api-key-row-used').textContent()).toBe(cms['cms.apiKeys.neverUsed']);
    // The key is not on the page any more.
    expect(await page.content()).not.toContain(key);

    // The CRM's back end reads the tenant's events with it; the row then says it was used.
    expect(await readEvents(key)).toMatchObject({ status: 200, code: 0 });
    await expect
      .poll(
        async () => {
          await section.getByTestId('api-key-refresh').click();
          return table.getByTestId('api-key-row-used').locator('time').count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);

    // Revoked after a confirmation naming the key: refused at once.
    await table.getByTestId('api-key-revoke').click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('CRM on this machine').waitFor();
    await animationsSettled(page, '.ant-popover');
    await confirm.getByRole('button', { name: cms['cms.apiKeys.revoke'] }).click();
    await section.getByText(cms['cms.apiKeys.empty']).waitFor();
    expect(await readEvents(key)).toEqual(refused);
    await context.close();
  });

  it('refuses a call without a key', async () => {
    expect(await readEvents()).toEqual(refused);
  });
});
