/**
 * Data access for resources. The documentation side's queries serve each resource in the
 * first language of a fallback chain it exists in; `resourceConditions` below holds that rule
 * in SQL, shared by the list, the count and the tree's counts so they always agree. A search
 * applies the same rule to the copies of the resource kept in each locale row by triggers
 * (`searchConditions`), in the same transaction as the resource, so it agrees with them too.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { ContentStatus, TocRow } from '../../db/schema.js';
import { writtenWords } from '../search/terms.js';

export interface ReaderFilter {
  /** Languages in order of preference: the asked one, then DOC_FALLBACK_LANGS (config.ts). */
  chain: readonly string[];
  /** Categories a reader may see (published, under published parents); narrowed by category_id. */
  categoryIds: readonly string[];
  /** A version id, or undefined for every version. */
  versionId: string | undefined;
  /** A to_tsquery('english', …) string; '' (a keyword of punctuation only) matches nothing. */
  tsquery: string | undefined;
  /**
   * The order of a search's matches, by the queries that find them: each query's matches after
   * all of the ones before (the words whole, then as prefixes; then the corrected words: see
   * content/resources/search-query.ts). Together they find what `tsquery` finds.
   */
  rankedTsqueries?: readonly RankedQuery[] | undefined;
  /**
   * Within a tier, matches whose title or text holds the words as a phrase come first: a
   * regular expression (`ParsedQuery.phrase` in content/search/terms.ts); '' for none.
   */
  phrase?: string | undefined;
}

/** One query of a search's order: to_tsquery text, and the configuration that reads it. */
export interface RankedQuery {
  /** 'simple' matches the words as written (the vector holds long words so too), 'english' by stem. */
  config: 'english' | 'simple';
  text: string;
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
 * ordered by how densely they match; a larger tier by BM25 over each row's most frequent words
 * (`bm25` below). Ranking by density reads each document's whole text vector, which for a word
 * found in most documents cost more than everything else in the query put together.
 */
export const RANKED_TIER_LIMIT = 200;

/**
 * Okapi BM25's weight of a term for a row (k1 = 1.2, b = 0.75), from about how many times the
 * row uses it (`often`: see `oftenUsed`) and its length against the average of the matches.
 * Without the term's rarity, which is the same for every row of one search.
 */
const bm25 = (often: string, size: string, averageSize: string): RawBuilder<unknown> =>
  sql.raw(`${often} / nullif(${often} + 1.2 * (0.25 + 0.75 * ${size} / nullif(${averageSize}, 0)), 0)`);

/**
 * About how many times a row uses a word of `search_top` of each weight (D: once or twice, C: 3
 * to 5 times, B: 6 to 10, A: more; migration 20261126T1900_search_top sets them); `ts_rank`
 * takes them as weights, which it wants from 0 to 1, so divided by SEARCH_TOP_SCALE.
 */
const SEARCH_TOP_COUNTS = [1.5, 4, 8, 14] as const;
const SEARCH_TOP_SCALE = 15;

/**
 * About how many times the row `rl` uses the words of `q`, read from its most frequent words
 * (`search_top`, migration 20261126T1900_search_top): a word's weight says how often, and
 * `ts_rank` gives one position of weight w as w / 1.645.
 */
const oftenUsed = (q: RawBuilder<unknown>): RawBuilder<unknown> =>
  sql`ts_rank(${sql.lit(`{${SEARCH_TOP_COUNTS.map((count) => count / SEARCH_TOP_SCALE).join(',')}}`)}::float4[],
    rl.search_top, ${q}) * ${sql.lit(SEARCH_TOP_SCALE * 1.645)}`;

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
  else if (filter.tsquery !== undefined) conditions.push(sql`rl.search @@ ${toTsquery(filter.tsquery)}`);
  return sql.join(conditions, sql` and `);
}

const toTsquery = (value: string | RawBuilder<unknown>): RawBuilder<unknown> =>
  typeof value === 'string' ? sql`to_tsquery('english', ${value})` : value;

const rankedTsquery = ({ config, text }: RankedQuery): RawBuilder<unknown> =>
  sql`to_tsquery(${sql.lit(config)}::regconfig, ${text})`;

/**
 * `resourceConditions` for a search, read from the copies of the resource kept in the locale
 * row `rl` (migration 20261123T1600_search_filter): a search for a broad word checks every
 * match, and a probe into `resource` for each was most of its time.
 */
