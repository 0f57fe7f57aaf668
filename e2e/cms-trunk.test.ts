/**
 * A tenant's SIP trunk in the CMS as an admin sets it, in Chromium against the built server
 * (started without SIP_LISTEN and RTPENGINE_NG): a bad host, address and DID refused on their
 * fields before anything is sent, switching the trunk on refused by the server on the switch,
 * the trunk saved switched off, shown again after a reload without its password, and removed.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { animationsSettled, pickOption, useServerAndBrowser } from './harness.js';
import { englishVisitor, openCallCentre } from './cms-helpers.js';
import { TEST_SECRETS_KEY } from './trunk-helpers.js';

const cms = dictionaries.cms.en;
const shell = dictionaries.shell.en;
const errors = dictionaries.error.en;
const PASSWORD = 'Trunk-pass-e2e-7Q';

const e2e = useServerAndBrowser({ env: { SECRETS_KEY: TEST_SECRETS_KEY } });

/** A dictionary text with its placeholders filled. */
const filled = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** The error shown under a form item that holds `text`. */
const fieldError = (within: Locator, text: string) => within.locator('.ant-form-item-explain-error', { hasText: text });

/** The form item of a field, found by its label. */
const item = (section: Locator, label: string) =>
  section.locator('.ant-form-item', { has: section.page().getByLabel(label, { exact: true }) });

/** Types one entry into a list shown as tags and adds it. */
async function addEntry(section: Locator, label: string, entry: string): Promise<void> {
  const input = section.getByLabel(label, { exact: true });
  await input.fill(entry);
  await input.press('Enter');
}

/** The entries a list shows as tags. */
const entries = (section: Locator, testId: string) =>
  section.getByTestId(testId).locator('.cc-trunk-tag').allTextContents();

/** A CMS call with the page's own cookies; its answer's raw text too. */
async function api(page: Page, path: string, body: unknown): Promise<{ data: unknown; text: string }> {
  const text = await page.evaluate<string, readonly [string, string]>(
    async ([url, payload]) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
      });
      return response.text();
    },
    [`/dzfront/open/server/api/${path}`, JSON.stringify(body)] as const,
  );
  const answer = JSON.parse(text) as { code: number; data: unknown };
  expect(answer.code).toBe(0);
  return { data: answer.data, text };
}

