/**
 * How a page's words are indexed: the one place that knows it. A locale row's search columns
 * are derived from the text a reader sees, never from the Markdown:
 *
 * - `visibleText` (visible-text.ts) reads the rendered HTML: headings and body apart, code
 *   blocks marked, hidden and decorative parts left out; `plain` (snippets) is that text.
 * - `indexTerms` (terms.ts) segments each field (Chinese, Japanese and Thai by
 *   `Intl.Segmenter` and overlapping character pairs) for PostgreSQL's parser.
 * - `searchVector` below: title, headings and body weighted A, B, C, each by stem ('english')
 *   and, for long words, as written ('simple': `writtenWords`, terms.ts).
 * - The database derives the rest in the writing transaction, whatever code writes:
 *   `search_title` and `search_head` (generated, migration 20261123T1500_search), the
 *   resource's copies a search filters on (triggers, 20261123T1600_search_filter),
 *   `search_top` and `search_length` for ranking (generated, 20261126T1900_search_top),
 *   `search_word` for spelling correction (trigger, 20261126T1400_search_words), and
 *   `resource.langs` (trigger at commit, 20261126T2300_langs_at_commit).
 *
 * A change to what is derived here bumps SEARCH_TEXT_REVISION, and the server derives older
 * rows again at start (`reindexStale`, content/resources/resource.service.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { indexTerms, writtenWords } from './terms.js';
import { visibleText } from './visible-text.js';

/**
 * Bumped when what `searchText` derives (or the card summary) changes: rows below it are
 * derived again at start. 3: summaries keep the spaces of a paragraph's line breaks.
 */
export const SEARCH_TEXT_REVISION = 3;

/** What a search reads of one language of a resource, derived from the text a reader sees. */
export interface SearchText {
  /** Snippets are cut from it: headings and body in reading order, code blocks marked (visible-text.ts). */
  plain: string;
  /** Segmented terms of each field (see terms.ts). */
  terms: { title: string; headings: string; body: string };
  /** Which derivation wrote them (SEARCH_TEXT_REVISION). */
  revision: number;
}

/** What a search reads of one language of a resource: all of it from the text a reader sees. */
export function searchText(title: string, html: string, lang: string): SearchText {
  const visible = visibleText(html);
  return {
    plain: visible.text,
    terms: {
      title: indexTerms(title, lang),
      headings: indexTerms(visible.headings, lang),
      body: indexTerms(visible.body, lang),
    },
    revision: SEARCH_TEXT_REVISION,
  };
}

/** The text vector of a locale row: title, headings and body weighted A, B, C. */
export function searchVector(terms: SearchText['terms']): RawBuilder<string> {
  const field = (text: string, weight: 'A' | 'B' | 'C') =>
    sql`setweight(to_tsvector('english', ${text}) || to_tsvector('simple', ${writtenWords(text)}), ${sql.lit(weight)})`;
  return sql<string>`${field(terms.title, 'A')} || ${field(terms.headings, 'B')} || ${field(terms.body, 'C')}`;
}

/** Locale rows whose search text an older derivation wrote, with what it is derived from. */
export async function staleSearchText(
  db: Executor,
  revision: number,
  limit: number,
): Promise<{ resource_id: string; lang: string; title: string; html: string; markdown: string }[]> {
  return db
    .selectFrom('resource_locale')
    .select(['resource_id', 'lang', 'title', 'html', 'markdown'])
    .where('search_text_revision', '<', revision)
    .orderBy('resource_id')
    .orderBy('lang')
    .limit(limit)
    .execute();
}

/** Rewrites the search text of one locale row, leaving its content and `updated_at` alone. */
export async function updateSearchText(
  db: Executor,
  resourceId: string,
  lang: string,
  text: SearchText,
  summary: string,
): Promise<void> {
  await db
    .updateTable('resource_locale')
    .set({ plain: text.plain, search: searchVector(text.terms), search_text_revision: text.revision, summary })
    .where('resource_id', '=', resourceId)
    .where('lang', '=', lang)
    .execute();
}
