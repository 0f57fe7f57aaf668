import type { Lang } from '@open/protocol/locales';
import type { Executor } from '../../db/executor.js';
import { readerCount, readerFaq, readerInfo, readerList, readerTree } from './resource-read.js';
import { createResource, reindexStale, renderResource, writeLocale } from './resource-write.js';
import type {
  ReaderQuery,
  ResourceInput,
  ResourceLocaleInput,
  ResourceServiceDeps,
  VersionChoice,
} from './resource.types.js';

export type {
  CategoryNode,
  ReaderQuery,
  ResourceInput,
  ResourceLocaleInput,
  ResourceServiceDeps,
  VersionChoice,
} from './resource.types.js';

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
