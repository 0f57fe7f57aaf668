/**
 * The softphone embedded as an integrator really does it (issue #9, item 5): examples/embed.html
 * served by another site (http://localhost:<port>, while the server is http://127.0.0.1:<port>),
 * with the SDK's script tag pointing at our server. The page gets its login token across origins
 * (CORS), frames the phone because the server lists it in PHONE_FRAME_ANCESTORS, and hears the
 * catalogued errors: a wrong password, an expired token. A site not on that list cannot frame
 * the phone at all, and the SDK says so.
 */
import { randomUUID } from 'node:crypto';
import { readFile, rm, mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { SignJWT } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { dictionaries } from '@open/protocol/messages/index';
import { cspViolations, freshVisitor, launchBrowser, startServer, type RunningServer } from './harness.js';

const examples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/softphone/examples');
const LINA = 'lina@demo.example.com';

/**
 * An integrator's web server: the example's three files, the SDK's script tag pointed at our
 * server (asked for when a page is served: the server starts once it knows this site's origin).
 */
async function integratorSite(server: () => string): Promise<{ origin: string; close: () => Promise<void> }> {
  const page = await readFile(path.join(examples, 'embed.html'), 'utf8');
  const script = await readFile(path.join(examples, 'embed.js'), 'utf8');
  const style = await readFile(path.join(examples, 'embed.css'), 'utf8');
  const files: Record<string, [() => string, string]> = {
    '/embed.html': [
      () => page.replace('src="../sdk/softphone.js"', `src="${server()}/dzfront/open/client/sdk/softphone.js"`),
      'text/html; charset=utf-8',
    ],
    '/embed.js': [() => script, 'text/javascript'],
    '/embed.css': [() => style, 'text/css'],
  };
  const site: Server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    response.writeHead(file ? 200 : 404, { 'content-type': file?.[1] ?? 'text/plain' });
    response.end(file ? file[0]() : 'not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  // `localhost` is another site than `127.0.0.1`, and still a secure context (the microphone).
  const origin = `http://localhost:${(site.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise((resolve) => {
        site.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * A login token of Lina's that expired a minute ago, signed with her tenant's own key, as the
 * server would have issued it 16 minutes earlier. The key is read from the embedded database
 * while the server is stopped (it holds the database open while it runs).
 */
async function expiredToken(dataDir: string): Promise<string> {
  const db = new PGlite(path.join(dataDir, 'pglite'));
  try {
    const { rows } = await db.query<{ tenant_id: string; agent_id: string; signing_key: string }>(
      `select t.id as tenant_id, a.id as agent_id, t.signing_key
         from agent a join tenant t on t.id = a.tenant_id where a.email = $1`,
      [LINA],
    );
    const row = rows[0];
    if (!row) throw new Error('the demo agent is missing');
    const now = Math.floor(Date.now() / 1000);
    return await new SignJWT({ tid: row.tenant_id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('open-platform')
      .setAudience('cti')
      .setSubject(row.agent_id)
      .setJti(randomUUID())
      .setIssuedAt(now - 16 * 60)
      .setExpirationTime(now - 60)
      .sign(Buffer.from(row.signing_key, 'base64url'));
  } finally {
    await db.close();
  }
}

let dataDir: string;
type Site = Awaited<ReturnType<typeof integratorSite>>;
/** What beforeAll starts (it may fail part-way: afterAll closes what did start). */
const running: { server?: RunningServer; browser?: Browser; allowed?: Site; refused?: Site } = {};
const started = <T>(part: T | undefined): T => {
  if (part === undefined) throw new Error('started in beforeAll');
  return part;
};
const server = () => started(running.server);
const browser = () => started(running.browser);
const allowed = () => started(running.allowed);
const refused = () => started(running.refused);
let stale: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'open-e2e-cross-'));
  // The first start seeds the demo tenant; its key is read once the server has let go of the database.
  const seeding = await startServer({ dataDir });
  await seeding.stop();
  stale = await expiredToken(dataDir);
  const ours = () => server().origin;
  [running.allowed, running.refused] = await Promise.all([integratorSite(ours), integratorSite(ours)]);
  running.server = await startServer({ dataDir, env: { PHONE_FRAME_ANCESTORS: `'self' ${allowed().origin}` } });
  running.browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  expect(cspViolations).toEqual([]);
  await running.browser?.close();
  await running.server?.stop();
  await running.allowed?.close();
  await running.refused?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function openExample(context: BrowserContext, site: string, password?: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${site}/embed.html`);
  await page.getByLabel('Account').fill(LINA);
  if (password !== undefined) await page.getByLabel('Password').fill(password);
  await page.getByLabel('Language').fill('en');
  await page.getByRole('button', { name: 'Start the phone' }).click();
  return page;
}

describe('the embed example on another site, allowed to frame the phone', () => {
  it('gets a login token across origins and runs the phone: signed in, checked in, events heard', async () => {
    const context = await freshVisitor(browser());
    const page = await openExample(context, allowed().origin);
    const phone = page.frameLocator('#phone iframe');
    await phone.getByTestId('agent-status').waitFor();
    expect(await phone.getByTestId('connection').textContent()).toBe(
      dictionaries.softphone.en['softphone.ui.socket.open'],
    );
    await page.getByRole('button', { name: 'login (ready)' }).click();
    await expect
      .poll(() => phone.getByTestId('agent-status').textContent(), { timeout: 20_000 })
      .toBe(dictionaries.softphone.en['softphone.ui.agentStatus.idle']);
    await expect
      .poll(async () =>
        (await page.locator('#events li').allTextContents()).some((l) => l.includes('agentStatusChange')),
      )
      .toBe(true);
    await context.close();
  });

  it('shows the catalogued error of a wrong password', async () => {
    const context = await freshVisitor(browser());
    const page = await openExample(context, allowed().origin, 'not-the-password');
    const { code } = errorCatalogue.basicLoginFailed;
    // The page, the SDK and a refused sign-in (a password hash checked) beside another test file
    // on this 2-core machine: more than expect.poll's default 5 s in one CI run.
    await expect
      .poll(() => page.locator('#error').textContent(), { timeout: 20_000 })
      .toBe(`${code}: ${dictionaries.error.en['error.basicLoginFailed']}`);
    expect(await page.locator('#phone iframe').count()).toBe(0);
    await context.close();
  });

  it('refuses an expired token with its catalogued error, in the page and in the phone, in the agent’s language', async () => {
    for (const lang of ['en', 'zh-CN'] as const) {
      const context = await freshVisitor(browser());
      const page = await context.newPage();
      await page.goto(`${allowed().origin}/embed.html`);
      const refusal = await page.evaluate(
        async ({ token, serverUrl, lang }) => {
          const sdk = (window as unknown as { Softphone: { init: (o: unknown) => { ready: Promise<unknown> } } })
            .Softphone;
          try {
            await sdk.init({ container: '#phone', serverUrl, token, lang }).ready;
            return null;
          } catch (error) {
            const { code, message } = error as { code: number; message: string };
            return { code, message };
          }
        },
        { token: stale, serverUrl: server().origin, lang },
      );
      const text = dictionaries.error[lang]['error.loginTokenExpired'];
      expect(refusal).toEqual({ code: errorCatalogue.loginTokenExpired.code, message: text });
      await expect.poll(() => page.frameLocator('#phone iframe').getByRole('alert').textContent()).toBe(text);
      await context.close();
    }
  });
});

describe('a site that is not on the list', () => {
  it('cannot frame the phone: the browser refuses the frame, and the SDK says why', async () => {
    // Not a freshVisitor: the refusal is a policy violation on purpose, not a fault of our pages.
    const context = await browser().newContext({ locale: 'en-US' });
    const page = await openExample(context, refused().origin);
    const { code } = errorCatalogue.cannotSend;
    await expect.poll(() => page.locator('#error').textContent(), { timeout: 15_000 }).toMatch(`${code}: `);
    expect(await page.locator('#error').textContent()).toContain('PHONE_FRAME_ANCESTORS');
    // The frame holds the browser's error page, not the phone.
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame?.url()).not.toContain('/dzfront/open/client/phone/');
    expect(await page.frameLocator('#phone iframe').getByTestId('agent-status').count()).toBe(0);
    await context.close();
  });
});
