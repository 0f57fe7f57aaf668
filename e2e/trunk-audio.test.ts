/**
 * Real telephony, end to end: an agent's phone in Chromium talks to a telephone on the
 * carrier's side (baresip) through the tenant's SIP trunk and the media relay (Debian's
 * rtpengine), both ways, on loopback. Chromium's microphone plays 440 Hz, the far end 1000 Hz;
 * each side's ears are checked with a Goertzel filter, and the agent's key presses must reach
 * the far end as RFC 4733 events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { cspViolations, launchBrowser, startServer, type RunningServer } from './harness.js';
import { callPhone, checkIn, heardEvents, startEmbedAgent, type EmbedAgent } from './embed-agent.js';
import {
  callStatus,
  heardByAgent,
  phoneFrame,
  receivedAudio,
  recordPeerConnections,
  signOut,
} from './trunk-audio-helpers.js';
import {
  FAR_HOST,
  freeSipPort,
  goertzel,
  sipp,
  startFarEnd,
  startRtpengine,
  toneWav,
  type FarEnd,
  type RunningRelay,
} from './telephony.js';
import { adminSession, type AdminSession } from './trunk-helpers.js';
import { dictionaries } from '@open/protocol/messages/index';
import { createNgClient } from '../packages/server/src/telephony/ng-client.js';

const phoneWords = dictionaries.softphone.en;
const AGENT_TONE = 440;
const FAR_TONE = 1000;
const DID = '+862100000000';
const CALLED = '+8613800000001';

let relay: RunningRelay;
let server: RunningServer;
let browser: Browser;
let admin: AdminSession;
let sipPort: number;
/** What afterAll undoes, latest first: beforeAll may fail half-way. */
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'open-trunk-audio-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const microphone = path.join(dir, 'agent-440.wav');
  await writeFile(microphone, toneWav(AGENT_TONE, 60, 48_000));
  relay = await startRtpengine();
  cleanups.push(() => relay.stop());
  sipPort = await freeSipPort();
  [server, browser] = await Promise.all([
    startServer({ env: { SIP_LISTEN: `127.0.0.1:${String(sipPort)}`, RTPENGINE_NG: relay.ng } }),
    launchBrowser([`--use-file-for-fake-audio-capture=${microphone}`, '--autoplay-policy=no-user-gesture-required']),
  ]);
  cleanups.push(
    () => server.stop(),
    () => browser.close(),
  );
  admin = await adminSession(server.origin);
});

