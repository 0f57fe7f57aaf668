import { randomUUID } from 'node:crypto';
import type { CmsCategory, ContentStatus } from '@open/protocol/api';
import { langCodes, type Lang } from '@open/protocol/locales';
import type { Clock } from '../../clock.js';
import type { Executor } from '../../db/executor.js';
import type { CategoryKind } from '../../db/schema.js';
import { ApiError, FieldError } from '../../errors.js';
import { backupsOf, keepBackup } from '../backups/backup.service.js';
import { lockOrder } from '../editing/order-lock.data.js';
import { assertRevision, assertStatusChange, hasDuplicates, staleRevision } from '../editing/save-rules.js';
import * as data from './category-cms.data.js';
import { insertCategory } from './category.data.js';
import { buildTree, orderedNames } from './category-tree.js';

export interface CategoryInput {
  _id?: string | undefined;
  revision?: number | undefined;
  parent_id?: string | null | undefined;
  kind?: CategoryKind | undefined;
  sort?: number | undefined;
  names: Partial<Record<Lang, string>>;
}

export interface CategoryCmsDeps {
  db: Executor;
  clock: Clock;
}

/** The lock scope of the categories under one parent (see lockOrder). */
const childrenScope = (parentId: string | null) => `category-children:${parentId ?? ''}`;
/**
 * Held by every move of a category to another parent: two moves checked at once could each
 * find no cycle (X under Y, Y under X) and make one together. Moves are rare; they queue.
 */
const TREE_SCOPE = 'category-tree';

/** What a save may change, from the state it starts at. */
const changeOf = (state: data.CategoryState): data.CategoryChange => ({
  parent_id: state.parent_id,
  kind: state.kind,
  sort: state.sort,
  status: state.status,
});

// A JSON body has no undefined: every language present is a name.
const definedNames = (names: CategoryInput['names']): Record<string, string> =>
  Object.fromEntries(Object.entries(names));

/**
 * The CMS's categories: the whole tree in every status, saves that name their revision and
 * keep the state they replace as a backup, status changes along DESIGN §5, and order.
 * A save is a change of the category itself (names, parent, kind, sort, status): it writes a
 * backup and bumps the revision. Reordering siblings only rewrites their sorts: no backup, no
 * revision, so an editor's open form is not made stale by someone dragging the tree.
 */
