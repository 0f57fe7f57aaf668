/**
 * The CMS's content calls over HTTP: every call answered in the envelope, bad input refused by
 * name, roles, conflicts between two people saving the same thing, and what publishing does to
 * the documentation side.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsCategory, CmsResource, CmsResourceItem } from '@open/protocol/api';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import { hashPassword } from '../../auth/password.js';
import { tickingClock } from '../../../test/content-clock.js';
import { call, createTestApp, loginAsAdmin, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let admin = '';
let editor = '';
let v1 = '';

const EDITOR = { account: 'editor', password: 'editor-password-1' };

beforeAll(async () => {
  ctx = await createTestApp({ clock: tickingClock() });
  admin = await loginAsAdmin(ctx.app);
  await ctx.db
    .insertInto('admin_user')
    .values({
      id: randomUUID(),
      account: EDITOR.account,
      name: 'Ed Itor',
      role: 'editor',
      password_hash: await hashPassword(EDITOR.password),
    })
    .execute();
  const signIn = await call(ctx.app, 'global/login', EDITOR);
  const cookie = signIn.response.cookies.find((c) => c.name === 'open_session');
  if (!cookie) throw new Error(`the editor could not sign in: ${signIn.response.body}`);
  editor = `${cookie.name}=${cookie.value}`;
  v1 = (await ctx.db.selectFrom('version').select('id').where('name', '=', 'v1.0').executeTakeFirstOrThrow()).id;
});
afterAll(() => ctx.close());

const as =
  (cookie: () => string) =>
  <T = unknown>(path: string, body: unknown) =>
    call<T>(ctx.app, path, body, { cookie: cookie() });
const asEditor = as(() => editor);
const asAdmin = as(() => admin);

/** The data of a call that must succeed. */
async function ok<T>(answer: Promise<{ status: number; body: { code: number; data: T; message: string } }>) {
  const { status, body } = await answer;
  expect([status, body.code, body.message]).toEqual([200, 0, 'ok']);
  return body.data;
}

function expectRefused(answer: { status: number; body: { code: number } }, name: ErrorName): void {
  expect([answer.status, answer.body.code]).toEqual([errorCatalogue[name].status, errorCatalogue[name].code]);
}

const newCategory = (names: Record<string, string> = { en: `Category ${randomUUID().slice(0, 8)}` }) =>
  ok(asEditor<CmsCategory>('cms/set_category_info', { names }));

const newResource = (category_id: string, title = 'A document', markdown = 'Its body.') =>
  ok(
    asEditor<CmsResource>('cms/set_resource_info', {
      category_id,
      version_ids: [],
      locales: [{ lang: 'en', title, markdown }],
    }),
  );

const contentCalls = [
  'cms/get_category_list',
  'cms/set_category_info',
  'cms/remove_category_info',
  'cms/set_category_sort',
  'cms/get_category_backup_info',
  'cms/get_category_locale',
  'cms/set_category_status',
  'cms/get_resource_list',
  'cms/set_resource_info',
  'cms/remove_resource_info',
  'cms/get_resource_backup_info',
  'cms/set_resource_status',
  'cms/set_resource_sort',
  'cms/get_resource_locale',
  'cms/get_resource_content',
  'cms/render_markdown',
];

describe('who may call', () => {
  it.each(contentCalls)('%s answers 401 without a session, before reading the body', async (path) => {
    expectRefused(await call(ctx.app, path, { not: 'even valid' }), 'notLoggedIn');
  });

  it('an editor may not change versions, but may read them', async () => {
    expectRefused(await asEditor('cms/set_version_info', { name: 'v9' }), 'forbidden');
    expectRefused(await asEditor('cms/remove_version_info', { _id: v1 }), 'forbidden');
    expect((await ok(asEditor<{ total: number }>('cms/get_version_list', { page_number: -1 }))).total).toBe(2);
  });

  it('an admin may do everything an editor may', async () => {
    const category = await ok(asAdmin<CmsCategory>('cms/set_category_info', { names: { en: 'By the admin' } }));
    expect(category.updated_by).toBe('admin');
    const resource = await ok(
      asAdmin<CmsResource>('cms/set_resource_info', {
        category_id: category._id,
        version_ids: [v1],
        locales: [{ lang: 'en', title: 'By the admin', markdown: '' }],
      }),
    );
    expect(resource.updated_by).toBe('admin');
  });
});

