/**
 * The diagnostics page (issue #10), in Chromium against the built server: a full run (login,
 * socket, network type, ping, curl, bandwidth, call quality, the result fields), the socket cut
 * by the server side (an abnormal close, reconnect rows and their count), a bad login token
 * (authentication failed), the browser offline and back (network disconnected, connected,
 * recovered), the forms' bad input, export then import of the same report, a damaged file, and
 * the comparison of two runs.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { CTI_SOCKET_PATH } from '@open/protocol/paths';
import { freshVisitor, pickOption, useServerAndBrowser } from './harness.js';

const words = dictionaries.diagnose.en;
const loginWords = dictionaries.agentLogin.en;
const shell = dictionaries.shell.en;

const e2e = useServerAndBrowser();

interface Visit {
  context: BrowserContext;
  page: Page;
  sockets: WebSocketRoute[];
}

/** The page in English, its sockets passed through a route the test can cut from the server's side. */
async function openDiagnose(): Promise<Visit> {
  const context = await freshVisitor(e2e.browser);
  const sockets: WebSocketRoute[] = [];
  await context.routeWebSocket(
    (url) => url.pathname === CTI_SOCKET_PATH,
    (socket) => {
      socket.connectToServer();
      sockets.push(socket);
    },
  );
  const page = await context.newPage();
  await page.addInitScript(() => {
    localStorage.setItem('globalLang', 'en');
  });
  await page.goto(`${e2e.server.clientUrl}#/diagnose`);
  await page.getByRole('heading', { name: words['diagnose.title'], level: 1 }).waitFor();
  return { context, page, sockets };
}

async function signIn(page: Page, account = 'lina@demo.example.com', password = 'agent@open') {
  await page.getByLabel(loginWords['agentLogin.account'], { exact: true }).fill(account);
  await page.getByLabel(loginWords['agentLogin.password'], { exact: true }).fill(password);
}

/** The log's rows of one type (its `data-type`), as their message text. */
async function logRows(page: Page, type: string): Promise<string[]> {
  return page.locator(`[data-testid="log-table"] tr:has([data-type="${type}"]) td:last-child`).allTextContents();
}

const socketState = (page: Page) => page.getByTestId('socket-state').getAttribute('data-state');

