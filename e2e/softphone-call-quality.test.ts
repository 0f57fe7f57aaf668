/**
 * Call-quality warnings from a live call's own statistics (issue #25, item 3). Two agents talk
 * through a private coturn, relay only, with a UDP proxy in front of it (lossy-link.ts) that
 * really drops and delays their packets: netem is not in this kernel. The phone must warn the
 * agent (a live region) and tell the host page (`callQualityChange`) when loss or the round
 * trip crosses its threshold, and clear both when the line recovers; a clean line raises nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { QUALITY_THRESHOLDS } from '@open/protocol/quality/thresholds';
import { startCoturn, type RunningTurn } from './coturn.js';
import { expectLossWarning, mediaGraded, qualityEvents, warningsShown } from './call-quality-helpers.js';
import { callColleague, checkIn, startEmbedAgent, type EmbedAgent } from './embed-agent.js';
import { cspViolations, launchBrowser, startServer, type RunningServer } from './harness.js';
import { startLossyLink, type LossyLink } from './lossy-link.js';

let turn: RunningTurn | undefined;
let link: LossyLink | undefined;
let server: RunningServer | undefined;
let browser: Browser | undefined;
const started = <T>(part: T | undefined): T => {
  if (part === undefined) throw new Error('coturn, the link, the server and the browser start in beforeAll');
  return part;
};

beforeAll(async () => {
  turn = await startCoturn();
  link = await startLossyLink({ host: '127.0.0.1', port: turn.port });
  [server, browser] = await Promise.all([
    startServer({
      env: {
        ICE_SERVERS: `turn:127.0.0.1:${String(link.port)}?transport=udp`,
        TURN_SECRET: turn.secret,
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
  await link?.close();
  await turn?.stop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('call-quality warnings', () => {
  let lina: EmbedAgent;
  let wang: EmbedAgent;

  it('raises nothing on a clean line', async () => {
    const start = (account: string) => startEmbedAgent(started(browser), started(server).origin, account);
    [lina, wang] = await Promise.all([start('lina@demo.example.com'), start('wangwei@demo.example.com')]);
    await Promise.all([checkIn(lina), checkIn(wang)]);
    await callColleague(lina, wang, '8002');
    for (const agent of [lina, wang]) await mediaGraded(agent);
    // Six more seconds of readings, longer than the window of five.
    await pause(6_000);
    for (const agent of [lina, wang]) {
      expect(await warningsShown(agent)).toBe('');
      expect(await qualityEvents(agent)).toEqual([]);
      console.log(
        `[quality] ${agent.account} on a clean line: MOS ${String(await agent.phone.getByTestId('call-quality').getAttribute('data-mos'))}, no warning`,
      );
    }
  });

  it('warns the agent and the host page of real packet loss, and clears when the line recovers', async () => {
    // 15 % at each crossing: about 28 % end to end (up to the relay and down from it).
    started(link).set({ lossPercent: 15 });
    for (const agent of [lina, wang]) {
      const raised = await expectLossWarning(agent);
      console.log(`[quality] ${agent.account} under 15 % loss per crossing heard ${JSON.stringify(raised)}`);
    }
    console.log(`[quality] link so far: ${JSON.stringify(started(link).counts())}`);

    started(link).set({ lossPercent: 0 });
    for (const agent of [lina, wang]) {
      await expect.poll(() => warningsShown(agent), { timeout: 15_000 }).toBe('');
      const cleared = (await qualityEvents(agent)).at(-1);
      expect(cleared?.quality.warnings).toEqual([]);
      expect(await agent.phone.getByTestId('call-quality').textContent()).toBe('');
    }
  });

  it('warns of a long round trip', async () => {
    // 120 ms at each crossing: a connectivity check crosses the proxy four times there and back.
    started(link).set({ delayMs: 120 });
    for (const agent of [lina, wang]) {
      await expect.poll(() => warningsShown(agent), { timeout: 20_000 }).toContain('highRtt');
      const raised = (await qualityEvents(agent)).at(-1);
      expect(raised?.quality.rtt_ms).toBeGreaterThan(QUALITY_THRESHOLDS.rttMs);
      console.log(`[quality] ${agent.account} with 120 ms per crossing heard ${JSON.stringify(raised)}`);
    }
    started(link).set({ delayMs: 0 });
    for (const agent of [lina, wang]) await expect.poll(() => warningsShown(agent), { timeout: 20_000 }).toBe('');
  });
});