describe('every call, as an editor', () => {
  it('categories: create, list, names, publish, sort, history, remove', async () => {
    const parent = await newCategory({ 'zh-CN': '父', en: 'Parent' });
    const a = await ok(asEditor<CmsCategory>('cms/set_category_info', { parent_id: parent._id, names: { en: 'A' } }));
    const b = await ok(asEditor<CmsCategory>('cms/set_category_info', { parent_id: parent._id, names: { en: 'B' } }));
    expect(a).toMatchObject({ status: 1, revision: 1, updated_by: 'editor', kind: 'docs', children: [] });

    const tree = await ok(asEditor<{ list: CmsCategory[] }>('cms/get_category_list', { lang: 'en' }));
    expect(tree.list.find((c) => c._id === parent._id)?.children.map((c) => c.name)).toEqual(['A', 'B']);
    const locales = await ok(asEditor<{ list: unknown[] }>('cms/get_category_locale', { _id: parent._id }));
    expect(locales.list).toEqual([
      { lang: 'en', name: 'Parent' },
      { lang: 'zh-CN', name: '父' },
    ]);

    const published = await ok(
      asEditor<CmsCategory>('cms/set_category_status', { _id: a._id, status: 2, revision: 1 }),
    );
    expect(published).toMatchObject({ status: 2, revision: 2 });
    const sorted = await ok(
      asEditor<{ list: CmsCategory[] }>('cms/set_category_sort', { parent_id: parent._id, ids: [b._id, a._id] }),
    );
    expect(sorted.list.map((c) => [c._id, c.sort])).toEqual([
      [b._id, 10],
      [a._id, 20],
    ]);
    const history = await ok(
      asEditor<{ list: { revision: number }[] }>('cms/get_category_backup_info', { _id: a._id }),
    );
    expect(history.list.map((h) => h.revision)).toEqual([1]);
    expect(await ok(asEditor('cms/remove_category_info', { _id: b._id, revision: 1 }))).toEqual({ _id: b._id });
  });

  it('resources: create, list, content, languages, preview, publish, sort, history, remove', async () => {
    const category = await newCategory();
    const first = await ok(
      asEditor<CmsResource>('cms/set_resource_info', {
        category_id: category._id,
        version_ids: [v1],
        locales: [
          { lang: 'zh-CN', title: '第一篇', markdown: '## 小节\n\n正文' },
          { lang: 'en', title: 'First', markdown: '## Section\n\nBody' },
        ],
      }),
    );
    const second = await newResource(category._id, 'Second');
    const list = await ok(
      asEditor<{ list: CmsResourceItem[]; total: number }>('cms/get_resource_list', {
        category_id: category._id,
        lang: 'en',
        page_number: -1,
      }),
    );
    expect([list.total, list.list.map((r) => r.title)]).toEqual([2, ['First', 'Second']]);
    const content = await ok(asEditor<CmsResource>('cms/get_resource_content', { _id: first._id, lang: 'zh-CN' }));
    expect(content).toMatchObject({ title: '第一篇', langs: ['en', 'zh-CN'], version_ids: [v1], attachments: [] });
    expect(content.locales.map((l) => l.html)).toEqual([
      expect.stringContaining('<h2 id="section"') as string,
      expect.stringContaining('<h2 id="小节"') as string,
    ]);
    const locales = await ok(
      asEditor<{ source: string; list: unknown[] }>('cms/get_resource_locale', { _id: first._id }),
    );
    expect(locales).toMatchObject({ source: 'zh-CN', list: [{ lang: 'en', behind: false }, { lang: 'zh-CN' }] });
    const preview = await ok(
      asEditor<{ html: string; toc: unknown[] }>('cms/render_markdown', { lang: 'en', markdown: '## Section\n\nBody' }),
    );
    expect(preview.html).toBe(content.locales[0]?.html);

    const item = await ok(
      asEditor<CmsResourceItem>('cms/set_resource_status', { _id: first._id, status: 2, revision: 1 }),
    );
    expect(item).toMatchObject({ status: 2, revision: 2, title: '第一篇', updated_by: 'editor' });
    const sorted = await ok(
      asEditor<{ list: CmsResourceItem[] }>('cms/set_resource_sort', {
        category_id: category._id,
        ids: [second._id, first._id],
      }),
    );
    expect(sorted.list.map((r) => r._id)).toEqual([second._id, first._id]);
    const history = await ok(asEditor<{ list: unknown[] }>('cms/get_resource_backup_info', { _id: first._id }));
    expect(history.list).toHaveLength(1);
    expect(await ok(asEditor('cms/remove_resource_info', { _id: second._id, revision: 1 }))).toEqual({
      _id: second._id,
    });
  });
});