export function createCategoryCmsService({ db, clock }: CategoryCmsDeps) {
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
  async function commitSave(trx: Executor, current: data.CategoryState, change: data.CategoryChange, by: string) {
    await backUp(trx, current);
    if (!(await data.updateCategory(trx, current.id, current.revision, change, by, clock.now()))) {
      throw staleRevision(current);
    }
  }

  /** Refuses a parent that does not exist, or one that would put the category under itself. */
  async function assertParent(trx: Executor, id: string, parentId: string | null): Promise<void> {
    if (parentId === null) return;
    if (!(await data.holdCategory(trx, parentId))) throw new ApiError('categoryNotFound');
    if ((await data.lineageOf(trx, parentId)).includes(id)) throw new ApiError('categoryCycle');
  }

  async function lockCurrent(trx: Executor, id: string): Promise<data.CategoryState> {
    const current = await data.lockCategory(trx, id);
    if (!current) throw new ApiError('categoryNotFound');
    return current;
  }

  return {
    async tree(query: { lang?: Lang | undefined; kind?: CategoryKind | undefined }): Promise<{ list: CmsCategory[] }> {
      return { list: buildTree(await data.listAll(db), query.lang, query.kind).roots };
    },

    /** Creates an unpublished category (revision 1), or saves one from `revision`. */
    async save(input: CategoryInput, by: string): Promise<CmsCategory> {
      if (input._id !== undefined && input.revision === undefined) {
        throw new FieldError([{ field: 'revision', reason: 'required' }]);
      }
      const names = definedNames(input.names);
      return db.transaction().execute(async (trx) => {
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
          trx,
          current,
          { parent_id: parentId, kind: input.kind ?? current.kind, sort, status: current.status },
          by,
        );
        await data.replaceNames(trx, current.id, names);
        return nodeOf(trx, current.id);
      });
    },

    /** Removes an empty category (its backups go with it). */
    async remove(input: { _id: string; revision: number }): Promise<{ _id: string }> {
      return db.transaction().execute(async (trx) => {
        // The lock also makes a concurrent insert under it wait, so "empty" stays true.
        const current = await lockCurrent(trx, input._id);
        assertRevision(current, input.revision);
        const { children, resources } = await data.contentsOf(trx, current.id);
        if (children > 0 || resources > 0) throw new ApiError('categoryNotEmpty', {}, { children, resources });
        await data.deleteCategory(trx, current.id);
        return { _id: current.id };
      });
    },

    /**
     * Puts the children of `parent_id` in the order of `ids`: exactly the current children, plus
     * at most one category moved in from elsewhere (a drag across the tree), which is a save of
     * that category. Answers the children of `parent_id`, in their new order.
     */
    async sort(
      input: { parent_id: string | null; ids: readonly string[] },
      by: string,
    ): Promise<{ list: CmsCategory[] }> {
      return db.transaction().execute(async (trx) => {
        // The tree lock too, since one category may move in (known only once the children are read).
        await lockOrder(trx, TREE_SCOPE);
        await lockOrder(trx, childrenScope(input.parent_id));
        if (input.parent_id !== null && !(await data.holdCategory(trx, input.parent_id))) {
          throw new ApiError('categoryNotFound');
        }
        const known = await data.existingIds(trx, input.ids);
        if (input.ids.some((id) => !known.has(id))) throw new ApiError('categoryNotFound');
        const children = await data.childIds(trx, input.parent_id);
        const movedIn = input.ids.filter((id) => !children.includes(id));
        if (hasDuplicates(input.ids) || children.some((id) => !input.ids.includes(id)) || movedIn.length > 1) {
          throw new ApiError('sortMismatch');
        }
        const [moving] = movedIn;
        if (moving !== undefined) {
          const current = await lockCurrent(trx, moving);
          await assertParent(trx, current.id, input.parent_id);
          await commitSave(trx, current, { ...changeOf(current), parent_id: input.parent_id }, by);
        }
        if ((await data.setSorts(trx, input.parent_id, input.ids)) !== input.ids.length) {
          throw new ApiError('sortMismatch');
        }
        return { list: buildTree(await data.listAll(trx, { parentId: input.parent_id })).roots };
      });
    },

    /** 1 -> 2 publish, 2 -> 3 take offline, 3 -> 2 publish again: a save like any other. */
    async setStatus(input: { _id: string; status: ContentStatus; revision: number }, by: string): Promise<CmsCategory> {
      return db.transaction().execute(async (trx) => {
        const current = await lockCurrent(trx, input._id);
        assertRevision(current, input.revision);
        assertStatusChange(current.status, input.status);
        await commitSave(trx, current, { ...changeOf(current), status: input.status }, by);
        return nodeOf(trx, current.id);
      });
    },

    backups: (id: string) => backupsOf(db, 'category', id),

    /** The category's name in each language it has, in the product's language order. */
    async locales(id: string): Promise<{ list: { lang: Lang; name: string }[] }> {
      const names = await data.namesOf(db, id);
      if (Object.keys(names).length === 0 && !(await data.existingIds(db, [id])).has(id)) {
        throw new ApiError('categoryNotFound');
      }
      const ordered = orderedNames(names);
      return {
        list: langCodes.flatMap((lang) => (ordered[lang] === undefined ? [] : [{ lang, name: ordered[lang] }])),
      };
    },
  };
}

export type CategoryCmsService = ReturnType<typeof createCategoryCmsService>;
