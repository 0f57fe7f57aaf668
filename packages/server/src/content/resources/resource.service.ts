import { randomUUID } from 'node:crypto';
import type { Lang } from '@open/protocol/locales';
import type { Clock } from '../../clock.js';
import type { Executor } from '../../db/executor.js';
import type { ContentStatus } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { attachmentsOf } from '../attachments/attachment.data.js';
import { toAttachmentView } from '../attachments/attachment-view.js';
import type { CategoryService, VisibleCategory } from '../categories/category.service.js';
import { renderMarkdown, type RenderedDocument, type RenderOptions } from '../markdown/render.js';
import type { ListedResource, ReaderScope } from '../reader-scope.js';
import { SEARCH_TEXT_REVISION, searchText, staleSearchText, updateSearchText } from '../search/indexing.js';
import { countSearchForReaders, matching, searchForReaders } from '../search/search.data.js';
import { searchQuery, type SearchQuery } from '../search/search-query.js';
import { parseQuery, snippet } from '../search/terms.js';
import { versionExists } from '../versions/version.data.js';
import * as data from './resource.data.js';
import { storedLang } from './stored-lang.js';

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
 * Resources as the documentation side reads them, and their saving (render, index) for the
 * seed and the CMS. A resource missing in the asked language is served in the first of
 * `fallbackLangs` it has (by default English, then the Chinese original), and says so.
 */
