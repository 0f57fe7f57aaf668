/**
 * Calls across networks (DESIGN §7): the server hands each phone TURN credentials minted with
 * coturn's shared secret, and with ICE_TRANSPORT_POLICY=relay an internal call between two
 * agents in Chromium carries its audio through a private coturn on loopback, never directly.
 * Proven from both ends: the browsers' getStats() (the selected candidate pair is relay to
 * relay, audio bytes grow) and coturn's own log (it allocated a relay for each agent's
 * username). A credential made with the wrong secret gets no relay and no audio.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Frame, FrameLocator, Page } from 'playwright-core';
import type { ReadyFrame } from '@open/protocol/cti/protocol';
import { CTI_SOCKET_PATH } from '@open/protocol/paths';
import { dictionaries } from '@open/protocol/messages/index';
import { startCoturn, type RunningTurn } from './coturn.js';
import { cspViolations, freshVisitor, launchBrowser, startServer, type RunningServer } from './harness.js';

const phoneWords = dictionaries.softphone.en;
/** Seconds: short enough to see in the username, within the server's bounds. */
const TTL = 3_600;

let turn: RunningTurn | undefined;
let server: RunningServer | undefined;
let browser: Browser | undefined;
const started = <T>(part: T | undefined): T => {
  if (part === undefined) throw new Error('coturn, the server and the browser start in beforeAll');
  return part;
};

beforeAll(async () => {
  turn = await startCoturn();
  [server, browser] = await Promise.all([
    startServer({
      env: {
        ICE_SERVERS: turn.url,
        TURN_SECRET: turn.secret,
        TURN_CREDENTIAL_TTL: String(TTL),
        ICE_TRANSPORT_POLICY: 'relay',
      },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  expect(cspViolations).toEqual([]);
  await browser?.close();
  await server?.stop();
  await turn?.stop();
});

interface Agent {
  account: string;
  context: BrowserContext;
  page: Page;
  phone: FrameLocator;
  /** Every `ready` the phone received, as the server sent it. */
  readies: ReadyFrame[];
}

/** What one of the phone's connections says of its path and its audio (getStats()). */
interface PathStats {
  state: string;
  policy: string | null;
  turnUrls: string[];
  username: string | null;
  localType: string | null;
  localAddress: string | null;
  remoteType: string | null;
  remoteAddress: string | null;
  relayCandidates: number;
  audioBytes: number;
}

/**
 * The embed example signed in as `account`. Its socket passes through a route that keeps each
 * `ready`; with `wrongSecret`, the TURN credential in it is replaced by one made with another
 * secret, as a server whose TURN_SECRET does not match coturn's would make it.
 */
async function startAgent(account: string, wrongSecret?: string): Promise<Agent> {
  const context = await freshVisitor(started(browser));
  const readies: ReadyFrame[] = [];
  await context.routeWebSocket(
    (url) => url.pathname === CTI_SOCKET_PATH,
    (socket) => {
      const upstream = socket.connectToServer();
      upstream.onMessage((message) => {
        const text = typeof message === 'string' ? message : message.toString('utf8');
        const frame = JSON.parse(text) as { type?: unknown };
        if (frame.type !== 'ready') {
          socket.send(text);
          return;
        }
        const ready = frame as ReadyFrame;
        readies.push(ready);
        if (wrongSecret !== undefined) {
          for (const entry of ready.ice_servers) {
            if (entry.username !== undefined) {
              entry.credential = createHmac('sha1', wrongSecret).update(entry.username).digest('base64');
            }
          }
        }
        socket.send(JSON.stringify(ready));
      });
    },
  );
  // Every connection the page or its frames open, with the configuration it was given.
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const seen: { connection: RTCPeerConnection; configuration: RTCConfiguration | undefined }[] = [];
    (window as unknown as { __connections: typeof seen }).__connections = seen;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        seen.push({ connection: this, configuration });
      }
    };
  });
  const page = await context.newPage();
  await page.goto(`${started(server).origin}/dzfront/open/client/examples/embed.html`);
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Language').fill('en');
  await page.getByRole('button', { name: 'Start the phone' }).click();
  const phone = page.frameLocator('#phone iframe');
  await phone.getByTestId('agent-status').waitFor();
  return { account, context, page, phone, readies };
}

function phoneFrame(agent: Agent): Frame {
  const frame = agent.page.frames().find((f) => f.url().includes('/phone/'));
  if (!frame) throw new Error(`no phone frame for ${agent.account}`);
  return frame;
}

