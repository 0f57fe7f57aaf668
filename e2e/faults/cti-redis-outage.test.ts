/**
 * Redis stopped and started under load, two nodes (docs/CTI.md, 'More than one node'). Agents on
 * both nodes keep changing status and callers keep ringing in through both nodes' HTTP API while
 * the private Redis is killed for a few seconds and started again, empty, on the same port.
 * During the outage every answer is a success or a coded refusal (`callCentreUnavailable`, HTTP
 * 503), never a 500, a crash or a request left waiting; once Redis is back the call centre comes
 * back by itself, without restarting a node: every agent acts again, with the status it had, and
 * a call between the nodes rings through.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { startServer, type RunningServer } from '../harness.js';
import {
  api,
  clusterEnv,
  createTestDatabase,
  demoToken,
  ok,
  Phone,
  seconds,
  sleep,
  type Outcome,
  type TestDatabase,
} from './cti-kit.js';
import { startPrivateRedis, type PrivateRedis } from './private-redis.js';

const LEASE_MS = 1_500;
const OUTAGE_MS = 4_000;
/** A request not answered in this long counts as left waiting (the phone gives up after 15 s). */
const ANSWER_WITHIN_MS = 10_000;

let redis: PrivateRedis | undefined;
let database: TestDatabase | undefined;
const nodes: RunningServer[] = [];

beforeAll(async () => {
  [redis, database] = await Promise.all([startPrivateRedis(), createTestDatabase('redis')]);
  const env = clusterEnv(database, redis.url, `open-fault:${randomBytes(4).toString('hex')}:`, LEASE_MS);
  // One after the other: the first migrates and seeds, the second finds it done.
  nodes.push(await startServer({ env }));
  nodes.push(await startServer({ env }));
});

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop()));
  await redis?.close();
  await database?.drop();
});

type Phase = 'before' | 'outage' | 'after';

interface Sample {
  phase: Phase;
  who: string;
  what: string;
  /** `ok`, an error name, `http <status>`, `timeout` or `closed <code>`. */
  result: string;
  ms: number;
}

const codeNames = new Map<number, string>(Object.entries(errorCatalogue).map(([name, { code }]) => [code, name]));

function describeOutcome(outcome: Outcome): string {
  if (outcome.type === 'timeout') return 'timeout';
  if (outcome.type === 'closed') return `closed ${outcome.code}`;
  return outcome.code === 0 ? 'ok' : (codeNames.get(outcome.code) ?? `code ${outcome.code}`);
}

