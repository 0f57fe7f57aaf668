import type { CmsCategory } from '@open/protocol/api';
import { ApiError } from '../../errors.js';
import { lockOrder } from '../editing/order-lock.data.js';
import { hasDuplicates } from '../editing/save-rules.js';
import { assertParent, changeOf, childrenScope, commitSave, lockCurrent, TREE_SCOPE } from './category-cms-save.js';
import * as data from './category-cms.data.js';
import type { CategoryCmsDeps } from './category-cms.types.js';
import { buildTree } from './category-tree.js';

/**
 * Puts the children of `parent_id` in the order of `ids`: exactly the current children, plus
 * at most one category moved in from elsewhere (a drag across the tree), which is a save of
 * that category. Answers the children of `parent_id`, in their new order.
 */
export async function sortCategories(
  deps: CategoryCmsDeps,
  input: { parent_id: string | null; ids: readonly string[] },
  by: string,
): Promise<{ list: CmsCategory[] }> {
  return deps.db.transaction().execute(async (trx) => {
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
      await commitSave(deps, trx, current, { ...changeOf(current), parent_id: input.parent_id }, by);
    }
    if ((await data.setSorts(trx, input.parent_id, input.ids)) !== input.ids.length) {
      throw new ApiError('sortMismatch');
    }
    return { list: buildTree(await data.listAll(trx, { parentId: input.parent_id })).roots };
  });
}
