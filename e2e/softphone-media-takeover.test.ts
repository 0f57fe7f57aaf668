/**
 * Media of internal calls beyond two phones that stay put (issue #19, points 4, 8 and 9), in
 * Chromium with fake media devices, measured from the peer connections' own statistics rather
 * than from what the phone shows:
 *
 * - a second tab takes an agent over during the call, then the first takes it back: each time
 *   the colleague receives audio again within seconds, and the tab that lost the agent closes its
 *   connections and lets go of its microphone;
 * - DTMF sent by one agent reaches the other (the engine's event) and goes into the audio
 *   (RTCDTMFSender plays each tone);
 * - a supervisor monitors (hears both agents, heard by neither), inserts (heard by both), moves
 *   to another tab (heard and hearing again), and stops (its connections close everywhere).
 *
 * The test reaches the connections by wrapping RTCPeerConnection and getUserMedia in an init
 * script of its own browser contexts: the phone has no hook for tests.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Frame, FrameLocator, Page, WebSocketRoute } from 'playwright-core';
import { dictionaries } from '@open/protocol/messages/index';
import { CTI_SOCKET_PATH } from '@open/protocol/paths';
import { freshVisitor, useServerAndBrowser } from './harness.js';

const phoneWords = dictionaries.softphone.en;
const e2e = useServerAndBrowser();

interface Agent {
  context: BrowserContext;
  page: Page;
  phone: FrameLocator;
  /** The phone's socket connections, newest last, passed through a route the test can cut. */
  sockets: WebSocketRoute[];
}

/** One peer connection of a phone, as the test sees it. */
interface Connection {
  state: RTCPeerConnectionState;
  /** Inbound audio RTP bytes: what this phone hears on it. */
  received: number;
}

/** What the init script keeps in each frame. */
interface Watched {
  connections: RTCPeerConnection[];
  streams: MediaStream[];
  tones: string[];
}

/** Keeps every peer connection and every opened device of the frame, for the test to read. */
function watchMedia() {
  const Native = window.RTCPeerConnection as typeof RTCPeerConnection | undefined;
  // Frames without WebRTC or devices (an insecure page) have nothing to watch.
  const devices = navigator.mediaDevices as MediaDevices | undefined;
  if (!Native || !devices) return;
  const watched: Watched = { connections: [], streams: [], tones: [] };
  Object.defineProperty(window, '__e2eMedia', { value: watched });
  window.RTCPeerConnection = class extends Native {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      watched.connections.push(this);
    }
  };
  const open = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
    const stream = await open(constraints);
    watched.streams.push(stream);
    return stream;
  };
}

async function startAgent(account: string): Promise<Agent> {
  const context = await freshVisitor(e2e.browser);
  await context.addInitScript(watchMedia);
  const sockets: WebSocketRoute[] = [];
  await context.routeWebSocket(
    (url) => url.pathname === CTI_SOCKET_PATH,
    (socket) => {
      socket.connectToServer();
      sockets.push(socket);
    },
  );
  const page = await context.newPage();
  await page.goto(`${e2e.server.origin}/dzfront/open/client/examples/embed.html`);
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Language').fill('en');
  await page.getByRole('button', { name: 'Start the phone' }).click();
  const phone = page.frameLocator('#phone iframe');
  await phone.getByTestId('agent-status').waitFor();
  return { context, page, phone, sockets };
}

function phoneFrame({ page }: Agent): Frame {
  const frame = page.frames().find((f) => f.url().includes('/client/phone/'));
  if (!frame) throw new Error('the phone frame is not there');
  return frame;
}

/** Every connection the phone opened, oldest first, with its state and the audio it received. */
function connections(agent: Agent): Promise<Connection[]> {
  return phoneFrame(agent).evaluate(async () => {
    const { connections: all } = (window as unknown as { __e2eMedia: Watched }).__e2eMedia;
    return Promise.all(
      all.map(async (connection) => {
        let received = 0;
        if (connection.connectionState !== 'closed') {
          (await connection.getStats()).forEach((row: { type?: string; kind?: string; bytesReceived?: number }) => {
            if (row.type === 'inbound-rtp' && row.kind === 'audio') received += row.bytesReceived ?? 0;
          });
        }
        return { state: connection.connectionState, received };
      }),
    );
  });
}

const open = async (agent: Agent) => (await connections(agent)).filter((c) => c.state !== 'closed');

