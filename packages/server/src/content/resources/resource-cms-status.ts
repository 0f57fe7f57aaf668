/**
 * What the CMS changes of resources from their list: the status, a save like any other, and
 * the order of a category's resources, which only rewrites their sorts (no backup, no revision).
 */
import type { ContentStatus } from '@open/protocol/api';
import type { Executor } from '../../db/executor.js';
import { ApiError } from '../../errors.js';
import * as categoryData from '../categories/category-cms.data.js';
import { lockOrder } from '../editing/order-lock.data.js';
import { assertStatusChange, hasDuplicates } from '../editing/save-rules.js';
import { titleRule, toItem } from './resource-cms-read.js';
import { backUp, categoryScope, lockCurrent, update } from './resource-cms-save.js';
import * as data from './resource-cms.data.js';
import type { ResourceCmsDeps } from './resource-cms.types.js';

/** 1 -> 2 publish, 2 -> 3 take offline, 3 -> 2 publish again: a save like any other. */
export async function setResourceStatus(
  { db, clock }: Pick<ResourceCmsDeps, 'db' | 'clock'>,
  input: { _id: string; status: ContentStatus; revision: number },
  by: string,
) {
  return db.transaction().execute(async (trx) => {
    const current = await lockCurrent(trx, input._id, input.revision);
    assertStatusChange(current.status, input.status);
    await backUp(trx, current);
    const change = { category_id: current.category_id, sort: current.sort, status: input.status };
    await update(trx, current, change, by, clock.now());
    const [row] = await data.listForCms(trx, { ...titleRule(), id: current.id }, undefined);
    if (!row) throw new Error(`resource ${current.id} vanished inside its own transaction`);
    return toItem(row);
  });
}

/** Puts every resource of a category in the order of `ids`. Answers them in that order. */
export async function sortResources(db: Executor, input: { category_id: string; ids: readonly string[] }) {
  return db.transaction().execute(async (trx) => {
    await lockOrder(trx, categoryScope(input.category_id));
    if (!(await categoryData.holdCategory(trx, input.category_id))) throw new ApiError('categoryNotFound');
    const known = await data.existingIds(trx, input.ids);
    if (input.ids.some((id) => !known.has(id))) throw new ApiError('resourceNotFound');
    const current = await data.idsInCategory(trx, input.category_id);
    if (
      hasDuplicates(input.ids) ||
      current.length !== input.ids.length ||
      current.some((id) => !input.ids.includes(id)) ||
      (await data.setSorts(trx, input.category_id, input.ids)) !== input.ids.length
    ) {
      throw new ApiError('sortMismatch');
    }
    const rows = await data.listForCms(trx, { ...titleRule(), category_id: input.category_id }, undefined);
    return { list: rows.map(toItem) };
  });
}
