/**
 * The saving of resources for the seed and the CMS: each language rendered once and indexed for
 * search as it is written, and the search text of rows saved by an older derivation rewritten.
 */
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import { renderMarkdown, type RenderedDocument } from '../markdown/render.js';
import { SEARCH_TEXT_REVISION, searchText, staleSearchText, updateSearchText } from '../search/indexing.js';
import * as data from './resource.data.js';
import type { ResourceInput, ResourceLocaleInput, WriterDeps } from './resource.types.js';

/** The one rendering of a document in `lang`: saves, the seed and the CMS preview share it. */
export function renderResource(deps: WriterDeps, markdown: string, lang: string): RenderedDocument {
  return renderMarkdown(markdown, deps.renderOptionsFor(lang));
}

/**
 * Writes one language of a resource, rendered and indexed, in the caller's transaction.
 * `at` is the save's one moment, so languages written together are equally recent.
 */
export async function writeLocale(
  deps: WriterDeps,
  trx: Executor,
  resourceId: string,
  locale: ResourceLocaleInput,
  at: Date,
): Promise<void> {
  const rendered = renderResource(deps, locale.markdown, locale.lang);
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

/** Creates a resource with every language rendered and indexed, in the caller's transaction. */
export async function createResource(deps: WriterDeps, trx: Executor, input: ResourceInput): Promise<string> {
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
  const at = deps.clock.now();
  for (const locale of input.locales) await writeLocale(deps, trx, id, locale, at);
  return id;
}

/**
 * Derives the search text again for rows saved before SEARCH_TEXT_REVISION, from the HTML
 * they are served with (the page a reader sees does not change under them), and the card
 * summary from the Markdown.
 * Run at start, after the migrations; returns how many rows it rewrote.
 */
export async function reindexStale(deps: WriterDeps, batch = 100): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await staleSearchText(deps.db, SEARCH_TEXT_REVISION, batch);
    for (const row of rows) {
      const { summary } = renderResource(deps, row.markdown, row.lang);
      await updateSearchText(deps.db, row.resource_id, row.lang, searchText(row.title, row.html, row.lang), summary);
    }
    done += rows.length;
    if (rows.length < batch) return done;
  }
}
