/**
 * The published reads through the real app: answers kept serialised with an ETag, 304 to a
 * matching If-None-Match, dropped by a CMS write; errors and searches never kept.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSchemas, type ApiRoute } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import { call, createTestApp, loginAsAdmin, type CallResult, type TestContext } from '../../test/helpers.js';
import { systemClock } from '../clock.js';
import { createMemoryReadCache, noReadCache, type MemoryReadCache } from '../db/read-cache.js';
import { createLifecycle } from '../lifecycle.js';
import { createServices } from '../services.js';
import { ifNoneMatchMatches } from './cached-answer.js';
import { OPENAPI_PATH } from './operations.js';
import { checkCacheDeclaration } from './route.js';

let ctx: TestContext;
let cache: MemoryReadCache;
let cookie: string;
let resourceId = '';

beforeAll(async () => {
  cache = createMemoryReadCache({ maxEntries: 50, maxBytes: 1024 * 1024 });
  ctx = await createTestApp({ readCache: cache });
  cookie = await loginAsAdmin(ctx.app);
  // Written before the app's first read, so its read cache holds nothing stale.
  const { categories, resources } = createServices({
    db: ctx.db,
    readCache: noReadCache,
    clock: systemClock,
    lifecycle: createLifecycle(),
  });
  await ctx.db.transaction().execute(async (trx) => {
    const categoryId = await categories.create(trx, { parent_id: null, status: 2, names: { en: 'Guides' } });
    resourceId = await resources.create(trx, {
      category_id: categoryId,
      status: 2,
      version_ids: [],
      locales: [{ lang: 'en', title: 'Call transfer', markdown: '## Steps\n\nTransfer the call.' }],
    });
  });
});
afterAll(() => ctx.close());

/** The ETag a client can compute itself: 128 bits of the SHA-256 of the exact bytes. */
const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;

const info = (headers: Record<string, string> = {}, lang = 'en') =>
  call(ctx.app, 'doc/get_resource_info', { _id: resourceId, lang }, { headers });

/** The same call as it goes over the wire, for answers without a JSON body (304). */
const rawInfo = (headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/dzfront/open/server/api/doc/get_resource_info',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ _id: resourceId, lang: 'en' }),
  });

const versionNames = (res: CallResult) => (res.body.data as { list: { name: string }[] }).list.map((v) => v.name);