describe('CMS SIP trunk', () => {
  it('refuses bad entries on their fields, saves a trunk, shows it after a reload without its password, removes it', async () => {
    const { context, page } = await englishVisitor(e2e.browser);
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/cms/set_trunk')) saves.push(request.postData() ?? '');
    });
    await openCallCentre(page, e2e.server.clientUrl, 'trunk-status');
    const section = page.getByTestId('trunk-section');
    expect(await section.getByTestId('trunk-status').textContent()).toBe(cms['cms.trunk.statusNone']);
    expect(await section.getByTestId('trunk-password-help').textContent()).toContain(cms['cms.trunk.passwordNone']);
    expect(await section.getByTestId('trunk-remove').isDisabled()).toBe(true);

    // A host with a scheme, an address that is none, a DID with letters: each said on its field, nothing sent.
    await section.getByTestId('trunk-host').fill('sip://carrier.example');
    await addEntry(section, cms['cms.trunk.sources'], '10.0.0.300');
    await addEntry(section, cms['cms.trunk.dids'], '12ab');
    await section.getByTestId('trunk-save').click();
    await fieldError(item(section, cms['cms.trunk.host']), cms['cms.trunk.hostRule']).waitFor();
    await fieldError(
      item(section, cms['cms.trunk.sources']),
      filled(cms['cms.trunk.sourceRule'], { value: '10.0.0.300' }),
    ).waitFor();
    await fieldError(
      item(section, cms['cms.trunk.dids']),
      filled(cms['cms.trunk.numberRule'], { value: '12ab' }),
    ).waitFor();
    expect(saves).toEqual([]);

    // An address, but the whole internet: said so, with the widest prefix the form takes.
    await section.getByLabel(filled(cms['cms.callCentre.numberRemove'], { number: '10.0.0.300' })).click();
    await addEntry(section, cms['cms.trunk.sources'], '0.0.0.0/0');
    await section.getByTestId('trunk-save').click();
    await fieldError(
      item(section, cms['cms.trunk.sources']),
      filled(cms['cms.trunk.sourceTooBroad'], { value: '0.0.0.0/0', v4: '8', v6: '32' }),
    ).waitFor();
    expect(saves).toEqual([]);

    // Put right: a host name, a prefix, numbers as people type them, a login.
    await section.getByTestId('trunk-host').fill('sip.carrier.example');
    await section.getByLabel(filled(cms['cms.callCentre.numberRemove'], { number: '0.0.0.0/0' })).click();
    await addEntry(section, cms['cms.trunk.sources'], '203.0.113.0/24');
    await section.getByLabel(filled(cms['cms.callCentre.numberRemove'], { number: '12ab' })).click();
    await addEntry(section, cms['cms.trunk.dids'], '+49 30 1234-567');
    await addEntry(section, cms['cms.trunk.displayNumbers'], '+4930999');
    expect(await entries(section, 'trunk-dids')).toEqual(['+49301234567']);
    await section.getByTestId('trunk-username').fill('acme-trunk');
    await section.getByTestId('trunk-password').fill(PASSWORD);

    // Switched on, on a server without SIP_LISTEN and RTPENGINE_NG: the server says so on the switch.
    await section.getByTestId('trunk-enabled').click();
    await section.getByTestId('trunk-save').click();
    await fieldError(item(section, cms['cms.trunk.enabled']), errors['error.telephonyNotConfigured']).waitFor();
    expect(saves).toHaveLength(1);

    // Switched off, it is saved.
    await section.getByTestId('trunk-enabled').click();
    await section.getByTestId('trunk-save').click();
    await page.getByText(cms['cms.trunk.saved']).waitFor();
    await expect.poll(() => section.getByTestId('trunk-status').textContent()).toBe(cms['cms.callCentre.off']);
    expect(saves).toHaveLength(2);

    // After a reload: the trunk as saved, the password field empty, saying a password is kept.
    await page.reload();
    await section.getByTestId('trunk-status').waitFor();
    await expect.poll(() => section.getByTestId('trunk-host').inputValue()).toBe('sip.carrier.example');
    expect(await section.getByTestId('trunk-status').textContent()).toBe(cms['cms.callCentre.off']);
    expect(await section.getByTestId('trunk-password').inputValue()).toBe('');
    expect(await section.getByTestId('trunk-password-help').textContent()).toContain(cms['cms.trunk.passwordSaved']);
    expect(await section.getByTestId('trunk-username').inputValue()).toBe('acme-trunk');
    expect(await entries(section, 'trunk-sources')).toEqual(['203.0.113.0/24']);
    expect(await entries(section, 'trunk-dids')).toEqual(['+49301234567']);
    expect(await entries(section, 'trunk-display-numbers')).toEqual(['+4930999']);
    const tenants = (await api(page, 'cms/get_tenant_list', { page_number: -1 })).data as { list: { _id: string }[] };
    const tenantId = tenants.list[0]?._id;
    const read = await api(page, 'cms/get_trunk', { tenant_id: tenantId });
    expect(read.data).toMatchObject({ enabled: false, has_password: true, port: 5060, transport: 'udp' });
    expect(read.text).not.toContain(PASSWORD);

    // Clearing the password is said before it is saved, and can be taken back.
    await section.getByTestId('trunk-password-clear').click();
    expect(await section.getByTestId('trunk-password-help').textContent()).toContain(cms['cms.trunk.passwordCleared']);
    await section.getByTestId('trunk-password-clear').click();
    expect(await section.getByTestId('trunk-password-help').textContent()).toContain(cms['cms.trunk.passwordSaved']);

    // Removed, after a confirmation: the tenant has no trunk again.
    await section.getByTestId('trunk-remove').click();
    const popover = page.locator('.ant-popover');
    await popover.getByText(filled(cms['cms.trunk.removeConfirm'], { name: 'Demo tenant' })).waitFor();
    await animationsSettled(page, '.ant-popover');
    await popover.getByRole('button', { name: shell['shell.common.ok'] }).click();
    await page.getByText(cms['cms.trunk.removed']).waitFor();
    await expect.poll(() => section.getByTestId('trunk-status').textContent()).toBe(cms['cms.trunk.statusNone']);
    await expect.poll(() => section.getByTestId('trunk-host').inputValue()).toBe('');
    expect((await api(page, 'cms/get_trunk', { tenant_id: tenantId })).data).toBeNull();
    await context.close();
  });

  it("sets the caps and the dial plan: a country's emergency numbers, bad entries refused on their lists, an agent's extension refused by the server, all kept", async () => {
    const { context, page } = await englishVisitor(e2e.browser);
    await openCallCentre(page, e2e.server.clientUrl, 'trunk-status');
    const section = page.getByTestId('trunk-section');
    const plan = section.getByTestId('trunk-dial-plan');
    await section.getByTestId('trunk-host').fill('sip.carrier.example');

    // A country fills the empty list of short numbers with its emergency numbers.
    expect(await entries(plan, 'trunk-short-numbers')).toEqual([]);
    await pickOption(page, plan.getByTestId('trunk-country'), 'China (CN)', 'China');
    await expect.poll(() => entries(plan, 'trunk-short-numbers')).toEqual(['110', '112', '119', '120', '122']);
    expect(await plan.getByRole('radio', { name: cms['cms.trunk.internationalNobody'] }).isChecked()).toBe(true);

    // One digit is no short number, '+' alone no prefix: said on their lists, nothing sent.
    await addEntry(plan, cms['cms.trunk.shortNumbers'], '9');
    await addEntry(plan, cms['cms.trunk.blockedPrefixes'], '+');
    await section.getByTestId('trunk-save').click();
    await fieldError(plan, filled(cms['cms.trunk.shortNumberRule'], { value: '9' })).waitFor();
    await fieldError(
      item(plan, cms['cms.trunk.blockedPrefixes']),
      filled(cms['cms.trunk.prefixRule'], { value: '+' }),
    ).waitFor();

    // Put right, with Li Na's extension among the short numbers: the server refuses it on the list.
    await plan.getByLabel(filled(cms['cms.callCentre.numberRemove'], { number: '9' })).click();
    await plan.getByLabel(filled(cms['cms.callCentre.numberRemove'], { number: '+' })).click();
    await addEntry(plan, cms['cms.trunk.shortNumbers'], '8001 95588');
    await addEntry(plan, cms['cms.trunk.blockedPrefixes'], '+1 900');
    await addEntry(plan, cms['cms.trunk.allowedPrefixes'], '+4930');
    await plan.getByRole('radio', { name: cms['cms.trunk.internationalSupervisors'] }).check();
    await section.getByTestId('trunk-save').click();
    await fieldError(plan, filled(errors['error.shortNumberIsExtension'], { number: '8001' })).waitFor();

    await plan.getByLabel(filled(cms['cms.callCentre.numberRemove'], { number: '8001' })).click();
    // The caps: a new trunk's 30 calls changed to 4, the waiting callers' cap emptied (no cap).
    expect(await section.getByTestId('trunk-max-calls').inputValue()).toBe('30');
    expect(await section.getByTestId('trunk-max-waiting').inputValue()).toBe('20');
    await section.getByTestId('trunk-max-calls').fill('4');
    await section.getByTestId('trunk-max-waiting').fill('');
    await section.getByTestId('trunk-save').click();
    await page.getByText(cms['cms.trunk.saved']).waitFor();

    // After a reload: the plan as saved, and as the API answers it.
    await page.reload();
    await expect.poll(() => entries(plan, 'trunk-short-numbers')).toEqual(['110', '112', '119', '120', '122', '95588']);
    expect(await plan.getByTestId('trunk-country').textContent()).toContain('China (CN)');
    expect(await entries(plan, 'trunk-blocked-prefixes')).toEqual(['+1900']);
    expect(await entries(plan, 'trunk-allowed-prefixes')).toEqual(['+4930']);
    expect(await plan.getByRole('radio', { name: cms['cms.trunk.internationalSupervisors'] }).isChecked()).toBe(true);
    const tenants = (await api(page, 'cms/get_tenant_list', { page_number: -1 })).data as { list: { _id: string }[] };
    const read = await api(page, 'cms/get_trunk', { tenant_id: tenants.list[0]?._id });
    expect(read.data).toMatchObject({ max_calls: 4, max_waiting: null });
    expect(await section.getByTestId('trunk-max-waiting').inputValue()).toBe('');
    expect((read.data as { dial_plan: unknown }).dial_plan).toEqual({
      country: 'CN',
      short_numbers: ['110', '112', '119', '120', '122', '95588'],
      allowed_prefixes: ['+4930'],
      blocked_prefixes: ['+1900'],
      international: 'supervisors',
    });
    await context.close();
  });

  it('adds failover servers: one the trunk already names refused on its field, kept after a reload with each server shown unchecked', async () => {
    const { context, page } = await englishVisitor(e2e.browser);
    await openCallCentre(page, e2e.server.clientUrl, 'trunk-status');
    const section = page.getByTestId('trunk-section');
    const carriers = section.getByTestId('trunk-carriers');
    await section.getByTestId('trunk-host').fill('sip.carrier.example');
    // Pings are on for a new trunk, and a call whose carrier goes silent for a minute is ended.
    expect(await carriers.getByTestId('trunk-options-ping').getAttribute('aria-checked')).toBe('true');
    const silence = section.getByTestId('trunk-far-end-silence');
    expect(await silence.inputValue()).toBe('60');
    // Under the smallest limit: the field puts it right (10 s) rather than send what the server refuses.
    await silence.fill('3');
    await silence.blur();
    await expect.poll(() => silence.inputValue()).toBe('10');
    await silence.fill('45');

    // The trunk's own server again (the name in another case), then a second one.
    await carriers.getByTestId('trunk-failover-add').click();
    await carriers.getByTestId('trunk-failover-host').first().fill('SIP.carrier.example');
    await carriers.getByTestId('trunk-failover-add').click();
    await carriers.getByTestId('trunk-failover-host').nth(1).fill('sip2.carrier.example');
    await carriers.getByTestId('trunk-failover-port').nth(1).fill('5080');
    await section.getByTestId('trunk-save').click();
    await fieldError(carriers, cms['cms.trunk.failoverDuplicate']).waitFor();

    await carriers.getByLabel(filled(cms['cms.trunk.removeFailover'], { n: '1' })).click();
    await expect.poll(() => carriers.getByTestId('trunk-failover-row').count()).toBe(1);
    await section.getByTestId('trunk-save').click();
    await page.getByText(cms['cms.trunk.saved']).waitFor();

    await page.reload();
    await expect
      .poll(() => carriers.getByTestId('trunk-failover-host').first().inputValue())
      .toBe('sip2.carrier.example');
    expect(await carriers.getByTestId('trunk-failover-port').first().inputValue()).toBe('5080');
    expect(await silence.inputValue()).toBe('45');
    // This server runs no SIP: nothing has checked either server.
    const states = carriers.getByTestId('trunk-carrier-state');
    await expect
      .poll(() => states.allTextContents())
      .toEqual([
        `sip.carrier.example:5060 ${cms['cms.trunk.carrierUnchecked']}`,
        `sip2.carrier.example:5080 ${cms['cms.trunk.carrierUnchecked']}`,
      ]);
    await context.close();
  });
});
