/**
 * Two server processes on one PostgreSQL database and one Redis (DESIGN §3, §7): agents on
 * different nodes call and monitor each other, the queue routes across them, and when the node
 * that runs the tenant dies, another takes it over and its agents resume there.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseFrame } from '@open/protocol/cti/protocol';
import { CtiClient } from '../packages/server/test/cti-client.js';
import { EVENT_STREAM_PATH } from '@open/protocol/event-stream';
import { startServer, type RunningServer } from './harness.js';
import { signIn } from './faults/cms-traffic.js';

const POSTGRES = process.env.TWO_NODES_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS = process.env.TWO_NODES_REDIS ?? 'redis://127.0.0.1:6379';
const LEASE_MS = 1_500;
const run = randomBytes(4).toString('hex');
const database = `open_two_nodes_${run}`;
const prefix = `open-test:${run}:`;

let nodeA: RunningServer;
let nodeB: RunningServer;
const clients: CtiClient[] = [];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: `${POSTGRES}/test` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const nodeEnv = () => ({
  DATABASE_URL: `${POSTGRES}/${database}`,
  REDIS_URL: REDIS,
  REDIS_PREFIX: prefix,
  CTI_LEASE_MS: String(LEASE_MS),
});

beforeAll(async () => {
  await admin(`create database ${database}`);
  // One after the other: the first migrates and seeds, the second finds it done.
  nodeA = await startServer({ env: nodeEnv() });
  nodeB = await startServer({ env: nodeEnv() });
});

afterAll(async () => {
  for (const client of clients) client.drop();
  await Promise.all([nodeA.stop(), nodeB.stop()]);
  await admin(`drop database if exists ${database} with (force)`);
  const redis = new Redis(REDIS);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function api<T>(node: RunningServer, name: string, body: unknown): Promise<T> {
  const res = await fetch(`${node.origin}/dzfront/open/server/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; data: T };
  if (answer.code !== 0) throw new Error(`${name}: ${JSON.stringify(answer)}`);
  return answer.data;
}

const token = (node: RunningServer, account: string) =>
  api<{ token: string }>(node, 'basic/get_login_token', { account, password: 'agent@open' }).then((d) => d.token);

/** An agent's phone on `node`, signed in and checked in as `status`. */
async function phone(node: RunningServer, account: string) {
  const client = await CtiClient.connect(node.origin);
  clients.push(client);
  const ready = await client.auth(await token(node, account));
  return { client, agentId: ready.agent.agent_id, ready };
}

function ok(res: ResponseFrame) {
  expect(res, JSON.stringify(res)).toMatchObject({ code: 0 });
  return res.data as Record<string, unknown>;
}