describe('Redis stopped and started under load, two nodes', () => {
  it('answers with a code while Redis is away and comes back by itself', async () => {
    const [nodeA, nodeB] = nodes as [RunningServer, RunningServer];
    const kit = redis as PrivateRedis;
    const agents = [
      { name: 'Li Na', account: 'lina@demo.example.com', node: nodeA, phone: new Phone() },
      { name: 'Chen Jie', account: 'chenjie@demo.example.com', node: nodeA, phone: new Phone() },
      { name: 'Wang Wei', account: 'wangwei@demo.example.com', node: nodeB, phone: new Phone() },
      { name: 'Maria', account: 'maria@demo.example.com', node: nodeB, phone: new Phone() },
    ];
    // Li Na first, on A: A takes the tenant, B forwards to it.
    for (const agent of agents) {
      const ready = await agent.phone.login(agent.node.origin, await demoToken(agent.node, agent.account));
      expect(ready).toMatchObject({ type: 'ready' });
      ok(await agent.phone.request('login', { status: 'busy', reason_id: 'break' }), `${agent.name} login`);
    }
    const tokenForCallers = await demoToken(nodeA, 'lina@demo.example.com');

    let phase: Phase = 'before';
    let running = true;
    const samples: Sample[] = [];
    const lastSet = new Map<string, string>();
    const reconnects = new Map<string, string[]>();

    // Each agent switches between two not-ready reasons (so queued callers never ring anyone),
    // as fast as answers come, like a busy desk; a phone whose socket is closed resumes on its node.
    const agentLoops = agents.map(async (agent) => {
      let turn = 0;
      while (running) {
        if (agent.phone.closed) {
          const why = `${agent.phone.closed.code} ${agent.phone.closed.reason}`;
          const started = Date.now();
          const back = await agent.phone.resume(agent.node.origin, ANSWER_WITHIN_MS);
          const result = 'type' in back ? 'ok' : `closed ${back.code} ${back.reason}`;
          samples.push({ phase, who: agent.name, what: 'resume', result, ms: Date.now() - started });
          reconnects.set(agent.name, [...(reconnects.get(agent.name) ?? []), why]);
          if (!('type' in back)) await sleep(500);
          continue;
        }
        const reason = turn++ % 2 === 0 ? 'meeting' : 'break';
        const started = Date.now();
        const asked = phase;
        const outcome = await agent.phone.request(
          'setAgentStatus',
          { status: 'busy', reason_id: reason },
          ANSWER_WITHIN_MS,
        );
        const result = describeOutcome(outcome);
        if (result === 'ok') lastSet.set(agent.name, reason);
        samples.push({ phase: asked, who: agent.name, what: 'setAgentStatus', result, ms: Date.now() - started });
        await sleep(100);
      }
    });
    // Callers ring in through both nodes' HTTP API.
    const callerLoops = nodes.map(async (node, at) => {
      while (running) {
        const started = Date.now();
        const asked = phase;
        let result: string;
        try {
          const answer = await api(
            node,
            'cti/simulate_inbound_call',
            { token: tokenForCallers, from: '13800138000' },
            ANSWER_WITHIN_MS,
          );
          result = answer.code === 0 ? 'ok' : `http ${answer.status} ${codeNames.get(answer.code) ?? answer.code}`;
        } catch (error) {
          result = `http failed (${error instanceof Error ? error.name : String(error)})`;
        }
        samples.push({
          phase: asked,
          who: `HTTP ${at === 0 ? 'A' : 'B'}`,
          what: 'simulate_inbound_call',
          result,
          ms: Date.now() - started,
        });
        await sleep(250);
      }
    });

    await sleep(1_500);
    phase = 'outage';
    const stoppedAt = Date.now();
    await kit.stop('SIGKILL');
    await sleep(OUTAGE_MS / 2);
    // Chen Jie's phone is on A, which runs the tenant from its memory: he calls Maria, on B. The
    // ringing cannot reach B while Redis is away; once it is back her phone must get it.
    const dialled = await agents[1]?.phone.request('dialOut', { number: '8003' });
    const lostCallId =
      dialled?.type === 'res' && dialled.code === 0 ? (dialled.data as { call_id: string }).call_id : undefined;
    await sleep(OUTAGE_MS / 2);
    await kit.start();
    const startedAt = Date.now();
    phase = 'after';
    console.log(
      `[faults] redis outage: Redis killed (SIGKILL) for ${seconds(startedAt - stoppedAt)}, started again empty on the same port`,
    );

    // Every agent acts again by itself: the first success of each after Redis is back.
    const backAfter = new Map<string, number>();
    const deadline = Date.now() + 30_000;
    while (backAfter.size < agents.length && Date.now() < deadline) {
      for (const sample of samples) {
        if (
          sample.phase === 'after' &&
          sample.what === 'setAgentStatus' &&
          sample.result === 'ok' &&
          !backAfter.has(sample.who)
        )
          backAfter.set(sample.who, Date.now() - startedAt);
      }
      await sleep(100);
    }
    await sleep(1_000);
    running = false;
    await Promise.all([...agentLoops, ...callerLoops]);

    for (const p of ['before', 'outage', 'after'] as const) {
      const tally = new Map<string, { count: number; maxMs: number }>();
      for (const sample of samples.filter((s) => s.phase === p)) {
        const key = `${sample.what} ${sample.who.startsWith('HTTP') ? sample.who : 'socket'}: ${sample.result}`;
        const entry = tally.get(key) ?? { count: 0, maxMs: 0 };
        entry.count += 1;
        entry.maxMs = Math.max(entry.maxMs, sample.ms);
        tally.set(key, entry);
      }
      console.log(
        `[faults] redis outage: ${p}: ${[...tally].map(([key, { count, maxMs }]) => `${key} ×${count} (slowest ${maxMs} ms)`).join('; ')}`,
      );
    }
    for (const agent of agents) {
      const back = backAfter.get(agent.name);
      console.log(
        `[faults] redis outage: ${agent.name} (node ${agent.node === nodeA ? 'A' : 'B'}) acted again ${back === undefined ? 'never' : `${seconds(back)} after Redis was back`}, resumed its socket ${reconnects.get(agent.name)?.length ?? 0} time(s)${reconnects.has(agent.name) ? ` (closed with ${reconnects.get(agent.name)?.join(', ')})` : ''}`,
      );
    }

    // Never a 500, a failed HTTP exchange, a request left waiting or an uncoded answer.
    const bad = samples.filter(
      (s) =>
        s.result === 'timeout' ||
        s.result === 'internal' ||
        s.result.startsWith('http 500') ||
        s.result.startsWith('http failed') ||
        s.result.startsWith('code '),
    );
    expect(bad, JSON.stringify(bad.slice(0, 10))).toEqual([]);
    const outageResults = new Set(
      samples.filter((s) => s.phase === 'outage').map((s) => s.result.replace(/^http \d+ /, '')),
    );
    for (const result of outageResults) expect(['ok', 'callCentreUnavailable']).toContain(result);
    expect(samples.some((s) => s.phase === 'outage' && s.result.endsWith('callCentreUnavailable'))).toBe(true);
    // Back by itself, on both nodes, without a restart.
    expect([...backAfter.keys()].sort()).toEqual(agents.map((a) => a.name).sort());
    for (const node of nodes) expect(node.process.exitCode).toBeNull();
    // Nothing logged at error level or above (pino's 50, 60): the outage is expected, not a fault.
    for (const node of nodes) {
      const lines = node.output().split('\n');
      expect(lines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
      const warnings = lines
        .filter((line) => line.includes('"level":40'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      console.log(
        `[faults] redis outage: node ${node === nodeA ? 'A' : 'B'} logged ${warnings.length} warning(s): ${[...new Set(warnings)].join(' | ')}`,
      );
    }

    // Each agent's status is the last one it set, and the nodes still carry a call between them.
    for (const agent of agents) {
      if (agent.phone.closed) expect(await agent.phone.resume(agent.node.origin)).toMatchObject({ type: 'ready' });
      const state = ok(await agent.phone.request('getState'), `${agent.name} getState`);
      expect(state, agent.name).toMatchObject({ status: 'busy', reason_id: lastSet.get(agent.name) });
    }
    // Wang Wei (on B) becomes ready: A, which runs the tenant, offers him the oldest queued caller.
    const wangwei = agents[2] as (typeof agents)[0];
    const seen = wangwei.phone.lastSeq;
    ok(await wangwei.phone.request('setAgentStatus', { status: 'idle' }), 'Wang Wei idle');
    const offered = await wangwei.phone.event('callStatusChange', (d) => d.call_status === 'ringing');
    expect(offered, 'a queued caller rings on B').toBeDefined();
    const callId = (offered?.data as { call_id: string }).call_id;
    ok(await wangwei.phone.request('answer', { call_id: callId }), 'Wang Wei answers');
    const talking = await wangwei.phone.until(
      () =>
        wangwei.phone
          .events('callStatusChange')
          .find((e) => e.seq > seen && (e.data as { call_status: string }).call_status === 'talking'),
      10_000,
    );
    expect(talking).toBeDefined();
    // The ringing Maria missed during the outage reached her: her socket was closed (framesLost)
    // and her resume replayed it.
    expect(lostCallId, `Chen Jie's call during the outage: ${JSON.stringify(dialled)}`).toBeDefined();
    const maria = agents[3] as (typeof agents)[0];
    const rang = await maria.phone.event('callStatusChange', (d) => d.call_id === lostCallId);
    expect(rang?.data, 'the ringing Maria missed, replayed').toMatchObject({ call_status: 'ringing' });
    expect(reconnects.get('Maria')).toContain('1001 framesLost');
    console.log(
      `[faults] redis outage: Chen Jie (A) called Maria (B) during the outage: the ringing reached her after recovery, replayed on the resume that followed her socket's close (${reconnects.get('Maria')?.join(', ') ?? ''})`,
    );
    console.log(
      '[faults] redis outage: after recovery: every agent has the status it last set; a caller queued through the outage rang on B and was answered',
    );
    for (const agent of agents) agent.phone.drop();
  });
});
