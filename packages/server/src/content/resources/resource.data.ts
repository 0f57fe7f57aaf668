/**
 * Data access for resources. The documentation side's queries serve each resource in the
 * first language of a fallback chain it exists in; `resourceConditions` below holds that rule
 * in SQL, shared by the list, the count, the search and the tree's counts so they always agree.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { ContentStatus, TocRow } from '../../db/schema.js';
import { writtenWords } from '../search/terms.js';

export interface ReaderFilter {
  /** Languages in order of preference: the asked one, the tenant's, zh-CN, English. */
  chain: readonly string[];
  /** Categories a reader may see (published, under published parents); narrowed by category_id. */
  categoryIds: readonly string[];
  /** A version id, or undefined for every version. */
  versionId: string | undefined;
  /** A to_tsquery('english', …) string; '' (a keyword of punctuation only) matches nothing. */
  tsquery: string | undefined;
}

export interface ListedResource {
  id: string;
  category_id: string;
  title: string;
  summary: string;
  plain: string;
  lang: string;
  updated_at: Date;
}

/**
 * Within a tier of search results (title, headings, body), up to this many documents are
 * ordered by how densely they match; a larger tier is read in document order. Ranking the
 * body tier reads each document's whole text vector, which for a word found in most documents
 * cost more than everything else in the query put together.
 */
export const RANKED_TIER_LIMIT = 200;

const textArray = (values: readonly string[]): RawBuilder<string[]> => sql`${[...values]}::text[]`;

/**
 * What a reader may see of the resource `r` of the locale row `rl`: published, in a visible
 * category and the asked version, and `rl` is the language it is served in.
 */
function resourceConditions(filter: ReaderFilter): RawBuilder<unknown>[] {
  const chain = textArray(filter.chain);
  const conditions = [
    sql`r.status = 2`,
    sql`r.category_id = any(${textArray(filter.categoryIds)})`,
    // Served: the resource has no language earlier in the chain than rl's. `langs` is kept by
    // a trigger (migration 20261123T1500_search), so this reads no other locale row.
    sql`not (r.langs && (${chain})[1:array_position(${chain}, rl.lang) - 1])`,
  ];
  if (filter.versionId !== undefined) {
    conditions.push(
      sql`exists (select 1 from resource_version rv where rv.resource_id = r.id and rv.version_id = ${filter.versionId})`,
    );
  }
  return conditions;
}

/** The WHERE of every reader query over `r` (resource) and `rl` (its served locale). */
function readerConditions(filter: ReaderFilter): RawBuilder<unknown> {
  const conditions = [sql`rl.lang = any(${textArray(filter.chain)})`, ...resourceConditions(filter)];
  if (filter.tsquery === '') conditions.push(sql`false`);
  else if (filter.tsquery !== undefined) conditions.push(sql`rl.search @@ to_tsquery('english', ${filter.tsquery})`);
  return sql.join(conditions, sql` and `);
}

const toTsquery = (value: string): RawBuilder<unknown> => sql`to_tsquery('english', ${value})`;

/**
 * The locale rows matching a search that a reader is served, each with its resource's sort
 * (null when the reader may not see it) and, for a page, its tier: 1 when every word of the
 * query is in the title, 2 in the title and headings, 3 otherwise. The full-text index is
 * always the way in: the resource is read by one probe per match in a sub-select, not a join.
 * Without statistics (PGlite never gathers any; PostgreSQL only once autovacuum has run), the
 * planner took the handful of rows it guessed for `resource` as the driving side of a join,
 * and tested the text vector of every locale of every resource instead of asking the index
 * (150 ms for a word in 8 of 10,000 documents). `offset 0` keeps the sub-select in place, so
 * the probe runs once per match.
 */
function searchHits(filter: ReaderFilter, query: string, withTier: boolean): RawBuilder<unknown> {
  const q = toTsquery(query);
  // search_title and search_head are the small A and A+B parts of the vector, kept in the row.
  const tier = withTier
    ? sql`, case when rl.search_title @@ ${q} then 1 when rl.search_head @@ ${q} then 2 else 3 end as tier`
    : sql``;
  return sql`select rl.resource_id, rl.lang,
      (select r.sort from resource r where r.id = rl.resource_id
        and ${sql.join(resourceConditions(filter), sql` and `)}) as sort ${tier}
    from resource_locale rl
    where rl.search @@ ${q} and rl.lang = any(${textArray(filter.chain)})
    offset 0`;
}

