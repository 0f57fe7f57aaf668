/** Backups of categories and resources: kept with who saved that state and when, listed newest first. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import { isUniqueViolation } from '../../db/executor.js';
import type { CategorySnapshot, ResourceSnapshot } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers.js';
import { insertCategory } from '../categories/category.data.js';
import { insertResource } from '../resources/resource.data.js';
import { backupsOf, keepBackup } from './backup.service.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const refusedWith = (name: ErrorName) => expect.objectContaining({ code: errorCatalogue[name].code }) as Error;

let serial = 0;
async function newCategory(id = `backup-category-${++serial}`): Promise<string> {
  await insertCategory(database.db, id, { parent_id: null, names: { en: id } });
  return id;
}
async function newResource(id = `backup-resource-${++serial}`): Promise<string> {
  await insertResource(database.db, id, { category_id: await newCategory() });
  return id;
}

/** The state an item had at `revision`, saved by `by` at second `second` of the day. */
const state = (id: string, revision: number, by: string | null, second: number) => ({
  id,
  revision,
  updated_by: by,
  updated_at: new Date(Date.UTC(2026, 0, 1, 0, 0, second)),
});

const categorySnapshot = (sort: number): CategorySnapshot => ({
  parent_id: null,
  kind: 'docs',
  sort,
  status: 1,
  names: { 'zh-CN': '指南', en: 'Guides' },
});

const resourceSnapshot = (categoryId: string, sort: number): ResourceSnapshot => ({
  category_id: categoryId,
  sort,
  status: 2,
  version_ids: ['v1', 'v2'],
  locales: [{ lang: 'zh-CN', title: '标题', markdown: '# 标题\n\n正文' }],
});

describe('a category', () => {
  it('keeps each replaced state with who saved it and when, newest first', async () => {
    const id = await newCategory();
    await keepBackup(database.db, 'category', state(id, 1, 'alice', 1), categorySnapshot(10));
    await keepBackup(database.db, 'category', state(id, 2, null, 2), categorySnapshot(20));
    const { list } = await backupsOf(database.db, 'category', id);
    expect(list).toEqual([
      {
        _id: expect.any(String) as string,
        revision: 2,
        saved_at: '2026-01-01T00:00:02.000Z',
        saved_by: null,
        snapshot: categorySnapshot(20),
      },
      {
        _id: expect.any(String) as string,
        revision: 1,
        saved_at: '2026-01-01T00:00:01.000Z',
        saved_by: 'alice',
        snapshot: categorySnapshot(10),
      },
    ]);
    expect(list[0]?._id).not.toBe(list[1]?._id);
  });

  it('answers an empty list for a category never saved, categoryNotFound for an unknown one', async () => {
    const id = await newCategory();
    expect(await backupsOf(database.db, 'category', id)).toEqual({ list: [] });
    await expect(backupsOf(database.db, 'category', 'missing')).rejects.toThrow(refusedWith('categoryNotFound'));
  });

  it('keeps one backup per revision, however two saves race', async () => {
    const id = await newCategory();
    await keepBackup(database.db, 'category', state(id, 1, 'alice', 1), categorySnapshot(10));
    const again = keepBackup(database.db, 'category', state(id, 1, 'bob', 2), categorySnapshot(30));
    await expect(again).rejects.toSatisfy((error) => isUniqueViolation(error, 'category_backup_by_item'));
    expect((await backupsOf(database.db, 'category', id)).list.map((b) => b.saved_by)).toEqual(['alice']);
  });
});

describe('a resource', () => {
  it('keeps each replaced state, its languages and versions included, newest first', async () => {
    const id = await newResource();
    await keepBackup(database.db, 'resource', state(id, 1, 'alice', 1), resourceSnapshot('c1', 10));
    await keepBackup(database.db, 'resource', state(id, 2, 'bob', 2), resourceSnapshot('c2', 20));
    const { list } = await backupsOf(database.db, 'resource', id);
    expect(list.map((b) => [b.revision, b.saved_by, b.saved_at])).toEqual([
      [2, 'bob', '2026-01-01T00:00:02.000Z'],
      [1, 'alice', '2026-01-01T00:00:01.000Z'],
    ]);
    expect(list.map((b) => b.snapshot)).toEqual([resourceSnapshot('c2', 20), resourceSnapshot('c1', 10)]);
  });

  it('answers an empty list for a resource never saved, resourceNotFound for an unknown one', async () => {
    const id = await newResource();
    expect(await backupsOf(database.db, 'resource', id)).toEqual({ list: [] });
    await expect(backupsOf(database.db, 'resource', 'missing')).rejects.toThrow(refusedWith('resourceNotFound'));
  });

  it('keeps one backup per revision', async () => {
    const id = await newResource();
    await keepBackup(database.db, 'resource', state(id, 3, 'alice', 1), resourceSnapshot('c1', 10));
    const again = keepBackup(database.db, 'resource', state(id, 3, 'bob', 2), resourceSnapshot('c1', 10));
    await expect(again).rejects.toSatisfy((error) => isUniqueViolation(error, 'resource_backup_by_item'));
  });
});

describe('kinds and items apart', () => {
  it('lists only the asked item, and a category and a resource of the same id do not mix', async () => {
    const shared = `backup-shared-${++serial}`;
    await newCategory(shared);
    await newResource(shared);
    const other = await newCategory();
    await keepBackup(database.db, 'category', state(shared, 1, 'alice', 1), categorySnapshot(10));
    await keepBackup(database.db, 'resource', state(shared, 1, 'bob', 2), resourceSnapshot(shared, 10));
    await keepBackup(database.db, 'category', state(other, 1, 'carol', 3), categorySnapshot(10));
    expect((await backupsOf(database.db, 'category', shared)).list.map((b) => b.saved_by)).toEqual(['alice']);
    expect((await backupsOf(database.db, 'resource', shared)).list.map((b) => b.saved_by)).toEqual(['bob']);
  });

  it('removes an item with its backups', async () => {
    const id = await newResource();
    await keepBackup(database.db, 'resource', state(id, 1, 'alice', 1), resourceSnapshot('c1', 10));
    await database.db.deleteFrom('resource').where('id', '=', id).execute();
    await expect(backupsOf(database.db, 'resource', id)).rejects.toThrow(refusedWith('resourceNotFound'));
    const left = await database.db.selectFrom('resource_backup').select('id').where('resource_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});
