/**
 * The CMS's saves of a category: each names its revision, keeps the state it replaces as a
 * backup and bumps the revision; a move to another parent is checked for cycles. And the
 * removal of an empty category.
 */
import { randomUUID } from 'node:crypto';
import type { CmsCategory, ContentStatus } from '@open/protocol/api';
import type { Lang } from '@open/protocol/locales';
import type { Executor } from '../../db/executor.js';
import { ApiError, FieldError } from '../../errors.js';
import { keepBackup } from '../backups/backup.service.js';
import { lockOrder } from '../editing/order-lock.data.js';
import { assertRevision, assertStatusChange, staleRevision } from '../editing/save-rules.js';
import * as data from './category-cms.data.js';
import type { CategoryCmsDeps, CategoryInput } from './category-cms.types.js';
import { insertCategory } from './category.data.js';
import { buildTree, orderedNames } from './category-tree.js';

/** The lock scope of the categories under one parent (see lockOrder). */
export const childrenScope = (parentId: string | null) => `category-children:${parentId ?? ''}`;
/**
 * Held by every move of a category to another parent: two moves checked at once could each
 * find no cycle (X under Y, Y under X) and make one together. Moves are rare; they queue.
 */
export const TREE_SCOPE = 'category-tree';

/** What a save may change, from the state it starts at. */
export const changeOf = (state: data.CategoryState): data.CategoryChange => ({
  parent_id: state.parent_id,
  kind: state.kind,
  sort: state.sort,
  status: state.status,
});

// A JSON body has no undefined: every language present is a name.
const definedNames = (names: CategoryInput['names']): Record<string, string> =>
  Object.fromEntries(Object.entries(names));

/** The node of one category, with its subtree, as the CMS shows it. */
async function nodeOf(trx: Executor, id: string, lang?: Lang): Promise<CmsCategory> {
  const node = buildTree(await data.listAll(trx, { id }), lang).byId.get(id);
  if (!node) throw new Error(`category ${id} vanished inside its own transaction`);
  return node;
}

/** Keeps the state a save replaces (content/backups/). */
async function backUp(trx: Executor, current: data.CategoryState): Promise<void> {
  await keepBackup(trx, 'category', current, {
    parent_id: current.parent_id,
    kind: current.kind,
    sort: current.sort,
    status: current.status,
    names: orderedNames(await data.namesOf(trx, current.id)),
  });
}

/** Backup, then the change with the revision bumped; the row is locked by the caller. */
export async function commitSave(
  { clock }: Pick<CategoryCmsDeps, 'clock'>,
  trx: Executor,
  current: data.CategoryState,
  change: data.CategoryChange,
  by: string,
) {
  await backUp(trx, current);
  if (!(await data.updateCategory(trx, current.id, current.revision, change, by, clock.now()))) {
    throw staleRevision(current);
  }
}

/** Refuses a parent that does not exist, or one that would put the category under itself. */
export async function assertParent(trx: Executor, id: string, parentId: string | null): Promise<void> {
  if (parentId === null) return;
  if (!(await data.holdCategory(trx, parentId))) throw new ApiError('categoryNotFound');
  if ((await data.lineageOf(trx, parentId)).includes(id)) throw new ApiError('categoryCycle');
}

export async function lockCurrent(trx: Executor, id: string): Promise<data.CategoryState> {
  const current = await data.lockCategory(trx, id);
  if (!current) throw new ApiError('categoryNotFound');
  return current;
}

/** Creates an unpublished category (revision 1), or saves one from `revision`. */
export async function saveCategory(deps: CategoryCmsDeps, input: CategoryInput, by: string): Promise<CmsCategory> {
  if (input._id !== undefined && input.revision === undefined) {
    throw new FieldError([{ field: 'revision', reason: 'required' }]);
  }
  const names = definedNames(input.names);
  return deps.db.transaction().execute(async (trx) => {
    if (input._id === undefined) {
      const parentId = input.parent_id ?? null;
      await lockOrder(trx, childrenScope(parentId));
      const parent = parentId === null ? undefined : await data.holdCategory(trx, parentId);
      if (parentId !== null && !parent) throw new ApiError('categoryNotFound');
      const id = randomUUID();
      await insertCategory(trx, id, {
        parent_id: parentId,
        // A sub-category is of its parent's kind unless told otherwise.
        kind: input.kind ?? parent?.kind ?? 'docs',
        status: 1,
        sort: input.sort ?? (await data.nextSort(trx, parentId)),
        updated_by: by,
        names,
      });
      return nodeOf(trx, id);
    }
    // The order lock only when the category moves (the set of children changes), and
    // before the row lock, as everywhere; a plain read tells where it is now.
    const seen = await data.findCategory(trx, input._id);
    if (!seen) throw new ApiError('categoryNotFound');
    if (input.parent_id !== undefined && input.parent_id !== seen.parent_id) {
      await lockOrder(trx, TREE_SCOPE);
      await lockOrder(trx, childrenScope(input.parent_id));
    }
    const current = await lockCurrent(trx, input._id);
    assertRevision(current, input.revision ?? 0);
    const parentId = input.parent_id === undefined ? current.parent_id : input.parent_id;
    const moved = parentId !== current.parent_id;
    if (moved) await assertParent(trx, current.id, parentId);
    const sort = input.sort ?? (moved ? await data.nextSort(trx, parentId) : current.sort);
    await commitSave(
      deps,
      trx,
      current,
      { parent_id: parentId, kind: input.kind ?? current.kind, sort, status: current.status },
      by,
    );
    await data.replaceNames(trx, current.id, names);
    return nodeOf(trx, current.id);
  });
}

/** Removes an empty category (its backups go with it). */
export async function removeCategory(
  { db }: Pick<CategoryCmsDeps, 'db'>,
  input: { _id: string; revision: number },
): Promise<{ _id: string }> {
  return db.transaction().execute(async (trx) => {
    // The lock also makes a concurrent insert under it wait, so "empty" stays true.
    const current = await lockCurrent(trx, input._id);
    assertRevision(current, input.revision);
    const { children, resources } = await data.contentsOf(trx, current.id);
    if (children > 0 || resources > 0) throw new ApiError('categoryNotEmpty', {}, { children, resources });
    await data.deleteCategory(trx, current.id);
    return { _id: current.id };
  });
}

/** 1 -> 2 publish, 2 -> 3 take offline, 3 -> 2 publish again: a save like any other. */
export async function setCategoryStatus(
  deps: CategoryCmsDeps,
  input: { _id: string; status: ContentStatus; revision: number },
  by: string,
): Promise<CmsCategory> {
  return deps.db.transaction().execute(async (trx) => {
    const current = await lockCurrent(trx, input._id);
    assertRevision(current, input.revision);
    assertStatusChange(current.status, input.status);
    await commitSave(deps, trx, current, { ...changeOf(current), status: input.status }, by);
    return nodeOf(trx, current.id);
  });
}
