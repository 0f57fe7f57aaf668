/**
 * Passing calls on (docs/CTI.md, 'Calls': Transfers, the numbering rule, attached data), between
 * agents on the embed example page, each page recording every SDK event with `phone.on('*')`:
 *
 * - a transfer to a colleague who cannot take the call (offline, in a call, or an extension
 *   nobody holds) is refused with extensionUnavailable (40922, `data.reason`) before anything
 *   rings, and the call goes on; dialling such an extension places no call at all;
 * - a blind transfer of an inbound call with attached data: the colleague's page gets the caller,
 *   the data and who passed it on, the phone shows them, and the agent hears it was answered;
 * - a blind transfer of an outbound call the colleague lets ring out comes back to the agent;
 * - a consult transfer completed through the phone's own UI, and one cancelled.
 *
 * Demo agents: Li Na (8001) and Wang Wei (8002) are signed in; Maria Garcia (8003) never is.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { errorCatalogue } from '@open/protocol/errors';
import { dictionaries } from '@open/protocol/messages/index';
import { simulateInboundCall } from './cti-helpers.js';
import { freshVisitor, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
const phoneWords = dictionaries.softphone.en;

/** A caller from the public network, and the data its call carries (a ticket for a screen-pop). */
const CALLER = '+8613912345678';
const TICKET = { ticket: 'T-42' };
/** An outside number that answers after 3 s and stays up (phone-network.ts). */
const STAYS_UP = '13800138001';
const MARIA_EXTENSION = '8003';
const WANG_EXTENSION = '8002';
/** 3 to 6 digits that are nobody's extension. */
const NOBODY = '8009';
const UNAVAILABLE = errorCatalogue.extensionUnavailable.code;
/** An unanswered call passed on rings for 15 s (networkTimings.offerMs). */
const RING_OUT_MS = 15_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** A phone's text without the direction isolates it puts around names and numbers. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2068\u2069]/g, '');
const say = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replace(`{{${key}}}`, value), text);

/** An event the host page heard, in order. */
interface Heard {
  name: string;
  data: Record<string, unknown>;
  at: number;
}

type Outcome =
  { ok: true; data: Record<string, unknown> } | { ok: false; code: number; message: string; data: unknown };

interface CallView {
  call_id: string;
  call_type: string;
  call_status: string;
  caller: string;
  callee: string;
  answered_at: string | null;
  outcome: string | null;
  held: boolean;
  attached_data: Record<string, string>;
  transfer: { kind: string; from_agent_id: string; from_name: string; from_extension: string | null } | null;
  consult_of: string | null;
}

/** What the test adds to the example page's window. */
interface HostWindow {
  phone: {
    ready: Promise<unknown>;
    on(name: string, handler: (payload: { name: string; data: Record<string, unknown> }) => void): void;
    call(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  };
  heard: Heard[];
}

interface Agent {
  label: string;
  context: BrowserContext;
  page: Page;
  phone: FrameLocator;
  id: string;
}

/** The embed example, signed in as `account` by its own form, with every SDK event recorded. */
async function startAgent(account: string, label: string): Promise<Agent> {
  const context = await freshVisitor(e2e.browser);
  const page = await context.newPage();
  await page.goto(`${e2e.server.origin}/dzfront/open/client/examples/embed.html`);
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Language').fill('en');
  await page.getByRole('button', { name: 'Start the phone' }).click();
  const phone = page.frameLocator('#phone iframe');
  await phone.getByTestId('agent-status').waitFor();
  await page.evaluate(async () => {
    const win = window as unknown as HostWindow;
    await win.phone.ready;
    win.heard = [];
    win.phone.on('*', ({ name, data }) => {
      win.heard.push({ name, data, at: Date.now() });
    });
  });
  const agent: Agent = { label, context, page, phone, id: '' };
  agent.id = (await succeeded(agent, 'getState')).agent_id as string;
  return agent;
}

/** Runs a method from the host page, as an integrator does; never throws. */
function call(agent: Agent, method: string, params: Record<string, unknown> = {}): Promise<Outcome> {
  return agent.page.evaluate(
    async ({ method, params }) => {
      try {
        return { ok: true as const, data: await (window as unknown as HostWindow).phone.call(method, params) };
      } catch (error) {
        const { code, message, data } = error as { code: number; message: string; data: unknown };
        return { ok: false as const, code, message, data };
      }
    },
    { method, params },
  );
}

async function succeeded(agent: Agent, method: string, params: Record<string, unknown> = {}) {
  const outcome = await call(agent, method, params);
  if (!outcome.ok) throw new Error(`${agent.label}: ${method} refused: ${outcome.code} ${outcome.message}`);
  return outcome.data;
}

const heard = (agent: Agent) => agent.page.evaluate(() => (window as unknown as HostWindow).heard);
const mark = async (agent: Agent) => (await heard(agent)).length;
const heardSince = async (agent: Agent, since: number) => (await heard(agent)).slice(since);

/**
 * Waits until the page heard `name` (with data that `match` accepts) at or after index `since`.
 * 20 s: in CI, beside the other browser run and lint (load 15), a consult's first event once took
 * more than 10 s to reach the page; alone it takes well under one.
 */
async function hears(
  agent: Agent,
  since: number,
  name: string,
  match: (data: Record<string, unknown>) => boolean = () => true,
  timeout = 20_000,
): Promise<Heard> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const events = await heardSince(agent, since);
    const found = events.find((event) => event.name === name && match(event.data));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `${agent.label} did not hear ${name} within ${timeout} ms; heard ${events.map((e) => e.name).join(', ')}`,
      );
    await sleep(100);
  }
}