/** The path and audio of each connection of the phone that is not closed. */
function paths(agent: Agent): Promise<PathStats[]> {
  return phoneFrame(agent).evaluate(async () => {
    interface Entry {
      type: string;
      id: string;
      kind?: string;
      selectedCandidatePairId?: string;
      localCandidateId?: string;
      remoteCandidateId?: string;
      candidateType?: string;
      address?: string;
      port?: number;
      bytesReceived?: number;
    }
    const seen = (
      window as unknown as {
        __connections: { connection: RTCPeerConnection; configuration: RTCConfiguration | undefined }[];
      }
    ).__connections;
    const found: PathStats[] = [];
    for (const { connection, configuration } of seen) {
      if (connection.connectionState === 'closed') continue;
      const entries = new Map<string, Entry>();
      (await connection.getStats()).forEach((value: Entry) => entries.set(value.id, value));
      const all = [...entries.values()];
      const pairId = all.find((e) => e.type === 'transport' && e.selectedCandidatePairId)?.selectedCandidatePairId;
      const pair = pairId === undefined ? undefined : entries.get(pairId);
      const local = pair?.localCandidateId === undefined ? undefined : entries.get(pair.localCandidateId);
      const remote = pair?.remoteCandidateId === undefined ? undefined : entries.get(pair.remoteCandidateId);
      const where = (e: Entry | undefined) => (e?.address ? `${e.address}:${String(e.port)}` : null);
      const turnServer = configuration?.iceServers?.find((s) => [s.urls].flat().some((u) => u.startsWith('turn')));
      found.push({
        state: connection.connectionState,
        policy: configuration?.iceTransportPolicy ?? null,
        turnUrls: turnServer ? [turnServer.urls].flat() : [],
        username: turnServer?.username ?? null,
        localType: local?.candidateType ?? null,
        localAddress: where(local),
        remoteType: remote?.candidateType ?? null,
        remoteAddress: where(remote),
        relayCandidates: all.filter((e) => e.type === 'local-candidate' && e.candidateType === 'relay').length,
        audioBytes: all
          .filter((e) => e.type === 'inbound-rtp' && e.kind === 'audio')
          .reduce((sum, e) => sum + (e.bytesReceived ?? 0), 0),
      });
    }
    return found;
  });
}

