/**
 * The trunk's signalling against a carrier played by Debian's SIPp (scenarios in e2e/sipp/):
 * every way an outside call can go, as the agent's phone in Chromium sees it, and what the
 * carrier must hear from us (SIPp fails its run when a message is missing or unexpected).
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { cspViolations, launchBrowser, startServer, type RunningServer } from './harness.js';
import { callPhone, heardEvents, startEmbedAgent, type EmbedAgent } from './embed-agent.js';
import { FAR_HOST, freeSipPort, sipp, startRtpengine, type RunningRelay } from './telephony.js';
import { adminSession, TEST_SECRETS_KEY, type AdminSession } from './trunk-helpers.js';

const DID = '+862100000000';

let relay: RunningRelay;
let server: RunningServer;
let browser: Browser;
let admin: AdminSession;
let sipPort: number;
let agent: EmbedAgent;
/** What afterAll undoes, latest first: beforeAll may fail half-way. */
const cleanups: (() => Promise<unknown>)[] = [];

const phoneCall = (method: string, params: object = {}) => callPhone(agent, method, params);

async function currentCall(): Promise<{ call_id: string; call_status: string } | undefined> {
  const state = (await phoneCall('getState')) as { calls: { call_id: string; call_status: string }[] };
  return state.calls[0];
}

/** How the call ended for the agent, from the last callDataChange the host page heard for it. */
async function endOf(callId: string): Promise<{ outcome: string; trunk: string | null } | undefined> {
  const events = (await heardEvents(agent, 'callDataChange')) as {
    call: { call_id: string; call_status: string; outcome: string; trunk: string | null };
  }[];
  return events.filter((e) => e.call.call_id === callId && e.call.call_status === 'ended').at(-1)?.call;
}

/** The carrier on a port of its own, the tenant's trunk pointed at it. */
async function carrier(scenario: string, trunk: Record<string, unknown> = {}) {
  const port = await freeSipPort(FAR_HOST);
  const run = sipp(scenario, { port });
  await admin.setTrunk({ host: FAR_HOST, port, allowed_sources: [FAR_HOST], dids: [DID], ...trunk });
  // SIPp binds before its first message; give it that moment.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return run;
}

async function dial(number = '+8613800000001'): Promise<string> {
  const view = (await phoneCall('dialOut', { number })) as { call_id: string; trunk: string | null };
  expect(view.trunk).toContain(FAR_HOST);
  return view.call_id;
}

/** Back to ready after the after-call work of a call that was answered. */
const ready = () => phoneCall('setAgentStatus', { status: 'idle' });

beforeAll(async () => {
  relay = await startRtpengine();
  cleanups.push(() => relay.stop());
  sipPort = await freeSipPort();
  [server, browser] = await Promise.all([
    // The carrier asks for a digest login: its password is stored sealed with the key.
    startServer({
      env: { SIP_LISTEN: `127.0.0.1:${String(sipPort)}`, RTPENGINE_NG: relay.ng, SECRETS_KEY: TEST_SECRETS_KEY },
    }),
    launchBrowser(['--autoplay-policy=no-user-gesture-required']),
  ]);
  cleanups.push(
    () => server.stop(),
    () => browser.close(),
  );
  admin = await adminSession(server.origin);
  agent = await startEmbedAgent(browser, server.origin, 'wangwei@demo.example.com');
  await phoneCall('login', { status: 'idle' });
});