describe('bad input', () => {
  let category: CmsCategory;
  let resource: CmsResource;
  beforeAll(async () => {
    category = await newCategory();
    resource = await newResource(category._id);
  });

  const resourceBody = () => ({
    category_id: category._id,
    version_ids: [],
    locales: [{ lang: 'en', title: 't', markdown: '' }],
  });

  it.each([
    ['cms/set_category_info', () => ({ _id: 'missing', revision: 1, names: { en: 'x' } }), 'categoryNotFound'],
    ['cms/set_category_info', () => ({ parent_id: 'missing', names: { en: 'x' } }), 'categoryNotFound'],
    ['cms/remove_category_info', () => ({ _id: 'missing', revision: 1 }), 'categoryNotFound'],
    ['cms/set_category_sort', () => ({ parent_id: 'missing', ids: ['x'] }), 'categoryNotFound'],
    ['cms/set_category_sort', () => ({ parent_id: null, ids: ['missing'] }), 'categoryNotFound'],
    ['cms/get_category_backup_info', () => ({ _id: 'missing' }), 'categoryNotFound'],
    ['cms/get_category_locale', () => ({ _id: 'missing' }), 'categoryNotFound'],
    ['cms/set_category_status', () => ({ _id: 'missing', status: 2, revision: 1 }), 'categoryNotFound'],
    ['cms/get_resource_list', () => ({ category_id: 'missing', page_number: -1 }), 'categoryNotFound'],
    ['cms/get_resource_list', () => ({ version_id: 'missing', page_number: -1 }), 'versionNotFound'],
    ['cms/set_resource_info', () => ({ ...resourceBody(), _id: 'missing', revision: 1 }), 'resourceNotFound'],
    ['cms/set_resource_info', () => ({ ...resourceBody(), category_id: 'missing' }), 'categoryNotFound'],
    ['cms/set_resource_info', () => ({ ...resourceBody(), version_ids: ['missing'] }), 'versionNotFound'],
    ['cms/remove_resource_info', () => ({ _id: 'missing', revision: 1 }), 'resourceNotFound'],
    ['cms/get_resource_backup_info', () => ({ _id: 'missing' }), 'resourceNotFound'],
    ['cms/set_resource_status', () => ({ _id: 'missing', status: 2, revision: 1 }), 'resourceNotFound'],
    ['cms/set_resource_sort', () => ({ category_id: 'missing', ids: ['x'] }), 'categoryNotFound'],
    ['cms/set_resource_sort', () => ({ category_id: category._id, ids: ['missing'] }), 'resourceNotFound'],
    ['cms/get_resource_locale', () => ({ _id: 'missing' }), 'resourceNotFound'],
    ['cms/get_resource_content', () => ({ _id: 'missing' }), 'resourceNotFound'],
  ] as const)('%s answers a coded 404 for an unknown id (%#)', async (path, body, name) => {
    expectRefused(await asEditor(path, body()), name);
  });

  const long = (n: number) => 'x'.repeat(n);
  it.each([
    ['a name of the wrong type', 'cms/set_category_info', () => ({ names: 'Guides' }), 'names'],
    ['no name at all', 'cms/set_category_info', () => ({ names: {} }), 'names'],
    ['a name in an unknown language', 'cms/set_category_info', () => ({ names: { xx: 'x' } }), 'names.xx'],
    ['a name too long', 'cms/set_category_info', () => ({ names: { en: long(limits.categoryName + 1) } }), 'names.en'],
    ['U+0000 in a name', 'cms/set_category_info', () => ({ names: { en: 'a\u0000' } }), 'names.en'],
    ['an unknown kind', 'cms/set_category_info', () => ({ kind: 'blog', names: { en: 'x' } }), 'kind'],
    [
      'a revision as text',
      'cms/set_category_info',
      () => ({ _id: category._id, revision: '1', names: { en: 'x' } }),
      'revision',
    ],
    ['no revision on edit', 'cms/set_category_info', () => ({ _id: category._id, names: { en: 'x' } }), 'revision'],
    ['an unknown field', 'cms/set_category_info', () => ({ names: { en: 'x' }, colour: 'red' }), 'colour'],
    ['a negative sort', 'cms/set_category_info', () => ({ names: { en: 'x' }, sort: -1 }), 'sort'],
    ['no revision on remove', 'cms/remove_category_info', () => ({ _id: category._id }), 'revision'],
    ['an empty order', 'cms/set_category_sort', () => ({ parent_id: null, ids: [] }), 'ids'],
    ['an id too long', 'cms/get_category_locale', () => ({ _id: long(limits.idLength + 1) }), '_id'],
    ['an id as a number', 'cms/get_category_backup_info', () => ({ _id: 7 }), '_id'],
    ['status 4', 'cms/set_category_status', () => ({ _id: category._id, status: 4, revision: 1 }), 'status'],
    ['an unknown language', 'cms/get_category_list', () => ({ lang: 'xx' }), 'lang'],
    ['page 0', 'cms/get_resource_list', () => ({ page_number: 0 }), 'page_number'],
    [
      'a keyword too long',
      'cms/get_resource_list',
      () => ({ page_number: -1, keyword: long(limits.keyword + 1) }),
      'keyword',
    ],
    ['U+0000 in a keyword', 'cms/get_resource_list', () => ({ page_number: -1, keyword: '\u0000' }), 'keyword'],
    ['status as text', 'cms/get_resource_list', () => ({ page_number: -1, status: '2' }), 'status'],
    [
      'a title too long',
      'cms/set_resource_info',
      () => ({ ...resourceBody(), locales: [{ lang: 'en', title: long(limits.resourceTitle + 1), markdown: '' }] }),
      'locales.0.title',
    ],
    [
      'U+0000 in a title',
      'cms/set_resource_info',
      () => ({ ...resourceBody(), locales: [{ lang: 'en', title: 'a\u0000b', markdown: '' }] }),
      'locales.0.title',
    ],
    [
      'U+0000 in a body',
      'cms/set_resource_info',
      () => ({ ...resourceBody(), locales: [{ lang: 'en', title: 't', markdown: '\u0000' }] }),
      'locales.0.markdown',
    ],
    [
      'a body too long',
      'cms/set_resource_info',
      () => ({ ...resourceBody(), locales: [{ lang: 'en', title: 't', markdown: long(limits.markdown + 1) }] }),
      'locales.0.markdown',
    ],
    [
      'a body of the wrong type',
      'cms/set_resource_info',
      () => ({ ...resourceBody(), locales: [{ lang: 'en', title: 't', markdown: 1 }] }),
      'locales.0.markdown',
    ],
    ['no revision on edit', 'cms/set_resource_info', () => ({ ...resourceBody(), _id: resource._id }), 'revision'],
    ['no language', 'cms/set_resource_info', () => ({ ...resourceBody(), locales: [] }), 'locales'],
    [
      'a language twice',
      'cms/set_resource_info',
      () => ({ ...resourceBody(), locales: [...resourceBody().locales, ...resourceBody().locales] }),
      'locales',
    ],
    [
      'the last language removed',
      'cms/set_resource_info',
      () => ({ ...resourceBody(), _id: resource._id, revision: 1, locales: [], remove_langs: ['en'] }),
      'locales',
    ],
    [
      'version ids not a list',
      'cms/set_resource_info',
      () => ({ ...resourceBody(), version_ids: 'all' }),
      'version_ids',
    ],
    ['no revision on remove', 'cms/remove_resource_info', () => ({ _id: resource._id }), 'revision'],
    ['status 0', 'cms/set_resource_status', () => ({ _id: resource._id, status: 0, revision: 1 }), 'status'],
    [
      'too many ids',
      'cms/set_resource_sort',
      () => ({ category_id: category._id, ids: Array.from({ length: limits.siblingsMax + 1 }, (_, i) => `r${i}`) }),
      'ids',
    ],
    ['U+0000 in an id', 'cms/get_resource_locale', () => ({ _id: '\u0000' }), '_id'],
    ['an unknown language', 'cms/get_resource_content', () => ({ _id: resource._id, lang: 'klingon' }), 'lang'],
    [
      'a preview too long',
      'cms/render_markdown',
      () => ({ lang: 'en', markdown: long(limits.markdown + 1) }),
      'markdown',
    ],
    ['a preview without a language', 'cms/render_markdown', () => ({ markdown: '# x' }), 'lang'],
  ] as const)('refuses %s with invalidField naming %s', async (_name, path, body, field) => {
    const answer = await asEditor<{ issues: { field: string }[] }>(path, body());
    expectRefused(answer, 'invalidField');
    expect(answer.body.data.issues.map((issue) => issue.field)).toContain(field);
  });

  it('nothing was changed by any of it', async () => {
    const content = await ok(asEditor<CmsResource>('cms/get_resource_content', { _id: resource._id }));
    expect([content.revision, content.langs]).toEqual([1, ['en']]);
  });
});

