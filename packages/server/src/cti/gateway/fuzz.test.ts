/**
 * The softphone socket under hostile and careless input: every method of the catalogue with
 * every parameter mutated, broken frame shapes, random JSON and binary frames, before and after
 * authentication. Whatever arrives, each request with a usable id is answered exactly once with
 * a code of the catalogue, the socket closes only with a documented code, and the server logs no
 * error. A method added to the catalogue is fuzzed without a line of test code.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeCodes, type ResponseFrame } from '@open/protocol/cti/protocol';
import { errorCatalogue, SUCCESS_CODE } from '@open/protocol/errors';
import { methods, type ParamDefinition } from '@open/protocol/softphone/catalogue';
import { CtiClient, loginToken } from '../../../test/cti-client.js';
import { captureLogs, createTestApp, LOG_LEVEL, type TestContext } from '../../../test/helpers.js';
import { createManualScheduler } from '../../../test/manual-scheduler.js';

const scheduler = createManualScheduler();
const logs = captureLogs();
let ctx: TestContext;
let base: string;
const knownCodes = new Set<number>([SUCCESS_CODE, ...Object.values(errorCatalogue).map((e) => e.code)]);
const documentedCloses = new Set<number>(Object.values(closeCodes));

beforeAll(async () => {
  ctx = await createTestApp({ logger: logs.logger, cti: { scheduler } });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx.close());

function validValue(param: ParamDefinition): unknown {
  switch (param.type) {
    case 'boolean':
      return true;
    case 'number':
      return 5;
    case 'enum':
      return param.values?.[0] ?? '';
    case 'object':
      return { type: 'offer', sdp: 'v=0' };
    case 'string':
      return param.name === 'number' ? '+8613800000001' : param.name.endsWith('_id') ? 'unknown-id' : 'text';
  }
}

const hostileValues: unknown[] = [
  null,
  0,
  -1,
  1e308,
  '',
  ' ',
  'x'.repeat(5000),
  '\u0000',
  '\uD800',
  '<script>alert(1)</script>',
  true,
  [],
  [1, 2],
  {},
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
];

/** Labelled parameter sets for one method: valid, each parameter dropped, each replaced, extras. */
function paramCases(definitions: readonly ParamDefinition[]): { label: string; params: unknown }[] {
  const valid = Object.fromEntries(definitions.map((p) => [p.name, validValue(p)]));
  const cases: { label: string; params: unknown }[] = [{ label: 'valid', params: valid }];
  for (const definition of definitions) {
    cases.push({
      label: `without ${definition.name}`,
      params: Object.fromEntries(Object.entries(valid).filter(([name]) => name !== definition.name)),
    });
    hostileValues.forEach((value, i) => {
      cases.push({ label: `${definition.name} = hostile #${i}`, params: { ...valid, [definition.name]: value } });
    });
  }
  cases.push({ label: 'extra parameter', params: { ...valid, extra: 1 } });
  cases.push({ label: '__proto__ parameter', params: JSON.parse('{"__proto__": {"admin": true}}') as unknown });
  for (const value of [null, [], 'params', 5])
    cases.push({ label: `params = ${JSON.stringify(value)}`, params: value });
  return cases;
}

const answerCount = (client: CtiClient) => client.frames.filter((f) => f.type === 'res').length;

/**
 * Sends requests at a pace the rate limit allows: a batch, its answers, then a second of the
 * test's own time before the next batch.
 */
async function sendPaced(client: CtiClient, frames: unknown[]) {
  const batch = 40;
  for (let start = 0; start < frames.length; start += batch) {
    scheduler.advance(1_000);
    const expected = answerCount(client) + Math.min(batch, frames.length - start);
    for (const frame of frames.slice(start, start + batch)) client.send(frame);
    await client.until(() => (answerCount(client) >= expected ? true : undefined), `${expected} answers`, 20_000);
  }
}

async function freshClient() {
  const client = await CtiClient.connect(base);
  await client.auth(await loginToken(ctx.app, 'chenjie@demo.example.com'));
  scheduler.advance(1_000);
  return client;
}

function expectHealthyAnswers(client: CtiClient, ids: string[]) {
  const answers = client.frames.filter((f): f is ResponseFrame => f.type === 'res');
  for (const answer of answers) expect(knownCodes.has(answer.code), JSON.stringify(answer)).toBe(true);
  for (const id of ids) {
    expect(
      answers.filter((a) => a.id === id),
      `answers to ${id}`,
    ).toHaveLength(1);
  }
}

describe('socket fuzz', () => {
  it('answers every method with every parameter mutated, exactly once, with a catalogued code', async () => {
    const client = await freshClient();
    const frames: unknown[] = [];
    const ids: string[] = [];
    for (const method of methods) {
      for (const { label, params } of paramCases(method.params)) {
        const id = `${method.name}:${label}`.slice(0, 64);
        if (ids.includes(id)) continue;
        ids.push(id);
        frames.push({ type: 'req', id, method: method.name, params });
      }
    }
    await sendPaced(client, frames);
    expect(client.closed).toBeUndefined();
    expectHealthyAnswers(client, ids);
    client.drop();
  });

  it('answers broken frame shapes, then closes with protocolError after ten of them', async () => {
    const shapes: string[] = [
      '',
      'null',
      '[]',
      '"req"',
      '{"type":"req"}',
      '{"type":"req","id":1,"method":"getState"}',
      '{"type":"req","id":"","method":"getState"}',
      '{"type":"req","id":"a","method":""}',
      '{"type":"req","id":"a","method":"getState","params":{},"extra":1}',
      '{"type":"req","id":"a","method":"getState","expires_at":"soon"}',
      '{"type":"req","id":"a","method":"getState","expires_at":-1}',
      '{"type":"req","id":"a","method":"getState","expires_at":1e300}',
      '{"type":"ping","ts":"now"}',
      '{"type":"auth","token":"again"}',
      '{"type":"pong","ts":1}',
      '{"type":"req","id":"a","method":"getState"',
      '\u0000',
      '{"type":"req","id":"\uD800","method":"getState"}',
    ];
    const client = await freshClient();
    // Binary frames are not frames of this protocol either.
    client.socket.send(Buffer.from([0xff, 0x00, 0x01]));
    for (const shape of shapes) client.send(shape);
    const closed = await client.closedWith();
    expect(closed).toEqual({ code: closeCodes.protocolError, reason: 'badFrame' });
    const answers = client.frames.filter((f): f is ResponseFrame => f.type === 'res');
    expect(answers.length).toBeGreaterThanOrEqual(10);
    for (const answer of answers) expect(answer.code).toBe(errorCatalogue.badFrame.code);
  });

  it('survives random frames, before and after authentication', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.jsonValue(), fc.string(), fc.object()), { minLength: 1, maxLength: 8 }),
        async (values) => {
          const before = await CtiClient.connect(base);
          for (const value of values) before.send(typeof value === 'string' ? value : JSON.stringify(value));
          const closed = await before.closedWith();
          expect(documentedCloses.has(closed.code), JSON.stringify(closed)).toBe(true);

          const after = await freshClient();
          const ids = values.map((_, i) => `random-${i}`);
          await sendPaced(
            after,
            values.map((value, i) => ({ type: 'req', id: ids[i], method: 'setAgentStatus', params: value })),
          );
          expectHealthyAnswers(after, ids);
          after.drop();
        },
      ),
      { numRuns: 25, seed: 20261123 },
    );
  });

  it('logged no error while being fuzzed', () => {
    const errors = logs.lines.filter((line) => line.level >= LOG_LEVEL.error);
    expect(errors).toEqual([]);
  });
});
