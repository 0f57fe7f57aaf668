import type { CmsCategory, ContentStatus } from '@open/protocol/api';
import { langCodes, type Lang } from '@open/protocol/locales';
import type { CategoryKind } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { backupsOf } from '../backups/backup.service.js';
import { removeCategory, saveCategory, setCategoryStatus } from './category-cms-save.js';
import { sortCategories } from './category-cms-sort.js';
import * as data from './category-cms.data.js';
import type { CategoryCmsDeps, CategoryInput } from './category-cms.types.js';
import { buildTree, orderedNames } from './category-tree.js';

export type { CategoryCmsDeps, CategoryInput } from './category-cms.types.js';

/**
 * The CMS's categories: the whole tree in every status, saves that name their revision and
 * keep the state they replace as a backup, status changes along DESIGN §5, and order.
 * A save is a change of the category itself (names, parent, kind, sort, status): it writes a
 * backup and bumps the revision (category-cms-save.ts). Reordering siblings only rewrites their
 * sorts: no backup, no revision, so an editor's open form is not made stale by someone dragging
 * the tree (category-cms-sort.ts).
 */
export function createCategoryCmsService(deps: CategoryCmsDeps) {
  const { db } = deps;
  return {
    async tree(query: { lang?: Lang | undefined; kind?: CategoryKind | undefined }): Promise<{ list: CmsCategory[] }> {
      return { list: buildTree(await data.listAll(db), query.lang, query.kind).roots };
    },

    save: (input: CategoryInput, by: string) => saveCategory(deps, input, by),
    remove: (input: { _id: string; revision: number }) => removeCategory(deps, input),
    sort: (input: { parent_id: string | null; ids: readonly string[] }, by: string) => sortCategories(deps, input, by),
    setStatus: (input: { _id: string; status: ContentStatus; revision: number }, by: string) =>
      setCategoryStatus(deps, input, by),

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
