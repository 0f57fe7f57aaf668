/** The CMS's categories: the tree in every status, saves with revisions and backups, order, status. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import { noReadCache } from '../../db/read-cache.js';
import { createLifecycle } from '../../lifecycle.js';
import { createServices, type Services } from '../../services.js';
import { tickingClock } from '../../../test/content-clock.js';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers.js';

let database: TestDatabase;
let services: Services;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices({
    db: database.db,
    readCache: noReadCache,
    clock: tickingClock(),
    lifecycle: createLifecycle(),
  });
});
afterAll(() => database.close());

const refusedWith = (name: ErrorName) => expect.objectContaining({ code: errorCatalogue[name].code }) as Error;

const create = (names: Record<string, string>, extra: { parent_id?: string | null; kind?: 'docs' | 'faq' } = {}) =>
  services.categoryCms.save({ names, ...extra }, 'alice');

describe('creating and listing', () => {
  it('creates an unpublished category at revision 1, last among its siblings, signed by its author', async () => {
    const first = await create({ en: 'Alpha' });
    const second = await create({ en: 'Beta' });
    expect(first).toMatchObject({ status: 1, revision: 1, updated_by: 'alice', parent_id: null, kind: 'docs' });
    expect(second.sort).toBeGreaterThan(first.sort);
  });

  it('lists the whole tree in every status, named in the asked language, else zh-CN, else the first', async () => {
    const root = await create({ 'zh-CN': '指南', en: 'Guides', de: 'Anleitungen' });
    const child = await services.categoryCms.save({ parent_id: root._id, names: { fr: 'Enfant', de: 'Kind' } }, 'bob');
    const { list } = await services.categoryCms.tree({ lang: 'ja' });
    const node = list.find((n) => n._id === root._id);
    expect(node).toMatchObject({ name: '指南', names: { de: 'Anleitungen', en: 'Guides', 'zh-CN': '指南' } });
    expect(node?.children).toEqual([expect.objectContaining({ _id: child._id, name: 'Kind', status: 1 })]);
    const german = await services.categoryCms.tree({ lang: 'de' });
    expect(german.list.find((n) => n._id === root._id)?.children[0]?.name).toBe('Kind');
  });

  it('counts the resources directly in a category, in any status', async () => {
    const category = await create({ en: 'Counted' });
    const child = await services.categoryCms.save({ parent_id: category._id, names: { en: 'Below' } }, 'alice');
    for (const status of [1, 2, 3] as const) {
      await database.db.transaction().execute((trx) =>
        services.resources.create(trx, {
          category_id: category._id,
          status,
          version_ids: [],
          locales: [{ lang: 'en', title: `In status ${status}`, markdown: '' }],
        }),
      );
    }
    const { list } = await services.categoryCms.tree({});
    const node = list.find((n) => n._id === category._id);
    expect(node?.resource_count).toBe(3);
    expect(node?.children.find((n) => n._id === child._id)?.resource_count).toBe(0);
  });

  it('filters by kind; a sub-category takes its parent kind unless told otherwise', async () => {
    const faq = await create({ en: 'Questions' }, { kind: 'faq' });
    const inside = await services.categoryCms.save({ parent_id: faq._id, names: { en: 'Billing' } }, 'alice');
    expect(inside.kind).toBe('faq');
    const { list } = await services.categoryCms.tree({ kind: 'faq' });
    expect(list.map((n) => n._id)).toEqual([faq._id]);
    expect(list[0]?.children.map((n) => n._id)).toEqual([inside._id]);
  });

  it('refuses an unknown parent', async () => {
    await expect(create({ en: 'Orphan' }, { parent_id: 'missing' })).rejects.toThrow(refusedWith('categoryNotFound'));
  });
});

describe('saving', () => {
  it('replaces the names, bumps the revision and keeps the previous state as a backup', async () => {
    const created = await create({ en: 'Before', de: 'Vorher' });
    const saved = await services.categoryCms.save({ _id: created._id, revision: 1, names: { en: 'After' } }, 'bob');
    expect(saved).toMatchObject({ revision: 2, updated_by: 'bob', names: { en: 'After' } });
    const { list } = await services.categoryCms.backups(created._id);
    expect(list).toEqual([
      {
        _id: expect.any(String) as string,
        revision: 1,
        saved_by: 'alice',
        saved_at: created.updated_at,
        snapshot: {
          parent_id: null,
          kind: 'docs',
          sort: created.sort,
          status: 1,
          names: { de: 'Vorher', en: 'Before' },
        },
      },
    ]);
  });

  it('refuses a stale revision, saying who saved the current one and when', async () => {
    const created = await create({ en: 'Contested' });
    const first = await services.categoryCms.save({ _id: created._id, revision: 1, names: { en: 'Mine' } }, 'bob');
    await expect(
      services.categoryCms.save({ _id: created._id, revision: 1, names: { en: 'Theirs' } }, 'carol'),
    ).rejects.toMatchObject({
      code: errorCatalogue.staleRevision.code,
      data: { revision: 2, updated_at: first.updated_at, updated_by: 'bob' },
    });
    expect((await services.categoryCms.locales(created._id)).list).toEqual([{ lang: 'en', name: 'Mine' }]);
  });

  it('refuses an edit that names no revision', async () => {
    const created = await create({ en: 'No revision' });
    await expect(services.categoryCms.save({ _id: created._id, names: { en: 'x' } }, 'bob')).rejects.toMatchObject({
      code: errorCatalogue.invalidField.code,
      issues: [{ field: 'revision', reason: 'required' }],
    });
  });

  it('moves a category under another, last there; never under itself or its own descendants', async () => {
    const a = await create({ en: 'A' });
    const b = await services.categoryCms.save({ parent_id: a._id, names: { en: 'B' } }, 'alice');
    const c = await services.categoryCms.save({ parent_id: b._id, names: { en: 'C' } }, 'alice');
    const target = await create({ en: 'Target' });
    const sibling = await services.categoryCms.save({ parent_id: target._id, names: { en: 'Sibling' } }, 'alice');
    for (const parent of [a._id, b._id, c._id]) {
      await expect(
        services.categoryCms.save({ _id: a._id, revision: 1, parent_id: parent, names: { en: 'A' } }, 'bob'),
      ).rejects.toThrow(refusedWith('categoryCycle'));
    }
    await expect(
      services.categoryCms.save({ _id: a._id, revision: 1, parent_id: 'missing', names: { en: 'A' } }, 'bob'),
    ).rejects.toThrow(refusedWith('categoryNotFound'));
    const moved = await services.categoryCms.save(
      { _id: b._id, revision: 1, parent_id: target._id, names: { en: 'B' } },
      'bob',
    );
    expect(moved).toMatchObject({ parent_id: target._id, revision: 2 });
    expect(moved.sort).toBeGreaterThan(sibling.sort);
    expect(moved.children.map((n) => n._id)).toEqual([c._id]);
  });

  it('two moves at once that together would make a cycle: one of them is refused', async () => {
    const x = await create({ en: 'X' });
    const y = await create({ en: 'Y' });
    const results = await Promise.allSettled([
      services.categoryCms.save({ _id: x._id, revision: 1, parent_id: y._id, names: { en: 'X' } }, 'bob'),
      services.categoryCms.save({ _id: y._id, revision: 1, parent_id: x._id, names: { en: 'Y' } }, 'carol'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')?.reason).toEqual(refusedWith('categoryCycle'));
    const roots = (await services.categoryCms.tree({})).list.map((n) => n._id);
    expect(roots.filter((id) => id === x._id || id === y._id)).toHaveLength(1);
  });

  it('restores a backup: its snapshot sent back from the current revision is a save of its own', async () => {
    const created = await create({ en: 'Original', 'zh-CN': '原文' });
    await services.categoryCms.save({ _id: created._id, revision: 1, names: { en: 'Rewritten' } }, 'bob');
    const [backup] = (await services.categoryCms.backups(created._id)).list;
    if (!backup) throw new Error('no backup');
    const { parent_id, kind, sort, names } = backup.snapshot;
    const restored = await services.categoryCms.save(
      { _id: created._id, revision: 2, parent_id, kind, sort, names },
      'carol',
    );
    expect(restored).toMatchObject({ revision: 3, updated_by: 'carol', names: { en: 'Original', 'zh-CN': '原文' } });
    const history = (await services.categoryCms.backups(created._id)).list;
    expect(history.map((h) => [h.revision, h.saved_by, h.snapshot.names])).toEqual([
      [2, 'bob', { en: 'Rewritten' }],
      [1, 'alice', { en: 'Original', 'zh-CN': '原文' }],
    ]);
  });
});

describe('status', () => {
  it('publishes, takes offline and publishes again, each a save with a backup', async () => {
    const created = await create({ en: 'Lifecycle' });
    const published = await services.categoryCms.setStatus({ _id: created._id, status: 2, revision: 1 }, 'bob');
    const offline = await services.categoryCms.setStatus({ _id: created._id, status: 3, revision: 2 }, 'carol');
    const again = await services.categoryCms.setStatus({ _id: created._id, status: 2, revision: 3 }, 'bob');
    expect([published, offline, again].map((c) => [c.status, c.revision, c.updated_by])).toEqual([
      [2, 2, 'bob'],
      [3, 3, 'carol'],
      [2, 4, 'bob'],
    ]);
    const history = (await services.categoryCms.backups(created._id)).list;
    expect(history.map((h) => [h.revision, h.snapshot.status, h.saved_by])).toEqual([
      [3, 3, 'carol'],
      [2, 2, 'bob'],
      [1, 1, 'alice'],
    ]);
  });

  it('refuses every other change, the same status included, and a stale revision', async () => {
    const created = await create({ en: 'Strict' });
    for (const status of [1, 3] as const) {
      await expect(services.categoryCms.setStatus({ _id: created._id, status, revision: 1 }, 'bob')).rejects.toThrow(
        refusedWith('illegalStatusChange'),
      );
    }
    await expect(services.categoryCms.setStatus({ _id: created._id, status: 2, revision: 7 }, 'bob')).rejects.toThrow(
      refusedWith('staleRevision'),
    );
    await services.categoryCms.setStatus({ _id: created._id, status: 2, revision: 1 }, 'bob');
    for (const status of [1, 2] as const) {
      await expect(services.categoryCms.setStatus({ _id: created._id, status, revision: 2 }, 'bob')).rejects.toThrow(
        refusedWith('illegalStatusChange'),
      );
    }
    await services.categoryCms.setStatus({ _id: created._id, status: 3, revision: 2 }, 'bob');
    for (const status of [1, 3] as const) {
      await expect(services.categoryCms.setStatus({ _id: created._id, status, revision: 3 }, 'bob')).rejects.toThrow(
        refusedWith('illegalStatusChange'),
      );
    }
    expect((await services.categoryCms.backups(created._id)).list).toHaveLength(2);
  });
});

describe('order', () => {
  const childrenOf = async (parentId: string) => {
    const find = (nodes: Awaited<ReturnType<Services['categoryCms']['tree']>>['list']): typeof nodes | undefined => {
      for (const node of nodes) {
        if (node._id === parentId) return node.children;
        const below = find(node.children);
        if (below) return below;
      }
      return undefined;
    };
    return find((await services.categoryCms.tree({})).list) ?? [];
  };

  it('rewrites the sorts 10, 20, …; a pure reorder keeps every revision', async () => {
    const parent = await create({ en: 'Parent' });
    const kids = [];
    for (const name of ['one', 'two', 'three']) {
      kids.push(await services.categoryCms.save({ parent_id: parent._id, names: { en: name } }, 'alice'));
    }
    const ids = [kids[2], kids[0], kids[1]].map((k) => k?._id ?? '');
    const { list } = await services.categoryCms.sort({ parent_id: parent._id, ids }, 'bob');
    expect(list.map((n) => [n._id, n.sort, n.revision, n.updated_by])).toEqual(
      ids.map((id, i) => [id, (i + 1) * 10, 1, 'alice']),
    );
    expect((await childrenOf(parent._id)).map((n) => n._id)).toEqual(ids);
    expect((await services.categoryCms.backups(ids[0] ?? '')).list).toEqual([]);
  });

  it('takes in one category from elsewhere: a save of it, with a backup', async () => {
    const from = await create({ en: 'From' });
    const to = await create({ en: 'To' });
    const moving = await services.categoryCms.save({ parent_id: from._id, names: { en: 'Moving' } }, 'alice');
    const staying = await services.categoryCms.save({ parent_id: to._id, names: { en: 'Staying' } }, 'alice');
    const { list } = await services.categoryCms.sort({ parent_id: to._id, ids: [moving._id, staying._id] }, 'bob');
    expect(list.map((n) => [n._id, n.parent_id, n.revision])).toEqual([
      [moving._id, to._id, 2],
      [staying._id, to._id, 1],
    ]);
    const [backup] = (await services.categoryCms.backups(moving._id)).list;
    expect(backup?.snapshot.parent_id).toBe(from._id);
    expect(await childrenOf(from._id)).toEqual([]);
  });

  it('moves to the top level with parent_id null', async () => {
    const parent = await create({ en: 'Holder' });
    const child = await services.categoryCms.save({ parent_id: parent._id, names: { en: 'Rising' } }, 'alice');
    const roots = (await services.categoryCms.tree({})).list.map((n) => n._id);
    const { list } = await services.categoryCms.sort({ parent_id: null, ids: [child._id, ...roots] }, 'bob');
    expect(list[0]).toMatchObject({ _id: child._id, parent_id: null, sort: 10 });
  });

  it('refuses anything but exactly the children plus at most one, and cycles', async () => {
    const parent = await create({ en: 'Strict parent' });
    const a = await services.categoryCms.save({ parent_id: parent._id, names: { en: 'a' } }, 'alice');
    const b = await services.categoryCms.save({ parent_id: parent._id, names: { en: 'b' } }, 'alice');
    const x = await create({ en: 'x' });
    const y = await create({ en: 'y' });
    const sort = (parent_id: string | null, ids: string[]) => services.categoryCms.sort({ parent_id, ids }, 'bob');
    await expect(sort(parent._id, [a._id])).rejects.toThrow(refusedWith('sortMismatch'));
    await expect(sort(parent._id, [a._id, b._id, a._id])).rejects.toThrow(refusedWith('sortMismatch'));
    await expect(sort(parent._id, [a._id, b._id, x._id, y._id])).rejects.toThrow(refusedWith('sortMismatch'));
    await expect(sort(parent._id, [a._id, b._id, 'missing'])).rejects.toThrow(refusedWith('categoryNotFound'));
    await expect(sort('missing', [a._id])).rejects.toThrow(refusedWith('categoryNotFound'));
    await expect(sort(a._id, [parent._id])).rejects.toThrow(refusedWith('categoryCycle'));
    await expect(sort(a._id, [a._id])).rejects.toThrow(refusedWith('categoryCycle'));
    expect((await childrenOf(parent._id)).map((n) => n._id)).toEqual([a._id, b._id]);
  });
});

describe('removing', () => {
  it('refuses while it holds categories or resources, and a stale revision', async () => {
    const parent = await create({ en: 'Full' });
    const child = await services.categoryCms.save({ parent_id: parent._id, names: { en: 'Inside' } }, 'alice');
    await expect(services.categoryCms.remove({ _id: parent._id, revision: 1 })).rejects.toThrow(
      refusedWith('categoryNotEmpty'),
    );
    await database.db.transaction().execute((trx) =>
      services.resources.create(trx, {
        category_id: child._id,
        version_ids: [],
        locales: [{ lang: 'en', title: 'Resident', markdown: '' }],
      }),
    );
    await expect(services.categoryCms.remove({ _id: child._id, revision: 1 })).rejects.toThrow(
      refusedWith('categoryNotEmpty'),
    );
    await expect(services.categoryCms.remove({ _id: parent._id, revision: 2 })).rejects.toThrow(
      refusedWith('staleRevision'),
    );
  });

  it('removes an empty category with its backups and names', async () => {
    const created = await create({ en: 'Short-lived' });
    await services.categoryCms.save({ _id: created._id, revision: 1, names: { en: 'Renamed' } }, 'bob');
    expect(await services.categoryCms.remove({ _id: created._id, revision: 2 })).toEqual({ _id: created._id });
    for (const read of [
      (id: string) => services.categoryCms.backups(id),
      (id: string) => services.categoryCms.locales(id),
    ]) {
      await expect(read(created._id)).rejects.toThrow(refusedWith('categoryNotFound'));
    }
    const backups = await database.db
      .selectFrom('category_backup')
      .select('id')
      .where('category_id', '=', created._id)
      .execute();
    expect(backups).toEqual([]);
  });

  it('answers categoryNotFound for an unknown category', async () => {
    await expect(services.categoryCms.remove({ _id: 'missing', revision: 1 })).rejects.toThrow(
      refusedWith('categoryNotFound'),
    );
    await expect(services.categoryCms.setStatus({ _id: 'missing', status: 2, revision: 1 }, 'bob')).rejects.toThrow(
      refusedWith('categoryNotFound'),
    );
    await expect(services.categoryCms.save({ _id: 'missing', revision: 1, names: { en: 'x' } }, 'bob')).rejects.toThrow(
      refusedWith('categoryNotFound'),
    );
  });
});
