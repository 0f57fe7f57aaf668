import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import { call, createTestApp, loginAsAdmin, type TestContext } from '../../test/helpers.js';

const API = '/dzfront/open/server/api/';
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = await loginAsAdmin(ctx.app);
});
afterAll(() => ctx.close());

async function raw(payload: string, contentType: string | undefined, path = 'cms/set_version_info') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API}${path}`,
    headers: { cookie, 'x-lang': 'en', ...(contentType ? { 'content-type': contentType } : {}) },
    payload,
  });
  return { status: response.statusCode, body: response.json<{ code: number; message: string; data: unknown }>() };
}

describe('bad input gets a coded 4xx envelope, never a 500', () => {
  it('refuses malformed JSON', async () => {
    const res = await raw('{"name": "v9",', 'application/json');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(errorCatalogue.badJson.code);
    expect(res.body.message).toBe('The request body is not valid JSON.');
  });

  it('refuses an empty JSON body', async () => {
    const res = await raw('', 'application/json');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(errorCatalogue.badJson.code);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses content type %s',
    async (type) => {
      const res = await raw('name=v9', type);
      expect(res.status).toBe(415);
      expect(res.body.code).toBe(errorCatalogue.unsupportedMediaType.code);
    },
  );

  it('refuses a body without a content type', async () => {
    const res = await raw('{"name":"v9"}', undefined);
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(errorCatalogue.unsupportedMediaType.code);
  });

  it('names a field of the wrong type', async () => {
    const res = await call(ctx.app, 'cms/set_version_info', { name: 42 }, { cookie });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(errorCatalogue.invalidField.code);
    expect(res.body.data).toEqual({
      issues: [{ field: 'name', reason: 'wrongType', message: '“name” has the wrong type of value.' }],
    });
  });

  it('names a missing field', async () => {
    const res = await call(ctx.app, 'cms/remove_version_info', {}, { cookie });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ issues: [{ field: '_id', reason: 'required', message: '“_id” is required.' }] });
  });

  it('treats a blank string as missing', async () => {
    const res = await call(ctx.app, 'cms/set_version_info', { name: '   ' }, { cookie });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ issues: [{ field: 'name', reason: 'required' }] });
  });

  it('refuses an over-long string and says the limit', async () => {
    const res = await call(ctx.app, 'cms/set_version_info', { name: 'v'.repeat(limits.versionName + 1) }, { cookie });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `The request has an invalid field: “name” must be at most ${limits.versionName} characters.`,
    );
  });

  it('refuses numbers out of range', async () => {
    const res = await call(ctx.app, 'cms/get_version_list', { page_number: 1, page_size: 1000 }, { cookie });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ issues: [{ field: 'page_size', reason: 'tooBig' }] });
    const zero = await call(ctx.app, 'cms/get_version_list', { page_number: 0 }, { cookie });
    expect(zero.status).toBe(400);
  });

  it('refuses unknown fields', async () => {
    const res = await call(ctx.app, 'cms/set_version_info', { name: 'v9', owner: 'me' }, { cookie });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ issues: [{ field: 'owner', reason: 'unknown' }] });
  });

  it('refuses a body that is not an object', async () => {
    const res = await call(ctx.app, 'cms/set_version_info', ['v9'], { cookie });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(errorCatalogue.invalidField.code);
  });

  it('refuses a body over the size limit', async () => {
    const res = await raw(JSON.stringify({ name: 'x'.repeat(limits.bodyBytes) }), 'application/json');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(errorCatalogue.bodyTooLarge.code);
  });

  it('answers an unknown API path with 404 and its own code', async () => {
    const res = await call(ctx.app, 'doc/no_such_call');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(errorCatalogue.apiNotFound.code);
    expect(res.body.message).toContain('/dzfront/open/server/api/doc/no_such_call');
  });

  it('answers GET on an API path with 404, since every call is POST', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${API}doc/get_version_info` });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: number }>().code).toBe(errorCatalogue.apiNotFound.code);
  });

  it('translates the message into the caller’s language', async () => {
    const res = await call(ctx.app, 'cms/remove_version_info', {}, { cookie, headers: { 'x-lang': 'zh-CN' } });
    expect(res.body.message).toBe('请求中有无效字段：“_id”为必填项。');
    const arabic = await call(
      ctx.app,
      'doc/no_such_call',
      {},
      { headers: { 'x-lang': '', 'accept-language': 'ar-EG,ar;q=0.9' } },
    );
    expect(arabic.body.message).not.toMatch(/There is no API/);
  });

  it.each([
    ['U+0000', 'v\u0000'],
    ['a lone high surrogate', 'v\ud800'],
    ['a lone low surrogate', '\udc00v'],
  ])('refuses %s in a string with its own reason, before it reaches the database', async (_what, name) => {
    const res = await call(ctx.app, 'cms/set_version_info', { name }, { cookie });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({
      issues: [{ field: 'name', reason: 'badCharacter', message: '“name” contains a character that is not allowed.' }],
    });
  });

  it('accepts characters outside the basic plane, written as surrogate pairs', async () => {
    const res = await call<{ _id: string; name: string }>(ctx.app, 'cms/set_version_info', { name: 'v😀' }, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('v😀');
    await call(ctx.app, 'cms/remove_version_info', { _id: res.body.data._id }, { cookie });
  });

  it('refuses U+0000 on the anonymous sign-in, every time, and sign-in still works after', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await call(ctx.app, 'global/login', { account: '\u0000', password: 'a' });
      expect(res.status).toBe(400);
      expect(res.body.data).toMatchObject({ issues: [{ field: 'account', reason: 'badCharacter' }] });
    }
    expect((await call(ctx.app, 'global/login', { account: 'admin', password: 'admin@open' })).status).toBe(200);
  });

  it('answers a URL that does not decode with 400 and its own code, in the envelope', async () => {
    for (const url of [`${API}%ff`, `${API}doc/%`, `${API}%c0%af`]) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: { 'x-lang': 'en' }, payload: '{}' });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ code: number; message: string }>()).toMatchObject({
        code: errorCatalogue.badUrl.code,
        message: 'The address of this request is not valid.',
      });
    }
  });

  it('still stores nothing after all of the above', async () => {
    const res = await call<{ total: number }>(ctx.app, 'cms/get_version_list', { page_number: -1 }, { cookie });
    expect(res.body.data.total).toBe(2);
  });
});
