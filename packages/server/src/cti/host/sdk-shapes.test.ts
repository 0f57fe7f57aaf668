import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseFrame } from '@open/protocol/cti/protocol';
import { events, methodByName } from '@open/protocol/softphone/catalogue';
import { fieldsIssues, shapeIssues } from '@open/protocol/softphone/shapes';
import { CtiClient, loginToken } from '../../../test/cti-client.js';
import { call, createTestApp, type TestContext } from '../../../test/helpers.js';
import { createManualScheduler } from '../../../test/manual-scheduler.js';
import { networkTimings } from '../engine/phone-network.js';

/**
 * What the engine really sends, held to what the SDK's declarations (softphone.d.ts) promise:
 * each method's answer to the shape its catalogue entry names as `result`, the ready frame to
 * the agent and tenant shapes, and every event a phone receives to its catalogue payload. A
 * field added to a call, a colleague or a record without its shape fails here, not in an
 * integrator's code.
 */
const scheduler = createManualScheduler();
let ctx: TestContext;
let base: string;
const clients: CtiClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ cti: { scheduler } });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const client of clients) client.drop();
  await ctx.close();
});

async function signedIn(account: string) {
  const client = await CtiClient.connect(base);
  clients.push(client);
  const ready = await client.auth(await loginToken(ctx.app, account));
  return { client, ready };
}

/** Runs a method and checks its answer against the shape the catalogue says it resolves with. */
async function run(client: CtiClient, method: string, params?: Record<string, unknown>): Promise<ResponseFrame> {
  const answer = await client.request(method, params);
  expect(answer, `${method} answered`).toMatchObject({ code: 0 });
  const definition = methodByName.get(method);
  expect(definition, method).toBeDefined();
  if (definition) expect(shapeIssues(definition.result, answer.data, method)).toEqual([]);
  return answer;
}

const callIdOf = (answer: ResponseFrame) => (answer.data as { call_id: string }).call_id;

describe('what the engine sends, against the SDK’s declarations', () => {
  it('matches the shapes of results, the ready frame and every event payload', async () => {
    const lina = await signedIn('lina@demo.example.com');
    const wang = await signedIn('wangwei@demo.example.com');
    const chen = await signedIn('chenjie@demo.example.com');
    for (const { ready } of [lina, wang, chen]) {
      expect(shapeIssues('PhoneState', ready.agent, 'ready.agent')).toEqual([]);
      expect(shapeIssues('TenantInfo', ready.tenant, 'ready.tenant')).toEqual([]);
    }
    const a = lina.client;
    const b = wang.client;
    for (const client of [a, b, chen.client]) await run(client, 'login');
    await run(a, 'setAgentStatus', { status: 'busy', reason_id: 'break' });
    await run(a, 'setAgentStatus', { status: 'idle' });
    await run(a, 'setDisplayNumber', { number: '+861080000002' });

    // An internal call, with everything an agent and a supervisor may do in it.
    const internal = callIdOf(await run(a, 'dialOut', { number: '8002', data: { ticket: 'T-1' } }));
    await b.event('callStatusChange');
    await run(b, 'answer', { call_id: internal });
    for (const method of ['mute', 'unmute', 'pause', 'unpause']) await run(a, method, { call_id: internal });
    await run(a, 'sendDtmf', { digits: '12', call_id: internal });
    await run(a, 'setCallData', { call_id: internal, data: { ticket: 'T-2', order: '42' } });
    await run(a, 'rtcSignal', { call_id: internal, signal: { type: 'offer', sdp: 'v=0' } });
    await b.event('rtcSignal');
    for (const method of ['monitor', 'insert', 'stopMonitor']) {
      await run(chen.client, method, { agent_id: lina.ready.agent.agent_id });
    }
    // The supervisor is done: out, so the callers below ring the agents.
    await run(chen.client, 'logout');
    await run(a, 'getState');
    await run(a, 'getColleagues');
    await run(a, 'setWrapUp', { code_id: 'sale', call_id: internal });
    await run(a, 'hangUp', { call_id: internal });
    await run(b, 'setWrapUp', { code_id: 'resolved', note: 'Answered in the call' });
    // Out of after-call work at once (the clock also times the socket's heartbeat: it stays put).
    for (const client of [a, b]) await run(client, 'setAgentStatus', { status: 'idle' });

    // An outside call passed on: consulted and taken back, consulted and handed over, then out.
    const outside = callIdOf(await run(a, 'dialOut', { number: '13800138001' }));
    scheduler.advance(networkTimings.ringBeforeAnswerMs);
    await run(a, 'consultTransfer', { number: '8002', call_id: outside });
    await run(b, 'answer');
    await run(a, 'cancelTransfer', { call_id: outside });
    await run(a, 'consultTransfer', { number: '8002', call_id: outside });
    await run(b, 'answer');
    await run(a, 'completeTransfer', { call_id: outside });
    await run(b, 'transferExternal', { number: '13800138002', call_id: outside });
    for (const client of [a, b]) await run(client, 'setAgentStatus', { status: 'idle' });

    // A caller from outside, sent back to the queue by the agent who answered.
    const token = await loginToken(ctx.app, 'maria@demo.example.com');
    const placed = await call<{ call_id: string }>(ctx.app, 'cti/simulate_inbound_call', {
      token,
      from: '+8613912345678',
    });
    expect(placed.body.code).toBe(0);
    const inbound = placed.body.data.call_id;
    const offeredTo = (client: CtiClient) =>
      client.events('callDataChange').some((e) => JSON.stringify(e.data).includes(inbound)) ? client : undefined;
    const everyone = [a, b, chen.client];
    const ringing = await a.until(() => everyone.map(offeredTo).find(Boolean), 'the inbound call offered');
    await run(ringing, 'answer', { call_id: inbound });
    await run(ringing, 'transferToQueue', { call_id: inbound });

    // Records are written after a call ends, behind the answer: ask until they are there.
    let records = await run(a, 'getCallRecords', { limit: 10 });
    for (let tries = 0; tries < 50 && (records.data as { list: unknown[] }).list.length < 2; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      records = await run(a, 'getCallRecords', { limit: 10 });
    }
    expect((records.data as { list: unknown[] }).list.length).toBeGreaterThanOrEqual(2);

    const byName = new Map(events.map((event) => [event.name, event]));
    for (const client of [a, b, chen.client]) {
      for (const frame of client.events()) {
        const definition = byName.get(frame.name);
        expect(definition, `event ${frame.name} is in the catalogue`).toBeDefined();
        if (definition) expect(fieldsIssues(definition.payload, frame.data, frame.name)).toEqual([]);
      }
    }
    // The events the declarations type most richly were among them.
    const received = new Set([a, b, chen.client].flatMap((client) => client.events().map((e) => e.name)));
    for (const name of ['callDataChange', 'agentStatusChange', 'rtcSignal', 'monitorStart', 'dtmfReceived']) {
      expect(received, name).toContain(name);
    }
  });
});
