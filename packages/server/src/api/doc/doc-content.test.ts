/** The documentation calls over HTTP: answers in the envelope, and bad input refused by name. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import { systemClock } from '../../clock.js';
import { noReadCache } from '../../db/read-cache.js';
import { DEMO_CONTACT_URL } from '../../seed/seed.js';
import { createLifecycle } from '../../lifecycle.js';
import { createServices } from '../../services.js';
import { call, createTestApp, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let categoryId = '';
let resourceId = '';

beforeAll(async () => {
  ctx = await createTestApp();
  // Written before the app's first read, so its read cache holds nothing stale.
  const { categories, resources } = createServices({
    db: ctx.db,
    readCache: noReadCache,
    clock: systemClock,
    lifecycle: createLifecycle(),
  });
  await ctx.db.transaction().execute(async (trx) => {
    categoryId = await categories.create(trx, { parent_id: null, status: 2, names: { en: 'Guides' } });
    resourceId = await resources.create(trx, {
      category_id: categoryId,
      status: 2,
      version_ids: [],
      locales: [{ lang: 'en', title: 'Call transfer', markdown: '## Steps\n\nTransfer the call.' }],
    });
  });
});
afterAll(() => ctx.close());

describe('doc/* content calls', () => {
  it('lists the tree, the resources, their count and one resource', async () => {
    const tree = await call<{ list: { _id: string; resource_count: number }[] }>(ctx.app, 'doc/get_category_list', {
      version: 'all',
      lang: 'en',
    });
    expect(tree.body.data.list).toEqual([expect.objectContaining({ _id: categoryId, resource_count: 1 })]);
    const list = await call<{ total: number }>(ctx.app, 'doc/get_resource_list', {
      version: 'all',
      lang: 'en',
      keyword: 'transferring',
      page_number: 1,
      page_size: 10,
    });
    expect(list.body.data.total).toBe(1);
    const count = await call<{ total: number }>(ctx.app, 'doc/get_resource_count', { version: 'all', lang: 'en' });
    expect(count.body.data.total).toBe(1);
    const info = await call<{ html: string; fallback: boolean }>(ctx.app, 'doc/get_resource_info', {
      _id: resourceId,
      lang: 'de',
    });
    expect(info.body.data).toMatchObject({ fallback: true });
    expect(info.body.data.html).toContain('<h2 id="steps"');
    const faq = await call<{ list: unknown[] }>(ctx.app, 'doc/get_faq_list', { version: 'all', lang: 'en' });
    expect(faq.body.data.list).toEqual([]);
  });

  it('answers coded 404s for an unknown resource, category or version', async () => {
    const info = await call(ctx.app, 'doc/get_resource_info', { _id: 'nope', lang: 'en' });
    expect([info.status, info.body.code]).toEqual([404, errorCatalogue.resourceNotFound.code]);
    const list = await call(ctx.app, 'doc/get_resource_list', {
      version: 'all',
      lang: 'en',
      category_id: 'nope',
      page_number: -1,
    });
    expect([list.status, list.body.code]).toEqual([404, errorCatalogue.categoryNotFound.code]);
    const tree = await call(ctx.app, 'doc/get_category_list', { version: 'nope', lang: 'en' });
    expect([tree.status, tree.body.code]).toEqual([404, errorCatalogue.versionNotFound.code]);
  });

  it.each([
    ['a missing version', 'doc/get_category_list', { lang: 'en' }],
    ['an unknown language', 'doc/get_category_list', { version: 'all', lang: 'xx' }],
    ['page 0', 'doc/get_resource_list', { version: 'all', lang: 'en', page_number: 0 }],
    [
      'a page too large',
      'doc/get_resource_list',
      { version: 'all', lang: 'en', page_number: 1, page_size: limits.pageSizeMax + 1 },
    ],
    [
      'a keyword too long',
      'doc/get_resource_count',
      { version: 'all', lang: 'en', keyword: 'x'.repeat(limits.keyword + 1) },
    ],
    ['U+0000 in a keyword', 'doc/get_resource_count', { version: 'all', lang: 'en', keyword: 'a\u0000' }],
    ['an unknown field', 'doc/get_resource_info', { _id: 'x', lang: 'en', extra: 1 }],
    ['an id too long', 'doc/get_resource_info', { _id: 'x'.repeat(limits.idLength + 1), lang: 'en' }],
  ] as const)('refuses %s with invalidField', async (_name, path, body) => {
    const res = await call(ctx.app, path, body);
    expect([res.status, res.body.code]).toEqual([400, errorCatalogue.invalidField.code]);
  });
});

describe('doc/get_site_info', () => {
  it("answers the tenant's contact link, and never one that is not a web or mail address", async () => {
    const seeded = await call<{ contact_url: string | null }>(ctx.app, 'doc/get_site_info', {});
    expect(seeded.body).toMatchObject({ code: 0, data: { contact_url: DEMO_CONTACT_URL } });
    for (const unsafe of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example']) {
      await ctx.db.updateTable('tenant').set({ contact_url: unsafe }).execute();
      const answer = await call<{ contact_url: string | null }>(ctx.app, 'doc/get_site_info', {});
      expect(answer.body.data.contact_url).toBeNull();
    }
    await ctx.db.updateTable('tenant').set({ contact_url: DEMO_CONTACT_URL }).execute();
  });

  it('refuses a body with fields it does not take', async () => {
    const answer = await call(ctx.app, 'doc/get_site_info', { lang: 'en' });
    expect([answer.status, answer.body.code]).toEqual([400, errorCatalogue.invalidField.code]);
  });
});