describe('a full run on the local server', () => {
  let visit: Visit;
  beforeAll(async () => {
    visit = await openDiagnose();
  });

  it('runs every test and fills the report', async () => {
    const { page } = visit;
    await signIn(page);
    await page.getByTestId('run-all').click();
    const result = page.getByTestId('bandwidth-result');
    await expect.poll(() => result.getAttribute('data-state'), { timeout: 90_000, interval: 500 }).toBe('done');

    // Login: the Basic token and the socket's authentication, both passed and timed.
    const steps = page.getByTestId('login-steps');
    await expect.poll(() => steps.locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await steps.textContent()).toContain(words['diagnose.login.step.basicToken']);
    expect(await steps.textContent()).toContain(words['diagnose.login.step.socketAuth']);
    expect(await steps.getByText(words['diagnose.login.failed']).count()).toBe(0);
    expect(await socketState(page)).toBe('open');

    // Bandwidth: both directions measured, the line rate above the data rate by the overhead.
    const download = Number(await result.getAttribute('data-download-link-mbps'));
    const goodput = Number(await result.getAttribute('data-download-goodput-mbps'));
    const upload = Number(await result.getAttribute('data-upload-link-mbps'));
    expect(download).toBeGreaterThan(0);
    expect(upload).toBeGreaterThan(0);
    expect(download / goodput).toBeCloseTo(1514 / 1448, 3);

    // Ping over HTTP and the socket, no loss on loopback, and a verdict from the E-model.
    const ping = await page.getByTestId('ping-table').textContent();
    expect(ping).toContain('0.0 %');
    expect(await page.getByTestId('quality').getAttribute('data-verdict')).toBe('good');
    expect(await page.getByTestId('quality').textContent()).toContain(words['diagnose.quality.verdict.good']);

    // Curl: our API and a static file answered, with their phases (same origin: Resource Timing shares them).
    const curl = page.getByTestId('curl-table');
    expect(await curl.locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await curl.getByText('HTTP 200').count()).toBe(2);
    expect(await curl.getByText(words['diagnose.curl.phasesHidden']).count()).toBe(0);

    // The result fields of spec §3.
    const fields = await page.getByTestId('result-fields').textContent();
    expect(fields).toContain(words['diagnose.result.detectionTime']);
    expect(fields).toContain(words['diagnose.socket.state.open']);

    // The log: heartbeat, connected, curl, ping and bandwidth rows, from both sources.
    expect((await logRows(page, 'bandwidth')).length).toBe(2);
    await pickOption(page, page.getByTestId('log-source-filter'), words['diagnose.log.source.server']);
    // Data rows only: a table that scrolls sideways also has a hidden row that measures its columns.
    const serverRows = await page.locator('[data-testid="log-table"] tbody tr.ant-table-row').allTextContents();
    expect(serverRows.length).toBeGreaterThan(0);
    for (const row of serverRows) expect(row).toContain(words['diagnose.log.source.server']);
    // The sign-in, among the server's rows (the newest 50 of both sources may all be later ones).
    expect((await logRows(page, 'connected')).length).toBeGreaterThan(0);
  });

  it('logs an abnormal close, the reconnects and their count when the server drops the socket', async () => {
    const { page, sockets } = visit;
    const live = sockets.at(-1);
    expect(live).toBeDefined();
    await live?.close({ code: 4000, reason: 'dropped by the test' });
    await expect.poll(() => page.getByTestId('socket-close-type').getAttribute('data-close-type')).toBe('abnormal');
    await expect.poll(() => socketState(page), { timeout: 20_000 }).toBe('open');
    expect(Number(await page.getByTestId('socket-reconnects').textContent())).toBeGreaterThanOrEqual(1);
    // A click on the filter's list while it still opens can miss on a busy machine: in one CI run
    // the filter stayed on the server's rows, and this test and the two after it failed.
    await pickOption(page, page.getByTestId('log-source-filter'), words['diagnose.log.filterSource']);
    await expect.poll(async () => (await logRows(page, 'reconnecting'))[0]).toMatch(/^Reconnect 1:/);
    expect((await logRows(page, 'closed')).some((row) => row.includes('abnormally'))).toBe(true);
    expect(await logRows(page, 'reconnected')).not.toEqual([]);
  });

  it('logs the browser going offline and coming back', async () => {
    const { page, context } = visit;
    await context.setOffline(true);
    try {
      await expect.poll(async () => (await logRows(page, 'networkDisconnected')).length).toBe(1);
    } finally {
      // Back online whatever happened: the tests after this one measure the network.
      await context.setOffline(false);
    }
    await expect.poll(async () => (await logRows(page, 'networkConnected')).length).toBe(1);
    await expect.poll(async () => (await logRows(page, 'networkRecovered')).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => socketState(page), { timeout: 30_000 }).toBe('open');
  });

  it('exports the report as JSON and imports the same report back: every measure the same', async () => {
    const { page } = visit;
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    const file = await saved.path();
    const exported = JSON.parse(await readFile(file, 'utf8')) as { format: string; logs: unknown[] };
    expect(exported.format).toBe('open-diagnostics');
    await page.getByTestId('import-file').setInputFiles(file);
    await page.getByText(words['diagnose.log.imported']).waitFor();
    const table = page.getByTestId('compare-table');
    await table.waitFor();
    // The same report on both sides: no measure is better or worse.
    expect(await table.getByText(words['diagnose.compare.better']).count()).toBe(0);
    expect(await table.getByText(words['diagnose.compare.worse']).count()).toBe(0);
    expect(await table.getByText(words['diagnose.compare.same']).count()).toBeGreaterThan(5);
  });

  it('exports the log as CSV with a row per log row', async () => {
    const { page } = visit;
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const csv = await readFile(await saved.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(words['diagnose.log.message']);
    expect(csv).toContain(words['diagnose.message.connected']);
  });

  it('refuses a damaged file with a clear message and changes nothing', async () => {
    const { page } = visit;
    const before = await page.getByTestId('run-label').textContent();
    await page.getByTestId('import-file').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format":"open-diagnostics","version":1,"id":'),
    });
    await page.getByText(words['diagnose.import.notJson']).waitFor();
    await page.getByTestId('import-file').setInputFiles({
      name: 'other.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello":"world"}'),
    });
    await page.getByText(words['diagnose.import.notReport']).waitFor();
    expect(await page.getByTestId('run-label').textContent()).toBe(before);
  });

  it('compares two runs of this session side by side', async () => {
    const { page } = visit;
    await page.getByTestId('new-run').click();
    await expect.poll(() => page.getByTestId('run-label').textContent()).toContain('#2');
    await page.getByTestId('ping-run').click();
    await expect.poll(() => page.getByTestId('quality').getAttribute('data-verdict'), { timeout: 30_000 }).toBe('good');
    const toggle = page.getByTestId('compare-toggle');
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    const table = page.getByTestId('compare-table');
    await table.waitFor();
    expect(await table.locator('thead').textContent()).toContain('This run (#2)');
    await pickOption(page, page.getByTestId('compare-with'), 'Run #1');
    await expect.poll(() => table.locator('thead').textContent()).toContain('Run #1');
    // Run #2 measured no bandwidth: that row has a value on one side only, and no verdict.
    const row = table.locator('tr', { hasText: words['diagnose.metric.downloadMbps'] });
    expect(await row.getByText(words['diagnose.compare.better']).count()).toBe(0);
    expect(await row.textContent()).toContain('—');
    // The report imported above is run #1's own export, with its id: still a choice of its own.
    const importedLabel = words['diagnose.importedLabel'].split(' {{')[0] ?? '';
    await pickOption(page, page.getByTestId('compare-with'), importedLabel);
    await expect.poll(() => table.locator('thead').textContent()).toContain(`${importedLabel} #1`);
  });
});

