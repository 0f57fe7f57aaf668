/**
 * What the CMS reads of resources: the filtered list, everything the editor needs of one,
 * its languages (with the translations that are behind) and its backups.
 */
import type { CmsResource, CmsResourceItem } from '@open/protocol/api';
import { DEFAULT_LANG, langCodes, type Lang } from '@open/protocol/locales';
import type { Executor } from '../../db/executor.js';
import { ApiError } from '../../errors.js';
import { attachmentsOf } from '../attachments/attachment.data.js';
import { toCmsAttachment } from '../attachments/attachment-view.js';
import { backupsOf } from '../backups/backup.service.js';
import * as categoryData from '../categories/category-cms.data.js';
import { treeOrder } from '../categories/category-tree.js';
import { parseQuery } from '../search/terms.js';
import * as data from './resource-cms.data.js';
import type { ResourceCmsDeps, ResourceListQuery } from './resource-cms.types.js';
import { storedLang } from './stored-lang.js';

/** The language documents are written in first; the others are translations of it. */
export const SOURCE_LANG: Lang = DEFAULT_LANG;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

export const byLangOrder = <T extends { lang: string }>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) => langCodes.indexOf(storedLang(a.lang)) - langCodes.indexOf(storedLang(b.lang)));

/** The title in `lang`, else in the source language, else in the first language there is. */
function pickTitle(locales: readonly { lang: string; title: string }[], lang: Lang | undefined): string {
  const ordered = byLangOrder(locales);
  const found = ordered.find((l) => l.lang === lang) ?? ordered.find((l) => l.lang === SOURCE_LANG) ?? ordered[0];
  return found?.title ?? '';
}

export function toItem(row: data.CmsResourceRow): CmsResourceItem {
  return {
    _id: row.id,
    category_id: row.category_id,
    status: row.status,
    sort: row.sort,
    revision: row.revision,
    title: row.title,
    langs: row.langs.map(storedLang),
    version_ids: row.version_ids,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

/** A filter of nothing yet, titles in `lang` else the source language else the first. */
export const titleRule = (lang: Lang = SOURCE_LANG): data.CmsFilter => ({
  lang,
  fallback: SOURCE_LANG,
  langOrder: langCodes,
  categoryOrder: [],
});

async function filterFor(db: Executor, query: ResourceListQuery): Promise<data.CmsFilter> {
  const categories = await categoryData.listLinks(db);
  if (query.category_id !== undefined && !categories.some((row) => row.id === query.category_id)) {
    throw new ApiError('categoryNotFound');
  }
  if (query.version_id !== undefined && (await data.holdVersions(db, [query.version_id])).size === 0) {
    throw new ApiError('versionNotFound');
  }
  const keyword = query.keyword?.trim();
  return {
    ...titleRule(query.lang),
    category_id: query.category_id,
    version_id: query.version_id,
    status: query.status,
    categoryOrder: treeOrder(categories),
    search: keyword
      ? { tsquery: parseQuery(keyword, query.lang ?? SOURCE_LANG).tsquery, titlePattern: `%${escapeLike(keyword)}%` }
      : undefined,
  };
}

export async function listResources(
  db: Executor,
  query: ResourceListQuery,
  page: { offset: number; limit: number } | undefined,
) {
  const filter = await filterFor(db, query);
  const [rows, total] = await Promise.all([data.listForCms(db, filter, page), data.countForCms(db, filter)]);
  return { list: rows.map(toItem), total };
}

/** Everything the editor needs of one resource. */
export async function resourceContent(
  { renderOptionsFor }: Pick<ResourceCmsDeps, 'renderOptionsFor'>,
  trx: Executor,
  id: string,
  lang?: Lang,
): Promise<CmsResource> {
  const state = await data.findResource(trx, id);
  if (!state) throw new ApiError('resourceNotFound');
  const [locales, versionIds, attachments] = await Promise.all([
    data.localesOf(trx, id),
    data.versionIdsOf(trx, id),
    attachmentsOf(trx, id),
  ]);
  const ordered = byLangOrder(locales);
  const attachmentUrl = renderOptionsFor(lang ?? SOURCE_LANG).attachmentUrl;
  return {
    _id: state.id,
    category_id: state.category_id,
    status: state.status,
    sort: state.sort,
    revision: state.revision,
    title: pickTitle(locales, lang),
    langs: ordered.map((l) => storedLang(l.lang)),
    version_ids: versionIds,
    updated_at: state.updated_at.toISOString(),
    updated_by: state.updated_by,
    locales: ordered.map((l) => ({
      lang: storedLang(l.lang),
      title: l.title,
      markdown: l.markdown,
      html: l.html,
      updated_at: l.updated_at.toISOString(),
    })),
    attachments: attachments.map((row) => toCmsAttachment(row, attachmentUrl)),
  };
}

export async function resourceBackups(db: Executor, id: string) {
  const { list } = await backupsOf(db, 'resource', id);
  return {
    list: list.map(({ snapshot, ...backup }) => ({
      ...backup,
      snapshot: { ...snapshot, locales: snapshot.locales.map((l) => ({ ...l, lang: storedLang(l.lang) })) },
    })),
  };
}

/**
 * The languages a resource has, each marked `behind` when the source language (zh-CN) was
 * saved after it: a translation to bring up to date. The source itself is never behind.
 */
export async function resourceLocales(db: Executor, id: string) {
  if (!(await data.findResource(db, id))) throw new ApiError('resourceNotFound');
  const locales = byLangOrder(await data.localesOf(db, id));
  const source = locales.find((l) => l.lang === SOURCE_LANG);
  return {
    source: SOURCE_LANG,
    list: locales.map((l) => ({
      lang: storedLang(l.lang),
      title: l.title,
      updated_at: l.updated_at.toISOString(),
      behind: source !== undefined && l.lang !== SOURCE_LANG && l.updated_at < source.updated_at,
    })),
  };
}
