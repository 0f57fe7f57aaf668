import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CmsVersion } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import { call, createTestApp, loginAsAdmin, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = await loginAsAdmin(ctx.app);
});
afterAll(() => ctx.close());

const list = async () =>
  (await call<{ list: CmsVersion[]; total: number }>(ctx.app, 'cms/get_version_list', { page_number: -1 }, { cookie }))
    .body.data;
const save = (body: Record<string, unknown>) => call<CmsVersion>(ctx.app, 'cms/set_version_info', body, { cookie });
const remove = (_id: string) => call(ctx.app, 'cms/remove_version_info', { _id }, { cookie });
const defaults = async () => (await list()).list.filter((v) => v.isDefault).map((v) => v.name);

describe('cms/* without a session', () => {
  it.each([
    ['cms/get_version_list', { page_number: -1 }],
    ['cms/set_version_info', { name: 'v9' }],
    ['cms/remove_version_info', { _id: 'x' }],
    ['cms/get_version_list', { nonsense: true }],
  ])('%s answers 401', async (path, body) => {
    const res = await call(ctx.app, path, body);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(errorCatalogue.notLoggedIn.code);
  });
});

describe('versions', () => {
  beforeEach(async () => {
    // Each test starts from the two seeded versions, v2.0 the default.
    const { list: all } = await list();
    for (const v of all) if (!['v1.0', 'v2.0'].includes(v.name)) await remove(v._id);
    const v2 = (await list()).list.find((v) => v.name === 'v2.0');
    if (v2 && !v2.isDefault) await save({ _id: v2._id, name: 'v2.0', isDefault: true });
  });

  it('lists all with page_number -1, in data.list, with a total', async () => {
    const data = await list();
    expect(data.total).toBe(2);
    expect(data.list.map((v) => v.name)).toEqual(['v1.0', 'v2.0']);
  });

  it('pages when page_number is positive', async () => {
    await save({ name: 'v3.0', sort: 30 });
    const page2 = await call<{ list: CmsVersion[]; total: number }>(
      ctx.app,
      'cms/get_version_list',
      { page_number: 2, page_size: 2 },
      { cookie },
    );
    expect(page2.body.data.total).toBe(3);
    expect(page2.body.data.list.map((v) => v.name)).toEqual(['v3.0']);
  });

  it('creates a version, trimmed, not default unless asked', async () => {
    const res = await save({ name: '  v3.0 ', sort: 30 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'v3.0', isDefault: false, sort: 30 });
    expect(await defaults()).toEqual(['v2.0']);
  });

  it('making another version the default clears the old one: exactly one default', async () => {
    const created = await save({ name: 'v3.0', isDefault: true });
    expect(created.body.data.isDefault).toBe(true);
    expect(await defaults()).toEqual(['v3.0']);
    const v1 = (await list()).list.find((v) => v.name === 'v1.0');
    await save({ _id: v1?._id, name: 'v1.0', isDefault: true });
    expect(await defaults()).toEqual(['v1.0']);
  });

  it('refuses to switch the default off without naming another', async () => {
    const v2 = (await list()).list.find((v) => v.name === 'v2.0');
    const res = await save({ _id: v2?._id, name: 'v2.0', isDefault: false });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(errorCatalogue.defaultVersionRequired.code);
    expect(await defaults()).toEqual(['v2.0']);
  });

  it('edits the name and sort of a version', async () => {
    const v1 = (await list()).list.find((v) => v.name === 'v1.0');
    const res = await save({ _id: v1?._id, name: 'v1.0', sort: 99 });
    expect(res.body.data.sort).toBe(99);
    expect((await list()).list.map((v) => v.name)).toEqual(['v2.0', 'v1.0']);
    await save({ _id: v1?._id, name: 'v1.0', sort: 10 });
  });

  it('refuses a duplicate name, whatever its letter case', async () => {
    const res = await save({ name: 'V1.0' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(errorCatalogue.versionNameTaken.code);
    expect(res.body.message).toBe('A version with this name already exists.');
  });

  it('answers 404 for an unknown version on edit and on remove', async () => {
    const edit = await save({ _id: 'missing', name: 'v7' });
    expect(edit.status).toBe(404);
    expect(edit.body.code).toBe(errorCatalogue.versionNotFound.code);
    const gone = await remove('missing');
    expect(gone.status).toBe(404);
  });

  it('removing the default promotes the first remaining version', async () => {
    const v2 = (await list()).list.find((v) => v.name === 'v2.0');
    const v1 = (await list()).list.find((v) => v.name === 'v1.0');
    const res = await remove(v2?._id ?? '');
    expect(res.body).toEqual({ code: 0, message: 'ok', data: { _id: v2?._id, default_id: v1?._id } });
    expect(await defaults()).toEqual(['v1.0']);
    await save({ name: 'v2.0', sort: 20, isDefault: true });
  });

  it('removing another version answers the default, which stays', async () => {
    const v2 = (await list()).list.find((v) => v.name === 'v2.0');
    const v3 = (await save({ name: 'v3.0' })).body.data;
    const res = await remove(v3._id);
    expect(res.body.data).toEqual({ _id: v3._id, default_id: v2?._id });
  });

  it('the first version created into an empty list becomes the default', async () => {
    const answers = [];
    for (const v of (await list()).list) answers.push((await remove(v._id)).body.data);
    // The last one removed leaves no default behind.
    expect(answers.at(-1)).toEqual({ _id: expect.any(String) as string, default_id: null });
    expect((await list()).total).toBe(0);
    const first = await save({ name: 'v1.0', sort: 10 });
    expect(first.body.data.isDefault).toBe(true);
    await save({ name: 'v2.0', sort: 20, isDefault: true });
  });

  it('the documentation side sees every change at once (its cached list is invalidated)', async () => {
    const docList = async () =>
      (await call<{ list: { name: string; isDefault: boolean }[] }>(ctx.app, 'doc/get_version_info')).body.data.list;
    expect((await docList()).map((v) => v.name)).toEqual(['v1.0', 'v2.0']);
    const created = (await save({ name: 'v3.0', sort: 30, isDefault: true })).body.data;
    expect(await docList()).toEqual(
      [
        { name: 'v1.0', isDefault: false },
        { name: 'v2.0', isDefault: false },
        { name: 'v3.0', isDefault: true },
      ].map((v, i) => ({ ...v, _id: (i === 2 ? created._id : expect.any(String)) as string })),
    );
    await remove(created._id);
    expect((await docList()).map((v) => [v.name, v.isDefault])).toEqual([
      ['v1.0', true],
      ['v2.0', false],
    ]);
  });

  it('keeps one default when two admins switch it at the same moment', async () => {
    const v1 = (await list()).list.find((v) => v.name === 'v1.0');
    const v3 = (await save({ name: 'v3.0' })).body.data;
    const results = await Promise.all([
      save({ _id: v1?._id, name: 'v1.0', isDefault: true }),
      save({ _id: v3._id, name: 'v3.0', isDefault: true }),
    ]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(await defaults()).toHaveLength(1);
  });
});
