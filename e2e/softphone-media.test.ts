/**
 * The softphone's harder promises (issue #9, items 2 and 5), in Chromium with fake media devices:
 * an internal call between two agents in two browser contexts carries real audio over WebRTC
 * (both sides' statistics count bytes received), the call survives its socket being dropped, and
 * a second tab that takes the agent over can be taken back from.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, FrameLocator, Page, WebSocketRoute } from 'playwright-core';
import { CTI_SOCKET_PATH } from '@open/protocol/paths';
import { dictionaries } from '@open/protocol/messages/index';
import { freshVisitor, useServerAndBrowser } from './harness.js';

const phoneWords = dictionaries.softphone.en;
const e2e = useServerAndBrowser();

interface Agent {
  context: BrowserContext;
  page: Page;
  phone: FrameLocator;
  /** The phone's socket connections, as Chromium opened them, newest last. */
  sockets: WebSocketRoute[];
}

/** The plain embed example, signed in as `account`, its sockets passed through a route the test can cut. */
async function startAgent(account: string, context?: BrowserContext): Promise<Agent> {
  const visitor = context ?? (await freshVisitor(e2e.browser));
  const sockets: WebSocketRoute[] = [];
  await visitor.routeWebSocket(
    (url) => url.pathname === CTI_SOCKET_PATH,
    (socket) => {
      socket.connectToServer();
      sockets.push(socket);
    },
  );
  const page = await visitor.newPage();
  await page.goto(`${e2e.server.origin}/dzfront/open/client/examples/embed.html`);
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Language').fill('en');
  await page.getByRole('button', { name: 'Start the phone' }).click();
  const phone = page.frameLocator('#phone iframe');
  await phone.getByTestId('agent-status').waitFor();
  return { context: visitor, page, phone, sockets };
}

async function checkIn({ phone }: Agent) {
  await phone.getByRole('button', { name: phoneWords['softphone.ui.checkIn'] }).click();
  await expect
    .poll(() => phone.getByTestId('agent-status').textContent())
    .toBe(phoneWords['softphone.ui.agentStatus.idle']);
}

const bytesReceived = async ({ phone }: Agent) =>
  Number((await phone.getByTestId('call-media').getAttribute('data-bytes-received')) ?? 0);

describe('internal calls with WebRTC', () => {
  let lina: Agent;
  let wang: Agent;

  beforeAll(async () => {
    [lina, wang] = await Promise.all([startAgent('lina@demo.example.com'), startAgent('wangwei@demo.example.com')]);
  });

  it('carries audio both ways between two agents in two browsers', async () => {
    await Promise.all([checkIn(lina), checkIn(wang)]);
    await lina.phone.getByLabel(phoneWords['softphone.ui.numberPlaceholder']).fill('8002');
    await lina.phone.getByRole('button', { name: phoneWords['softphone.ui.dial'], exact: true }).click();
    await wang.phone.getByRole('button', { name: phoneWords['softphone.ui.answer'] }).click();

    for (const agent of [lina, wang]) {
      await expect
        .poll(() => agent.phone.getByTestId('call-media').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('connected');
      await expect.poll(() => bytesReceived(agent), { timeout: 15_000 }).toBeGreaterThan(1000);
    }
    expect(await lina.phone.getByTestId('call-media').textContent()).toContain(
      phoneWords['softphone.ui.media.connected'],
    );
  });

  it('keeps the call and its audio when the socket drops, and resumes the session', async () => {
    const before = await bytesReceived(lina);
    const dropped = lina.sockets.at(-1);
    if (!dropped) throw new Error('no socket was opened');
    // Cut the page's side as a dead network would: no closing handshake from the phone.
    await dropped.close({ code: 4000, reason: 'network dropped by the test' });

    await expect.poll(() => lina.sockets.length, { timeout: 20_000 }).toBeGreaterThan(1);
    await expect
      .poll(() => lina.phone.getByTestId('connection').textContent(), { timeout: 20_000 })
      .toBe(phoneWords['softphone.ui.socket.open']);
    expect(await lina.phone.getByTestId('call').textContent()).toContain(phoneWords['softphone.ui.callStatus.talking']);
    // Media flows peer to peer: it went on while the socket was down.
    await expect.poll(() => bytesReceived(lina), { timeout: 10_000 }).toBeGreaterThan(before);
    expect(await lina.page.locator('#events li').allTextContents()).toContainEqual(
      expect.stringContaining('interruptionCancelled'),
    );

    await wang.phone.getByRole('button', { name: phoneWords['softphone.ui.hangUp'] }).click();
    await lina.phone.getByTestId('call').waitFor({ state: 'detached' });
    await lina.phone.getByTestId('call-media').waitFor({ state: 'detached' });
  });

  it('says when another tab took the agent over, and takes it back', async () => {
    const second = await startAgent('wangwei@demo.example.com', await freshVisitor(e2e.browser));
    await wang.phone.getByTestId('replaced').waitFor();
    expect(await wang.phone.getByTestId('replaced').textContent()).toContain(phoneWords['softphone.ui.replaced']);

    await wang.phone.getByRole('button', { name: phoneWords['softphone.ui.takeOver'] }).click();
    await wang.phone.getByTestId('agent-status').waitFor();
    await second.phone.getByTestId('replaced').waitFor();
    // The agent kept their status through both moves.
    expect(await wang.phone.getByTestId('agent-status').textContent()).not.toBe(
      phoneWords['softphone.ui.agentStatus.offline'],
    );
  });
});
