/**
 * Issue #41's first promise to a CRM's back end (docs/WEBHOOKS.md), kept end to end with real
 * parts only: a small HTTP server in this test stands for the CRM and hears a whole call through a
 * webhook its admin made over the API, while two agents work the call in real embedded phones.
 * Li Na dials an outside number and blind-transfers it to Wang Wei, who answers, hangs up and
 * picks a wrap-up code in his phone's after-call work. The CRM is down as the call ends, and the
 * server restarts while those deliveries wait for their retry; its stop checks the agents out.
 *
 * Why each check: a CRM trusts only what Standard Webhooks' own library verifies; it
 * deduplicates on `webhook-id`, so an id must always bring the same body, and every event the
 * server stored must reach it once (nothing lost, nothing posted twice by a clean restart);
 * posts may arrive in any order, so it rebuilds each agent's call by event id, and that must
 * give back exactly what the agent's own phone showed. The wrap-up is checked only as the CRM may
 * join it, by call and agent: nothing orders it against the call's record.
 */
import { rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { errorCatalogue } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import { dictionaries } from '@open/protocol/messages/index';
import { webhookEventTypes, webhookHeaders } from '@open/protocol/webhooks';
import type { CmsWebhookDelivery } from '@open/protocol/api/cms-webhooks';
import { callPhone, checkIn, heardEvents, startEmbedAgent, type EmbedAgent } from './embed-agent.js';
import { cspViolations, launchBrowser, seededDataDir, startServer, type RunningServer } from './harness.js';
import { adminSession, type AdminSession } from './trunk-helpers.js';

const words = dictionaries.softphone.en;

/** An outside number that answers after 3 s and stays up until the agent hangs up (docs/CTI.md). */
const OUTSIDE = '13800138001';
const LINA = { account: 'lina@demo.example.com', name: 'Li Na', extension: '8001' };
const WANG = { account: 'wangwei@demo.example.com', name: 'Wang Wei', extension: '8002' };
/** A demo wrap-up code (seed/demo-tenant.ts), as the phone lists it, and the agent's note. */
const WRAP_UP = { code_id: 'follow-up', name: 'Follow-up needed', note: 'Call back about the invoice' };
/** The events of a call that both the phone and the CRM hear, with the same payload. */
const CALL_EVENTS = [
  'callTypeChange',
  'callStatusChange',
  'callDataChange',
  'externalTransferSuccess',
  'transferOutcome',
  'wrapUpChange',
] as const;

/** An event as the CRM receives it (docs/WEBHOOKS.md, "What is posted"). */
interface CrmEvent {
  id: string;
  type: string;
  timestamp: string;
  tenant_id: string;
  agent: { agent_id: string; name: string | null; extension: string | null } | null;
  data: Record<string, unknown>;
}

/** One post as the CRM got it and verified it, what it answered, and which run of the server sent it. */
interface Post {
  id: string;
  body: string;
  event: CrmEvent;
  answered: number;
  by: 'first' | 'restarted';
}

/** The CRM: keeps every post it verified and answers 204, or 503 while it is down. */
const posts: Post[] = [];
/** Posts Standard Webhooks' library refused: a CRM would drop them; there must be none. */
const unverified: string[] = [];
let crmDown = false;
let postedBy: Post['by'] = 'first';
let secret = '';
const crm = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    // The raw body as it arrived: a JSON parser's rewrite would not verify.
    const body = Buffer.concat(chunks).toString();
    const headers = webhookHeadersOf(request.headers);
    let event: CrmEvent;
    try {
      event = new Webhook(secret).verify(body, headers) as CrmEvent;
    } catch (error) {
      unverified.push(`${String(error)}: ${body}`);
      response.writeHead(400).end();
      return;
    }
    const answered = crmDown ? 503 : 204;
    posts.push({ id: headers[webhookHeaders.id] ?? '', body, event, answered, by: postedBy });
    response.writeHead(answered).end();
  });
});

function webhookHeadersOf(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.values(webhookHeaders).map((name) => [name, String(headers[name] ?? '')]));
}