describe('conflicts', () => {
  it('refuses a save from a stale revision, saying who saved in between and when', async () => {
    const category = await newCategory({ en: 'Shared' });
    const mine = await ok(
      asEditor<CmsCategory>('cms/set_category_info', { _id: category._id, revision: 1, names: { en: 'Mine' } }),
    );
    const theirs = await asAdmin('cms/set_category_info', { _id: category._id, revision: 1, names: { en: 'Theirs' } });
    expectRefused(theirs, 'staleRevision');
    expect(theirs.body.data).toEqual({ revision: 2, updated_at: mine.updated_at, updated_by: 'editor' });
    expect(theirs.body.message).toBe(
      'Someone else saved this after you opened it. Compare the two versions before saving again.',
    );

    const resource = await newResource(category._id);
    await ok(asEditor('cms/set_resource_status', { _id: resource._id, status: 2, revision: 1 }));
    for (const [path, body] of [
      [
        'cms/set_resource_info',
        { _id: resource._id, revision: 1, category_id: category._id, version_ids: [], locales: [] },
      ],
      ['cms/set_resource_status', { _id: resource._id, status: 3, revision: 1 }],
      ['cms/remove_resource_info', { _id: resource._id, revision: 1 }],
      ['cms/set_category_status', { _id: category._id, status: 2, revision: 1 }],
      ['cms/remove_category_info', { _id: category._id, revision: 1 }],
    ] as const) {
      const answer = await asAdmin(path, body);
      expectRefused(answer, 'staleRevision');
      expect(answer.body.data).toMatchObject({ revision: 2, updated_by: 'editor' });
    }
  });

  it.each([
    [1, 1],
    [1, 3],
    [2, 1],
    [2, 2],
    [3, 1],
    [3, 3],
  ] as const)('refuses the status change %i -> %i for categories and resources', async (from, to) => {
    const category = await newCategory();
    const resource = await newResource(category._id);
    // Reach `from` along the allowed path: 1 -> 2, then 2 -> 3.
    let revision = 1;
    for (const status of [2, 3].slice(0, from - 1)) {
      await ok(asEditor('cms/set_category_status', { _id: category._id, status, revision }));
      await ok(asEditor('cms/set_resource_status', { _id: resource._id, status, revision }));
      revision += 1;
    }
    expectRefused(
      await asEditor('cms/set_category_status', { _id: category._id, status: to, revision }),
      'illegalStatusChange',
    );
    expectRefused(
      await asEditor('cms/set_resource_status', { _id: resource._id, status: to, revision }),
      'illegalStatusChange',
    );
  });

  it('restores a backup through the API, and the restore can itself be undone', async () => {
    const category = await newCategory();
    const created = await newResource(category._id, 'Version one', 'One.');
    const base = { _id: created._id, category_id: category._id, version_ids: [] };
    await ok(
      asEditor('cms/set_resource_info', {
        ...base,
        revision: 1,
        locales: [{ lang: 'en', title: 'Version two', markdown: 'Two.' }],
      }),
    );
    const restore = async (revision: number, backupRevision: number) => {
      const history = await ok(
        asAdmin<{
          list: {
            revision: number;
            snapshot: { category_id: string; sort: number; version_ids: string[]; locales: unknown[] };
          }[];
        }>('cms/get_resource_backup_info', { _id: created._id }),
      );
      const backup = history.list.find((h) => h.revision === backupRevision);
      if (!backup) throw new Error(`no backup of revision ${backupRevision}`);
      const { category_id, sort, version_ids, locales } = backup.snapshot;
      return ok(
        asAdmin<CmsResource>('cms/set_resource_info', {
          _id: created._id,
          revision,
          category_id,
          sort,
          version_ids,
          locales,
        }),
      );
    };
    expect((await restore(2, 1)).title).toBe('Version one');
    const undone = await restore(3, 2);
    expect([undone.title, undone.revision, undone.updated_by]).toEqual(['Version two', 4, 'admin']);
  });
});