/** The devices the phone opened, and whether each track was stopped. */
function tracksEnded(agent: Agent): Promise<boolean[]> {
  return phoneFrame(agent).evaluate(() =>
    (window as unknown as { __e2eMedia: Watched }).__e2eMedia.streams.flatMap((stream) =>
      stream.getTracks().map((track) => track.readyState === 'ended'),
    ),
  );
}

/** The newest connection receives audio, and keeps receiving more; resolves with how long the first bytes took. */
async function hearsAgain(agent: Agent, timeout: number): Promise<number> {
  const since = Date.now();
  await expect.poll(async () => (await connections(agent)).at(-1)?.state, { timeout }).toBe('connected');
  await expect.poll(async () => (await connections(agent)).at(-1)?.received ?? 0, { timeout }).toBeGreaterThan(1000);
  const took = Date.now() - since;
  const before = (await connections(agent)).at(-1)?.received ?? 0;
  await expect.poll(async () => (await connections(agent)).at(-1)?.received ?? 0, { timeout }).toBeGreaterThan(before);
  return took;
}

async function checkIn({ phone }: Agent) {
  await phone.getByRole('button', { name: phoneWords['softphone.ui.checkIn'] }).click();
  await expect
    .poll(() => phone.getByTestId('agent-status').textContent())
    .toBe(phoneWords['softphone.ui.agentStatus.idle']);
}

/** Calls a method of the SDK from the host page, as an integrator would. */
function call(agent: Agent, method: string, params: Record<string, unknown> = {}): Promise<unknown> {
  return agent.page.evaluate(
    ([name, given]) => {
      const phone = (window as unknown as { phone: Record<string, (p: unknown) => Promise<unknown>> }).phone;
      const run = phone[name];
      if (!run) throw new Error(`no method ${name}`);
      return run(given);
    },
    [method, params] as const,
  );
}

/** 'Within a couple of seconds' of the new tab showing the phone, as heard by the colleague. */
const AUDIO_BACK_MS = 3_000;

const events = (agent: Agent) => agent.page.locator('#events li').allTextContents();