const status = (callId: string, callStatus: string) => (data: Record<string, unknown>) =>
  data.call_id === callId && data.call_status === callStatus;

/** The whole call as the page was last told it (callDataChange), once `match` accepts it. */
async function callData(
  agent: Agent,
  since: number,
  callId: string,
  match: (call: CallView) => boolean = () => true,
): Promise<CallView> {
  const event = await hears(
    agent,
    since,
    'callDataChange',
    (data) => data.call_id === callId && match(data.call as CallView),
  );
  return event.data.call as CallView;
}

async function callsOf(agent: Agent): Promise<CallView[]> {
  return (await succeeded(agent, 'getState')).calls as CallView[];
}

/** Checks the agents in (ready) one at a time, a second apart: the first is then idle longest. */
async function checkInInOrder(...agents: Agent[]) {
  for (const [index, agent] of agents.entries()) {
    const state = await succeeded(agent, 'getState');
    if (state.status !== 'offline') await succeeded(agent, 'logout');
    if (index > 0) await sleep(1_000);
    await succeeded(agent, 'login', { status: 'idle' });
  }
}

/** A caller rings the tenant (cti/simulate_inbound_call); the call's id. */
const inboundCall = () => simulateInboundCall(e2e.server.origin, CALLER, TICKET);

/** An inbound call offered to `agent`, answered by them: its id once talking. */
async function answeredInbound(agent: Agent): Promise<string> {
  const since = await mark(agent);
  const callId = await inboundCall();
  await hears(agent, since, 'callStatusChange', status(callId, 'ringing'));
  await succeeded(agent, 'answer', { call_id: callId });
  await hears(agent, since, 'callStatusChange', status(callId, 'talking'));
  return callId;
}

/** An outside call placed by `agent`, once the far end answered (after 3 s). */
async function talkingOutside(agent: Agent): Promise<string> {
  const since = await mark(agent);
  const callId = (await succeeded(agent, 'dialOut', { number: STAYS_UP })).call_id as string;
  await hears(agent, since, 'callStatusChange', status(callId, 'talking'));
  return callId;
}

/** A call panel's text, as a person reads it. */
const panelText = async (phone: FrameLocator, testId = 'call') => plain(await phone.getByTestId(testId).textContent());

