/**
 * What the documentation side reads of resources: the tree with its counts, a page of the list
 * (searched or not), one document with its neighbours, the FAQ. A resource missing in the asked
 * language is served in the first language of the fallback chain it has, and says so.
 */
import type { Lang } from '@open/protocol/locales';
import { ApiError } from '../../errors.js';
import { attachmentsOf } from '../attachments/attachment.data.js';
import { toAttachmentView } from '../attachments/attachment-view.js';
import type { VisibleCategory } from '../categories/category.service.js';
import type { ListedResource, ReaderScope } from '../reader-scope.js';
import { countSearchForReaders, matching, searchForReaders } from '../search/search.data.js';
import { searchQuery, type SearchQuery } from '../search/search-query.js';
import { parseQuery, snippet } from '../search/terms.js';
import { versionExists } from '../versions/version.data.js';
import * as data from './resource.data.js';
import type { CategoryNode, ReaderDeps, ReaderQuery, VersionChoice } from './resource.types.js';
import { storedLang } from './stored-lang.js';

type Page = { offset: number; limit: number } | undefined;

function chainFor(deps: ReaderDeps, lang: Lang): string[] {
  return [...new Set([lang, ...deps.fallbackLangs])];
}

async function versionIdOf(deps: ReaderDeps, version: VersionChoice): Promise<string | undefined> {
  if (version === 'all') return undefined;
  if (!(await versionExists(deps.db, version))) throw new ApiError('versionNotFound');
  return version;
}

/**
 * The scope of a reader query, the visible documentation categories it was cut from, and
 * with a keyword, the search (its words corrected where they match nothing: search-query.ts).
 */
async function scopeOf(
  deps: ReaderDeps,
  query: ReaderQuery,
): Promise<{ scope: ReaderScope; visible: VisibleCategory[]; search: SearchQuery | undefined }> {
  const chain = chainFor(deps, query.lang);
  const visible = (await deps.categories.visible(chain)).filter((category) => category.kind === 'docs');
  let categoryIds = visible.map((category) => category.id);
  if (query.category_id !== undefined) {
    const category = visible.find((candidate) => candidate.id === query.category_id);
    if (!category) throw new ApiError('categoryNotFound');
    categoryIds = category.subtree;
  }
  const scope: ReaderScope = { chain, categoryIds, versionId: await versionIdOf(deps, query.version) };
  const keyword = query.keyword?.trim();
  if (!keyword) return { scope, visible, search: undefined };
  return { scope, visible, search: await searchQuery(deps.db, scope, keyword, query.lang, query.as_typed === true) };
}

/** A page of what a reader sees in reading order, and how many there are. */
async function pageForReaders(deps: ReaderDeps, scope: ReaderScope, page: Page) {
  const [rows, total] = await Promise.all([
    data.listForReaders(deps.db, scope, page),
    data.countForReaders(deps.db, scope),
  ]);
  return { rows, total };
}

/** The documentation tree; each count includes the categories below it. */
export async function readerTree(
  deps: ReaderDeps,
  query: { version: VersionChoice; lang: Lang },
): Promise<{ list: CategoryNode[] }> {
  const { scope, visible } = await scopeOf(deps, query);
  const own = await data.countByCategory(deps.db, scope);
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
}

export async function readerList(deps: ReaderDeps, query: ReaderQuery, page: Page) {
  const { scope, search } = await scopeOf(deps, query);
  // With a keyword, the page and its total come from one pass over the matches.
  const { rows, total } = search
    ? await searchForReaders(deps.db, scope, search, page)
    : await pageForReaders(deps, scope, page);
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
}

export async function readerCount(
  deps: ReaderDeps,
  query: ReaderQuery,
): Promise<{ total: number; corrected?: SearchQuery['corrected'] }> {
  const { scope, search } = await scopeOf(deps, query);
  const total = search
    ? await countSearchForReaders(deps.db, scope, search)
    : await data.countForReaders(deps.db, scope);
  return { total, ...(search?.corrected ? { corrected: search.corrected } : {}) };
}

export async function readerInfo(
  deps: ReaderDeps,
  query: { _id: string; lang: Lang; version?: VersionChoice | undefined },
) {
  const { scope } = await scopeOf(deps, { lang: query.lang, version: query.version ?? 'all' });
  const found = await data.findForReader(deps.db, query._id, scope);
  if (!found) throw new ApiError('resourceNotFound');
  // Neighbours in the same category and version, in reading order.
  const siblings = await data.listForReaders(deps.db, { ...scope, categoryIds: [found.category_id] }, undefined);
  const at = siblings.findIndex((row) => row.id === found.id);
  const neighbour = (row: ListedResource | undefined) => (row ? { _id: row.id, title: row.title } : null);
  const attachments = await attachmentsOf(deps.db, found.id);
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
}

/** The questions and answers of the FAQ categories, optionally searched. */
export async function readerFaq(
  deps: ReaderDeps,
  query: { version: VersionChoice; lang: Lang; keyword?: string | undefined },
) {
  const chain = chainFor(deps, query.lang);
  const faqIds = (await deps.categories.visible(chain))
    .filter((category) => category.kind === 'faq')
    .map((category) => category.id);
  const keyword = query.keyword?.trim();
  const scope: ReaderScope = { chain, categoryIds: faqIds, versionId: await versionIdOf(deps, query.version) };
  // The questions and their answers in one statement, in reading order.
  const rows = await data.listWholeForReaders(
    deps.db,
    scope,
    keyword ? matching(parseQuery(keyword, query.lang).tsquery) : undefined,
  );
  return {
    list: rows.map((row) => ({ _id: row.id, question: row.title, html: row.html, lang: storedLang(row.lang) })),
  };
}