export function createResourceService(deps: ResourceServiceDeps) {
  const { db, clock, categories } = deps;

  function chainFor(lang: Lang): string[] {
    return [...new Set([lang, ...deps.fallbackLangs])];
  }

  async function versionIdOf(version: VersionChoice): Promise<string | undefined> {
    if (version === 'all') return undefined;
    if (!(await versionExists(db, version))) throw new ApiError('versionNotFound');
    return version;
  }

  /**
   * The scope of a reader query, the visible documentation categories it was cut from, and
   * with a keyword, the search (its words corrected where they match nothing: search-query.ts).
   */
  async function scopeOf(
    query: ReaderQuery,
  ): Promise<{ scope: ReaderScope; visible: VisibleCategory[]; search: SearchQuery | undefined }> {
    const chain = chainFor(query.lang);
    const visible = (await categories.visible(chain)).filter((category) => category.kind === 'docs');
    let categoryIds = visible.map((category) => category.id);
    if (query.category_id !== undefined) {
      const category = visible.find((candidate) => candidate.id === query.category_id);
      if (!category) throw new ApiError('categoryNotFound');
      categoryIds = category.subtree;
    }
    const scope: ReaderScope = { chain, categoryIds, versionId: await versionIdOf(query.version) };
    const keyword = query.keyword?.trim();
    if (!keyword) return { scope, visible, search: undefined };
    return { scope, visible, search: await searchQuery(db, scope, keyword, query.lang, query.as_typed === true) };
  }

  // The reader's answers are kept, serialised, by the calls' `cache: 'published'` (http/route.ts).
  return {
    /** The documentation tree; each count includes the categories below it. */
    async categoryTree(query: { version: VersionChoice; lang: Lang }): Promise<{ list: CategoryNode[] }> {
      const { scope, visible } = await scopeOf(query);
      const own = await data.countByCategory(db, scope);
      const nodes = new Map<string, CategoryNode>();
      const roots: CategoryNode[] = [];
      for (const category of visible) {
        const node: CategoryNode = {
          _id: category.id,
          name: category.name,
          parent_id: category.parent_id,
          sort: category.sort,
          resource_count: category.subtree.reduce((sum, id) => sum + (own.get(id) ?? 0), 0),
          children: [],
        };
        nodes.set(category.id, node);
        const parent = category.parent_id === null ? undefined : nodes.get(category.parent_id);
        (parent ? parent.children : roots).push(node);
      }
      return { list: roots };
    },

    async list(query: ReaderQuery, page: { offset: number; limit: number } | undefined) {
      const load = async () => {
        const { scope, search } = await scopeOf(query);
        // With a keyword, the page and its total come from one pass over the matches.
        const { rows, total } = search
          ? await searchForReaders(db, scope, search, page)
          : await pageForReaders(scope, page);
        return {
          list: rows.map((row) => ({
            _id: row.id,
            title: row.title,
            category_id: row.category_id,
            summary: row.summary,
            lang: storedLang(row.lang),
            fallback: row.lang !== query.lang,
            updated_at: row.updated_at.toISOString(),
            ...(search ? { snippet: snippet(row.plain, search.needles) } : {}),
          })),
          total,
          ...(search?.corrected ? { corrected: search.corrected } : {}),
        };
      };
      return load();
    },

    async count(query: ReaderQuery): Promise<{ total: number; corrected?: SearchQuery['corrected'] }> {
      const load = async () => {
        const { scope, search } = await scopeOf(query);
        const total = search ? await countSearchForReaders(db, scope, search) : await data.countForReaders(db, scope);
        return { total, ...(search?.corrected ? { corrected: search.corrected } : {}) };
      };
      return load();
    },

    async info(query: { _id: string; lang: Lang; version?: VersionChoice | undefined }) {
      const { scope } = await scopeOf({ lang: query.lang, version: query.version ?? 'all' });
      const found = await data.findForReader(db, query._id, scope);
      if (!found) throw new ApiError('resourceNotFound');
      // Neighbours in the same category and version, in reading order.
      const siblings = await data.listForReaders(db, { ...scope, categoryIds: [found.category_id] }, undefined);
      const at = siblings.findIndex((row) => row.id === found.id);
      const neighbour = (row: ListedResource | undefined) => (row ? { _id: row.id, title: row.title } : null);
      const attachments = await attachmentsOf(db, found.id);
      const { attachmentUrl } = deps.renderOptionsFor(found.lang);
      return {
        _id: found.id,
        title: found.title,
        html: found.html,
        toc: found.toc,
        lang: storedLang(found.lang),
        fallback: found.lang !== query.lang,
        category_id: found.category_id,
        updated_at: found.updated_at.toISOString(),
        attachments: attachments.map((row) => toAttachmentView(row, attachmentUrl)),
        prev: neighbour(at > 0 ? siblings[at - 1] : undefined),
        next: neighbour(siblings[at + 1]),
      };
    },

    /** The questions and answers of the FAQ categories, optionally searched. */
    async faq(query: { version: VersionChoice; lang: Lang; keyword?: string | undefined }) {
      const load = async () => {
        const chain = chainFor(query.lang);
        const faqIds = (await categories.visible(chain))
          .filter((category) => category.kind === 'faq')
          .map((category) => category.id);
        const keyword = query.keyword?.trim();
        const scope: ReaderScope = { chain, categoryIds: faqIds, versionId: await versionIdOf(query.version) };
        // The questions and their answers in one statement, in reading order.
        const rows = await data.listWholeForReaders(
          db,
          scope,
          keyword ? matching(parseQuery(keyword, query.lang).tsquery) : undefined,
        );
        return {
          list: rows.map((row) => ({ _id: row.id, question: row.title, html: row.html, lang: storedLang(row.lang) })),
        };
      };
      return load();
    },

    /** Creates a resource with every language rendered and indexed, in the caller's transaction. */
    async create(trx: Executor, input: ResourceInput): Promise<string> {
      const id = randomUUID();
      await data.insertResource(trx, id, {
        category_id: input.category_id,
        status: input.status,
        sort: input.sort,
        updated_by: input.updated_by,
      });
      await data.setResourceVersions(trx, id, input.version_ids);
      await data.announceLangs(
        trx,
        id,
        input.locales.map((locale) => locale.lang),
      );
      const at = clock.now();
      for (const locale of input.locales) await writeLocale(trx, id, locale, at);
      return id;
    },

    writeLocale,
    render,
    reindexStale,
  };

  /** A page of what a reader sees in reading order, and how many there are. */
  async function pageForReaders(scope: ReaderScope, page: { offset: number; limit: number } | undefined) {
    const [rows, total] = await Promise.all([data.listForReaders(db, scope, page), data.countForReaders(db, scope)]);
    return { rows, total };
  }

  /** The one rendering of a document in `lang`: saves, the seed and the CMS preview share it. */
  function render(markdown: string, lang: string): RenderedDocument {
    return renderMarkdown(markdown, deps.renderOptionsFor(lang));
  }

  /**
   * Writes one language of a resource, rendered and indexed, in the caller's transaction.
   * `at` is the save's one moment, so languages written together are equally recent.
   */
  async function writeLocale(trx: Executor, resourceId: string, locale: ResourceLocaleInput, at: Date): Promise<void> {
    const rendered = render(locale.markdown, locale.lang);
    await data.upsertLocale(trx, resourceId, {
      lang: locale.lang,
      title: locale.title,
      markdown: locale.markdown,
      html: rendered.html,
      toc: rendered.toc,
      summary: rendered.summary,
      ...searchText(locale.title, rendered.html, locale.lang),
      updated_at: at,
    });
  }

  /**
   * Derives the search text again for rows saved before SEARCH_TEXT_REVISION, from the HTML
   * they are served with (the page a reader sees does not change under them), and the card
   * summary from the Markdown.
   * Run at start, after the migrations; returns how many rows it rewrote.
   */
  async function reindexStale(batch = 100): Promise<number> {
    let done = 0;
    for (;;) {
      const rows = await staleSearchText(db, SEARCH_TEXT_REVISION, batch);
      for (const row of rows) {
        const { summary } = render(row.markdown, row.lang);
        await updateSearchText(db, row.resource_id, row.lang, searchText(row.title, row.html, row.lang), summary);
      }
      done += rows.length;
      if (rows.length < batch) return done;
    }
  }
}

export type ResourceService = ReturnType<typeof createResourceService>;