describe('transferring calls between agents', () => {
  let lina: Agent;
  let wang: Agent;

  beforeAll(async () => {
    [lina, wang] = await Promise.all([
      startAgent('lina@demo.example.com', 'Li Na'),
      startAgent('wangwei@demo.example.com', 'Wang Wei'),
    ]);
    await Promise.all([succeeded(lina, 'login', { status: 'idle' }), succeeded(wang, 'login', { status: 'idle' })]);
  });

  // Each flow leaves both agents out of calls; one that failed half-way must not fail the next.
  afterEach(async () => {
    for (const agent of [lina, wang]) {
      for (const left of await callsOf(agent)) await call(agent, 'hangUp', { call_id: left.call_id });
    }
  });

  it('refuses a transfer or a call to a colleague who cannot take it (40922), and the call goes on', async () => {
    const callId = await talkingOutside(lina);
    const since = await mark(lina);
    const refused = (reason: string) => ({ ok: false, code: UNAVAILABLE, data: { reason } });

    // Maria is not signed in.
    expect(await call(lina, 'transferExternal', { call_id: callId, number: MARIA_EXTENSION })).toMatchObject(
      refused('offline'),
    );
    expect(await call(lina, 'consultTransfer', { call_id: callId, number: MARIA_EXTENSION })).toMatchObject(
      refused('offline'),
    );
    // Wang is in a call (still ringing out).
    const wangCall = (await succeeded(wang, 'dialOut', { number: STAYS_UP })).call_id as string;
    expect(await call(lina, 'transferExternal', { call_id: callId, number: WANG_EXTENSION })).toMatchObject(
      refused('busy'),
    );
    expect(await call(lina, 'consultTransfer', { call_id: callId, number: WANG_EXTENSION })).toMatchObject(
      refused('busy'),
    );
    await succeeded(wang, 'hangUp', { call_id: wangCall });
    // Nobody has 8009, and it is too short to go out to the network.
    expect(await call(lina, 'transferExternal', { call_id: callId, number: NOBODY })).toMatchObject(refused('unknown'));
    expect(await call(lina, 'consultTransfer', { call_id: callId, number: NOBODY })).toMatchObject(refused('unknown'));

    // The phone's own transfer form says why, in words.
    await lina.phone.getByRole('button', { name: phoneWords['softphone.ui.transfer'], exact: true }).click();
    await lina.phone.getByRole('radio', { name: phoneWords['softphone.ui.transferKind.blind'] }).check();
    await lina.phone.getByRole('textbox', { name: phoneWords['softphone.ui.transferTo'] }).fill(MARIA_EXTENSION);
    await lina.phone.getByRole('button', { name: phoneWords['softphone.ui.transferConfirm'] }).click();
    await expect
      .poll(() => lina.phone.getByRole('alert').textContent())
      .toContain(phoneWords['softphone.ui.unavailable.offline']);
    await lina.phone.getByRole('button', { name: phoneWords['softphone.ui.cancel'], exact: true }).click();

    // Nothing happened to the call: still talking, and the page heard no change of it.
    expect(await callsOf(lina)).toEqual([expect.objectContaining({ call_id: callId, call_status: 'talking' })]);
    const during = await heardSince(lina, since);
    expect(during.filter((e) => e.name === 'callStatusChange' || e.name === 'externalTransferSuccess')).toEqual([]);
    expect(await panelText(lina.phone)).toContain(phoneWords['softphone.ui.callStatus.talking']);

    const hungUp = await mark(lina);
    await succeeded(lina, 'hangUp', { call_id: callId });
    await hears(lina, hungUp, 'callStatusChange', status(callId, 'ended'));
    await lina.phone.getByTestId('call').waitFor({ state: 'detached' });

    // Dialling Maria's extension is refused the same way, from the SDK and from the dial pad,
    // and no call is placed (an extension never goes out to the network).
    const dialled = await mark(lina);
    expect(await call(lina, 'dialOut', { number: MARIA_EXTENSION })).toMatchObject(refused('offline'));
    await lina.phone.getByLabel(phoneWords['softphone.ui.numberPlaceholder']).fill(MARIA_EXTENSION);
    await lina.phone.getByRole('button', { name: phoneWords['softphone.ui.dial'], exact: true }).click();
    await expect
      .poll(() => lina.phone.getByRole('alert').textContent())
      .toContain(phoneWords['softphone.ui.unavailable.offline']);
    await sleep(500);
    const calls = (await heardSince(lina, dialled)).filter((e) => e.name.startsWith('call'));
    expect(calls).toEqual([]);
    expect(await callsOf(lina)).toEqual([]);
    expect(await lina.phone.getByTestId('call').count()).toBe(0);
  }, 30_000);

  it('blind-transfers an inbound call with its data to a free colleague, who sees who passed it on', async () => {
    await checkInInOrder(lina, wang);
    const wangSince = await mark(wang);
    const callId = await answeredInbound(lina);
    // Lina was idle longest: Wang was never offered the call.
    expect((await heardSince(wang, wangSince)).filter((e) => e.data.call_id === callId)).toEqual([]);

    const passed = await mark(lina);
    expect(await succeeded(lina, 'transferExternal', { call_id: callId, number: WANG_EXTENSION })).toEqual({
      call_id: callId,
      number: WANG_EXTENSION,
    });
    // Lina leaves at once.
    await hears(lina, passed, 'externalTransferSuccess', (d) => d.call_id === callId && d.number === WANG_EXTENSION);
    await hears(lina, passed, 'callStatusChange', status(callId, 'ended'));
    await callData(lina, passed, callId, (c) => c.call_status === 'ended' && c.outcome === 'transferred');
    expect(await callsOf(lina)).toEqual([]);

    // Wang's page gets the caller, the data, and who passed the call on.
    await hears(wang, wangSince, 'callTypeChange', (d) => d.call_id === callId && d.call_type === 'inbound');
    await hears(wang, wangSince, 'callStatusChange', status(callId, 'ringing'));
    const offered = await callData(wang, wangSince, callId);
    expect(offered).toMatchObject({
      call_type: 'inbound',
      call_status: 'ringing',
      caller: CALLER,
      attached_data: TICKET,
      transfer: { kind: 'blind', from_agent_id: lina.id, from_name: 'Li Na', from_extension: '8001' },
    });
    // …and so does his phone.
    const panel = await panelText(wang.phone);
    expect(panel).toContain(phoneWords['softphone.ui.callType.inbound']);
    expect(panel).toContain(CALLER);
    expect(panel).toContain(say(phoneWords['softphone.ui.transferredBy'], { name: 'Li Na (8001)' }));
    const details = wang.phone.getByRole('region', { name: phoneWords['softphone.ui.attachedData'] });
    expect(await details.locator('dt').allTextContents()).toEqual(['ticket']);
    expect(await details.locator('dd').allTextContents()).toEqual(['T-42']);
    // Nothing is settled while it rings.
    expect((await heardSince(lina, passed)).filter((e) => e.name === 'transferOutcome')).toEqual([]);

    await wang.phone.getByRole('button', { name: phoneWords['softphone.ui.answer'] }).click();
    await hears(wang, wangSince, 'callStatusChange', status(callId, 'talking'));
    const outcome = await hears(lina, passed, 'transferOutcome', (d) => d.call_id === callId);
    expect(outcome.data).toEqual({ call_id: callId, number: WANG_EXTENSION, kind: 'blind', outcome: 'answered' });
    expect(await callsOf(wang)).toEqual([
      expect.objectContaining({ call_id: callId, call_status: 'talking', caller: CALLER, attached_data: TICKET }),
    ]);

    const hungUp = await mark(lina);
    await succeeded(wang, 'hangUp', { call_id: callId });
    // Lina hears how the call she passed on ended, and only once what became of the transfer.
    await callData(lina, hungUp, callId, (c) => c.call_status === 'ended' && c.outcome === 'completed');
    expect(
      (await heardSince(lina, passed)).filter((e) => e.name === 'transferOutcome' && e.data.call_id === callId),
    ).toHaveLength(1);
  }, 30_000);

  it('brings a blind-transferred outbound call back to the agent when the colleague lets it ring out', async () => {
    // Wang is free: out of after-call work (if he is still in it).
    await call(wang, 'setAgentStatus', { status: 'idle' });
    const callId = await talkingOutside(lina);
    const [linaSince, wangSince] = [await mark(lina), await mark(wang)];
    await succeeded(lina, 'transferExternal', { call_id: callId, number: WANG_EXTENSION });
    const passedAt = Date.now();

    await hears(wang, wangSince, 'callTypeChange', (d) => d.call_id === callId && d.call_type === 'outbound');
    expect(await callData(wang, wangSince, callId)).toMatchObject({
      call_status: 'ringing',
      callee: STAYS_UP,
      transfer: { kind: 'blind', from_agent_id: lina.id, from_name: 'Li Na' },
    });
    await wang.phone.getByRole('button', { name: phoneWords['softphone.ui.answer'] }).waitFor();

    // Wang lets it ring: after 15 s it is a missed call on his page, and rings Lina again.
    const missed = await hears(wang, wangSince, 'callMissed', (d) => d.call_id === callId, RING_OUT_MS + 5_000);
    expect(missed.data).toMatchObject({ call_id: callId, reason: 'noAnswer' });
    const rangFor = missed.at - passedAt;
    expect(rangFor).toBeGreaterThanOrEqual(RING_OUT_MS - 1_000);
    expect(rangFor).toBeLessThan(RING_OUT_MS + 3_000);
    await hears(wang, wangSince, 'callStatusChange', status(callId, 'ended'));
    expect(await callsOf(wang)).toEqual([]);

    const outcome = await hears(lina, linaSince, 'transferOutcome', (d) => d.call_id === callId);
    expect(outcome.data).toEqual({ call_id: callId, number: WANG_EXTENSION, kind: 'blind', outcome: 'returned' });
    await hears(lina, linaSince, 'callStatusChange', status(callId, 'ringing'));
    const returned = await callData(lina, linaSince, callId, (c) => c.call_status === 'ringing');
    expect(returned).toMatchObject({
      call_type: 'outbound',
      callee: STAYS_UP,
      transfer: { kind: 'returned', from_agent_id: wang.id, from_name: 'Wang Wei' },
    });
    expect(await panelText(lina.phone)).toContain(say(phoneWords['softphone.ui.returnedBy'], { name: 'Wang Wei' }));

    // Lina takes her caller back from her phone.
    await lina.phone.getByRole('button', { name: phoneWords['softphone.ui.answer'] }).click();
    await hears(lina, linaSince, 'callStatusChange', status(callId, 'talking'));
    await succeeded(lina, 'hangUp', { call_id: callId });
    await hears(lina, linaSince, 'callStatusChange', status(callId, 'ended'));
    console.info(`blind transfer rang out at the colleague after ${rangFor} ms and came back`);
  }, 45_000);

  it('completes a consult transfer from the phone: the colleague takes the caller, the agent leaves both calls', async () => {
    await checkInInOrder(lina, wang);
    const callId = await answeredInbound(lina);
    const [linaSince, wangSince] = [await mark(lina), await mark(wang)];

    // Transfer → Consult first → the colleague's extension → Call to consult.
    await lina.phone.getByRole('button', { name: phoneWords['softphone.ui.transfer'], exact: true }).click();
    await lina.phone.getByRole('radio', { name: phoneWords['softphone.ui.transferKind.consult'] }).check();
    await lina.phone.getByRole('textbox', { name: phoneWords['softphone.ui.consultWith'] }).fill(WANG_EXTENSION);
    await lina.phone.getByRole('button', { name: phoneWords['softphone.ui.consultConfirm'] }).click();

    // The caller is held; the consultation rings Wang.
    await hears(lina, linaSince, 'callStatusChange', status(callId, 'held'));
    const consultType = await hears(lina, linaSince, 'callTypeChange', (d) => d.call_type === 'internal');
    const consultId = consultType.data.call_id as string;
    expect(await callData(lina, linaSince, consultId)).toMatchObject({ call_status: 'ringing', consult_of: callId });
    await hears(wang, wangSince, 'callStatusChange', status(consultId, 'ringing'));
    expect(await callData(wang, wangSince, consultId)).toMatchObject({
      call_type: 'internal',
      consult_of: callId,
      attached_data: TICKET,
      transfer: { kind: 'consult', from_agent_id: lina.id, from_name: 'Li Na', from_extension: '8001' },
    });
    expect(await panelText(wang.phone)).toContain(
      say(phoneWords['softphone.ui.consultRequest'], { name: 'Li Na (8001)' }),
    );
    expect(await panelText(lina.phone)).toContain(
      say(phoneWords['softphone.ui.callerWaiting'], { name: 'Wang Wei (8002)' }),
    );
    const complete = lina.phone.getByRole('button', { name: phoneWords['softphone.ui.completeTransfer'] });
    // Not before the colleague answered.
    expect(await complete.isDisabled()).toBe(true);

    await wang.phone.getByRole('button', { name: phoneWords['softphone.ui.answer'] }).click();
    await hears(lina, linaSince, 'callStatusChange', status(consultId, 'talking'));
    // The caller cannot be taken off hold while the consultation is up.
    expect(await call(lina, 'unpause', { call_id: callId })).toMatchObject({
      ok: false,
      code: errorCatalogue.illegalCallState.code,
    });

    const completedAt = await mark(lina);
    await complete.click();
    // Wang talks with the caller; the consultation is over.
    await hears(wang, wangSince, 'callTypeChange', (d) => d.call_id === callId && d.call_type === 'inbound');
    await hears(wang, wangSince, 'callStatusChange', status(callId, 'talking'));
    await hears(wang, wangSince, 'callStatusChange', status(consultId, 'ended'));
    expect(await callsOf(wang)).toEqual([
      expect.objectContaining({
        call_id: callId,
        call_status: 'talking',
        caller: CALLER,
        attached_data: TICKET,
        transfer: expect.objectContaining({ kind: 'consult', from_agent_id: lina.id }) as unknown,
      }),
    ]);
    // Lina is out of both calls, and hears the transfer was answered.
    await hears(lina, completedAt, 'callStatusChange', status(callId, 'ended'));
    await hears(lina, completedAt, 'callStatusChange', status(consultId, 'ended'));
    const outcome = await hears(lina, linaSince, 'transferOutcome', (d) => d.call_id === callId);
    expect(outcome.data).toMatchObject({ kind: 'consult', outcome: 'answered', number: WANG_EXTENSION });
    expect(await callsOf(lina)).toEqual([]);
    await lina.phone.getByTestId('call').waitFor({ state: 'detached' });
    expect(await lina.phone.getByTestId('consult-call').count()).toBe(0);
    await expect
      .poll(() => panelText(wang.phone))
      .toContain(say(phoneWords['softphone.ui.transferredAfterConsult'], { name: 'Li Na (8001)' }));
    expect(await panelText(wang.phone)).toContain(phoneWords['softphone.ui.callStatus.talking']);
    expect(await wang.phone.getByTestId('consult-call').count()).toBe(0);

    await succeeded(wang, 'hangUp', { call_id: callId });
    await hears(wang, wangSince, 'callStatusChange', status(callId, 'ended'));
  }, 30_000);

  it('cancels a consult transfer: the consultation ends and the caller stays on hold with the agent', async () => {
    const callId = await talkingOutside(lina);
    const [linaSince, wangSince] = [await mark(lina), await mark(wang)];
    const consult = await succeeded(lina, 'consultTransfer', { call_id: callId, number: WANG_EXTENSION });
    const consultId = consult.call_id as string;
    expect(consult).toMatchObject({ call_type: 'internal', call_status: 'ringing', consult_of: callId });
    await hears(lina, linaSince, 'callStatusChange', status(callId, 'held'));
    await hears(wang, wangSince, 'callStatusChange', status(consultId, 'ringing'));
    await succeeded(wang, 'answer', { call_id: consultId });
    await hears(lina, linaSince, 'callStatusChange', status(consultId, 'talking'));

    const held = await succeeded(lina, 'cancelTransfer', { call_id: consultId });
    expect(held).toMatchObject({ call_id: callId, call_status: 'held' });
    await hears(lina, linaSince, 'callStatusChange', status(consultId, 'ended'));
    await hears(wang, wangSince, 'callStatusChange', status(consultId, 'ended'));
    expect(await callsOf(lina)).toEqual([expect.objectContaining({ call_id: callId, call_status: 'held' })]);
    expect(await callsOf(wang)).toEqual([]);
    // Wang never had the caller, and nothing was passed on.
    expect((await heardSince(wang, wangSince)).filter((e) => e.data.call_id === callId)).toEqual([]);
    expect((await heardSince(lina, linaSince)).filter((e) => e.name === 'transferOutcome')).toEqual([]);
    await lina.phone.getByTestId('consult-call').waitFor({ state: 'detached' });
    expect(await panelText(lina.phone)).toContain(phoneWords['softphone.ui.callStatus.held']);

    // The caller is Lina's again: off hold, then goodbye.
    await succeeded(lina, 'unpause', { call_id: callId });
    await hears(lina, linaSince, 'callStatusChange', status(callId, 'talking'));
    await succeeded(lina, 'hangUp', { call_id: callId });
    await hears(lina, linaSince, 'callStatusChange', status(callId, 'ended'));
  }, 30_000);
});