function searchConditions(filter: ReaderFilter): RawBuilder<unknown> {
  const conditions = [
    sql`rl.resource_status = 2`,
    sql`rl.resource_category_id = any(${textArray(filter.categoryIds)})`,
    // Served: the resource has no language earlier in the chain than rl's, spelled out per
    // language so that no row builds an array slice (with one, counting 8,700 matches took
    // 5.0 ms instead of 3.7 ms on PostgreSQL); a language outside the chain is never served.
    sql`case rl.lang ${sql.join(
      filter.chain.map((lang, at) =>
        at === 0
          ? sql`when ${lang} then true`
          : sql`when ${lang} then not (rl.resource_langs && ${textArray(filter.chain.slice(0, at))})`,
      ),
      sql` `,
    )} else false end`,
  ];
  if (filter.versionId !== undefined) conditions.push(sql`${filter.versionId} = any(rl.resource_version_ids)`);
  return sql.join(conditions, sql` and `);
}

/**
 * One page of search results and how many there are: title matches first, then headings,
 * then bodies. Within a tier, denser matches come first (in the title, in the title and
 * headings, in the whole text) while the tier holds at most RANKED_TIER_LIMIT documents, and
 * in a larger one those that use the words most for their length; then document order.
 *
 * Every match is visited once, to count it, in a scan that reads nothing but the locale row
 * (the filter is copied there). The title and heading tiers come from indexes of their own:
 * they hold few documents, and a body match is any other. The headings' rows are read only
 * when the page reaches past the titles, and the bodies' a second time only when it reaches
 * past the headings, and then only to order them. Each scan
 * starts from a full-text index: the vectors have no planner statistics (migrations
 * 20261123T1500_search and 20261123T1600_search_filter), so no estimate turns a search into a
 * sequential scan, which would read every row's vectors out of line. Membership in a tier is
 * tested with `in`, which the planner hashes once (it estimates a tier small); written with
 * `exists`, it became a nested loop over the tier for every body match (870 ms for a page
 * deep in the bodies of a broad word).
 */
async function searchPage(
  db: Executor,
  filter: ReaderFilter,
  query: string | RawBuilder<unknown>,
  page: { offset: number; limit: number } | undefined,
  /** Matches of this are left out (found earlier: `searchPageInOrder`). */
  except?: RawBuilder<unknown>,
): Promise<{ rows: ListedResource[]; total: number }> {
  const q = toTsquery(query);
  // Tested on the whole vector only: a title or its headings may lack a word the text has,
  // and then hold a match the page as a whole does not.
  const all = except ? sql`(${q} && !!(${except}))` : q;
  const excluded = except ? sql`and rl.search @@ ${all}` : sql``;
  const where = searchConditions(filter);
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const order = (of: string) =>
    sql.raw(
      `${of}tier, ${of}phrase desc, ${of}density desc nulls last, ${of}about desc nulls last, ${of}sort, ${of}resource_id`,
    );
  // How often the row uses the words, from its most frequent words (`search_top`), read from
  // the row the scan visits anyway, and its length: ranks a tier too large to read the vectors of.
  const about = sql`${oftenUsed(q)} as often, rl.search_length as size`;
  // Whether a ranked match holds the words as a phrase, read from its text where its vector is read.
  const phrase = filter.phrase ? sql`(x.title || ' ' || x.plain) ~* ${filter.phrase}` : sql`false`;
  // Heading matches only when the page reaches past the title matches, and then the bodies
  // only past the headings: as conditions on the sizes alone, PostgreSQL tests them once,
  // before the scan, and skips it. A broad word fills the page from its titles ('configur':
  // 1,314 titles), and ranking its 1,788 headings as well was a third of the statement.
  const reaches = (sizes: string) => (page ? sql`and (${sql.raw(sizes)}) < ${page.offset + page.limit}` : sql``);
  const { rows } = await sql<ListedResource & { total: number }>`
    with in_title as materialized (
      select rl.resource_id, rl.lang, rl.resource_sort as sort, 1 as tier, ${about}
      from resource_locale rl
      where rl.search_title @@ ${q} ${excluded} and ${where}
    ),
    in_head as materialized (
      select rl.resource_id, rl.lang, rl.resource_sort as sort, 2 as tier, ${about}
      from resource_locale rl
      where rl.search_head @@ ${q} ${excluded} and ${where}
        ${reaches('select count(*) from in_title')}
        and (rl.resource_id, rl.lang) not in (select t.resource_id, t.lang from in_title t)
    ),
    sized as (
      select (select count(*) from in_title) as n1, (select count(*) from in_head) as n2,
        (select count(*) from resource_locale rl where rl.search @@ ${all} and ${where}) as total
    ),
    hit as (
      select t.resource_id, t.lang, t.sort, t.tier, t.often, t.size from in_title t
      union all
      select h.resource_id, h.lang, h.sort, h.tier, h.often, h.size from in_head h
      union all
      select rl.resource_id, rl.lang, rl.resource_sort, 3, ${about} from resource_locale rl
      where rl.search @@ ${all} and ${where} ${reaches('select n1 + n2 from sized')}
        and (rl.resource_id, rl.lang) not in (
          select t.resource_id, t.lang from in_title t union all select h.resource_id, h.lang from in_head h)
    ),
    chosen as (
      select h.resource_id, h.lang, h.sort, h.tier, s.total, m.density, coalesce(m.phrase, false) as phrase,
        -- Only where the tier is too large to rank by density: in a smaller one, equal matches
        -- stay in document order, as authors arrange them. Lengths against the tier's own
        -- average, so a tier ranks the same whether or not the page reaches the next.
        case when m.density is null then ${bm25('h.often', 'h.size', 'avg(h.size) over (partition by h.tier)')} end as about
      from hit h cross join sized s
      left join lateral (
        select ts_rank_cd(case h.tier when 1 then x.search_title when 2 then x.search_head else x.search end, ${q})
            as density,
          ${phrase} as phrase
        from resource_locale x
        where x.resource_id = h.resource_id and x.lang = h.lang
          and (case h.tier when 1 then s.n1 when 2 then s.n2 else s.total - s.n1 - s.n2 end) <= ${RANKED_TIER_LIMIT}
        -- Kept a subquery of its own (not merged into the join), so the tier's size, which names
        -- no column of x, is tested before the row is read: the join tested it after reading
        -- the row of every match of a larger tier (1,788 reads, 28 ms, for 'configur').
        offset 0
      ) m on true
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
  if (total === undefined) return { rows: [], total: page && page.offset > 0 ? await countSearch(db, filter, all) : 0 };
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

async function countSearch(db: Executor, filter: ReaderFilter, query: string | RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total from resource_locale rl
    where rl.search @@ ${toTsquery(query)} and ${searchConditions(filter)}`.execute(db);
  return rows[0]?.total ?? 0;
}

