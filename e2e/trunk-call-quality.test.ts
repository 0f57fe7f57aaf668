/**
 * Call-quality warnings on a trunk call (issue #39, item 4): the agent's phone grades the audio
 * it gets from the media relay as it grades a colleague's, and warns the agent and the host page
 * when the line drops packets. The phone reaches Debian's rtpengine through a private coturn
 * only (ICE_TRANSPORT_POLICY=relay), with a UDP proxy in front of coturn (lossy-link.ts) that
 * really drops packets; the far end is a baresip telephone on the carrier's side, playing a tone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startCoturn, type RunningTurn } from './coturn.js';
import { expectLossWarning, mediaGraded, qualityEvents, warningsShown } from './call-quality-helpers.js';
import { callPhone, checkIn, startEmbedAgent } from './embed-agent.js';
import { cspViolations, launchBrowser, startServer, type RunningServer } from './harness.js';
import { startLossyLink, type LossyLink } from './lossy-link.js';
import { FAR_HOST, freeSipPort, startFarEnd, startRtpengine, type FarEnd, type RunningRelay } from './telephony.js';
import { adminSession } from './trunk-helpers.js';

const CALLED = '+8613800000002';

/** What afterAll undoes, latest first: beforeAll may fail half-way. */
const cleanups: (() => Promise<unknown>)[] = [];
let link: LossyLink;
let server: RunningServer;
let browser: Browser;
let far: FarEnd;

beforeAll(async () => {
  const turn: RunningTurn = await startCoturn();
  cleanups.push(() => turn.stop());
  link = await startLossyLink({ host: '127.0.0.1', port: turn.port });
  cleanups.push(() => link.close());
  const relay: RunningRelay = await startRtpengine();
  cleanups.push(() => relay.stop());
  far = await startFarEnd(CALLED, 1000);
  cleanups.push(() => far.stop());
  const sipPort = await freeSipPort();
  [server, browser] = await Promise.all([
    startServer({
      env: {
        SIP_LISTEN: `127.0.0.1:${String(sipPort)}`,
        RTPENGINE_NG: relay.ng,
        ICE_SERVERS: `turn:127.0.0.1:${String(link.port)}?transport=udp`,
        TURN_SECRET: turn.secret,
        ICE_TRANSPORT_POLICY: 'relay',
      },
    }),
    launchBrowser(['--autoplay-policy=no-user-gesture-required']),
  ]);
  cleanups.push(
    () => server.stop(),
    () => browser.close(),
  );
  const admin = await adminSession(server.origin);
  await admin.setTrunk({ host: FAR_HOST, port: far.port, allowed_sources: [FAR_HOST] });
});

afterAll(async () => {
  expect(cspViolations).toEqual([]);
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('call-quality warnings on a trunk call', () => {
  it('grades the relay’s audio, warns of real packet loss, and clears when the line recovers', async () => {
    const agent = await startEmbedAgent(browser, server.origin, 'maria@demo.example.com');
    await checkIn(agent);
    await callPhone(agent, 'dialOut', { number: CALLED });
    // Graded: the phone has read at least two seconds of the relay's audio, and found it clean.
    await mediaGraded(agent);
    expect(await warningsShown(agent)).toBe('');
    const relayed = link.counts().forwarded;
    expect(relayed).toBeGreaterThan(0);

    // 15 % of what crosses the proxy, both ways: the relay's audio arrives with ~15 % missing.
    link.set({ lossPercent: 15 });
    const raised = await expectLossWarning(agent);
    console.log(
      `[quality] trunk call under 15 % loss: ${JSON.stringify(raised)}; link ${JSON.stringify(link.counts())}`,
    );

    link.set({ lossPercent: 0 });
    await expect.poll(() => warningsShown(agent), { timeout: 15_000 }).toBe('');
    expect((await qualityEvents(agent)).at(-1)?.quality.warnings).toEqual([]);

    const { calls } = await callPhone<{ calls: { call_id: string }[] }>(agent, 'getState');
    await callPhone(agent, 'hangUp', { call_id: calls[0]?.call_id });
    await callPhone(agent, 'logout', {});
    await agent.context.close();
  }, 90_000);
});