describe('internal call media across tabs, supervisors and keys', () => {
  let lina: Agent;
  let wang: Agent;

  beforeAll(async () => {
    [lina, wang] = await Promise.all([startAgent('lina@demo.example.com'), startAgent('wangwei@demo.example.com')]);
  });

  it('connects two agents in an internal call', async () => {
    await Promise.all([checkIn(lina), checkIn(wang)]);
    await lina.phone.getByLabel(phoneWords['softphone.ui.numberPlaceholder']).fill('8002');
    await lina.phone.getByRole('button', { name: phoneWords['softphone.ui.dial'], exact: true }).click();
    await wang.phone.getByRole('button', { name: phoneWords['softphone.ui.answer'] }).click();
    await hearsAgain(lina, 15_000);
    await hearsAgain(wang, 15_000);
  });

  it('keeps its connection through a resumed session: a socket cut does not touch the media path', async () => {
    const dropped = lina.sockets.at(-1);
    if (!dropped) throw new Error('no socket was opened');
    const before = await connections(lina);
    await dropped.close({ code: 4000, reason: 'network dropped by the test' });
    await expect
      .poll(() => events(lina), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining('interruptionCancelled'));
    // Still the one connection on each side, still carrying audio: nothing was renegotiated.
    await hearsAgain(lina, 5_000);
    expect((await connections(lina)).length).toBe(before.length);
    expect((await connections(wang)).map((c) => c.state)).toEqual(['connected']);
  });

  it('keeps the audio when another tab takes the agent over, and when the first takes it back', async () => {
    const secondTab = await startAgent('wangwei@demo.example.com');
    await wang.phone.getByTestId('replaced').waitFor();
    // The colleague hears the new tab within seconds, on a new connection; the old one is closed.
    expect(await hearsAgain(lina, 5_000)).toBeLessThan(AUDIO_BACK_MS);
    expect((await connections(lina)).map((c) => c.state)).toEqual(['closed', 'connected']);
    await hearsAgain(secondTab, 5_000);
    // The tab that lost the agent holds no connection and no device.
    expect((await connections(wang)).every((c) => c.state === 'closed')).toBe(true);
    expect(await tracksEnded(wang)).not.toContain(false);

    await wang.phone.getByRole('button', { name: phoneWords['softphone.ui.takeOver'] }).click();
    await secondTab.phone.getByTestId('replaced').waitFor();
    expect(await hearsAgain(lina, 5_000)).toBeLessThan(AUDIO_BACK_MS);
    expect((await connections(lina)).map((c) => c.state)).toEqual(['closed', 'closed', 'connected']);
    await hearsAgain(wang, 5_000);
    expect((await connections(secondTab)).every((c) => c.state === 'closed')).toBe(true);
    expect(await tracksEnded(secondTab)).not.toContain(false);
    await secondTab.context.close();
  });

  it('sends DTMF to the colleague, through the engine and in the audio', async () => {
    await phoneFrame(lina).evaluate(() => {
      const watched = (window as unknown as { __e2eMedia: Watched }).__e2eMedia;
      for (const connection of watched.connections) {
        for (const sender of connection.getSenders()) {
          sender.dtmf?.addEventListener('tonechange', (event) => {
            if (event.tone) watched.tones.push(event.tone);
          });
        }
      }
    });
    expect(await call(lina, 'sendDtmf', { digits: '12#' })).toMatchObject({ digits: '12#' });
    await expect.poll(() => events(wang)).toContainEqual(expect.stringMatching(/dtmfReceived .*"digits":"12#"/));
    // RTCDTMFSender plays each tone on the connection's audio (RFC 4733), one after another.
    await expect
      .poll(() =>
        phoneFrame(lina).evaluate(() => (window as unknown as { __e2eMedia: Watched }).__e2eMedia.tones.join('')),
      )
      .toBe('12#');
  });

  it('lets a supervisor hear both agents, join them, move to another tab, and leave', async () => {
    const chen = await startAgent('chenjie@demo.example.com');
    const { agent_id: linaId } = (await call(lina, 'getState')) as { agent_id: string };

    await call(chen, 'monitor', { agent_id: linaId });
    // The supervisor hears both agents, each on a connection of its own…
    await expect
      .poll(async () => (await open(chen)).map((c) => c.state === 'connected' && c.received > 1000), {
        timeout: 10_000,
      })
      .toEqual([true, true]);
    // …and neither agent hears it: one connection each with the colleague, one with the supervisor.
    for (const agent of [lina, wang]) {
      await expect.poll(async () => (await open(agent)).length).toBe(2);
      await expect.poll(async () => (await open(agent)).map((c) => c.state)).toEqual(['connected', 'connected']);
      expect((await open(agent)).filter((c) => c.received > 0)).toHaveLength(1);
    }
    // Monitoring never opened the supervisor's microphone.
    expect(await tracksEnded(chen)).toEqual([]);

    await call(chen, 'insert', { agent_id: linaId });
    for (const agent of [lina, wang]) {
      await expect
        .poll(async () => (await open(agent)).map((c) => c.received > 1000), { timeout: 10_000 })
        .toEqual([true, true]);
    }

    // The supervisor's phone moves to another tab. The new tab offers at once to the agent its
    // view names; the other agent offers again once its connection to the old tab stays
    // disconnected. Each agent hears the supervisor on a connection made after the move.
    const made = await Promise.all([lina, wang].map(async (agent) => (await connections(agent)).length));
    const chenAgain = await startAgent('chenjie@demo.example.com');
    await chen.phone.getByTestId('replaced').waitFor();
    expect(await tracksEnded(chen)).not.toContain(false);
    await expect
      .poll(async () => (await open(chenAgain)).map((c) => c.state === 'connected' && c.received > 1000), {
        timeout: 20_000,
      })
      .toEqual([true, true]);
    for (const [index, agent] of [lina, wang].entries()) {
      await expect
        .poll(
          async () => {
            const all = await connections(agent);
            const newest = all.at(-1);
            return all.length > (made[index] ?? 0) && newest?.state === 'connected' && newest.received > 1000;
          },
          { timeout: 20_000 },
        )
        .toBe(true);
    }

    await call(chenAgain, 'stopMonitor', { agent_id: linaId });
    await expect.poll(async () => (await open(chenAgain)).length).toBe(0);
    expect(await tracksEnded(chenAgain)).not.toContain(false);
    for (const agent of [lina, wang]) await expect.poll(async () => (await open(agent)).length).toBe(1);
    await Promise.all([chen.context.close(), chenAgain.context.close()]);

    await wang.phone.getByRole('button', { name: phoneWords['softphone.ui.hangUp'] }).click();
    await expect.poll(async () => (await open(lina)).length).toBe(0);
    expect(await tracksEnded(lina)).not.toContain(false);
  });
});