describe('published reads', () => {
  it('send the same bytes from memory as from the database, with the strong ETag of those bytes', async () => {
    cache.invalidate();
    const miss = await info();
    const hit = await info();
    expect(miss.status).toBe(200);
    expect(miss.response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(hit.response.rawPayload.equals(miss.response.rawPayload)).toBe(true);
    expect(miss.response.headers.etag).toBe(etagOf(miss.response.rawPayload));
    expect(hit.response.headers.etag).toBe(miss.response.headers.etag);
    expect(miss.body).toMatchObject({ code: 0, message: 'ok', data: { _id: resourceId, title: 'Call transfer' } });
  });

  it('are served from memory: a change made behind the cache is not seen until a write drops it', async () => {
    const before = await call(ctx.app, 'doc/get_version_info');
    await ctx.db.updateTable('version').set({ name: 'behind the cache' }).where('name', '=', 'v1.0').execute();
    expect(versionNames(await call(ctx.app, 'doc/get_version_info'))).toEqual(versionNames(before));
    cache.invalidate();
    expect(versionNames(await call(ctx.app, 'doc/get_version_info'))).toContain('behind the cache');
    await ctx.db.updateTable('version').set({ name: 'v1.0' }).where('name', '=', 'behind the cache').execute();
    cache.invalidate();
  });

  it('answer 304 without a body to an If-None-Match naming the current ETag, weakly or in a list', async () => {
    const { etag } = (await info()).response.headers;
    expect(typeof etag).toBe('string');
    for (const ifNoneMatch of [String(etag), `W/${String(etag)}`, `"other", ${String(etag)}`, '*']) {
      const res = await rawInfo({ 'if-none-match': ifNoneMatch });
      expect([res.statusCode, res.body, res.headers.etag]).toEqual([304, '', etag]);
      expect(res.headers['content-type']).toBeUndefined();
    }
    // A 304 also when the answer was not in memory yet.
    cache.invalidate();
    expect((await rawInfo({ 'if-none-match': String(etag) })).statusCode).toBe(304);
    for (const ifNoneMatch of ['"other"', 'W/"other"', String(etag).slice(1, -1)]) {
      const res = await info({ 'if-none-match': ifNoneMatch });
      expect(res.status).toBe(200);
      expect(res.response.headers.etag).toBe(etag);
    }
  });

  it('are kept per whole body: each language and version has its own answer', async () => {
    const [en, de, inAll] = [
      await info(),
      await info({}, 'de'),
      await call(ctx.app, 'doc/get_resource_info', { _id: resourceId, lang: 'en', version: 'all' }),
    ];
    expect(en.body.data).toMatchObject({ fallback: false });
    expect(de.body.data).toMatchObject({ fallback: true });
    expect(de.response.headers.etag).not.toBe(en.response.headers.etag);
    expect(inAll.status).toBe(200);
    // The key is the validated body: another key order or a padded id is the same request.
    const entries = cache.stats().entries;
    const same = await call(ctx.app, 'doc/get_resource_info', { lang: 'en', _id: ` ${resourceId} ` });
    expect(same.response.headers.etag).toBe(en.response.headers.etag);
    expect(cache.stats().entries).toBe(entries);
    const categories = await call(ctx.app, 'doc/get_category_list', { version: 'all', lang: 'en' });
    const categoriesDe = await call(ctx.app, 'doc/get_category_list', { version: 'all', lang: 'de' });
    expect(categories.response.headers.etag).toBeDefined();
    expect(categoriesDe.response.headers.etag).toBeDefined();
  });

  it('drop their answers when a CMS write commits: new content, new ETag, the old one no longer 304', async () => {
    const before = await call(ctx.app, 'doc/get_version_info');
    const oldEtag = String(before.response.headers.etag);
    const v1 = (before.body.data as { list: { _id: string; name: string }[] }).list.find((v) => v.name === 'v1.0');
    const saved = await call(ctx.app, 'cms/set_version_info', { _id: v1?._id, name: 'v1.1' }, { cookie });
    expect(saved.status).toBe(200);
    const after = await call(ctx.app, 'doc/get_version_info', {}, { headers: { 'if-none-match': oldEtag } });
    expect(after.status).toBe(200);
    expect(versionNames(after)).toContain('v1.1');
    expect(after.response.headers.etag).not.toBe(oldEtag);
    await call(ctx.app, 'cms/set_version_info', { _id: v1?._id, name: 'v1.0' }, { cookie });
    expect(versionNames(await call(ctx.app, 'doc/get_version_info'))).toContain('v1.0');
  });

  it('keep no error: a 404 has no ETag, and what is created behind it is found at once', async () => {
    const missing = await call(ctx.app, 'doc/get_category_list', { version: 'later', lang: 'en' });
    expect([missing.status, missing.body.code]).toEqual([404, errorCatalogue.versionNotFound.code]);
    expect(missing.response.headers.etag).toBeUndefined();
    await ctx.db.insertInto('version').values({ id: 'later', name: 'later', is_default: false, sort: 99 }).execute();
    const found = await call(ctx.app, 'doc/get_category_list', { version: 'later', lang: 'en' });
    expect(found.status).toBe(200);
    await ctx.db.deleteFrom('version').where('id', '=', 'later').execute();
    cache.invalidate();
  });

  it('keep no search: a search has no ETag and sees a change at once, while the listing is kept', async () => {
    const search = { version: 'all', lang: 'en', keyword: 'transfer' };
    const listing = { version: 'all', lang: 'en', keyword: '' };
    const found = await call<{ total: number }>(ctx.app, 'doc/get_resource_count', search);
    const listed = await call<{ total: number }>(ctx.app, 'doc/get_resource_count', listing);
    expect([found.body.data.total, listed.body.data.total]).toEqual([1, 1]);
    expect(found.response.headers.etag).toBeUndefined();
    expect(listed.response.headers.etag).toBeDefined();
    await ctx.db.updateTable('resource').set({ status: 3 }).where('id', '=', resourceId).execute();
    const foundAfter = await call<{ total: number }>(ctx.app, 'doc/get_resource_count', search);
    const listedAfter = await call<{ total: number }>(ctx.app, 'doc/get_resource_count', listing);
    expect([foundAfter.body.data.total, listedAfter.body.data.total]).toEqual([0, 1]);
    await ctx.db.updateTable('resource').set({ status: 2 }).where('id', '=', resourceId).execute();
    cache.invalidate();
  });

  it('hold no more answers than the bound, however many pages a crawler asks for', async () => {
    for (let page = 1; page <= 120; page++) {
      const res = await call(ctx.app, 'doc/get_resource_list', { version: 'all', lang: 'en', page_number: page });
      expect(res.status).toBe(200);
    }
    expect(cache.stats().entries).toBe(50);
    // The most recent pages are served from memory, the first ones were dropped.
    expect(cache.stats().serving).toBe(true);
  });

  it('are documented with their 304 in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
      paths: Record<string, { post: { responses: Record<string, unknown> } }>;
    }>();
    const responsesOf = (name: string) =>
      Object.keys(doc.paths[`/dzfront/open/server/api/${name}`]?.post.responses ?? {});
    expect(responsesOf('doc/get_resource_info')).toContain('304');
    expect(responsesOf('doc/get_locale_conf')).not.toContain('304');
  });
});

describe('a catalogue entry that declares a cache', () => {
  it('is refused with a guard, an effect, or a search field its body does not have', () => {
    const read = apiSchemas['doc/get_resource_count'] as ApiRoute;
    expect(() => {
      checkCacheDeclaration('x', { ...read, guard: 'session' });
    }).toThrow('neither guard nor effect');
    expect(() => {
      checkCacheDeclaration('x', { ...read, effect: 'content' });
    }).toThrow('neither guard nor effect');
    expect(() => {
      checkCacheDeclaration('x', { ...read, searchField: 'query' });
    }).toThrow('not a field of its body');
    expect(() => {
      checkCacheDeclaration('x', { body: read.body, data: read.data, searchField: 'keyword' });
    }).toThrow('searchField without cache');
    expect(() => {
      checkCacheDeclaration('x', read);
    }).not.toThrow();
  });
});

describe('ifNoneMatchMatches', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['*', true],
    [' * ', true],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", W/"abc" ,"y"', true],
    ['"ab"', false],
    ['abc', false],
    ['"abc', false],
    ['W/"abcd"', false],
  ])('%j names "abc": %s', (header, expected) => {
    expect(ifNoneMatchMatches(header, '"abc"')).toBe(expected);
  });
});