/**
 * A search whose matches come in the order of `queries` (`ReaderFilter.rankedTsqueries`), each
 * in its tiers: the page is cut from the first query's matches, then from the second's that
 * the first does not have, and so on; the total adds them up.
 */
async function searchPageInOrder(
  db: Executor,
  filter: ReaderFilter,
  queries: readonly RankedQuery[],
  page: { offset: number; limit: number } | undefined,
): Promise<{ rows: ListedResource[]; total: number }> {
  const rows: ListedResource[] = [];
  let total = 0;
  let offset = page?.offset ?? 0;
  let room = page?.limit ?? Infinity;
  const earlier: RawBuilder<unknown>[] = [];
  for (const [at, query] of queries.entries()) {
    const own = rankedTsquery(query);
    const except = earlier.length === 0 ? undefined : sql`(${sql.join(earlier, sql` || `)})`;
    if (room <= 0) {
      // The page is full: the rest is only counted, all of it at once, and without the
      // matches counted already (counting the whole search again visited them twice: 16 ms
      // of 'configuration''s 80 ms).
      const rest = sql`(${sql.join(queries.slice(at).map(rankedTsquery), sql` || `)})`;
      total += await countSearch(db, filter, except ? sql`(${rest} && !!${except})` : rest);
      break;
    }
    earlier.push(own);
    const part = await searchPage(db, filter, own, page ? { offset, limit: room } : undefined, except);
    rows.push(...part.rows);
    total += part.total;
    room -= part.rows.length;
    offset = Math.max(0, offset - part.total);
  }
  return { rows, total };
}

/**
 * How many readers' matches `query` has (a search word's, to tell whether it matches nothing or
 * almost nothing). Counted, not cut at a few: with LIMIT, the planner would rather read rows in
 * order until it has them (a scan of every text vector, 60 ms) than go through the index. The
 * caller asks only about words the documentation holds little of (`search_word`).
 */
export async function countSearchMatches(db: Executor, filter: ReaderFilter, query: string): Promise<number> {
  return countSearch(db, filter, query);
}

/** Each query as PostgreSQL reads it (its lexemes and operators), in the order given. */
export async function normalizedQueries(db: Executor, queries: readonly RankedQuery[]): Promise<string[]> {
  if (queries.length === 0) return [];
  const { rows } = await sql<{ read: string }>`
    select to_tsquery(q.config::regconfig, q.text)::text as read
    from unnest(${queries.map((q) => q.config)}::text[], ${queries.map((q) => q.text)}::text[])
      with ordinality as q(config, text, at)
    order by q.at`.execute(db);
  return rows.map((row) => row.read);
}