/**
 * One page of search results and how many there are, in one pass over the matches: title
 * matches first, then headings, then bodies. Within a tier, denser matches come first (in the
 * title, in the title and headings, in the whole text) while the tier holds at most
 * RANKED_TIER_LIMIT documents; then, as in every tier, document order.
 */
async function searchPage(
  db: Executor,
  filter: ReaderFilter,
  query: string,
  page: { offset: number; limit: number } | undefined,
): Promise<{ rows: ListedResource[]; total: number }> {
  const q = toTsquery(query);
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const order = (of: string) => sql.raw(`${of}tier, ${of}density desc nulls last, ${of}sort, ${of}resource_id`);
  const { rows } = await sql<ListedResource & { total: number }>`
    with hit as (${searchHits(filter, query, true)}),
    sized as (
      select h.*, count(*) over (partition by h.tier) as tier_size, count(*) over () as total
      from hit h where h.sort is not null
    ),
    chosen as (
      select s.resource_id, s.lang, s.sort, s.tier, s.total, case when s.tier_size <= ${RANKED_TIER_LIMIT}
          then (select ts_rank_cd(case s.tier when 1 then x.search_title when 2 then x.search_head else x.search end, ${q})
            from resource_locale x where x.resource_id = s.resource_id and x.lang = s.lang) end as density
      from sized s
      order by ${order('')} ${paging}
    )
    select r.id, r.category_id, rl.title, rl.summary, rl.plain, rl.lang,
      greatest(r.updated_at, rl.updated_at) as updated_at, c.total::int as total
    from chosen c
    join resource r on r.id = c.resource_id
    join resource_locale rl on rl.resource_id = c.resource_id and rl.lang = c.lang
    order by ${order('c.')}`.execute(db);
  const total = rows[0]?.total;
  // A page past the end holds no row to carry the total.
  if (total === undefined)
    return { rows: [], total: page && page.offset > 0 ? await countSearch(db, filter, query) : 0 };
  return {
    rows: rows.map((row) => ({
      id: row.id,
      category_id: row.category_id,
      title: row.title,
      summary: row.summary,
      plain: row.plain,
      lang: row.lang,
      updated_at: row.updated_at,
    })),
    total,
  };
}

async function countSearch(db: Executor, filter: ReaderFilter, query: string): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total from (${searchHits(filter, query, false)}) h where h.sort is not null`.execute(db);
  return rows[0]?.total ?? 0;
}

/** A page of what a reader sees and how many there are; with a keyword, both in one pass. */
export async function pageForReaders(
  db: Executor,
  filter: ReaderFilter,
  page: { offset: number; limit: number } | undefined,
): Promise<{ rows: ListedResource[]; total: number }> {
  if (filter.tsquery === '') return { rows: [], total: 0 };
  if (filter.tsquery !== undefined) return searchPage(db, filter, filter.tsquery, page);
  const [rows, total] = await Promise.all([listForReaders(db, filter, page), countForReaders(db, filter)]);
  return { rows, total };
}

export async function listForReaders(
  db: Executor,
  filter: ReaderFilter,
  page: { offset: number; limit: number } | undefined,
): Promise<ListedResource[]> {
  if (filter.tsquery === '') return [];
  if (filter.tsquery !== undefined) return (await searchPage(db, filter, filter.tsquery, page)).rows;
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const { rows } = await sql<ListedResource>`
    select r.id, r.category_id, rl.title, rl.summary, rl.plain, rl.lang, greatest(r.updated_at, rl.updated_at) as updated_at
    from resource r join resource_locale rl on rl.resource_id = r.id
    where ${readerConditions(filter)}
    order by r.sort, r.id ${paging}`.execute(db);
  return rows;
}

export async function countForReaders(db: Executor, filter: ReaderFilter): Promise<number> {
  if (filter.tsquery === '') return 0;
  if (filter.tsquery !== undefined) return countSearch(db, filter, filter.tsquery);
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total
    from resource r join resource_locale rl on rl.resource_id = r.id
    where ${readerConditions(filter)}`.execute(db);
  return rows[0]?.total ?? 0;
}