let dataDir = '';
let server: RunningServer | undefined;
let browser: Browser | undefined;
const agents: EmbedAgent[] = [];

beforeAll(async () => {
  dataDir = await seededDataDir('open-e2e-crm-');
  [server, browser] = await Promise.all([
    startServer({ dataDir }),
    launchBrowser(),
    new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve)),
  ]);
});

afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.context.close()));
  await browser?.close();
  await server?.stop();
  crm.closeAllConnections();
  await new Promise((resolve) => crm.close(resolve));
  if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  // The phones ran under their Content-Security-Policy without a single refusal.
  expect(cspViolations).toEqual([]);
});

/** Whether the CRM refused (503) an event of `type` about `agentId`. */
const refused = (type: string, agentId: string) => () =>
  posts.some((post) => post.answered === 503 && post.event.type === type && post.event.agent?.agent_id === agentId);

/** The call statuses an agent's page heard for `callId`, in order. */
async function statusesHeard(agent: EmbedAgent, callId: string): Promise<unknown[]> {
  const heard = (await heardEvents(agent, 'callStatusChange')) as { call_id: string; call_status: string }[];
  return heard.filter((data) => data.call_id === callId).map((data) => data.call_status);
}

/** The webhook's whole delivery log, every page of it. */
async function deliveryLog(admin: AdminSession, webhookId: string): Promise<CmsWebhookDelivery[]> {
  const log: CmsWebhookDelivery[] = [];
  for (let page = 1; ; page++) {
    const answer = await admin.call('cms/get_webhook_delivery_list', {
      webhook_id: webhookId,
      page_number: page,
      page_size: limits.pageSizeMax,
    });
    if (answer.code !== 0) throw new Error(`cms/get_webhook_delivery_list: ${answer.code} ${answer.message}`);
    const { list, total } = answer.data as { list: CmsWebhookDelivery[]; total: number };
    log.push(...list);
    if (list.length === 0 || log.length >= total) return log;
  }
}

