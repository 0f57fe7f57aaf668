/**
 * The CMS's saves of a resource: a new one, or an edit that names its revision and keeps the
 * state it replaces as a backup; rows, rendering and search index in one transaction. And
 * removal, the stored files no longer named going once it has committed.
 */
import { randomUUID } from 'node:crypto';
import type { CmsResource } from '@open/protocol/api';
import type { Executor } from '../../db/executor.js';
import { ApiError, FieldError } from '../../errors.js';
import { keepBackup } from '../backups/backup.service.js';
import * as categoryData from '../categories/category-cms.data.js';
import { lockOrder } from '../editing/order-lock.data.js';
import { assertRevision, hasDuplicates, staleRevision } from '../editing/save-rules.js';
import { byLangOrder, resourceContent } from './resource-cms-read.js';
import * as data from './resource-cms.data.js';
import type { ResourceCmsDeps, ResourceSaveInput } from './resource-cms.types.js';
import { announceLangs, insertResource, setResourceVersions } from './resource.data.js';

/** The lock scope of the resources of one category (see lockOrder). */
export const categoryScope = (categoryId: string) => `category-resources:${categoryId}`;

/** Keeps the state a save replaces (content/backups/); answers the languages it had. */
export async function backUp(trx: Executor, current: data.ResourceState): Promise<data.StoredLocale[]> {
  const [locales, versionIds] = await Promise.all([
    data.localesOf(trx, current.id),
    data.versionIdsOf(trx, current.id),
  ]);
  await keepBackup(trx, 'resource', current, {
    category_id: current.category_id,
    sort: current.sort,
    status: current.status,
    version_ids: versionIds,
    locales: byLangOrder(locales).map(({ lang, title, markdown }) => ({ lang, title, markdown })),
  });
  return locales;
}

export async function lockCurrent(trx: Executor, id: string, revision: number): Promise<data.ResourceState> {
  const current = await data.lockResource(trx, id);
  if (!current) throw new ApiError('resourceNotFound');
  assertRevision(current, revision);
  return current;
}

export async function update(
  trx: Executor,
  current: data.ResourceState,
  change: data.ResourceChange,
  by: string,
  at: Date,
) {
  if (!(await data.updateResource(trx, current.id, current.revision, change, by, at))) throw staleRevision(current);
}

/** The category and versions a save links to: they must exist, and stay until it commits. */
async function holdLinks(trx: Executor, input: ResourceSaveInput): Promise<string[]> {
  if (!(await categoryData.holdCategory(trx, input.category_id))) throw new ApiError('categoryNotFound');
  const versionIds = [...new Set(input.version_ids)];
  const found = await data.holdVersions(trx, versionIds);
  if (versionIds.some((id) => !found.has(id))) throw new ApiError('versionNotFound');
  return versionIds;
}

/**
 * Creates an unpublished resource (revision 1), or saves one from `revision`. `locales` are
 * written (a language whose title and body are unchanged keeps its date, so a translation
 * is "behind" only when its original really changed); `remove_langs` drops the languages
 * this save does not write. At least one language must remain.
 */
export async function saveResource(
  deps: Pick<ResourceCmsDeps, 'db' | 'clock' | 'resources' | 'renderOptionsFor'>,
  input: ResourceSaveInput,
  by: string,
): Promise<CmsResource> {
  const { db, clock, resources } = deps;
  if (input._id !== undefined && input.revision === undefined) {
    throw new FieldError([{ field: 'revision', reason: 'required' }]);
  }
  const written = input.locales.map((locale) => locale.lang);
  if (hasDuplicates(written)) throw new FieldError([{ field: 'locales', reason: 'notAllowed' }]);
  if (input._id === undefined && written.length === 0) {
    throw new FieldError([{ field: 'locales', reason: 'required' }]);
  }
  return db.transaction().execute(async (trx) => {
    // The order lock only where the set of a category's resources changes (a new one, or
    // one moved in), and before any row lock, as everywhere; a plain read tells where it is.
    const seen = input._id === undefined ? undefined : await data.findResource(trx, input._id);
    if (input._id !== undefined && !seen) throw new ApiError('resourceNotFound');
    if (seen?.category_id !== input.category_id) await lockOrder(trx, categoryScope(input.category_id));
    const versionIds = await holdLinks(trx, input);
    const at = clock.now();
    let id = input._id;
    let stored: data.StoredLocale[] = [];
    if (id === undefined) {
      id = randomUUID();
      const sort = input.sort ?? (await data.nextSort(trx, input.category_id));
      await insertResource(trx, id, { category_id: input.category_id, status: 1, sort, updated_by: by });
    } else {
      const current = await lockCurrent(trx, id, input.revision ?? 0);
      stored = await backUp(trx, current);
      const removed = (input.remove_langs ?? []).filter(
        (lang) => !written.includes(lang) && stored.some((l) => l.lang === lang),
      );
      if (stored.every((l) => removed.includes(l.lang)) && written.length === 0) {
        throw new FieldError([{ field: 'locales', reason: 'required' }]);
      }
      const moved = input.category_id !== current.category_id;
      const sort = input.sort ?? (moved ? await data.nextSort(trx, input.category_id) : current.sort);
      await update(trx, current, { category_id: input.category_id, sort, status: current.status }, by, at);
      await data.deleteLocales(trx, id, removed);
    }
    await setResourceVersions(trx, id, versionIds);
    const kept = stored.map((l) => l.lang).filter((lang) => !(input.remove_langs ?? []).includes(lang));
    await announceLangs(trx, id, [...kept, ...written]);
    for (const locale of input.locales) {
      const before = stored.find((l) => l.lang === locale.lang);
      if (before?.title === locale.title && before.markdown === locale.markdown) continue;
      await resources.writeLocale(trx, id, locale, at);
    }
    return resourceContent(deps, trx, id);
  });
}

export async function removeResource(
  { db, attachments }: Pick<ResourceCmsDeps, 'db' | 'attachments'>,
  input: { _id: string; revision: number },
): Promise<{ _id: string }> {
  const { id, storageKeys } = await db.transaction().execute(async (trx) => {
    const current = await lockCurrent(trx, input._id, input.revision);
    return { id: current.id, storageKeys: await data.deleteResource(trx, current.id) };
  });
  await attachments.dropUnusedContent(storageKeys);
  return { _id: id };
}
