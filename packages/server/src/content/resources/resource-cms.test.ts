/** The CMS's resources: list and search, saves with revisions and backups, languages, status, order. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import { noReadCache } from '../../db/read-cache.js';
import { createLifecycle } from '../../lifecycle.js';
import { createServices, type Services } from '../../services.js';
import { tickingClock } from '../../../test/content-clock.js';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers.js';
import type { ResourceSaveInput } from './resource-cms.service.js';

let database: TestDatabase;
let services: Services;
let guides = '';
let faq = '';
let v1 = '';
let v2 = '';

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices({
    db: database.db,
    readCache: noReadCache,
    clock: tickingClock(),
    lifecycle: createLifecycle(),
  });
  guides = (await services.categoryCms.save({ names: { en: 'Guides' } }, 'alice'))._id;
  faq = (await services.categoryCms.save({ names: { en: 'FAQ' }, kind: 'faq' }, 'alice'))._id;
  const versions = await database.db.selectFrom('version').select(['id', 'name']).orderBy('sort').execute();
  [v1, v2] = versions.map((v) => v.id) as [string, string];
});
afterAll(() => database.close());

const refusedWith = (name: ErrorName) => expect.objectContaining({ code: errorCatalogue[name].code }) as Error;

const create = (input: Partial<ResourceSaveInput> & Pick<ResourceSaveInput, 'locales'>, by = 'alice') =>
  services.resourceCms.save({ category_id: guides, version_ids: [], ...input }, by);

const en = (title: string, markdown = '') => ({ lang: 'en', title, markdown });

describe('creating', () => {
  it('creates an unpublished resource at revision 1, rendered and indexed, last in its category', async () => {
    const first = await create({ locales: [en('First', '## Intro\n\nHello.')], version_ids: [v2, v1, v1] });
    const second = await create({ locales: [en('Second')] });
    expect(first).toMatchObject({ status: 1, revision: 1, updated_by: 'alice', langs: ['en'], version_ids: [v1, v2] });
    expect(first.locales[0]?.html).toContain('<h2 id="intro"');
    expect(second.sort).toBeGreaterThan(first.sort);
    const indexed = await database.db
      .selectFrom('resource_locale')
      .select('search')
      .where('resource_id', '=', first._id)
      .executeTakeFirstOrThrow();
    expect(indexed.search).toContain('hello');
  });

  it('refuses an unknown category or version, no language, and a language twice', async () => {
    await expect(create({ locales: [en('x')], category_id: 'missing' })).rejects.toThrow(
      refusedWith('categoryNotFound'),
    );
    await expect(create({ locales: [en('x')], version_ids: [v1, 'missing'] })).rejects.toThrow(
      refusedWith('versionNotFound'),
    );
    await expect(create({ locales: [] })).rejects.toMatchObject({ issues: [{ field: 'locales', reason: 'required' }] });
    await expect(create({ locales: [en('x'), en('y')] })).rejects.toMatchObject({
      issues: [{ field: 'locales', reason: 'notAllowed' }],
    });
  });
});

describe('saving', () => {
  it('writes languages, drops removed ones, keeps the previous state as a backup', async () => {
    const created = await create({
      locales: [{ lang: 'zh-CN', title: '原文', markdown: '中文正文' }, en('English', 'Body')],
      version_ids: [v1],
    });
    const saved = await services.resourceCms.save(
      {
        _id: created._id,
        revision: 1,
        category_id: faq,
        version_ids: [v2],
        locales: [{ lang: 'ja', title: '日本語', markdown: '本文' }],
        remove_langs: ['en', 'de'],
      },
      'bob',
    );
    expect(saved).toMatchObject({ revision: 2, updated_by: 'bob', category_id: faq, langs: ['ja', 'zh-CN'] });
    expect(saved.version_ids).toEqual([v2]);
    const { list } = await services.resourceCms.backups(created._id);
    expect(list).toEqual([
      {
        _id: expect.any(String) as string,
        revision: 1,
        saved_by: 'alice',
        saved_at: created.updated_at,
        snapshot: {
          category_id: guides,
          sort: created.sort,
          status: 1,
          version_ids: [v1],
          locales: [
            { lang: 'en', title: 'English', markdown: 'Body' },
            { lang: 'zh-CN', title: '原文', markdown: '中文正文' },
          ],
        },
      },
    ]);
  });

  it('a language both written and removed is written', async () => {
    const created = await create({ locales: [en('Kept')] });
    const saved = await services.resourceCms.save(
      {
        _id: created._id,
        revision: 1,
        category_id: guides,
        version_ids: [],
        locales: [en('Kept, edited')],
        remove_langs: ['en'],
      },
      'bob',
    );
    expect(saved.locales.map((l) => [l.lang, l.title])).toEqual([['en', 'Kept, edited']]);
  });

  it('refuses to remove the last language', async () => {
    const created = await create({ locales: [en('Only')] });
    await expect(
      services.resourceCms.save(
        { _id: created._id, revision: 1, category_id: guides, version_ids: [], locales: [], remove_langs: ['en'] },
        'bob',
      ),
    ).rejects.toMatchObject({
      code: errorCatalogue.invalidField.code,
      issues: [{ field: 'locales', reason: 'required' }],
    });
    expect((await services.resourceCms.content(created._id)).revision).toBe(1);
  });

  it('refuses a stale revision with who saved the current one, and an edit without a revision', async () => {
    const created = await create({ locales: [en('Contested')] });
    const body = { _id: created._id, category_id: guides, version_ids: [] };
    const mine = await services.resourceCms.save({ ...body, revision: 1, locales: [en('Mine')] }, 'bob');
    await expect(
      services.resourceCms.save({ ...body, revision: 1, locales: [en('Theirs')] }, 'carol'),
    ).rejects.toMatchObject({
      code: errorCatalogue.staleRevision.code,
      data: { revision: 2, updated_at: mine.updated_at, updated_by: 'bob' },
    });
    await expect(services.resourceCms.save({ ...body, locales: [en('Blind')] }, 'carol')).rejects.toMatchObject({
      issues: [{ field: 'revision', reason: 'required' }],
    });
    await expect(
      services.resourceCms.save({ ...body, _id: 'missing', revision: 1, locales: [en('x')] }, 'carol'),
    ).rejects.toThrow(refusedWith('resourceNotFound'));
    expect((await services.resourceCms.content(created._id)).title).toBe('Mine');
  });

  it('restores a backup: its snapshot sent back from the current revision is a save of its own', async () => {
    const created = await create({
      locales: [{ lang: 'zh-CN', title: '第一版', markdown: '原来的正文' }, en('First edition', 'Original body')],
      version_ids: [v1],
    });
    await services.resourceCms.save(
      {
        _id: created._id,
        revision: 1,
        category_id: faq,
        version_ids: [v2],
        locales: [
          { lang: 'zh-CN', title: '第二版', markdown: '改过的正文' },
          { lang: 'de', title: 'Zweite', markdown: '' },
        ],
        remove_langs: ['en'],
      },
      'bob',
    );
    const current = await services.resourceCms.content(created._id);
    const [backup] = (await services.resourceCms.backups(created._id)).list;
    if (!backup) throw new Error('no backup');
    const { category_id, sort, version_ids, locales } = backup.snapshot;
    const restored = await services.resourceCms.save(
      {
        _id: created._id,
        revision: current.revision,
        category_id,
        sort,
        version_ids,
        locales,
        remove_langs: current.langs.filter((lang) => !locales.some((l) => l.lang === lang)),
      },
      'carol',
    );
    expect(restored).toMatchObject({ revision: 3, updated_by: 'carol', category_id: guides, sort: created.sort });
    expect(restored.version_ids).toEqual([v1]);
    expect(restored.locales.map(({ lang, title, markdown }) => ({ lang, title, markdown }))).toEqual(
      created.locales.map(({ lang, title, markdown }) => ({ lang, title, markdown })),
    );
    expect((await services.resourceCms.backups(created._id)).list.map((b) => [b.revision, b.saved_by])).toEqual([
      [2, 'bob'],
      [1, 'alice'],
    ]);
  });
});

describe('languages', () => {
  it('marks a translation behind once the Chinese original is saved after it; never the original', async () => {
    const created = await create({
      locales: [
        { lang: 'zh-CN', title: '原文', markdown: '一' },
        en('Source', 'one'),
        { lang: 'de', title: 'Quelle', markdown: 'eins' },
      ],
    });
    const behind = async () =>
      (await services.resourceCms.locales(created._id)).list.map((l) => [l.lang, l.behind] as const);
    expect(await behind()).toEqual([
      ['de', false],
      ['en', false],
      ['zh-CN', false],
    ]);
    const base = { _id: created._id, category_id: guides, version_ids: [] };
    // Every language sent again, only the original changed: the others keep their date.
    await services.resourceCms.save(
      {
        ...base,
        revision: 1,
        locales: [
          { lang: 'zh-CN', title: '原文', markdown: '二' },
          en('Source', 'one'),
          { lang: 'de', title: 'Quelle', markdown: 'eins' },
        ],
      },
      'bob',
    );
    expect(await behind()).toEqual([
      ['de', true],
      ['en', true],
      ['zh-CN', false],
    ]);
    await services.resourceCms.save({ ...base, revision: 2, locales: [en('Source', 'two')] }, 'bob');
    expect(await behind()).toEqual([
      ['de', true],
      ['en', false],
      ['zh-CN', false],
    ]);
    expect((await services.resourceCms.locales(created._id)).source).toBe('zh-CN');
  });

  it('without the original nothing is behind', async () => {
    const created = await create({ locales: [en('Alone')] });
    expect((await services.resourceCms.locales(created._id)).list).toEqual([
      { lang: 'en', title: 'Alone', updated_at: created.locales[0]?.updated_at, behind: false },
    ]);
    await expect(services.resourceCms.locales('missing')).rejects.toThrow(refusedWith('resourceNotFound'));
  });
});

describe('status and order', () => {
  it('publishes, takes offline, publishes again; refuses everything else', async () => {
    const created = await create({ locales: [en('Lifecycle')] });
    const set = (status: 1 | 2 | 3, revision: number) =>
      services.resourceCms.setStatus({ _id: created._id, status, revision }, 'bob');
    for (const status of [1, 3] as const)
      await expect(set(status, 1)).rejects.toThrow(refusedWith('illegalStatusChange'));
    expect(await set(2, 1)).toMatchObject({ status: 2, revision: 2, updated_by: 'bob', title: 'Lifecycle' });
    for (const status of [1, 2] as const)
      await expect(set(status, 2)).rejects.toThrow(refusedWith('illegalStatusChange'));
    expect((await set(3, 2)).status).toBe(3);
    for (const status of [1, 3] as const)
      await expect(set(status, 3)).rejects.toThrow(refusedWith('illegalStatusChange'));
    expect(await set(2, 3)).toMatchObject({ status: 2, revision: 4 });
    await expect(set(3, 1)).rejects.toThrow(refusedWith('staleRevision'));
    const history = (await services.resourceCms.backups(created._id)).list;
    expect(history.map((h) => h.snapshot.status)).toEqual([3, 2, 1]);
  });

  it('sorts exactly the resources of a category, keeping their revisions', async () => {
    const category = (await services.categoryCms.save({ names: { en: 'Sorted' } }, 'alice'))._id;
    const ids: string[] = [];
    for (const title of ['a', 'b', 'c']) ids.push((await create({ category_id: category, locales: [en(title)] }))._id);
    const order = [ids[1], ids[2], ids[0]] as string[];
    const { list } = await services.resourceCms.sort({ category_id: category, ids: order });
    expect(list.map((r) => [r._id, r.sort, r.revision])).toEqual(order.map((id, i) => [id, (i + 1) * 10, 1]));
    const sort = (sorted: string[]) => services.resourceCms.sort({ category_id: category, ids: sorted });
    await expect(sort(order.slice(1))).rejects.toThrow(refusedWith('sortMismatch'));
    await expect(sort([...order, order[0] ?? ''])).rejects.toThrow(refusedWith('sortMismatch'));
    const elsewhere = (await create({ locales: [en('elsewhere')] }))._id;
    await expect(sort([...order, elsewhere])).rejects.toThrow(refusedWith('sortMismatch'));
    await expect(sort([...order, 'missing'])).rejects.toThrow(refusedWith('resourceNotFound'));
    await expect(services.resourceCms.sort({ category_id: 'missing', ids: order })).rejects.toThrow(
      refusedWith('categoryNotFound'),
    );
  });

  it('removes from the current revision only', async () => {
    const created = await create({ locales: [en('Doomed')] });
    await expect(services.resourceCms.remove({ _id: created._id, revision: 2 })).rejects.toThrow(
      refusedWith('staleRevision'),
    );
    expect(await services.resourceCms.remove({ _id: created._id, revision: 1 })).toEqual({ _id: created._id });
    await expect(services.resourceCms.content(created._id)).rejects.toThrow(refusedWith('resourceNotFound'));
    await expect(services.resourceCms.remove({ _id: created._id, revision: 1 })).rejects.toThrow(
      refusedWith('resourceNotFound'),
    );
  });
});

describe('the list', () => {
  let category = '';
  let second = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    category = (await services.categoryCms.save({ names: { en: 'Listed' } }, 'alice'))._id;
    second = (await services.categoryCms.save({ parent_id: category, names: { en: 'Listed, below' } }, 'alice'))._id;
    ids.web = (
      await create({
        category_id: category,
        version_ids: [v1, v2],
        locales: [
          { lang: 'zh-CN', title: 'Web软电话集成快速入门', markdown: '在页面中嵌入呼叫中心。' },
          en('Embedding the softphone', 'Transferring calls is covered later.'),
        ],
      })
    )._id;
    ids.transfer = (
      await create({ category_id: second, version_ids: [v2], locales: [en('Call transfer', 'To an external number.')] })
    )._id;
    ids.percent = (
      await create({ category_id: category, locales: [{ lang: 'de', title: '100% sicher', markdown: '' }] })
    )._id;
    await services.resourceCms.setStatus({ _id: ids.transfer, status: 2, revision: 1 }, 'bob');
  });

  const titles = async (query: Parameters<Services['resourceCms']['list']>[0]) =>
    (await services.resourceCms.list(query, undefined)).list.map((r) => r.title);

  it('lists by category then sort, every status, titles in the asked language, else zh-CN, else the first', async () => {
    expect(await titles({ category_id: category, lang: 'en' })).toEqual(['Embedding the softphone', '100% sicher']);
    expect(await titles({ category_id: category, lang: 'ja' })).toEqual(['Web软电话集成快速入门', '100% sicher']);
    const { list } = await services.resourceCms.list({ category_id: category }, undefined);
    expect(list[0]).toMatchObject({ langs: ['en', 'zh-CN'], version_ids: [v1, v2], status: 1, revision: 1 });
    // The sub-category's resources are not the category's own.
    expect(await titles({ category_id: second, lang: 'en' })).toEqual(['Call transfer']);
  });

  it('filters by version and status, and pages with a total', async () => {
    expect(await titles({ category_id: category, version_id: v1 })).toEqual(['Web软电话集成快速入门']);
    expect(await titles({ status: 2, category_id: second })).toEqual(['Call transfer']);
    expect(await titles({ status: 1, category_id: second })).toEqual([]);
    const page = await services.resourceCms.list({ category_id: category }, { offset: 1, limit: 1 });
    expect([page.total, page.list.map((r) => r.title)]).toEqual([2, ['100% sicher']]);
  });

  it('searches titles and bodies in every language, Chinese and Latin mid-word, wildcards as text', async () => {
    expect(await titles({ keyword: '软电话', lang: 'en' })).toEqual(['Embedding the softphone']);
    expect(await titles({ keyword: '呼叫', lang: 'en' })).toEqual(['Embedding the softphone']);
    expect(await titles({ keyword: 'transfer', lang: 'en' })).toEqual(['Embedding the softphone', 'Call transfer']);
    expect(await titles({ keyword: 'mbeddin', lang: 'en' })).toEqual(['Embedding the softphone']);
    expect(await titles({ keyword: 'external', lang: 'en', status: 2 })).toEqual(['Call transfer']);
    expect(await titles({ keyword: '0%' })).toEqual(['100% sicher']);
    expect(await titles({ keyword: '%_' })).toEqual([]);
    expect(await titles({ keyword: '?!' })).toEqual([]);
  });

  it('refuses an unknown category or version filter', async () => {
    await expect(services.resourceCms.list({ category_id: 'missing' }, undefined)).rejects.toThrow(
      refusedWith('categoryNotFound'),
    );
    await expect(services.resourceCms.list({ version_id: 'missing' }, undefined)).rejects.toThrow(
      refusedWith('versionNotFound'),
    );
  });
});

describe('the editor', () => {
  it('answers everything the editor needs, attachments included', async () => {
    const created = await create({ locales: [en('With files', '![shot](attachment:a-img)')] });
    await database.db
      .insertInto('attachment')
      .values([
        {
          id: 'a-img',
          resource_id: created._id,
          name: 'shot [1].png',
          mime: 'image/png',
          size: 3,
          storage_key: randomUUID(),
        },
        {
          id: 'b-doc',
          resource_id: created._id,
          name: 'guide.pdf',
          mime: 'application/pdf',
          size: 5,
          storage_key: randomUUID(),
        },
      ])
      .execute();
    const content = await services.resourceCms.content(created._id, 'en');
    expect(content.attachments).toEqual([
      expect.objectContaining({ _id: 'a-img', markdown: '![shot \\[1\\].png](attachment:a-img)' }),
      expect.objectContaining({ _id: 'b-doc', markdown: '[guide.pdf](attachment:b-doc)' }),
    ]);
    expect(content.locales[0]?.html).toContain(content.attachments[0]?.url);
  });

  it('previews exactly what a save stores', async () => {
    const markdown = '## 标题\n\n::: tip\nA `code` tip.\n:::\n\n| a | b |\n|---|---|\n| 1 | 2 |';
    const created = await create({ locales: [{ lang: 'de', title: 'Vorschau', markdown }] });
    const preview = services.resourceCms.preview('de', markdown);
    expect(preview.html).toBe(created.locales[0]?.html);
    expect(preview.html).toContain('Tipp');
    expect(preview.toc).toEqual([{ id: '标题', text: '标题', level: 2 }]);
  });
});