/** The phone's one live connection (the colleague's) once it is connected. */
async function connectedPath(agent: Agent): Promise<PathStats> {
  let path: PathStats | undefined;
  await expect
    .poll(
      async () => {
        path = (await paths(agent)).find((p) => p.state === 'connected' && p.localType !== null);
        return path !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return started(path);
}

async function checkIn({ phone }: Agent) {
  await phone.getByRole('button', { name: phoneWords['softphone.ui.checkIn'] }).click();
  await expect
    .poll(() => phone.getByTestId('agent-status').textContent())
    .toBe(phoneWords['softphone.ui.agentStatus.idle']);
}

async function call(from: Agent, to: Agent, extension: string) {
  await from.phone.getByLabel(phoneWords['softphone.ui.numberPlaceholder']).fill(extension);
  await from.phone.getByRole('button', { name: phoneWords['softphone.ui.dial'], exact: true }).click();
  await to.phone.getByRole('button', { name: phoneWords['softphone.ui.answer'] }).click();
}

async function hangUp(from: Agent, to: Agent) {
  await from.phone.getByRole('button', { name: phoneWords['softphone.ui.hangUp'] }).click();
  await to.phone.getByTestId('call').waitFor({ state: 'detached' });
}

/** The TURN entry of the agent's latest ready frame. */
function turnEntry(agent: Agent) {
  const ready = agent.readies.at(-1);
  const entry = ready?.ice_servers.find((s) => s.urls.some((u) => u.startsWith('turn:')));
  if (!ready || entry?.username === undefined) throw new Error(`${agent.account} got no TURN credential`);
  return { ready, entry, username: entry.username };
}

/** coturn's log lines that name `username`. */
async function turnLines(username: string): Promise<string[]> {
  return (await started(turn).log()).split('\n').filter((line) => line.includes(username));
}

describe('internal calls through a TURN relay', () => {
  let lina: Agent;
  let wang: Agent;

  it('hands each phone TURN credentials minted for its agent, and the relay-only policy', async () => {
    [lina, wang] = await Promise.all([startAgent('lina@demo.example.com'), startAgent('wangwei@demo.example.com')]);
    const now = Math.floor(Date.now() / 1000);
    for (const agent of [lina, wang]) {
      const { ready, entry, username } = turnEntry(agent);
      const [expiry, user] = username.split(':');
      expect(ready.ice_transport_policy).toBe('relay');
      expect(entry.urls).toEqual([started(turn).url]);
      expect(user).toBe(ready.agent.agent_id);
      expect(Number(expiry) - now).toBeGreaterThan(TTL - 60);
      expect(Number(expiry) - now).toBeLessThanOrEqual(TTL);
      // The credential coturn will expect: HMAC-SHA1 of the username with its secret.
      expect(entry.credential).toBe(createHmac('sha1', started(turn).secret).update(username).digest('base64'));
      console.log(
        `[turn] ${agent.account}: ready has ${entry.urls.join(',')} policy=${ready.ice_transport_policy} username=${username} (expires in ${String(Number(expiry) - now)} s), credential matches coturn's secret`,
      );
    }
  });

  it('carries the call’s audio through the relay: relay candidates both ends, bytes growing, coturn allocated', async () => {
    await Promise.all([checkIn(lina), checkIn(wang)]);
    await call(lina, wang, '8002');

    for (const agent of [lina, wang]) {
      const first = await connectedPath(agent);
      expect(first.policy).toBe('relay');
      expect(first.turnUrls).toEqual([started(turn).url]);
      expect(first.username).toBe(turnEntry(agent).username);
      expect(first.localType).toBe('relay');
      expect(first.remoteType).toBe('relay');
      // The relayed addresses are coturn's (relay-ip), never the agents' own.
      expect(first.localAddress).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(first.remoteAddress).toMatch(/^127\.0\.0\.1:\d+$/);
      await expect.poll(async () => (await connectedPath(agent)).audioBytes, { timeout: 15_000 }).toBeGreaterThan(1000);
      const before = (await connectedPath(agent)).audioBytes;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const after = (await connectedPath(agent)).audioBytes;
      expect(after).toBeGreaterThan(before);
      console.log(
        `[turn] ${agent.account}: selected pair local=${first.localType} ${String(first.localAddress)} remote=${first.remoteType} ${String(first.remoteAddress)}, policy=${String(first.policy)}; inbound audio ${String(before)} -> ${String(after)} bytes in 2 s`,
      );
    }

    // coturn itself saw each agent allocate a relay with the minted username.
    for (const agent of [lina, wang]) {
      const { username } = turnEntry(agent);
      await expect
        .poll(async () => (await turnLines(username)).filter((line) => /ALLOCATE processed, success/.test(line)).length)
        .toBeGreaterThan(0);
      const lines = await turnLines(username);
      const allocations = lines.filter((line) => /ALLOCATE processed, success/.test(line)).length;
      const permissions = lines.filter((line) => /CREATE_PERMISSION processed, success/.test(line)).length;
      console.log(
        `[turn] coturn log for ${username}: ${String(allocations)} successful ALLOCATE, ${String(permissions)} successful CREATE_PERMISSION, ${String(lines.length)} lines in all`,
      );
    }
    expect(await lina.phone.getByTestId('call-media').getAttribute('data-state')).toBe('connected');
    await hangUp(lina, wang);

    // The phones let their allocations go: coturn then logs what it relayed to each agent's peer.
    for (const agent of [lina, wang]) {
      const { username } = turnEntry(agent);
      let relayed = 0;
      await expect
        .poll(
          async () => {
            relayed = (await turnLines(username))
              .map((line) => / peer usage: .* rb=(\d+)/.exec(line)?.[1])
              .reduce((sum, bytes) => sum + Number(bytes ?? 0), 0);
            return relayed;
          },
          { timeout: 15_000 },
        )
        .toBeGreaterThan(1000);
      console.log(
        `[turn] coturn closed ${username}'s allocations: ${String(relayed)} bytes received from peers and relayed`,
      );
    }
  });

  it('gets no relay and no audio when the credential was made with the wrong secret', async () => {
    const wrong = 'not-the-coturn-secret-at-all';
    // Maria calls Wang, both with credentials coturn cannot verify (Wang's tab takes his session over).
    const [maria, wangAgain] = await Promise.all([
      startAgent('maria@demo.example.com', wrong),
      startAgent('wangwei@demo.example.com', wrong),
    ]);
    await checkIn(maria);
    await call(maria, wangAgain, '8002');
    await maria.phone.getByTestId('call-media').waitFor();
    // Long enough for ICE to gather and check with a working relay (connected in about 1 s above).
    await new Promise((resolve) => setTimeout(resolve, 8_000));

    for (const agent of [maria, wangAgain]) {
      const found = await paths(agent);
      expect(found.length).toBeGreaterThan(0);
      for (const path of found) {
        expect(path.relayCandidates).toBe(0);
        expect(path.localType).toBeNull();
        expect(path.audioBytes).toBe(0);
        expect(path.state).not.toBe('connected');
      }
      const { username } = turnEntry(agent);
      const lines = await turnLines(username);
      expect(lines.some((line) => /ALLOCATE processed, success/.test(line))).toBe(false);
      const refused = lines.filter((line) => /401|unauthori[sz]ed|error/i.test(line));
      expect(refused.length).toBeGreaterThan(0);
      console.log(
        `[turn] wrong secret, ${agent.account}: ${String(found.length)} connection(s), states ${found.map((p) => p.state).join(',')}, relay candidates ${String(found.reduce((n, p) => n + p.relayCandidates, 0))}, audio bytes ${String(found.reduce((n, p) => n + p.audioBytes, 0))}; coturn refused ${username} ${String(refused.length)} time(s), no successful ALLOCATE`,
      );
    }
    await hangUp(maria, wangAgain);
  });
});