describe('two people saving the same document at once', () => {
  it('every save either lands on the revision it read or is refused as stale; none is lost', async () => {
    const category = await newCategory();
    const created = await newResource(category._id, 'Race', 'Start.');
    const landed: { revision: number; title: string; markdown: string }[] = [];
    let stale = 0;

    async function person(name: string, cookie: string) {
      const request = <T>(path: string, body: unknown) => call<T>(ctx.app, path, body, { cookie });
      let revision = (await ok(request<CmsResource>('cms/get_resource_content', { _id: created._id }))).revision;
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const locale = { lang: 'en', title: `${name} ${attempt}`, markdown: `Saved by ${name}, attempt ${attempt}.` };
        const answer = await request<CmsResource & { revision: number }>('cms/set_resource_info', {
          _id: created._id,
          revision,
          category_id: category._id,
          version_ids: [],
          locales: [locale],
        });
        if (answer.body.code === 0) {
          revision = answer.body.data.revision;
          landed.push({ revision, title: locale.title, markdown: locale.markdown });
        } else {
          expectRefused(answer, 'staleRevision');
          stale += 1;
          // Re-read, as the editor does after a conflict, and try again from there.
          revision = (await ok(request<CmsResource>('cms/get_resource_content', { _id: created._id }))).revision;
        }
      }
    }
    await Promise.all([person('admin', admin), person('editor', editor)]);

    const final = await ok(asAdmin<CmsResource>('cms/get_resource_content', { _id: created._id }));
    const backups = await ok(
      asAdmin<{ list: { revision: number }[] }>('cms/get_resource_backup_info', { _id: created._id }),
    );
    const last = landed.reduce((a, b) => (b.revision > a.revision ? b : a));
    console.log(
      `race (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${landed.length} saves landed, ${stale} refused as stale, ` +
        `final revision ${final.revision}, ${backups.list.length} backups`,
    );
    expect(landed.length + stale).toBe(200);
    expect(final.revision).toBe(1 + landed.length);
    expect(backups.list.length).toBe(landed.length);
    // Each revision was reached by exactly one save, and each backup is one of them.
    expect(new Set(landed.map((l) => l.revision)).size).toBe(landed.length);
    expect(backups.list.map((b) => b.revision)).toEqual(
      Array.from({ length: landed.length }, (_, i) => landed.length - i),
    );
    expect([final.title, final.locales[0]?.markdown]).toEqual([last.title, last.markdown]);
  }, 120_000);
});