describe('failures the page must name', () => {
  it('a bad login token: the socket authentication fails with its catalogued message', async () => {
    const { page, context } = await openDiagnose();
    // The Basic service answers with a token the socket will not accept.
    await page.route('**/api/basic/get_login_token', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { data: { token: string } };
      answer.data.token = `${answer.data.token.slice(0, -4)}AAAA`;
      await route.fulfill({ response, json: answer });
    });
    await signIn(page, 'maria@demo.example.com');
    await page.getByTestId('login-run').click();
    const steps = page.getByTestId('login-steps');
    // A token fetched through the route above, then a socket opened and refused: beside another
    // test file on this 2-core machine, that took longer than expect.poll's default 5 s.
    const patience = { timeout: 20_000 };
    await expect.poll(() => steps.locator('tbody tr.ant-table-row').count(), patience).toBe(2);
    // The second step's row is drawn before its outcome is written into it.
    await expect.poll(() => steps.textContent(), patience).toContain(words['diagnose.login.failed']);
    await expect.poll(() => steps.textContent()).toContain(dictionaries.error.en['error.loginTokenInvalid']);
    await expect.poll(async () => (await logRows(page, 'authFailed')).length).toBe(1);
    expect((await logRows(page, 'authFailed'))[0]).toContain(dictionaries.error.en['error.loginTokenInvalid']);
    await context.close();
  });

  it('a wrong password, an empty form and a bad curl address', async () => {
    const { page, context } = await openDiagnose();
    await page.getByTestId('login-run').click();
    await page.getByText(shell['shell.common.formInvalid']).waitFor();
    await page.getByText(loginWords['agentLogin.accountPrompt']).first().waitFor();
    await signIn(page, 'lina@demo.example.com', 'wrong');
    await page.getByTestId('login-run').click();
    const steps = page.getByTestId('login-steps');
    await expect.poll(() => steps.textContent()).toContain(dictionaries.error.en['error.basicLoginFailed']);
    expect(await socketState(page)).toBe('none');
    // Ping without a socket: the log says the socket instance does not exist.
    await page.getByTestId('ping-run').click();
    await expect
      .poll(async () => (await logRows(page, 'error')).join(' '), { timeout: 30_000 })
      .toContain(dictionaries.error.en['error.socketMissing']);
    await page.getByLabel(words['diagnose.curl.target']).fill('ftp://example.com');
    await page.getByRole('button', { name: words['diagnose.curl.add'], exact: true }).click();
    await page.getByText(words['diagnose.curl.addInvalid']).waitFor();
    await context.close();
  });
});
