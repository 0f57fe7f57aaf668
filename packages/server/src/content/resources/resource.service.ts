import type { Lang } from '@open/protocol/locales';
import type { Clock } from '../../clock.js';
import type { Executor } from '../../db/executor.js';
import type { ContentStatus } from '../../db/schema.js';
import type { CategoryService } from '../categories/category.service.js';
import type { RenderOptions } from '../markdown/render.js';
import { readerCount, readerFaq, readerInfo, readerList, readerTree } from './resource-read.js';
import { createResource, reindexStale, renderResource, writeLocale } from './resource-write.js';

/** `'all'` is every version (the reader's 'Full version'). */
export type VersionChoice = string;

export interface ReaderQuery {
  version: VersionChoice;
  lang: Lang;
  category_id?: string | undefined;
  keyword?: string | undefined;
  /** Search the words exactly as typed, without correcting their spelling. */
  as_typed?: boolean | undefined;
}

export interface CategoryNode {
  _id: string;
  name: string;
  parent_id: string | null;
  sort: number;
  resource_count: number;
  children: CategoryNode[];
}

export interface ResourceLocaleInput {
  lang: string;
  title: string;
  markdown: string;
}

export interface ResourceInput {
  category_id: string;
  status?: ContentStatus;
  sort?: number;
  version_ids: readonly string[];
  locales: readonly ResourceLocaleInput[];
  /** The account that created it; none for the seed. */
  updated_by?: string | null;
}

export interface ResourceServiceDeps {
  db: Executor;
  clock: Clock;
  categories: CategoryService;
  /**
   * Where a reader goes when a document or a category name is missing in the asked language,
   * in order (DOC_FALLBACK_LANGS, config.ts).
   */
  fallbackLangs: readonly Lang[];
  /** Admonition titles in the document's language, attachment addresses. */
  renderOptionsFor: (lang: string) => RenderOptions;
}

/**
 * Resources as the documentation side reads them (resource-read.ts), and their saving (render,
 * index: resource-write.ts) for the seed and the CMS. A resource missing in the asked language
 * is served in the first of `fallbackLangs` it has (by default English, then the Chinese
 * original), and says so.
 */
export function createResourceService(deps: ResourceServiceDeps) {
  // The reader's answers are kept, serialised, by the calls' `cache: 'published'` (http/route.ts).
  return {
    categoryTree: (query: { version: VersionChoice; lang: Lang }) => readerTree(deps, query),
    list: (query: ReaderQuery, page: { offset: number; limit: number } | undefined) => readerList(deps, query, page),
    count: (query: ReaderQuery) => readerCount(deps, query),
    info: (query: { _id: string; lang: Lang; version?: VersionChoice | undefined }) => readerInfo(deps, query),
    faq: (query: { version: VersionChoice; lang: Lang; keyword?: string | undefined }) => readerFaq(deps, query),
    create: (trx: Executor, input: ResourceInput) => createResource(deps, trx, input),
    writeLocale: (trx: Executor, resourceId: string, locale: ResourceLocaleInput, at: Date) =>
      writeLocale(deps, trx, resourceId, locale, at),
    render: (markdown: string, lang: string) => renderResource(deps, markdown, lang),
    reindexStale: (batch?: number) => reindexStale(deps, batch),
  };
}

export type ResourceService = ReturnType<typeof createResourceService>;
