/** Data access for the CMS's categories: every status, who saved last, order (backups: content/backups/). */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { CategoryKind, ContentStatus } from '../../db/schema.js';
import { SORT_STEP } from '../editing/save-rules.js';

export interface CategoryState {
  id: string;
  parent_id: string | null;
  kind: CategoryKind;
  status: ContentStatus;
  sort: number;
  revision: number;
  updated_at: Date;
  updated_by: string | null;
}

export interface CmsCategoryRow extends CategoryState {
  names: Record<string, string>;
  /** Resources directly in it, in any status. */
  resource_count: number;
}

const stateColumns = ['id', 'parent_id', 'kind', 'status', 'sort', 'revision', 'updated_at', 'updated_by'] as const;

/**
 * Which part of the tree to read: all of it, one category with everything below it, or the
 * children of a parent (null: the top level) with everything below them.
 */
export type TreeScope = { all: true } | { id: string } | { parentId: string | null };

/** The ids of a scope, as a subquery (the whole tree needs none). */
function scopeIds(scope: TreeScope): RawBuilder<unknown> | undefined {
  if ('all' in scope) return undefined;
  const start = 'id' in scope ? sql`id = ${scope.id}` : sql`parent_id is not distinct from ${scope.parentId}`;
  return sql`(with recursive below(id) as (
      select id from category where ${start}
      union
      select c.id from category c join below on c.parent_id = below.id
    ) select id from below)`;
}

/**
 * Categories in every status with their names and resource counts, by sort (the tree is built
 * in memory). Only the scope asked for is read, so answering a save costs its subtree, not
 * the whole tree.
 */
export async function listAll(db: Executor, scope: TreeScope = { all: true }): Promise<CmsCategoryRow[]> {
  const within = scopeIds(scope);
  const [rows, names] = await Promise.all([
    db
      .selectFrom('category')
      .select(stateColumns)
      .select((eb) =>
        eb
          .selectFrom('resource')
          .whereRef('resource.category_id', '=', 'category.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('resource_count'),
      )
      .$if(within !== undefined, (qb) => qb.where(sql<boolean>`id in ${within}`))
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('category_locale')
      .select(['category_id', 'lang', 'name'])
      .$if(within !== undefined, (qb) => qb.where(sql<boolean>`category_id in ${within}`))
      .execute(),
  ]);
  const byCategory = new Map<string, Record<string, string>>();
  for (const { category_id, lang, name } of names) {
    const entry = byCategory.get(category_id) ?? {};
    entry[lang] = name;
    byCategory.set(category_id, entry);
  }
  // count(*) is a bigint, which pg hands over as a string.
  return rows.map((row) => ({
    ...row,
    resource_count: Number(row.resource_count),
    names: byCategory.get(row.id) ?? {},
  }));
}

/** Every category's place in the tree, without names or counts: enough to order by the tree. */
export function listLinks(db: Executor): Promise<{ id: string; parent_id: string | null; sort: number }[]> {
  return db.selectFrom('category').select(['id', 'parent_id', 'sort']).orderBy('sort').orderBy('id').execute();
}

export function findCategory(db: Executor, id: string): Promise<CategoryState | undefined> {
  return db.selectFrom('category').select(stateColumns).where('id', '=', id).executeTakeFirst();
}

/** Locks the row until the transaction ends: saves of one category queue, and each sees the last. */
export function lockCategory(db: Executor, id: string): Promise<CategoryState | undefined> {
  return db.selectFrom('category').select(stateColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * A category that must stay while the transaction runs (the parent of a new item): the share
 * lock makes a concurrent removal wait, so the foreign key is never broken under us.
 */
export function holdCategory(db: Executor, id: string): Promise<{ id: string; kind: CategoryKind } | undefined> {
  return db.selectFrom('category').select(['id', 'kind']).where('id', '=', id).forShare().executeTakeFirst();
}

export async function namesOf(db: Executor, id: string): Promise<Record<string, string>> {
  const rows = await db.selectFrom('category_locale').select(['lang', 'name']).where('category_id', '=', id).execute();
  return Object.fromEntries(rows.map((row) => [row.lang, row.name]));
}

export async function replaceNames(db: Executor, id: string, names: Record<string, string>): Promise<void> {
  await db.deleteFrom('category_locale').where('category_id', '=', id).execute();
  const rows = Object.entries(names).map(([lang, name]) => ({ category_id: id, lang, name }));
  if (rows.length > 0) await db.insertInto('category_locale').values(rows).execute();
}

export interface CategoryChange {
  parent_id: string | null;
  kind: CategoryKind;
  sort: number;
  status: ContentStatus;
}

/**
 * Saves a category from `fromRevision`, bumping it; false when the revision was no longer
 * current (the row lock already makes that impossible; the condition keeps it true without one).
 */
export async function updateCategory(
  db: Executor,
  id: string,
  fromRevision: number,
  change: CategoryChange,
  by: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('category')
    .set((eb) => ({ ...change, revision: eb('revision', '+', 1), updated_by: by, updated_at: at }))
    .where('id', '=', id)
    .where('revision', '=', fromRevision)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Where an item added under `parentId` goes: after the last one. */
export async function nextSort(db: Executor, parentId: string | null): Promise<number> {
  const row = await db
    .selectFrom('category')
    .select((eb) => eb.fn.max<number | null>('sort').as('last'))
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .executeTakeFirst();
  const last = row?.last;
  return last === null || last === undefined ? SORT_STEP : last + SORT_STEP;
}

export async function childIds(db: Executor, parentId: string | null): Promise<string[]> {
  const rows = await db
    .selectFrom('category')
    .select('id')
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function existingIds(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('category').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** The category and every category above it (`union`: it ends even on a cycle, which cannot be). */
export async function lineageOf(db: Executor, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive up(id, parent_id) as (
      select id, parent_id from category where id = ${id}
      union
      select c.id, c.parent_id from category c join up on c.id = up.parent_id
    )
    select id from up`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * Rewrites the sorts of `ids` under `parentId` to 10, 20, … in one statement; answers how many
 * rows it changed, fewer than `ids` when one of them is no longer under that parent.
 */
export async function setSorts(db: Executor, parentId: string | null, ids: readonly string[]): Promise<number> {
  const result = await sql`
    update category c set sort = x.position * ${SORT_STEP}
    from unnest(${[...ids]}::text[]) with ordinality as x(id, position)
    where c.id = x.id and c.parent_id is not distinct from ${parentId}`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export async function contentsOf(db: Executor, id: string): Promise<{ children: number; resources: number }> {
  const { rows } = await sql<{ children: number; resources: number }>`
    select (select count(*)::int from category where parent_id = ${id}) as children,
           (select count(*)::int from resource where category_id = ${id}) as resources`.execute(db);
  return rows[0] ?? { children: 0, resources: 0 };
}

export async function deleteCategory(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('category').where('id', '=', id).execute();
}
