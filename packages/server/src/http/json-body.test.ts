import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@open/protocol/json-depth';
import type { ApiEnvelope } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import { createTestApp, type TestContext } from '../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** POSTs raw JSON text to the sign-in, as an anonymous client may. */
async function postRaw(payload: string, lang = 'en') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/dzfront/open/server/api/global/login',
    headers: { 'content-type': 'application/json', 'x-lang': lang },
    payload,
  });
  return { status: response.statusCode, body: response.json<ApiEnvelope>() };
}

const nested = (depth: number, inner = '') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('JSON bodies nested too deeply', () => {
  it('refuses a body past the bound with its own code, saying the bound', async () => {
    const res = await postRaw(`{"account":${nested(MAX_JSON_DEPTH)},"password":"x"}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: errorCatalogue.jsonTooDeep.code,
      message: `The request body nests lists and objects too deeply (at most ${MAX_JSON_DEPTH} levels).`,
      data: null,
    });
  });

  it('refuses a megabyte of brackets without parsing it', async () => {
    const res = await postRaw('['.repeat(limits.bodyBytes - 1));
    expect([res.status, res.body.code]).toEqual([400, errorCatalogue.jsonTooDeep.code]);
    const closed = await postRaw(nested((limits.bodyBytes - 2) / 2));
    expect([closed.status, closed.body.code]).toEqual([400, errorCatalogue.jsonTooDeep.code]);
  });

  it('says so in the caller’s language', async () => {
    const res = await postRaw(nested(MAX_JSON_DEPTH + 1), 'de');
    expect(res.body.message).toBe('Der Anfragetext verschachtelt Listen und Objekte zu tief (höchstens 64 Ebenen).');
  });

  it('leaves a body within the bound to the schema, and brackets in strings alone', async () => {
    const deepest = await postRaw(nested(MAX_JSON_DEPTH - 1, '{}'));
    expect([deepest.status, deepest.body.code]).toEqual([400, errorCatalogue.invalidField.code]);
    const res = await postRaw(JSON.stringify({ account: '['.repeat(limits.account), password: '{'.repeat(100) }));
    expect([res.status, res.body.code]).toEqual([401, errorCatalogue.wrongCredentials.code]);
  });

  it('still refuses malformed JSON and prototype poisoning as bad JSON', async () => {
    for (const payload of ['{"account":', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{}}}', '']) {
      const res = await postRaw(payload);
      expect([payload, res.status, res.body.code]).toEqual([payload, 400, errorCatalogue.badJson.code]);
    }
  });
});