/** A page of what a reader sees and how many there are; with a keyword, both in one statement. */
export async function pageForReaders(
  db: Executor,
  filter: ReaderFilter,
  page: { offset: number; limit: number } | undefined,
): Promise<{ rows: ListedResource[]; total: number }> {
  if (filter.tsquery === '') return { rows: [], total: 0 };
  if (filter.tsquery !== undefined && filter.rankedTsqueries && filter.rankedTsqueries.length > 1)
    return searchPageInOrder(db, filter, filter.rankedTsqueries, page);
  if (filter.tsquery !== undefined) return searchPage(db, filter, filter.tsquery, page);
  const [rows, total] = await Promise.all([listForReaders(db, filter, page), countForReaders(db, filter)]);
  return { rows, total };
}

/**
 * In reading order: category by category as the tree lists them (`filter.categoryIds` is in
 * tree order, parents before children), then by each document's sort.
 */
export async function listForReaders(
  db: Executor,
  filter: ReaderFilter,
  page: { offset: number; limit: number } | undefined,
): Promise<ListedResource[]> {
  if (filter.tsquery === '') return [];
  if (filter.tsquery !== undefined) return (await pageForReaders(db, filter, page)).rows;
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const { rows } = await sql<ListedResource>`
    select r.id, r.category_id, rl.title, rl.summary, rl.plain, rl.lang, greatest(r.updated_at, rl.updated_at) as updated_at
    from resource r join resource_locale rl on rl.resource_id = r.id
    where ${readerConditions(filter)}
    order by array_position(${textArray(filter.categoryIds)}, r.category_id), r.sort, r.id ${paging}`.execute(db);
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

/**
 * Links a resource to exactly these versions, writing only what changed: a trigger copies a
 * resource's versions into its locale rows, and deleting every link to insert them again
 * rewrote those rows twice on every save.
 */
export async function setResourceVersions(
  db: Executor,
  resourceId: string,
  versionIds: readonly string[],
): Promise<void> {
  let stale = db.deleteFrom('resource_version').where('resource_id', '=', resourceId);
  if (versionIds.length > 0) stale = stale.where('version_id', 'not in', [...versionIds]);
  await stale.execute();
  if (versionIds.length === 0) return;
  await db
    .insertInto('resource_version')
    .values(versionIds.map((version_id) => ({ resource_id: resourceId, version_id })))
    .onConflict((oc) => oc.columns(['resource_id', 'version_id']).doNothing())
    .execute();
}

/**
 * Sets the languages `resourceId` has once the caller's transaction has written them, before it
 * writes them: each locale row then takes the whole set when it is inserted (its copy for the
 * search filter), where learning them one row at a time rewrote the first row of every resource
 * written in two languages. The database settles them at commit from the rows themselves
 * (migration 20261126T2300_langs_at_commit), so a wrong word here costs a rewrite, not a wrong
 * search. Ordered as that trigger orders them, by the database's own collation.
 */
export async function announceLangs(db: Executor, resourceId: string, langs: readonly string[]): Promise<void> {
  await sql`
    update resource set langs = s.langs
    from (select array(select distinct l from unnest(${[...langs]}::text[]) l order by l) as langs) s
    where id = ${resourceId} and resource.langs is distinct from s.langs`.execute(db);
}

/** What a search reads of one language of a resource, derived from the text a reader sees. */
export interface SearchText {
  /** Snippets are cut from it: headings and body in reading order, code blocks marked (search/visible-text.ts). */
  plain: string;
  /** Segmented terms of each field (see content/search/terms.ts). */
  terms: { title: string; headings: string; body: string };
  /** Which derivation wrote them (SEARCH_TEXT_REVISION in resource.service.ts). */
  revision: number;
}

export interface LocaleValues extends SearchText {
  lang: string;
  title: string;
  markdown: string;
  html: string;
  toc: TocRow[];
  summary: string;
  updated_at: Date;
}

/** The text vector of a locale row: title, headings and body weighted A, B, C. */
function searchVector(terms: SearchText['terms']): RawBuilder<string> {
  const field = (text: string, weight: 'A' | 'B' | 'C') =>
    sql`setweight(to_tsvector('english', ${text}) || to_tsvector('simple', ${writtenWords(text)}), ${sql.lit(weight)})`;
  return sql<string>`${field(terms.title, 'A')} || ${field(terms.headings, 'B')} || ${field(terms.body, 'C')}`;
}

/** Writes one language of a resource with its search vector, in the caller's transaction. */
export async function upsertLocale(db: Executor, resourceId: string, values: LocaleValues): Promise<void> {
  const search = searchVector(values.terms);
  const row = {
    resource_id: resourceId,
    lang: values.lang,
    title: values.title,
    markdown: values.markdown,
    html: values.html,
    toc: JSON.stringify(values.toc),
    summary: values.summary,
    plain: values.plain,
    search_text_revision: values.revision,
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
        search_text_revision: row.search_text_revision,
        updated_at: row.updated_at,
        search,
      }),
    )
    .execute();
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
