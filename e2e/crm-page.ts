/**
 * A CRM on another site that embeds our phones with the SDK (issue #41's browser tests): its
 * page, served from `localhost` while our server is `127.0.0.1`, and what the tests do through
 * it, as a CRM's own script would: get a login token, init a phone, call its methods, keep what
 * it hears.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { cspViolations, launchBrowser, startServer, type RunningServer } from './harness.js';

export const PASSWORD = 'agent@open';

/** The CRM's page: the SDK from our server and a container per phone, nothing else. */
export async function crmSite(
  sdkOrigin: () => string,
  containers: readonly string[],
): Promise<{ origin: string; close: () => Promise<void> }> {
  const site: Server = createServer((request, response) => {
    if (request.url !== '/crm.html') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>A CRM that draws its own phone</title>
    <script id="softphone-sdk" src="${sdkOrigin()}/dzfront/open/client/sdk/softphone.js"></script>
  </head>
  <body>
    ${containers.map((id) => `<div id="${id}"></div>`).join('\n    ')}
  </body>
</html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    // `localhost` is another site than `127.0.0.1`, and still a secure context (the microphone).
    origin: `http://localhost:${(site.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        site.close(() => {
          resolve();
        });
      }),
  };
}

/** What the page keeps on its window. */
export interface CrmWindow {
  Softphone: { init(options: Record<string, unknown>): CrmPhone };
  phones?: Record<string, CrmPhone>;
  heard?: Record<string, { name: string; data: Record<string, unknown> }[]>;
}
export interface CrmPhone {
  ready: Promise<unknown>;
  on(name: string, handler: (payload: { name: string; data: Record<string, unknown> }) => void): void;
  call(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  destroy(): void;
}

/** Starts a phone for `account` into `#<name>`, its events kept under `name`; resolves with `ready`'s outcome. */
export function startPhone(page: Page, name: string, account: string, visible = false): Promise<string> {
  return page.evaluate(
    async ({ name, account, password, visible }) => {
      const win = window as unknown as CrmWindow;
      const serverUrl = new URL((document.getElementById('softphone-sdk') as HTMLScriptElement).src).origin;
      const response = await fetch(`${serverUrl}/dzfront/open/server/api/basic/get_login_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account, password }),
        credentials: 'omit',
      });
      const answer = (await response.json()) as { code: number; data: { token: string } };
      const phones = (win.phones ??= {});
      const heardBy = (win.heard ??= {});
      const heard: { name: string; data: Record<string, unknown> }[] = [];
      heardBy[name] = heard;
      const phone = win.Softphone.init({
        container: `#${name}`,
        serverUrl,
        token: answer.data.token,
        lang: 'en',
        visible,
      });
      phones[name] = phone;
      phone.on('*', (payload) => heard.push({ name: payload.name, data: payload.data }));
      try {
        await phone.ready;
        return 'ready';
      } catch (error) {
        return `refused ${String((error as { code?: number }).code)}`;
      }
    },
    { name, account, password: PASSWORD, visible },
  );
}

/** A method of the phone in `#<name>`, through the SDK; its answer or its refusal's code. */
export function callPhone(page: Page, name: string, method: string, params: Record<string, unknown> = {}) {
  return page.evaluate(
    async ({ name, method, params }) => {
      try {
        return { ok: true, data: await (window as unknown as CrmWindow).phones?.[name]?.call(method, params) };
      } catch (error) {
        return { ok: false, code: (error as { code?: number }).code, message: (error as Error).message };
      }
    },
    { name, method, params },
  );
}

export const heard = (page: Page, name: string) =>
  page.evaluate((name) => (window as unknown as CrmWindow).heard?.[name] ?? [], name);

/**
 * Our server (with `env` on top of the frame ancestors that let the CRM embed it), a browser and
 * the CRM's site with a container per name: started before the file's tests, stopped after them.
 */
export function useCrmSite(containers: readonly string[], env: Record<string, string> = {}) {
  const running: { server?: RunningServer; browser?: Browser; site?: Awaited<ReturnType<typeof crmSite>> } = {};
  const started = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error('started in beforeAll');
    return part;
  };
  beforeAll(async () => {
    const site = await crmSite(() => started(running.server).origin, containers);
    running.site = site;
    [running.server, running.browser] = await Promise.all([
      startServer({ env: { PHONE_FRAME_ANCESTORS: `'self' ${site.origin}`, ...env } }),
      launchBrowser(),
    ]);
  }, 120_000);
  afterAll(async () => {
    expect(cspViolations).toEqual([]);
    await running.browser?.close();
    await running.server?.stop();
    await running.site?.close();
  });
  return {
    server: () => started(running.server),
    browser: () => started(running.browser),
    /** The CRM site's origin. */
    origin: () => started(running.site).origin,
  };
}