afterAll(async () => {
  expect(cspViolations).toEqual([]);
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('calls out on the trunk', () => {
  it.each([
    ['carrier-busy.xml', 'busy'],
    ['carrier-no-answer.xml', 'noAnswer'],
  ])('%s: the call ends %s, and the carrier got its ACK', async (scenario, outcome) => {
    const run = await carrier(scenario);
    const callId = await dial();
    await expect.poll(() => endOf(callId), { timeout: 15_000 }).toMatchObject({ outcome });
    expect(await run.exited, run.output()).toBe(0);
  });

  it('the agent gives up while it rings: CANCEL, and the call ends cancelled', async () => {
    const run = await carrier('carrier-cancelled.xml');
    const callId = await dial();
    // Ringing at the carrier (180) before the agent hangs up.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await phoneCall('hangUp', { call_id: callId });
    await expect.poll(() => endOf(callId), { timeout: 10_000 }).toMatchObject({ outcome: 'cancelled' });
    expect(await run.exited, run.output()).toBe(0);
  });

  it('answered, then the agent hangs up: the carrier gets a BYE', async () => {
    const run = await carrier('carrier-answers.xml');
    const callId = await dial();
    await expect.poll(async () => (await currentCall())?.call_status, { timeout: 10_000 }).toBe('talking');
    await phoneCall('hangUp', { call_id: callId });
    await expect.poll(() => endOf(callId), { timeout: 10_000 }).toMatchObject({ outcome: 'completed' });
    expect(await run.exited, run.output()).toBe(0);
    await ready();
  });

  it('answered, then the far end hangs up: the agent sees the call end as completed', async () => {
    const run = await carrier('carrier-hangs-up.xml');
    const callId = await dial();
    await expect.poll(async () => (await currentCall())?.call_status, { timeout: 10_000 }).toBe('talking');
    await expect.poll(() => endOf(callId), { timeout: 15_000 }).toMatchObject({ outcome: 'completed' });
    expect(await run.exited, run.output()).toBe(0);
    await ready();
  });

  it('a carrier that asks for credentials gets a digest answer; wrong credentials fail the call', async () => {
    const good = await carrier('carrier-auth.xml', { username: 'trunkuser', password: 's3cret!' });
    const callId = await dial();
    await expect.poll(async () => (await currentCall())?.call_status, { timeout: 10_000 }).toBe('talking');
    await phoneCall('hangUp', { call_id: callId });
    expect(await good.exited, good.output()).toBe(0);
    await ready();

    const bad = await carrier('carrier-auth.xml', { username: 'trunkuser', password: 'wrong' });
    const refusedId = await dial();
    await expect.poll(() => endOf(refusedId), { timeout: 10_000 }).toMatchObject({ outcome: 'failed' });
    expect(await bad.exited, bad.output()).toBe(0);
  });
});

describe('calls in from the trunk', () => {
  it('an INVITE to a DID is queued, offered, answered by the agent, and ended by the caller', async () => {
    await admin.setTrunk({ host: FAR_HOST, port: 5060, allowed_sources: [FAR_HOST], dids: [DID] });
    const callerPort = await freeSipPort(FAR_HOST);
    const run = sipp('caller-inbound.xml', { port: callerPort, target: `127.0.0.1:${String(sipPort)}`, service: DID });
    await expect.poll(async () => (await currentCall())?.call_status, { timeout: 15_000 }).toBe('ringing');
    const call = await currentCall();
    await phoneCall('answer', {});
    expect(await run.exited, run.output()).toBe(0);
    await expect
      .poll(() => endOf(call?.call_id ?? ''), { timeout: 10_000 })
      .toMatchObject({
        outcome: 'completed',
        trunk: `sip:${FAR_HOST}:5060;transport=udp`,
      });
    await ready();
  });

  it.each([
    ['an address the trunk does not allow', '127.0.0.3', DID],
    ['a number no tenant has', FAR_HOST, '+869999999999'],
  ])('%s: 403, and no agent is rung', async (_what, host, number) => {
    await admin.setTrunk({ host: FAR_HOST, port: 5060, allowed_sources: [FAR_HOST], dids: [DID] });
    const run = sipp('caller-refused.xml', {
      host,
      port: await freeSipPort(host),
      target: `127.0.0.1:${String(sipPort)}`,
      service: number,
    });
    expect(await run.exited, run.output()).toBe(0);
    expect(await currentCall()).toBeUndefined();
  });
});

describe('a trunk at one of its caps', () => {
  it.each([
    ['calls at once', 'Q.850;cause=34', { max_calls: 1, max_waiting: null }],
    ['callers waiting', 'Q.850;cause=17', { max_calls: null, max_waiting: 1 }],
  ])(
    'past its cap of %s, the next caller hears busy (486, %s) and the first call goes on',
    async (_what, cause, caps) => {
      await admin.setTrunk({ host: FAR_HOST, port: 5060, allowed_sources: [FAR_HOST], dids: [DID], ...caps });
      const target = `127.0.0.1:${String(sipPort)}`;
      const first = sipp('caller-inbound.xml', { port: await freeSipPort(FAR_HOST), target, service: DID });
      await expect.poll(async () => (await currentCall())?.call_status, { timeout: 15_000 }).toBe('ringing');
      const trace = path.join(await mkdtemp(path.join(tmpdir(), 'sipp-busy-')), 'messages.log');
      const busy = sipp('caller-busy.xml', {
        port: await freeSipPort(FAR_HOST),
        target,
        service: DID,
        extra: ['-trace_msg', '-message_file', trace],
      });
      expect(await busy.exited, busy.output()).toBe(0);
      expect(await readFile(trace, 'utf8')).toMatch(new RegExp(`^Reason: ${cause.replace('.', '\\.')}\\b`, 'm'));
      // The caller who heard busy never reached the call centre; the first is answered as usual.
      expect(((await phoneCall('getState')) as { calls: unknown[] }).calls).toHaveLength(1);
      await phoneCall('answer', {});
      expect(await first.exited, first.output()).toBe(0);
      await ready();
      await admin.setTrunk({
        host: FAR_HOST,
        port: 5060,
        allowed_sources: [FAR_HOST],
        dids: [DID],
        max_calls: null,
        max_waiting: null,
      });
    },
  );
});

describe('a node that stops', () => {
  it('ends its trunk calls towards the carrier (BYE) instead of leaving them up there', async () => {
    const run = await carrier('carrier-answers.xml');
    await dial();
    await expect.poll(async () => (await currentCall())?.call_status, { timeout: 10_000 }).toBe('talking');
    // SIGTERM, as a deployment stops the server: the carrier must hear the call end.
    await server.stop();
    expect(await run.exited, run.output()).toBe(0);
  });
});