/** How many resources a reader sees in each category (not counting sub-categories). */
export async function countByCategory(db: Executor, filter: ReaderFilter): Promise<Map<string, number>> {
  const { rows } = await sql<{ category_id: string; total: number }>`
    select r.category_id, count(*)::int as total
    from resource r join resource_locale rl on rl.resource_id = r.id
    where ${readerConditions(filter)}
    group by r.category_id`.execute(db);
  return new Map(rows.map((row) => [row.category_id, row.total]));
}

export interface ServedResource {
  id: string;
  category_id: string;
  sort: number;
  title: string;
  html: string;
  toc: TocRow[];
  lang: string;
  updated_at: Date;
}

/** One resource as a reader sees it, in the first language of the chain it exists in. */
export async function findForReader(
  db: Executor,
  id: string,
  filter: ReaderFilter,
): Promise<ServedResource | undefined> {
  const { rows } = await sql<ServedResource>`
    select r.id, r.category_id, r.sort, rl.title, rl.html, rl.toc, rl.lang, greatest(r.updated_at, rl.updated_at) as updated_at
    from resource r join resource_locale rl on rl.resource_id = r.id
    where r.id = ${id} and ${readerConditions(filter)}`.execute(db);
  return rows[0];
}

export interface AttachmentRow {
  id: string;
  name: string;
  mime: string;
  size: number;
}

export function attachmentsOf(db: Executor, resourceId: string): Promise<AttachmentRow[]> {
  return db
    .selectFrom('attachment')
    .select(['id', 'name', 'mime', 'size'])
    .where('resource_id', '=', resourceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface ResourceValues {
  category_id: string;
  status?: ContentStatus | undefined;
  sort?: number | undefined;
  updated_by?: string | null | undefined;
}

export async function insertResource(db: Executor, id: string, values: ResourceValues): Promise<void> {
  await db
    .insertInto('resource')
    .values({ id, ...values })
    .execute();
}

export async function setResourceVersions(
  db: Executor,
  resourceId: string,
  versionIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('resource_version').where('resource_id', '=', resourceId).execute();
  if (versionIds.length === 0) return;
  await db
    .insertInto('resource_version')
    .values(versionIds.map((version_id) => ({ resource_id: resourceId, version_id })))
    .execute();
}

export interface LocaleValues {
  lang: string;
  title: string;
  markdown: string;
  html: string;
  toc: TocRow[];
  summary: string;
  plain: string;
  /** Segmented terms of each field (see content/search/terms.ts). */
  terms: { title: string; headings: string; body: string };
  updated_at: Date;
}

/** Writes one language of a resource with its search vector, in the caller's transaction. */
export async function upsertLocale(db: Executor, resourceId: string, values: LocaleValues): Promise<void> {
  const field = (terms: string, weight: 'A' | 'B' | 'C') =>
    sql`setweight(to_tsvector('english', ${terms}) || to_tsvector('simple', ${writtenWords(terms)}), ${sql.lit(weight)})`;
  const search = sql<string>`${field(values.terms.title, 'A')} || ${field(values.terms.headings, 'B')}
    || ${field(values.terms.body, 'C')}`;
  const row = {
    resource_id: resourceId,
    lang: values.lang,
    title: values.title,
    markdown: values.markdown,
    html: values.html,
    toc: JSON.stringify(values.toc),
    summary: values.summary,
    plain: values.plain,
    updated_at: values.updated_at,
  };
  await db
    .insertInto('resource_locale')
    .values({ ...row, search })
    .onConflict((oc) =>
      oc.columns(['resource_id', 'lang']).doUpdateSet({
        title: row.title,
        markdown: row.markdown,
        html: row.html,
        toc: row.toc,
        summary: row.summary,
        plain: row.plain,
        updated_at: row.updated_at,
        search,
      }),
    )
    .execute();
}