describe('publishing and the documentation side', () => {
  it('a published document is read and found; offline it is gone; published again it is back', async () => {
    const category = await newCategory({ en: 'Public guides' });
    await ok(asEditor('cms/set_category_status', { _id: category._id, status: 2, revision: 1 }));
    const resource = await newResource(
      category._id,
      'Quetzalcoatl routing',
      'Route calls through quetzalcoatl queues.',
    );
    const read = () => call(ctx.app, 'doc/get_resource_info', { _id: resource._id, lang: 'en' });
    const listed = async (keyword?: string) =>
      (
        await ok(
          call<{ list: { _id: string }[] }>(ctx.app, 'doc/get_resource_list', {
            version: 'all',
            lang: 'en',
            category_id: category._id,
            page_number: -1,
            ...(keyword ? { keyword } : {}),
          }),
        )
      ).list.map((r) => r._id);

    // Read before publishing too, so the read cache holds the empty answer.
    expectRefused(await read(), 'resourceNotFound');
    expect(await listed()).toEqual([]);

    await ok(asEditor('cms/set_resource_status', { _id: resource._id, status: 2, revision: 1 }));
    expect((await ok(read())) as { title: string }).toMatchObject({ title: 'Quetzalcoatl routing' });
    expect(await listed()).toEqual([resource._id]);
    expect(await listed('quetzalcoatl')).toEqual([resource._id]);

    await ok(asEditor('cms/set_resource_status', { _id: resource._id, status: 3, revision: 2 }));
    expectRefused(await read(), 'resourceNotFound');
    expect(await listed()).toEqual([]);
    expect(await listed('quetzalcoatl')).toEqual([]);

    await ok(asEditor('cms/set_resource_status', { _id: resource._id, status: 2, revision: 3 }));
    expect(await listed()).toEqual([resource._id]);
    // An edit of a published document shows at once, too.
    await ok(
      asEditor('cms/set_resource_info', {
        _id: resource._id,
        revision: 4,
        category_id: category._id,
        version_ids: [],
        locales: [{ lang: 'en', title: 'Xochiquetzal routing', markdown: 'Renamed.' }],
      }),
    );
    expect((await ok(read())) as { title: string }).toMatchObject({ title: 'Xochiquetzal routing' });
    expect(await listed('xochiquetzal')).toEqual([resource._id]);
  });

  it('taking the category offline hides its documents', async () => {
    const category = await newCategory({ en: 'Soon hidden' });
    await ok(asEditor('cms/set_category_status', { _id: category._id, status: 2, revision: 1 }));
    const resource = await newResource(category._id);
    await ok(asEditor('cms/set_resource_status', { _id: resource._id, status: 2, revision: 1 }));
    const read = () => call(ctx.app, 'doc/get_resource_info', { _id: resource._id, lang: 'en' });
    await ok(read());
    await ok(asEditor('cms/set_category_status', { _id: category._id, status: 3, revision: 2 }));
    expectRefused(await read(), 'resourceNotFound');
  });
});