describe("a CRM's back end", () => {
  it('receives signed webhooks for a whole call with a transfer and a wrap-up, in order, once each by id, across a server restart', async () => {
    const first = server as RunningServer;
    const admin = await adminSession(first.origin);
    // Made before anyone signs in, so every event of the agents is the CRM's too.
    const made = await admin.call('cms/set_webhook', {
      tenant_id: admin.tenantId,
      url: `http://127.0.0.1:${(crm.address() as AddressInfo).port}/crm/calls`,
      description: 'The CRM on this machine',
      events: [...webhookEventTypes],
      enabled: true,
    });
    expect(made.code).toBe(0);
    const hook = made.data as { _id: string; secret?: string };
    // Shown in this answer only (docs/WEBHOOKS.md, "Verifying a post").
    secret = hook.secret ?? '';
    expect(secret).toMatch(/^whsec_/);

    const startPhone = (account: string) => startEmbedAgent(browser as Browser, first.origin, account);
    const [lina, wang] = await Promise.all([startPhone(LINA.account), startPhone(WANG.account)]);
    agents.push(lina, wang);
    await Promise.all([checkIn(lina), checkIn(wang)]);
    const idOf = async (agent: EmbedAgent) => (await callPhone<{ agent_id: string }>(agent, 'getState')).agent_id;
    const [linaId, wangId] = await Promise.all([idOf(lina), idOf(wang)]);

    // Li Na calls out; the far end answers. She passes the caller blind to Wang, who answers.
    const { call_id: callId } = await callPhone<{ call_id: string }>(lina, 'dialOut', { number: OUTSIDE });
    await expect.poll(() => statusesHeard(lina, callId)).toContain('talking');
    await callPhone(lina, 'transferExternal', { call_id: callId, number: WANG.extension });
    await wang.phone.getByRole('button', { name: words['softphone.ui.answer'] }).click();
    await expect.poll(() => statusesHeard(wang, callId)).toContain('talking');
    await expect.poll(async () => (await heardEvents(lina, 'transferOutcome')).length).toBe(1);

    // The CRM goes down as the call ends: its end, Wang's record and his wrap-up (chosen in his
    // phone's after-call work, which lasts 15 s) fail their first attempt and wait for a retry.
    crmDown = true;
    await wang.phone.getByRole('button', { name: words['softphone.ui.hangUp'] }).click();
    const form = wang.phone.getByTestId('wrap-up');
    await form.getByLabel(words['softphone.ui.wrapUp.code']).selectOption({ label: WRAP_UP.name });
    await form.getByLabel(words['softphone.ui.wrapUp.note'], { exact: true }).fill(WRAP_UP.note);
    await form.getByRole('button', { name: words['softphone.ui.wrapUp.save'] }).click();
    await form.getByRole('status').waitFor();
    for (const type of ['callStatusChange', 'callRecord', 'wrapUpChange']) {
      await expect
        .poll(refused(type, wangId), { message: `Wang's ${type} was never tried while the CRM was down` })
        .toBe(true);
    }

    // The server restarts on the same folder and port while those wait (the first retry is
    // 8-12 s away; the stop takes a fraction of a second). The CRM is back before the signal, so a
    // retry the old server still made would be delivered by it and fail the check of what waited
    // out the restart, rather than wait a minute for the next. The same port: the phones' pages
    // stay open on it.
    crmDown = false;
    await first.stop();
    postedBy = 'restarted';
    server = await startServer({ dataDir, port: first.port });
    const restarted = await adminSession(server.origin);

    // Everything the server stored is delivered: nothing left pending, nothing failed.
    let log: CmsWebhookDelivery[] = [];
    await expect
      .poll(
        async () => {
          log = await deliveryLog(restarted, hook._id);
          return log.filter((delivery) => delivery.status !== 'delivered').map((d) => `${d.event_type} ${d.status}`);
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([]);

    // Every post verified, and was the demo tenant's.
    expect(unverified).toEqual([]);
    expect(new Set(posts.map((post) => post.event.tenant_id))).toEqual(new Set([admin.tenantId]));
    // One event an id: the same body on every attempt, accepted once, and the id is the body's.
    const byId = new Map<string, Post[]>();
    for (const post of posts) byId.set(post.id, [...(byId.get(post.id) ?? []), post]);
    for (const [id, attempts] of byId) {
      expect(new Set(attempts.map((post) => post.body)).size, `event ${id}`).toBe(1);
      expect(attempts.filter((post) => post.answered === 204).length, `event ${id}`).toBe(1);
      expect(attempts[0]?.event.id).toBe(id);
    }
    // …and the ids are exactly the events the server logged: none lost across the restart.
    const sortIds = (ids: Iterable<string>) => [...ids].sort((a, b) => Number(a) - Number(b));
    expect(sortIds(byId.keys())).toEqual(sortIds(new Set(log.map((delivery) => delivery.event_id))));

    // What was waiting at the stop went out from the restarted server.
    const waitedOut = posts.filter(
      (post) =>
        post.by === 'restarted' &&
        byId.get(post.id)?.some((attempt) => attempt.by === 'first' && attempt.answered === 503),
    );
    for (const type of ['callStatusChange', 'callRecord', 'wrapUpChange']) {
      expect(
        waitedOut.some((post) => post.event.type === type && post.event.agent?.agent_id === wangId),
        type,
      ).toBe(true);
    }

    // The stop checked both agents out (one node: nothing kept them for the next start), and the
    // CRM heard it, rather than showing them in after-call work for good.
    for (const agentId of [linaId, wangId]) {
      const statuses = [...byId.values()]
        .map((attempts) => (attempts[0] as Post).event)
        .filter((event) => event.type === 'agentStatusChange' && event.agent?.agent_id === agentId)
        .sort((a, b) => Number(a.id) - Number(b.id));
      expect(statuses.at(-1)?.data, agentId).toMatchObject({ status: 'offline' });
    }

    // Each phone, back on the restarted server that no longer knows its session, says why it
    // ended: the server restarted (not 'away too long'), in the SDK's event and on its face.
    for (const agent of [lina, wang]) {
      await expect
        .poll(async () => heardEvents(agent, 'sessionEnded'), { timeout: 30_000, interval: 500 })
        .toEqual([expect.objectContaining({ reason: 'serverRestarted', code: errorCatalogue.sessionGone.code })]);
      await agent.phone.getByTestId('server-restarted').waitFor();
    }

    // The CRM rebuilds the call by id, whatever order the posts came in: ids follow time.
    const events = sortIds(byId.keys()).map((id) => (byId.get(id)?.[0] as Post).event);
    const times = events.map((event) => Date.parse(event.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const ofCall = (agentId: string, type: string) =>
      events.filter((e) => e.type === type && e.agent?.agent_id === agentId && e.data.call_id === callId);

    /** The types whose events were compared with a phone's, so that no comparison was of nothing. */
    const compared = new Set<string>();
    for (const [agent, agentId, who] of [
      [lina, linaId, LINA],
      [wang, wangId, WANG],
    ] as const) {
      // Each agent's events, in id order, are what that agent's phone heard, payloads and all.
      for (const type of CALL_EVENTS) {
        const heard = (await heardEvents(agent, type)) as { call_id?: string }[];
        expect(
          ofCall(agentId, type).map((event) => event.data),
          `${who.name}: ${type}`,
        ).toEqual(heard.filter((data) => data.call_id === callId));
        if (ofCall(agentId, type).length > 0) compared.add(type);
      }
      const statuses = ofCall(agentId, 'callStatusChange');
      expect(
        statuses.map((event) => event.data.call_status),
        who.name,
      ).toEqual(['ringing', 'talking', 'ended']);
      // A record is posted once it is stored, which is once the call ended for that agent.
      const [record] = ofCall(agentId, 'callRecord');
      expect(Number(record?.id), who.name).toBeGreaterThan(Number(statuses[2]?.id));
      // Told who it is about, as the CRM knows them.
      for (const event of events.filter((e) => e.agent?.agent_id === agentId)) {
        expect(event.agent).toEqual({ agent_id: agentId, name: who.name, extension: who.extension });
      }
    }

    expect([...compared].sort()).toEqual([...CALL_EVENTS].sort());

    // Li Na passed the call on, blind, and heard it was answered; her record says so.
    expect(ofCall(linaId, 'externalTransferSuccess').map((e) => e.data)).toEqual([
      { call_id: callId, number: WANG.extension },
    ]);
    expect(ofCall(linaId, 'transferOutcome').map((e) => e.data)).toEqual([
      { call_id: callId, number: WANG.extension, kind: 'blind', outcome: 'answered' },
    ]);
    expect(ofCall(linaId, 'callRecord').map((e) => e.data)).toEqual([
      expect.objectContaining({ agent_id: linaId, call_type: 'outbound', callee: OUTSIDE, outcome: 'transferred' }),
    ]);
    // Wang's record and his wrap-up, joined on the call and the agent.
    const [wangRecord, ...moreRecords] = ofCall(wangId, 'callRecord');
    expect(moreRecords).toEqual([]);
    expect(wangRecord?.data).toMatchObject({ agent_id: wangId, call_type: 'outbound', outcome: 'completed' });
    const chosen = { ...WRAP_UP, set_at: expect.any(String) as unknown };
    expect(ofCall(wangId, 'wrapUpChange').map((e) => e.data)).toEqual([{ call_id: callId, wrap_up: chosen }]);
    // The record may have been stored before the wrap-up (none in it) or after it: never another one.
    expect(wangRecord?.data).toHaveProperty('wrap_up');
    expect(wangRecord?.data.wrap_up ?? WRAP_UP).toMatchObject(WRAP_UP);
    expect(ofCall(linaId, 'wrapUpChange')).toEqual([]);

    console.info(
      `the CRM got ${byId.size} events in ${posts.length} posts; ${waitedOut.length} refused before the restart ` +
        `were delivered by the restarted server`,
    );
  });
});