afterAll(async () => {
  expect(cspViolations).toEqual([]);
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Maria on the trunk, calling the far end: talking, with the far end's audio arriving (getStats). */
async function talkingTo(far: FarEnd, trunk: Record<string, unknown> = {}): Promise<EmbedAgent> {
  await admin.setTrunk({
    host: FAR_HOST,
    port: far.port,
    allowed_sources: [FAR_HOST],
    dids: [DID],
    far_end_silence_seconds: 60,
    ...trunk,
  });
  const agent = await startEmbedAgent(browser, server.origin, 'maria@demo.example.com', 'en', recordPeerConnections);
  await checkIn(agent);
  await callPhone(agent, 'dialOut', { number: CALLED });
  await expect.poll(() => callStatus(agent), { timeout: 15_000 }).toBe('talking');
  await expect.poll(async () => (await receivedAudio(agent)).packets, { timeout: 10_000 }).toBeGreaterThan(50);
  return agent;
}

/**
 * The call ended `failed` for the agent with its reason, which the phone says in words and the
 * record keeps; and the carrier was told: baresip's call ends on our BYE, not on a timeout of its own.
 */
async function expectFailedWithBye(agent: EmbedAgent, far: FarEnd, reason: 'mediaLost' | 'farEndSilent') {
  const ended = (await heardEvents(agent, 'callDataChange')) as { call: { call_status: string; outcome: string } }[];
  expect(ended.at(-1)?.call).toMatchObject({ call_status: 'ended', outcome: 'failed', end_reason: reason });
  const notice = phoneFrame(agent).getByTestId('call-ended-notice');
  await notice.waitFor();
  expect(await notice.textContent()).toContain(phoneWords[`softphone.ui.callEnded.${reason}`]);
  const records = await callPhone<{ list: object[] }>(agent, 'getCallRecords', { limit: 1 });
  expect(records.list[0]).toMatchObject({ call_type: 'outbound', outcome: 'failed', end_reason: reason });
  await expect.poll(() => far.output(), { timeout: 10_000 }).toMatch(/terminated/);
}

describe('a call on the trunk, with real audio', () => {
  it('an agent calls out: each side hears the other, the digits arrive as RFC 4733 events, the far end hangs up cleanly', async () => {
    const far = await startFarEnd(CALLED, FAR_TONE);
    try {
      const agent = await talkingTo(far);
      expect((await receivedAudio(agent)).codec).toMatch(/^audio\/PCM[UA]$/);

      // The agent hears the far end's 1000 Hz, not their own 440 Hz.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const agentHeard = await heardByAgent(agent, [AGENT_TONE, FAR_TONE]);
      expect(agentHeard[FAR_TONE]).toBeGreaterThan(10 * (agentHeard[AGENT_TONE] ?? 0));
      expect(agentHeard[FAR_TONE]).toBeGreaterThan(0.01);

      await callPhone(agent, 'sendDtmf', { digits: '159#' });
      await expect.poll(() => far.dtmf(), { timeout: 10_000 }).toEqual(['1', '5', '9', '#']);

      // The far end hangs up: the agent's call ends as any call the other side ends.
      await far.command('hangup');
      await expect.poll(() => callStatus(agent), { timeout: 10_000 }).toBeUndefined();
      const ended = (await heardEvents(agent, 'callDataChange')) as {
        call: { call_status: string; outcome: string; trunk: string };
      }[];
      expect(ended.at(-1)?.call).toMatchObject({
        call_status: 'ended',
        outcome: 'completed',
        trunk: `sip:${FAR_HOST}:${String(far.port)};transport=udp`,
      });

      // The far end heard the agent's 440 Hz, not its own 1000 Hz.
      const recorded = await far.heard();
      expect(recorded).not.toBeNull();
      if (!recorded) return;
      const middle = recorded.samples.subarray(recorded.sampleRate, recorded.sampleRate * 3);
      const farHeard440 = goertzel(middle, recorded.sampleRate, AGENT_TONE);
      const farHeard1000 = goertzel(middle, recorded.sampleRate, FAR_TONE);
      expect(farHeard440).toBeGreaterThan(10 * farHeard1000);
      expect(farHeard440).toBeGreaterThan(0.01);
      await signOut(agent);
    } finally {
      await far.stop();
    }
  }, 90_000);

  it('a caller rings a DID: the agent answers, they hear each other, the record names the trunk', async () => {
    const far = await startFarEnd('+8613700000000', FAR_TONE);
    try {
      await admin.setTrunk({ host: FAR_HOST, port: far.port, allowed_sources: [FAR_HOST], dids: [DID] });
      const agent = await startEmbedAgent(
        browser,
        server.origin,
        'maria@demo.example.com',
        'en',
        recordPeerConnections,
      );
      await checkIn(agent);
      await far.command('dial', `sip:${DID}@127.0.0.1:${String(sipPort)}`);
      await expect.poll(() => callStatus(agent), { timeout: 15_000 }).toBe('ringing');
      const offered = (await heardEvents(agent, 'callDataChange')) as {
        call: { caller: string; attached_data: object };
      }[];
      expect(offered.at(-1)?.call).toMatchObject({ caller: '+8613700000000', attached_data: { did: DID } });
      await callPhone(agent, 'answer', {});
      await expect.poll(async () => (await receivedAudio(agent)).packets, { timeout: 15_000 }).toBeGreaterThan(50);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const agentHeard = await heardByAgent(agent, [AGENT_TONE, FAR_TONE]);
      expect(agentHeard[FAR_TONE]).toBeGreaterThan(10 * (agentHeard[AGENT_TONE] ?? 0));

      await callPhone(agent, 'hangUp', {});
      await expect.poll(() => far.output(), { timeout: 10_000 }).toMatch(/terminated/);
      const recorded = await far.heard();
      if (!recorded) throw new Error('the far end recorded nothing');
      const middle = recorded.samples.subarray(Math.floor(recorded.sampleRate * 0.5), recorded.sampleRate * 2);
      expect(goertzel(middle, recorded.sampleRate, AGENT_TONE)).toBeGreaterThan(
        10 * goertzel(middle, recorded.sampleRate, FAR_TONE),
      );

      const records = await callPhone<{ list: object[] }>(agent, 'getCallRecords', { limit: 1 });
      expect(records.list[0]).toMatchObject({
        call_type: 'inbound',
        caller: '+8613700000000',
        trunk: `sip:${FAR_HOST}:${String(far.port)};transport=udp`,
      });
      await signOut(agent);
    } finally {
      await far.stop();
    }
  }, 90_000);

  it('a caller whose INVITE has no SDP (a delayed offer): the phone offers, the carrier answers in its ACK, and the audio flows', async () => {
    await admin.setTrunk({ host: FAR_HOST, port: 5060, allowed_sources: [FAR_HOST], dids: [DID] });
    const agent = await startEmbedAgent(browser, server.origin, 'maria@demo.example.com', 'en', recordPeerConnections);
    await checkIn(agent);
    // SIPp plays the carrier and sends every RTP packet back: the agent hears its own 440 Hz.
    const caller = sipp('caller-delayed-offer.xml', {
      port: await freeSipPort(FAR_HOST),
      target: `127.0.0.1:${String(sipPort)}`,
      service: DID,
      extra: ['-mp', String(await freeSipPort(FAR_HOST)), '-rtp_echo'],
    });
    try {
      await expect.poll(() => callStatus(agent), { timeout: 15_000 }).toBe('ringing');
      await callPhone(agent, 'answer', {});
      await expect.poll(() => callStatus(agent), { timeout: 10_000 }).toBe('talking');
      await expect.poll(async () => (await receivedAudio(agent)).packets, { timeout: 10_000 }).toBeGreaterThan(50);
      expect((await receivedAudio(agent)).codec).toBe('audio/PCMU');
      const heard = await heardByAgent(agent, [AGENT_TONE, FAR_TONE]);
      expect(heard[AGENT_TONE]).toBeGreaterThan(10 * (heard[FAR_TONE] ?? 0));
      // SIPp checked that our 200 OK offered plain RTP with G.711, and hangs up after 4 s.
      expect(await caller.exited, caller.output()).toBe(0);
      await expect.poll(() => callStatus(agent), { timeout: 10_000 }).toBeUndefined();
      const records = await callPhone<{ list: object[] }>(agent, 'getCallRecords', { limit: 1 });
      expect(records.list[0]).toMatchObject({ call_type: 'inbound', outcome: 'completed' });
      await signOut(agent);
    } finally {
      await caller.stop();
    }
  }, 90_000);
});

describe('when the media relay drops a call (its own --timeout, an operator)', () => {
  it('the node notices within a check, ends the call failed for the agent and with a BYE to the carrier', async () => {
    const far = await startFarEnd(CALLED, FAR_TONE);
    const ng = createNgClient({ host: '127.0.0.1', port: Number(relay.ng.split(':').at(-1)) });
    try {
      const agent = await talkingTo(far);

      // What rtpengine does to a call whose media stopped: it forgets it, telling nobody.
      const { calls } = (await ng.command('list')) as unknown as { calls: string[] };
      expect(calls).toHaveLength(1);
      for (const callId of calls) await ng.command('delete', { 'call-id': callId });
      await expect.poll(() => callStatus(agent), { timeout: 15_000, interval: 250 }).toBeUndefined();
      await expectFailedWithBye(agent, far, 'mediaLost');
      expect(server.output()).toMatch(/trunk call ended: the relay no longer holds its media/);
      await signOut(agent);
    } finally {
      await ng.close();
      await far.stop();
    }
  }, 90_000);
});

describe('when the far end goes silent without a BYE (a carrier that lost the call)', () => {
  it('the call ends after the trunk’s limit, failed for the agent with the reason and with a BYE to the carrier', async () => {
    const far = await startFarEnd(CALLED, FAR_TONE);
    try {
      const agent = await talkingTo(far, { far_end_silence_seconds: 10 });
      // Talking past the limit and a check more, with the far end's audio flowing, ends nothing.
      await new Promise((resolve) => setTimeout(resolve, 16_000));
      expect(await callStatus(agent)).toBe('talking');

      far.freeze();
      const frozenAt = Date.now();
      // Its 10 s, then up to one check (5 s) more.
      await expect.poll(() => callStatus(agent), { timeout: 25_000, interval: 250 }).toBeUndefined();
      const endedAfterMs = Date.now() - frozenAt;
      expect(endedAfterMs).toBeGreaterThanOrEqual(10_000);
      far.thaw();
      await expectFailedWithBye(agent, far, 'farEndSilent');
      expect(server.output()).toMatch(/trunk call ended: the far end sent no audio/);
      console.info(`far end frozen mid-call (limit 10 s): the call ended ${endedAfterMs} ms later`);
      await signOut(agent);
    } finally {
      await far.stop();
    }
  }, 90_000);
});

// Last in the file: it kills the relay the server was started with.
describe('when the media relay dies mid-call', () => {
  it('the call ends failed for the agent and with a BYE to the carrier, never left silent', async () => {
    const far = await startFarEnd(CALLED, FAR_TONE);
    try {
      const agent = await talkingTo(far);

      const crashedAt = Date.now();
      await relay.crash();
      // Two missed pings (5 s apart, 3 s each) and the calls on the relay are given up.
      await expect.poll(() => callStatus(agent), { timeout: 25_000, interval: 250 }).toBeUndefined();
      const endedAfterMs = Date.now() - crashedAt;
      await expectFailedWithBye(agent, far, 'mediaLost');
      expect(server.output()).toMatch(/trunk calls ended: the media relay \(rtpengine\) stopped answering/);
      console.info(`relay killed mid-call: the call ended ${endedAfterMs} ms later`);
      await signOut(agent);
    } finally {
      await far.stop();
    }
  }, 90_000);
});
