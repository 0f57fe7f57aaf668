/**
 * The language a reader is served when a document or a category lacks the asked one: the asked
 * language, then DOC_FALLBACK_LANGS (English, then the Chinese original, unless configured), in
 * every reader call: one document, the list and its search, the category tree and the FAQ.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { systemClock } from '../../clock.js';
import { createMemoryReadCache, noReadCache } from '../../db/read-cache.js';
import { createLifecycle } from '../../lifecycle.js';
import { createServices } from '../../services.js';
import { call, createTestApp, type TestContext } from '../../../test/helpers.js';

interface Served {
  _id: string;
  title: string;
  lang: string;
  fallback: boolean;
  snippet?: string;
}

let ctx: TestContext;
/** The same database served with DOC_FALLBACK_LANGS=zh-CN,en. */
let chineseFirst: FastifyInstance;
const ids: Record<string, string> = {};

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
    ids.guide = await categories.create(trx, {
      parent_id: null,
      status: 2,
      sort: 10,
      names: { 'zh-CN': '指南', en: 'Guides' },
    });
    ids.faq = await categories.create(trx, {
      parent_id: null,
      kind: 'faq',
      status: 2,
      sort: 20,
      names: { 'zh-CN': '常见问题', en: 'FAQ' },
    });
    ids.translated = await resources.create(trx, {
      category_id: ids.guide,
      status: 2,
      sort: 10,
      version_ids: [],
      locales: [
        { lang: 'zh-CN', title: '软电话集成', markdown: '几分钟内把软电话集成到页面。' },
        { lang: 'en', title: 'Softphone integration', markdown: 'Integrate the softphone in minutes.' },
      ],
    });
    ids.original = await resources.create(trx, {
      category_id: ids.guide,
      status: 2,
      sort: 20,
      version_ids: [],
      locales: [{ lang: 'zh-CN', title: '部署说明', markdown: '只在中文里有：集成前先部署。' }],
    });
    ids.question = await resources.create(trx, {
      category_id: ids.faq,
      status: 2,
      sort: 10,
      version_ids: [],
      locales: [
        { lang: 'zh-CN', title: '为什么麦克风被禁用？', markdown: '在 iframe 中允许它。' },
        { lang: 'en', title: 'Why is the microphone blocked?', markdown: 'Allow it in the iframe.' },
      ],
    });
  });
  chineseFirst = await buildApp({ db: ctx.db, readCache: createMemoryReadCache(), docFallbackLangs: ['zh-CN', 'en'] });
  await chineseFirst.ready();
});
afterAll(async () => {
  await chineseFirst.close();
  await ctx.close();
});

const info = async (id: string | undefined, lang: string, app = ctx.app) =>
  (await call<Served>(app, 'doc/get_resource_info', { _id: id ?? '', lang })).body.data;
const list = async (lang: string, keyword?: string) =>
  (
    await call<{ list: Served[]; total: number }>(ctx.app, 'doc/get_resource_list', {
      version: 'all',
      lang,
      page_number: 1,
      ...(keyword ? { keyword } : {}),
    })
  ).body.data.list;
const treeNames = async (lang: string, app = ctx.app) =>
  (await call<{ list: { name: string }[] }>(app, 'doc/get_category_list', { version: 'all', lang })).body.data.list.map(
    (node) => node.name,
  );

describe('a reader of a language the document lacks', () => {
  it('gets the English translation, marked as a fallback', async () => {
    expect(await info(ids.translated, 'ar')).toMatchObject({
      title: 'Softphone integration',
      lang: 'en',
      fallback: true,
    });
  });

  it('gets the Chinese original when there is no translation', async () => {
    expect(await info(ids.original, 'ar')).toMatchObject({ title: '部署说明', lang: 'zh-CN', fallback: true });
  });

  it('is no fallback for a reader of a language the document has', async () => {
    expect(await info(ids.translated, 'zh-CN')).toMatchObject({ title: '软电话集成', lang: 'zh-CN', fallback: false });
    expect(await info(ids.translated, 'en')).toMatchObject({ lang: 'en', fallback: false });
  });

  it('gets the same languages in the list, with titles and snippets from the text served', async () => {
    expect((await list('ar')).map((row) => [row.title, row.lang, row.fallback])).toEqual([
      ['Softphone integration', 'en', true],
      ['部署说明', 'zh-CN', true],
    ]);
    const [hit, ...rest] = await list('ar', 'integrate');
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ _id: ids.translated, lang: 'en', fallback: true });
    expect(hit?.snippet).toContain('<mark>Integrate</mark> the softphone');
  });

  it('gets category names and FAQ questions in English', async () => {
    expect(await treeNames('ar')).toEqual(['Guides']);
    const faq = await call<{ list: { question: string; lang: string }[] }>(ctx.app, 'doc/get_faq_list', {
      version: 'all',
      lang: 'ar',
    });
    expect(faq.body.data.list).toEqual([
      expect.objectContaining({ question: 'Why is the microphone blocked?', lang: 'en' }),
    ]);
  });
});

describe('DOC_FALLBACK_LANGS', () => {
  it('orders the fallback as configured, in every call', async () => {
    expect(await info(ids.translated, 'ar', chineseFirst)).toMatchObject({
      title: '软电话集成',
      lang: 'zh-CN',
      fallback: true,
    });
    expect(await treeNames('ar', chineseFirst)).toEqual(['指南']);
    expect(await info(ids.translated, 'en', chineseFirst)).toMatchObject({ lang: 'en', fallback: false });
  });
});