describe('two nodes on Redis', () => {
  let lina: Awaited<ReturnType<typeof phone>>;
  let wangwei: Awaited<ReturnType<typeof phone>>;
  let maria: Awaited<ReturnType<typeof phone>>;
  let chenjie: Awaited<ReturnType<typeof phone>>;

  it('connects agents to either node as one call centre', async () => {
    // Li Na first, on A: A takes the tenant; the others reach it from B.
    lina = await phone(nodeA, 'lina@demo.example.com');
    wangwei = await phone(nodeB, 'wangwei@demo.example.com');
    maria = await phone(nodeB, 'maria@demo.example.com');
    chenjie = await phone(nodeB, 'chenjie@demo.example.com');
    for (const agent of [lina, wangwei, chenjie]) ok(await agent.client.request('login', { status: 'idle' }));
    ok(await maria.client.request('login', { status: 'busy', reason_id: 'break' }));
    const colleagues = ok(await maria.client.request('getColleagues')).list as { name: string; status: string }[];
    expect(colleagues.find((c) => c.name === 'Li Na')?.status).toBe('idle');
  });

  it('lets an agent on one node call an agent on the other, with WebRTC signals relayed', async () => {
    const dialled = ok(await lina.client.request('dialOut', { number: '8002' }));
    const callId = dialled.call_id as string;
    const ringing = await wangwei.client.event('callStatusChange');
    expect(ringing.data).toMatchObject({ call_id: callId, call_status: 'ringing' });
    ok(await wangwei.client.request('answer', { call_id: callId }));
    await lina.client.until(
      () =>
        lina.client
          .events('callStatusChange')
          .find((e) => (e.data as { call_status: string }).call_status === 'talking'),
      'talking on the caller’s side',
    );

    const offer = { type: 'offer', sdp: 'v=0 (a test offer)' };
    ok(await lina.client.request('rtcSignal', { call_id: callId, signal: offer }));
    const relayed = await wangwei.client.event('rtcSignal');
    expect(relayed.data).toEqual({ call_id: callId, from: lina.agentId, signal: offer });
  });

  it('lets a supervisor on one node monitor and join a call of an agent on the other', async () => {
    ok(await chenjie.client.request('monitor', { agent_id: lina.agentId }));
    expect((await lina.client.event('monitorStart')).data).toMatchObject({ supervisor: 'Chen Jie' });
    ok(await chenjie.client.request('insert', { agent_id: lina.agentId }));
    await lina.client.event('insertionStart');
    ok(await chenjie.client.request('stopMonitor', { agent_id: lina.agentId }));
    await lina.client.event('monitorEnd');
    ok(await wangwei.client.request('hangUp'));
    await lina.client.until(
      () =>
        lina.client.events('callStatusChange').find((e) => (e.data as { call_status: string }).call_status === 'ended'),
      'the call ended on the caller’s side',
    );
  });

  it('routes an inbound call from the queue to a ready agent on the other node, who transfers it to a colleague on the first', async () => {
    // Only Maria (on B) is ready; the call is placed through A.
    for (const agent of [lina, wangwei])
      ok(await agent.client.request('setAgentStatus', { status: 'busy', reason_id: 'break' }));
    ok(await chenjie.client.request('logout'));
    ok(await maria.client.request('setAgentStatus', { status: 'idle' }));
    const placed = await api<{ call_id: string }>(nodeA, 'cti/simulate_inbound_call', {
      token: await token(nodeA, 'lina@demo.example.com'),
      from: '13800138000',
    });
    const offered = await maria.client.event('callStatusChange');
    expect(offered.data).toMatchObject({ call_id: placed.call_id, call_status: 'ringing' });
    ok(await maria.client.request('answer', { call_id: placed.call_id }));
    // Maria (B) hands it to Li Na's extension (A); Li Na answers and sends it to an outside line.
    ok(await lina.client.request('setAgentStatus', { status: 'idle' }));
    ok(await maria.client.request('transferExternal', { call_id: placed.call_id, number: '8001' }));
    expect((await maria.client.event('externalTransferSuccess')).data).toMatchObject({ number: '8001' });
    await lina.client.until(
      () =>
        lina.client.events('callStatusChange').find((e) => (e.data as { call_id: string }).call_id === placed.call_id),
      'the transferred call ringing on A',
    );
    ok(await lina.client.request('answer', { call_id: placed.call_id }));
    ok(await lina.client.request('transferExternal', { call_id: placed.call_id, number: '+8613900139001' }));
    expect((await lina.client.event('externalTransferSuccess')).data).toMatchObject({ call_id: placed.call_id });
  });

  it('lets a CRM read the call centre from a node that does not run the tenant: its event stream on B hears what A stores', async () => {
    // The key is made on B; A, which runs the tenant, stores its events from its next reading of
    // which tenants have keys (5 s at most), so the stream waits for an event made after that.
    const cookie = await signIn(nodeB.origin);
    const tenantId = lina.ready.agent.tenant_id;
    const made = await fetch(`${nodeB.origin}/dzfront/open/server/api/cms/create_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ tenant_id: tenantId, name: 'CRM' }),
    });
    const key = ((await made.json()) as { data: { key: string } }).data.key;
    const abort = new AbortController();
    const stream = await fetch(`${nodeB.origin}${EVENT_STREAM_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ after: '0', types: ['agentStatusChange'] }),
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    let text = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk);
    })().catch(() => undefined);
    const deadline = Date.now() + 20_000;
    let marker = 0;
    // Maria (on B) changes her status now and then; each change is made and stored on A.
    while (!/"extension":"8003"[^\n]*"status":"busy"/.test(text) || marker === 0) {
      if (Date.now() > deadline) throw new Error(`the stream on B never heard Maria's status: ${text.slice(-500)}`);
      ok(
        await maria.client.request(
          'setAgentStatus',
          marker % 2 ? { status: 'idle' } : { status: 'busy', reason_id: 'break' },
        ),
      );
      marker++;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    abort.abort();
    await reading;
    ok(await maria.client.request('setAgentStatus', { status: 'idle' }));
  });

  it('hands the tenant to the other node when its node dies; the agents resume there with their state', async () => {
    const before = lina.client.events().at(-1)?.seq ?? 0;
    ok(await lina.client.request('setAgentStatus', { status: 'busy', reason_id: 'meeting' }));
    await lina.client.event('agentStatusChange', before);
    const ready = lina.ready;

    // A runs the tenant (Li Na arrived there first). It dies without a word.
    const redis = new Redis(REDIS);
    const lease = `${prefix}lease:${ready.agent.tenant_id}`;
    const ownerBefore = await redis.get(lease);
    expect(ownerBefore).not.toBeNull();
    nodeA.process.kill('SIGKILL');
    await lina.client.closedWith();

    // Wang Wei's phone, on B, keeps working: B takes the tenant over once A's lease runs out.
    const state = ok(await wangwei.client.request('getState'));
    expect(state).toMatchObject({ status: 'busy', reason_id: 'break' });

    // Li Na's phone comes back on B and resumes her session, missing nothing.
    const again = await CtiClient.connect(nodeB.origin);
    clients.push(again);
    again.send({ type: 'auth', resume: { session: ready.session, key: ready.resume_key, last_seq: before } });
    const resumed = await again.until(() => again.frames.find((f) => f.type === 'ready'), 'ready after resume', 10_000);
    expect(resumed).toMatchObject({
      resumed: true,
      replayed_all: true,
      agent: { status: 'busy', reason_id: 'meeting' },
    });
    const replayed = await again.event('agentStatusChange', before);
    expect(replayed.data).toMatchObject({ status: 'busy', reason_id: 'meeting' });
    expect((await again.event('interruptionCancelled')).data).toMatchObject({ missed_events: 1 });
    const ownerAfter = await redis.get(lease);
    await redis.quit();
    expect(ownerAfter).not.toBeNull();
    expect(ownerAfter).not.toBe(ownerBefore);

    // And the two can still call each other, now both on B.
    ok(await again.request('setAgentStatus', { status: 'idle' }));
    ok(await wangwei.client.request('setAgentStatus', { status: 'idle' }));
    const dialled = ok(await again.request('dialOut', { number: '8002' }));
    const ringing = await wangwei.client.until(
      () =>
        wangwei.client
          .events('callStatusChange')
          .find((e) => (e.data as { call_id: string }).call_id === dialled.call_id),
      'the new call on B',
    );
    expect(ringing.data).toMatchObject({ call_status: 'ringing' });
  });
});
