import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { CtiClient, loginToken } from '../../../test/cti-client.js';
import { call, createTestApp, loginAsAdmin, type TestContext } from '../../../test/helpers.js';
import { createManualScheduler } from '../../../test/manual-scheduler.js';
import { networkTimings } from '../engine/phone-network.js';

/**
 * The engine's methods through a real socket on a real database: the parts the engine cannot
 * know alone (extensions of agents who are not signed in, the call records it leaves).
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

async function checkedIn(account: string) {
  const client = await CtiClient.connect(base);
  clients.push(client);
  await client.auth(await loginToken(ctx.app, account));
  expect(await client.request('login')).toMatchObject({ code: 0 });
  return client;
}

const code = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code;

describe('the numbering rule through the socket', () => {
  it('refuses the extension of a colleague who is not signed in as offline, never as an outside call', async () => {
    const lina = await checkedIn('lina@demo.example.com');
    // Maria (8003) has not signed in: only the database knows her extension.
    expect(await lina.request('dialOut', { number: '8003' })).toMatchObject({
      code: code('extensionUnavailable'),
      data: { reason: 'offline' },
      message: expect.stringContaining('extension') as unknown,
    });
    expect(await lina.request('dialOut', { number: '8009' })).toMatchObject({
      code: code('extensionUnavailable'),
      data: { reason: 'unknown' },
    });
    expect(await lina.request('dialOut', { number: '8003', internal: false })).toMatchObject({
      code: code('internalCallNotAllowed'),
    });
    expect(await lina.request('getState')).toMatchObject({ code: 0, data: { calls: [] } });
    await lina.request('logout');
  });

  it('knows an extension the CMS gives, moves, disables or takes away at once, without a restart', async () => {
    const lina = await checkedIn('lina@demo.example.com');
    const admin = await loginAsAdmin(ctx.app);
    const cms = <T>(path: string, body: object) => call<T>(ctx.app, path, body, { cookie: admin });
    const reason = async (number: string) => {
      const answer = await lina.request('dialOut', { number });
      return (answer.data as { reason?: string } | undefined)?.reason ?? `code ${String(answer.code)}`;
    };
    // The book of extensions is read at the first dial.
    expect(await reason('8003')).toBe('offline');
    const tenants = await cms<{ list: { _id: string }[] }>('cms/get_tenant_list', { page_number: -1 });
    const tenantId = tenants.body.data.list[0]?._id ?? '';
    const created = await cms<{ _id: string }>('cms/set_agent_info', {
      tenant_id: tenantId,
      name: 'Omar Haddad',
      email: 'omar.haddad@example.com',
      extension: '8077',
      role: 'agent',
      assistant_robot: false,
    });
    expect(created.body.code).toBe(0);
    const omar = created.body.data._id;
    expect(await reason('8077')).toBe('offline');
    const agent = (extension: string, disabled = false) => ({
      _id: omar,
      tenant_id: tenantId,
      name: 'Omar Haddad',
      email: 'omar.haddad@example.com',
      extension,
      role: 'agent',
      assistant_robot: false,
      disabled,
    });
    await cms('cms/set_agent_info', agent('8078'));
    expect(await reason('8077')).toBe('unknown');
    expect(await reason('8078')).toBe('offline');
    // Disabled, the extension is still his: refused as offline, never dialled out.
    await cms('cms/set_agent_info', agent('8078', true));
    expect(await reason('8078')).toBe('offline');
    await cms('cms/remove_agent_info', { _id: omar });
    expect(await reason('8078')).toBe('unknown');
    await lina.request('logout');
  });

  it('refuses to transfer or consult-transfer to a colleague who is not signed in as offline', async () => {
    const lina = await checkedIn('lina@demo.example.com');
    const placed = await lina.request('dialOut', { number: '13800138001' });
    const callId = (placed.data as { call_id: string }).call_id;
    scheduler.advance(3_000);
    for (const method of ['transferExternal', 'consultTransfer']) {
      expect(await lina.request(method, { call_id: callId, number: '8003' }), method).toMatchObject({
        code: code('extensionUnavailable'),
        data: { reason: 'offline' },
      });
      expect(await lina.request(method, { call_id: callId, number: '8009' }), method).toMatchObject({
        code: code('extensionUnavailable'),
        data: { reason: 'unknown' },
      });
    }
    expect(await lina.request('getState')).toMatchObject({
      code: 0,
      data: { calls: [{ call_id: callId, call_status: 'talking' }] },
    });
    expect(await lina.request('hangUp', { call_id: callId })).toMatchObject({ code: 0 });
    await lina.request('setAgentStatus', { status: 'idle' });
    await lina.request('logout');
  });

  it('refuses out-of-range and malformed parameters of the new methods', async () => {
    const lina = await checkedIn('lina@demo.example.com');
    expect(await lina.request('getCallRecords', { limit: 500 })).toMatchObject({
      code: code('invalidParams'),
      data: { issues: [{ param: 'limit', reason: 'outOfRange' }] },
    });
    expect(await lina.request('dialOut', { number: '13800138001', data: { ticket: 7 } })).toMatchObject({
      code: code('invalidParams'),
      data: { issues: [{ param: 'data', reason: 'wrongType' }] },
    });
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    expect(await lina.request('dialOut', { number: '13800138001', data: tooMany })).toMatchObject({
      code: code('invalidParams'),
      data: { issues: [{ param: 'data', reason: 'tooMany', max: 20 }] },
    });
    const refused = await lina.request('dialOut', { number: '13800138001', data: { '': 'x', note: 'a\u0000b' } });
    expect(refused).toMatchObject({
      code: code('invalidParams'),
      data: {
        issues: [
          { param: 'data', key: '', reason: 'emptyKey' },
          { param: 'data', key: 'note', reason: 'badCharacter' },
        ],
      },
    });
    expect(refused.message).toContain('data["note"] (badCharacter)');
    expect(await lina.request('sendDtmf', { digits: '1' })).toMatchObject({ code: code('callNotFound') });
    expect(await lina.request('completeTransfer')).toMatchObject({ code: code('callNotFound') });
    await lina.request('logout');
  });
});

describe('attached data', () => {
  it('travels from simulate_inbound_call to the agent’s phone and into the call record', async () => {
    const wang = await checkedIn('wangwei@demo.example.com');
    const token = await loginToken(ctx.app, 'maria@demo.example.com');
    const data = { ticket: 'T-42', customer: 'Acme Ltd' };
    const placed = await call<{ call_id: string }>(ctx.app, 'cti/simulate_inbound_call', {
      token,
      from: '+8613912345678',
      data,
    });
    expect(placed.body.code).toBe(0);
    const offered = await wang.event('callDataChange');
    expect(offered.data).toMatchObject({ call: { attached_data: data, caller: '+8613912345678' } });
    const callId = placed.body.data.call_id;
    expect(await wang.request('answer', { call_id: callId })).toMatchObject({ code: 0 });
    expect(await wang.request('hangUp', { call_id: callId })).toMatchObject({ code: 0 });
    // Records gather before they are written; the agent's own read finds the last call at once.
    const records = await wang.request('getCallRecords', { limit: 1 });
    expect(records).toMatchObject({
      code: 0,
      data: { list: [{ call_id: callId, attached_data: data, outcome: 'completed' }] },
    });
  });

  it('refuses attached data over its bounds at the API, naming the key and the bound', async () => {
    const token = await loginToken(ctx.app, 'maria@demo.example.com');
    const issuesOf = async (data: object) => {
      const answer = await call<{ issues: { field: string; reason: string; message: string }[] }>(
        ctx.app,
        'cti/simulate_inbound_call',
        { token, from: '+8613912345678', data },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(code('invalidField'));
      return answer.body.data.issues;
    };
    expect(await issuesOf({ note: 'x'.repeat(1025) })).toEqual([
      { field: 'data.note', reason: 'tooLong', message: '“data.note” must be at most 1024 characters.' },
    ]);
    // 21 keys: the message names the bound (it said "{{max}}").
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    expect(await issuesOf(tooMany)).toEqual([
      { field: 'data', reason: 'tooMany', message: '“data” can hold at most 20 entries.' },
    ]);
    // An empty key is not "too long".
    expect(await issuesOf({ '': 'x' })).toEqual([
      { field: 'data', reason: 'emptyKey', message: '“data” has an entry without a name.' },
    ]);
    expect(await issuesOf({ ['k'.repeat(65)]: 'x' })).toMatchObject([{ reason: 'tooLong' }]);
    expect(await issuesOf({ note: 'a\u0000b' })).toMatchObject([{ field: 'data.note', reason: 'badCharacter' }]);
  });

  it('takes attached data at its limits over the socket, and counts it in characters', async () => {
    // Every key and value at its longest, made of the character JSON escapes in the most bytes:
    // the frame is past 64 KB, which used to close the socket.
    const lina = await checkedIn('lina@demo.example.com');
    const widest = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`${i}`.padStart(64, '\u0001'), '\u0001'.repeat(1024)]),
    );
    const placed = await lina.request('dialOut', { number: '13800138001', data: widest });
    expect(placed).toMatchObject({ code: 0 });
    const callId = (placed.data as { call_id: string }).call_id;
    expect(await lina.request('hangUp', { call_id: callId })).toMatchObject({ code: 0 });
    // By its id: this file's clock is manual, and an earlier test's call ended at the same moment.
    const records = await lina.request('getCallRecords', { limit: 10 });
    const record = (records.data as { list: { call_id: string; attached_data: object }[] }).list.find(
      (entry) => entry.call_id === callId,
    );
    expect(record?.attached_data).toEqual(widest);

    // 1,024 emoji are 1,024 characters (2,048 UTF-16 units), through either door.
    const note = '😀'.repeat(1024);
    const token = await loginToken(ctx.app, 'maria@demo.example.com');
    // A bad `from` keeps the call from being placed (it would ring an agent of a later test):
    // the answer names `from` alone, so the 1,024 emoji passed.
    const inbound = await call<{ issues: { field: string }[] }>(ctx.app, 'cti/simulate_inbound_call', {
      token,
      from: 'not a number',
      data: { note },
    });
    expect(inbound.body.data.issues.map((issue) => issue.field)).toEqual(['from']);
    expect(await lina.request('dialOut', { number: '13800138001', data: { note: `${note}😀` } })).toMatchObject({
      code: code('invalidParams'),
      data: { issues: [{ key: 'note', reason: 'tooLong', max: 1024 }] },
    });
    await lina.request('logout');
  });

  it('changes a call’s data over the socket: both agents told, the record keeps it, bad data refused', async () => {
    const lina = await checkedIn('lina@demo.example.com');
    const placed = await lina.request('dialOut', { number: '13800138001', data: { ticket: 'T-1' } });
    const callId = (placed.data as { call_id: string }).call_id;
    const changed = await lina.request('setCallData', { call_id: callId, data: { ticket: 'T-9', crm: 'opened' } });
    expect(changed).toMatchObject({
      code: 0,
      data: { call_id: callId, attached_data: { ticket: 'T-9', crm: 'opened' } },
    });
    expect(await lina.request('setCallData', { call_id: callId, data: { '': 'x' } })).toMatchObject({
      code: code('invalidParams'),
      data: { issues: [{ param: 'data', key: '', reason: 'emptyKey' }] },
    });
    expect(await lina.request('setCallData', { call_id: callId })).toMatchObject({
      code: code('invalidParams'),
      data: { issues: [{ param: 'data', reason: 'required' }] },
    });
    expect(await lina.request('setCallData', { call_id: 'no-such-call', data: {} })).toMatchObject({
      code: code('callNotFound'),
    });
    expect(await lina.request('hangUp', { call_id: callId })).toMatchObject({ code: 0 });
    const records = await lina.request('getCallRecords', { limit: 10 });
    const record = (records.data as { list: { call_id: string; attached_data: object }[] }).list.find(
      (entry) => entry.call_id === callId,
    );
    expect(record?.attached_data).toEqual({ ticket: 'T-9', crm: 'opened' });
    await lina.request('setAgentStatus', { status: 'idle' });
    await lina.request('logout');
  });
});

describe('wrap-up codes through the socket', () => {
  it('keeps a wrap-up chosen in after-call work in the record the call already left, and one chosen during a call in its record', async () => {
    const lina = await checkedIn('lina@demo.example.com');
    const dial = async (number: string) => {
      const placed = await lina.request('dialOut', { number });
      scheduler.advance(networkTimings.ringBeforeAnswerMs);
      return (placed.data as { call_id: string }).call_id;
    };
    const recordOf = async (callId: string) => {
      const records = await lina.request('getCallRecords', { limit: 10 });
      return (records.data as { list: { call_id: string; wrap_up: unknown }[] }).list.find(
        (entry) => entry.call_id === callId,
      );
    };

    const first = await dial('13800138001');
    expect(await lina.request('hangUp', { call_id: first })).toMatchObject({ code: 0 });
    expect((await lina.request('getState')).data).toMatchObject({ status: 'acw' });
    // Read back at once: the record is stored before the wrap-up updates it, never after.
    const late = await lina.request('setWrapUp', { code_id: 'follow-up', note: 'Send the quote' });
    expect(late).toMatchObject({
      code: 0,
      data: { call_id: first, wrap_up: { code_id: 'follow-up', name: 'Follow-up needed', note: 'Send the quote' } },
    });
    expect((await recordOf(first))?.wrap_up).toEqual((late.data as { wrap_up: unknown }).wrap_up);
    expect(await lina.request('setAgentStatus', { status: 'idle' })).toMatchObject({ code: 0 });

    const second = await dial('13800138002');
    const during = await lina.request('setWrapUp', { code_id: 'sale', call_id: second });
    expect(during).toMatchObject({ code: 0, data: { call_id: second, wrap_up: { code_id: 'sale', note: null } } });
    await lina.request('hangUp', { call_id: second });
    expect((await recordOf(second))?.wrap_up).toEqual((during.data as { wrap_up: unknown }).wrap_up);
    expect((await recordOf(first))?.wrap_up).toMatchObject({ code_id: 'follow-up' });

    expect(await lina.request('setWrapUp', { code_id: 'upsell' })).toMatchObject({ code: code('unknownWrapUpCode') });
    expect(await lina.request('setWrapUp', {})).toMatchObject({
      code: code('invalidParams'),
      data: { issues: [{ param: 'code_id', reason: 'required' }] },
    });
    expect(await lina.request('setWrapUp', { code_id: 'sale', note: 'x'.repeat(501) })).toMatchObject({
      code: code('invalidParams'),
      data: { issues: [{ param: 'note' }] },
    });
    expect(await lina.request('setWrapUp', { code_id: 'sale', call_id: first })).toMatchObject({
      code: code('callNotFound'),
    });
    await lina.request('setAgentStatus', { status: 'idle' });
    await lina.request('logout');
  });
});
