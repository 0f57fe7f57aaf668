import { randomUUID } from 'node:crypto';
import type { CmsResource, CmsResourceItem, ContentStatus } from '@open/protocol/api';
import { DEFAULT_LANG, langCodes, type Lang } from '@open/protocol/locales';
import type { Clock } from '../../clock.js';
import type { Executor } from '../../db/executor.js';
import { ApiError, FieldError } from '../../errors.js';
import { attachmentsOf } from '../attachments/attachment.data.js';
import type { AttachmentService } from '../attachments/attachment.service.js';
import { toCmsAttachment } from '../attachments/attachment-view.js';
import { backupsOf, keepBackup } from '../backups/backup.service.js';
import * as categoryData from '../categories/category-cms.data.js';
import { treeOrder } from '../categories/category-tree.js';
import { lockOrder } from '../editing/order-lock.data.js';
import { assertRevision, assertStatusChange, hasDuplicates, staleRevision } from '../editing/save-rules.js';
import type { RenderOptions } from '../markdown/render.js';
import { parseQuery } from '../search/terms.js';
import * as data from './resource-cms.data.js';
import { announceLangs, insertResource, setResourceVersions } from './resource.data.js';
import type { ResourceLocaleInput, ResourceService } from './resource.service.js';
import { storedLang } from './stored-lang.js';

/** The language documents are written in first; the others are translations of it. */
export const SOURCE_LANG: Lang = DEFAULT_LANG;

export interface ResourceSaveInput {
  _id?: string | undefined;
  revision?: number | undefined;
  category_id: string;
  version_ids: readonly string[];
  sort?: number | undefined;
  locales: readonly ResourceLocaleInput[];
  remove_langs?: readonly string[] | undefined;
}

export interface ResourceListQuery {
  category_id?: string | undefined;
  version_id?: string | undefined;
  status?: ContentStatus | undefined;
  lang?: Lang | undefined;
  keyword?: string | undefined;
}

export interface ResourceCmsDeps {
  db: Executor;
  clock: Clock;
  /** The documentation side's resources: their one rendering and indexing of a language. */
  resources: Pick<ResourceService, 'writeLocale' | 'render'>;
  renderOptionsFor: (lang: string) => RenderOptions;
  /** Removes stored files no attachment row names any more, once a removal has committed. */
  attachments: Pick<AttachmentService, 'dropUnusedContent'>;
}

/** The lock scope of the resources of one category (see lockOrder). */
const categoryScope = (categoryId: string) => `category-resources:${categoryId}`;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

const byLangOrder = <T extends { lang: string }>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) => langCodes.indexOf(storedLang(a.lang)) - langCodes.indexOf(storedLang(b.lang)));

/** The title in `lang`, else in the source language, else in the first language there is. */
function pickTitle(locales: readonly { lang: string; title: string }[], lang: Lang | undefined): string {
  const ordered = byLangOrder(locales);
  const found = ordered.find((l) => l.lang === lang) ?? ordered.find((l) => l.lang === SOURCE_LANG) ?? ordered[0];
  return found?.title ?? '';
}

function toItem(row: data.CmsResourceRow): CmsResourceItem {
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

/**
 * The CMS's resources. A save (info or status) names its revision, keeps the state it replaces
 * as a backup, and writes rows, rendering and search index in one transaction. Reordering a
 * category's resources only rewrites their sorts: no backup, no revision.
 */
export function createResourceCmsService({ db, clock, resources, renderOptionsFor, attachments }: ResourceCmsDeps) {
  /** A filter of nothing yet, titles in `lang` else the source language else the first. */
  const titleRule = (lang: Lang = SOURCE_LANG): data.CmsFilter => ({
    lang,
    fallback: SOURCE_LANG,
    langOrder: langCodes,
    categoryOrder: [],
  });

  async function filterFor(query: ResourceListQuery): Promise<data.CmsFilter> {
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

  /** Everything the editor needs of one resource. */
  async function content(trx: Executor, id: string, lang?: Lang): Promise<CmsResource> {
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

  /** Keeps the state a save replaces (content/backups/); answers the languages it had. */
  async function backUp(trx: Executor, current: data.ResourceState): Promise<data.StoredLocale[]> {
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

  async function lockCurrent(trx: Executor, id: string, revision: number): Promise<data.ResourceState> {
    const current = await data.lockResource(trx, id);
    if (!current) throw new ApiError('resourceNotFound');
    assertRevision(current, revision);
    return current;
  }

  async function update(trx: Executor, current: data.ResourceState, change: data.ResourceChange, by: string, at: Date) {
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

  return {
    async list(query: ResourceListQuery, page: { offset: number; limit: number } | undefined) {
      const filter = await filterFor(query);
      const [rows, total] = await Promise.all([data.listForCms(db, filter, page), data.countForCms(db, filter)]);
      return { list: rows.map(toItem), total };
    },

    content: (id: string, lang?: Lang) => content(db, id, lang),

    /**
     * Creates an unpublished resource (revision 1), or saves one from `revision`. `locales` are
     * written (a language whose title and body are unchanged keeps its date, so a translation
     * is "behind" only when its original really changed); `remove_langs` drops the languages
     * this save does not write. At least one language must remain.
     */
    async save(input: ResourceSaveInput, by: string): Promise<CmsResource> {
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
        return content(trx, id);
      });
    },

    async remove(input: { _id: string; revision: number }): Promise<{ _id: string }> {
      const { id, storageKeys } = await db.transaction().execute(async (trx) => {
        const current = await lockCurrent(trx, input._id, input.revision);
        return { id: current.id, storageKeys: await data.deleteResource(trx, current.id) };
      });
      await attachments.dropUnusedContent(storageKeys);
      return { _id: id };
    },

    /** 1 -> 2 publish, 2 -> 3 take offline, 3 -> 2 publish again: a save like any other. */
    async setStatus(input: { _id: string; status: ContentStatus; revision: number }, by: string) {
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
    },

    /** Puts every resource of a category in the order of `ids`. Answers them in that order. */
    async sort(input: { category_id: string; ids: readonly string[] }) {
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
    },

    async backups(id: string) {
      const { list } = await backupsOf(db, 'resource', id);
      return {
        list: list.map(({ snapshot, ...backup }) => ({
          ...backup,
          snapshot: { ...snapshot, locales: snapshot.locales.map((l) => ({ ...l, lang: storedLang(l.lang) })) },
        })),
      };
    },

    /**
     * The languages a resource has, each marked `behind` when the source language (zh-CN) was
     * saved after it: a translation to bring up to date. The source itself is never behind.
     */
    async locales(id: string) {
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
    },

    /** The editor's live preview: the very rendering a save stores and the reader shows. */
    preview(lang: Lang, markdown: string) {
      const { html, toc } = resources.render(markdown, lang);
      return { html, toc };
    },
  };
}

export type ResourceCmsService = ReturnType<typeof createResourceCmsService>;
