/** The documentation side's reads over a small content set: filters, fallback, search, counts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { systemClock } from '../../clock.js';
import { noReadCache } from '../../db/read-cache.js';
import { createLifecycle } from '../../lifecycle.js';
import { createServices, type Services } from '../../services.js';
import { createTestDatabase } from '../../../test/helpers.js';

let services: Services;
let close: () => Promise<void>;
const ids: Record<string, string> = {};
let v1 = '';
let v2 = '';

beforeAll(async () => {
  const database = await createTestDatabase();
  close = () => database.close();
  services = createServices({
    db: database.db,
    readCache: noReadCache,
    clock: systemClock,
    lifecycle: createLifecycle(),
  });
  const versions = await database.db.selectFrom('version').select(['id', 'name']).execute();
  v1 = versions.find((v) => v.name === 'v1.0')?.id ?? '';
  v2 = versions.find((v) => v.name === 'v2.0')?.id ?? '';
  const { categories, resources } = services;
  await database.db.transaction().execute(async (trx) => {
    ids.guide = await categories.create(trx, {
      parent_id: null,
      status: 2,
      sort: 10,
      names: { 'zh-CN': '指南', en: 'Guides' },
    });
    ids.sdk = await categories.create(trx, { parent_id: ids.guide, status: 2, sort: 10, names: { en: 'SDK' } });
    ids.hidden = await categories.create(trx, { parent_id: null, status: 1, sort: 20, names: { en: 'Drafts' } });
    ids.faq = await categories.create(trx, { parent_id: null, kind: 'faq', status: 2, sort: 30, names: { en: 'FAQ' } });
    const both = [v1, v2];
    ids.embed = await resources.create(trx, {
      category_id: ids.guide,
      status: 2,
      sort: 10,
      version_ids: both,
      locales: [
        { lang: 'zh-CN', title: 'Web软电话集成快速入门', markdown: '## 嵌入\n\n在页面中嵌入呼叫中心的软电话。' },
        { lang: 'en', title: 'Embedding the softphone', markdown: '## Embed\n\nTransferring calls is covered later.' },
      ],
    });
    ids.transfer = await resources.create(trx, {
      category_id: ids.sdk,
      status: 2,
      sort: 20,
      version_ids: [v2],
      locales: [
        { lang: 'en', title: 'Call transfer', markdown: 'How to transfer a call to an external number.' },
        { lang: 'ja', title: '通話の転送', markdown: 'ソフトフォンで外線に転送します。' },
        { lang: 'th', title: 'การโอนสาย', markdown: 'การโอนสายไปยังหมายเลขภายนอก' },
      ],
    });
    ids.zhOnly = await resources.create(trx, {
      category_id: ids.guide,
      status: 2,
      sort: 30,
      version_ids: [v1],
      locales: [{ lang: 'zh-CN', title: '部署说明', markdown: '只在中文里有。' }],
    });
    ids.draft = await resources.create(trx, {
      category_id: ids.guide,
      status: 1,
      sort: 40,
      version_ids: both,
      locales: [{ lang: 'en', title: 'Unpublished softphone notes', markdown: 'softphone' }],
    });
    ids.inHidden = await resources.create(trx, {
      category_id: ids.hidden,
      status: 2,
      sort: 10,
      version_ids: both,
      locales: [{ lang: 'en', title: 'Softphone in a hidden category', markdown: 'softphone' }],
    });
    ids.question = await resources.create(trx, {
      category_id: ids.faq,
      status: 2,
      sort: 10,
      version_ids: both,
      locales: [{ lang: 'en', title: 'Why is the microphone blocked?', markdown: 'Allow it in the **iframe**.' }],
    });
  });
});
afterAll(() => close());

const titles = (list: { title: string }[]) => list.map((row) => row.title);

describe('the category tree', () => {
  it('shows published categories under published parents, each count including its children', async () => {
    const { list } = await services.resources.categoryTree({ version: 'all', lang: 'en' });
    expect(list.map((node) => node.name)).toEqual(['Guides']);
    expect(list[0]?.resource_count).toBe(3);
    expect(list[0]?.children.map((node) => [node.name, node.resource_count])).toEqual([['SDK', 1]]);
  });

  it('names a category in the fallback language and counts by version', async () => {
    const { list } = await services.resources.categoryTree({ version: v1, lang: 'zh-CN' });
    expect(list[0]?.name).toBe('指南');
    expect(list[0]?.resource_count).toBe(2);
  });

  it('agrees with the list for the same filter', async () => {
    for (const version of ['all', v1, v2]) {
      const { list } = await services.resources.categoryTree({ version, lang: 'en' });
      const root = list[0];
      const listed = await services.resources.list({ version, lang: 'en', category_id: root?._id }, undefined);
      expect(listed.total).toBe(root?.resource_count);
      expect((await services.resources.count({ version, lang: 'en', category_id: root?._id })).total).toBe(
        listed.total,
      );
    }
  });
});

describe('the resource list', () => {
  it('serves each resource in the asked language, else English, then zh-CN, and says so', async () => {
    const { list } = await services.resources.list({ version: 'all', lang: 'en' }, undefined);
    expect(list.map((row) => [row.title, row.lang, row.fallback])).toEqual([
      ['Embedding the softphone', 'en', false],
      ['部署说明', 'zh-CN', true],
      ['Call transfer', 'en', false],
    ]);
  });

  it('lists in reading order: category by category as the tree shows them, then by sort', async () => {
    // 'Call transfer' sorts before '部署说明' (20 < 30) but sits in SDK, below Guides.
    const { list } = await services.resources.list({ version: 'all', lang: 'en' }, undefined);
    expect(list.map((row) => row.category_id)).toEqual([ids.guide, ids.guide, ids.sdk]);
  });

  it('filters by version and pages', async () => {
    expect(titles((await services.resources.list({ version: v2, lang: 'en' }, undefined)).list)).toEqual([
      'Embedding the softphone',
      'Call transfer',
    ]);
    const page = await services.resources.list({ version: 'all', lang: 'en' }, { offset: 1, limit: 1 });
    expect(page.total).toBe(3);
    expect(titles(page.list)).toEqual(['部署说明']);
  });

  it('refuses an unknown or hidden category and an unknown version with their codes', async () => {
    await expect(
      services.resources.list({ version: 'all', lang: 'en', category_id: ids.hidden }, undefined),
    ).rejects.toMatchObject({
      code: errorCatalogue.categoryNotFound.code,
    });
    await expect(services.resources.list({ version: 'nope', lang: 'en' }, undefined)).rejects.toMatchObject({
      code: errorCatalogue.versionNotFound.code,
    });
  });
});

describe('search', () => {
  const search = async (keyword: string, lang: 'en' | 'zh-CN' | 'ja' | 'th') =>
    (await services.resources.list({ version: 'all', lang, keyword }, undefined)).list;

  it('finds a Chinese word in the middle of a title', async () => {
    const hits = await search('软电话', 'zh-CN');
    expect(titles(hits)).toEqual(['Web软电话集成快速入门']);
    expect(hits[0]?.snippet).toBeDefined();
  });

  it('finds Japanese and Thai words', async () => {
    expect(titles(await search('転送', 'ja'))).toEqual(['通話の転送']);
    expect(titles(await search('โอนสาย', 'th'))).toEqual(['การโอนสาย']);
  });

  it('matches English stems and prefixes, ranking the title above the body', async () => {
    expect(titles(await search('transfer', 'en'))).toEqual(['Call transfer', 'Embedding the softphone']);
    expect(titles(await search('transf', 'en'))).toEqual(['Call transfer', 'Embedding the softphone']);
  });

  it('highlights the match in an escaped snippet', async () => {
    const [hit] = await search('external', 'en');
    expect(hit?.snippet).toContain('<mark>external</mark>');
  });

  it('never shows unpublished resources or hidden categories, and matches nothing for punctuation', async () => {
    expect(titles(await search('unpublished', 'en'))).toEqual([]);
    expect(titles(await search('hidden', 'en'))).toEqual([]);
    expect(await search('?!', 'en')).toEqual([]);
  });
});

describe('one resource', () => {
  it('answers the rendered page with its table of contents and neighbours', async () => {
    const info = await services.resources.info({ _id: ids.embed ?? '', lang: 'en' });
    expect(info).toMatchObject({ title: 'Embedding the softphone', lang: 'en', fallback: false, prev: null });
    expect(info.toc).toEqual([{ id: 'embed', text: 'Embed', level: 2 }]);
    expect(info.next).toEqual({ _id: ids.zhOnly, title: '部署说明' });
  });

  it('falls back and says so', async () => {
    const info = await services.resources.info({ _id: ids.zhOnly ?? '', lang: 'ja' });
    expect(info).toMatchObject({ lang: 'zh-CN', fallback: true });
  });

  it('is not found when unpublished, in a hidden category, outside the version, or unknown', async () => {
    for (const [id, version] of [[ids.draft], [ids.inHidden], [ids.transfer, v1], ['unknown']] as const) {
      await expect(services.resources.info({ _id: id ?? '', lang: 'en', version })).rejects.toMatchObject({
        code: errorCatalogue.resourceNotFound.code,
      });
    }
  });
});

describe('the FAQ', () => {
  it('lists questions with their answers, searchable', async () => {
    const { list } = await services.resources.faq({ version: 'all', lang: 'en' });
    expect(list.map((row) => row.question)).toEqual(['Why is the microphone blocked?']);
    expect(list[0]?.html).toContain('<strong>iframe</strong>');
    expect((await services.resources.faq({ version: 'all', lang: 'en', keyword: 'microphone' })).list).toHaveLength(1);
    expect((await services.resources.faq({ version: 'all', lang: 'en', keyword: 'camera' })).list).toHaveLength(0);
  });

  it('reads every answer in the same statements, however many there are', async () => {
    const database = await createTestDatabase();
    try {
      let statements = 0;
      const counted = createServices({
        db: database.db.withPlugin({
          transformQuery: ({ node }) => {
            statements += 1;
            return node;
          },
          transformResult: async ({ result }) => Promise.resolve(result),
        }),
        readCache: noReadCache,
        clock: systemClock,
        lifecycle: createLifecycle(),
      });
      const faqId = await counted.categories.create(database.db, {
        parent_id: null,
        kind: 'faq',
        status: 2,
        sort: 90,
        names: { en: 'More questions' },
      });
      const ask = async (count: number) => {
        for (let at = 0; at < count; at += 1) {
          await counted.resources.create(database.db, {
            category_id: faqId,
            status: 2,
            sort: 100 + at,
            version_ids: [],
            locales: [{ lang: 'en', title: `Question ${at}`, markdown: `Answer **${at}**.` }],
          });
        }
        statements = 0;
        const { list } = await counted.resources.faq({ version: 'all', lang: 'en', keyword: 'answer' });
        return { answers: list.filter((row) => row.question.startsWith('Question ')).length, statements };
      };
      const one = await ask(1);
      const five = await ask(4);
      expect(one.answers).toBe(1);
      expect(five.answers).toBe(5);
      expect(five.statements).toBe(one.statements);
    } finally {
      await database.close();
    }
  });
});
