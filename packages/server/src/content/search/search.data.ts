/**
 * A reader's search over the documentation: which locale rows match, in which order, and how
 * many. Matches come in tiers (title, headings, body), each tier ranked by density or, when
 * large, by BM25 over each row's most frequent words; a search of several queries
 * (`RankedQuery`: the words as written, whole, as prefixes, corrected: search-query.ts) lists
 * each query's matches after the ones before. The filter is read from the copies of the
 * resource in the locale row (`servedCopyConditions`, content/reader-scope.ts); how the
 * vectors it reads are made is in indexing.ts.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { servedCopyConditions, type ListedResource, type ReaderScope } from '../reader-scope.js';

/** What to search for: the output of `searchQuery` (search-query.ts) the statements read. */
export interface ReaderSearch {
  /** A to_tsquery('english', …) string; '' (a keyword of punctuation only) matches nothing. */
  tsquery: string;
  /**
   * The order of the matches, by the queries that find them: each query's matches after all
   * of the ones before. Together they find what `tsquery` finds.
   */
  rankedTsqueries: readonly RankedQuery[];
  /**
   * Within a tier, matches whose title or text holds the words as a phrase come first: a
   * regular expression (`ParsedQuery.phrase` in terms.ts); '' for none.
   */
  phrase: string;
}

/** One query of a search's order: to_tsquery text, and the configuration that reads it. */
export interface RankedQuery {
  /** 'simple' matches the words as written (the vector holds long words so too), 'english' by stem. */
  config: 'english' | 'simple';
  text: string;
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

const toTsquery = (value: string | RawBuilder<unknown>): RawBuilder<unknown> =>
  typeof value === 'string' ? sql`to_tsquery('english', ${value})` : value;

const rankedTsquery = ({ config, text }: RankedQuery): RawBuilder<unknown> =>
  sql`to_tsquery(${sql.lit(config)}::regconfig, ${text})`;

/** The WHERE of a reader query that keeps the locale rows `rl` matching `tsquery` ('': none). */
export function matching(tsquery: string): RawBuilder<unknown> {
  return tsquery === '' ? sql`false` : sql`rl.search @@ ${toTsquery(tsquery)}`;
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
  scope: ReaderScope,
  search: ReaderSearch,
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
  const where = servedCopyConditions(scope);
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const order = (of: string) =>
    sql.raw(
      `${of}tier, ${of}phrase desc, ${of}density desc nulls last, ${of}about desc nulls last, ${of}sort, ${of}resource_id`,
    );
  // How often the row uses the words, from its most frequent words (`search_top`), read from
  // the row the scan visits anyway, and its length: ranks a tier too large to read the vectors of.
  const about = sql`${oftenUsed(q)} as often, rl.search_length as size`;
  // Whether a ranked match holds the words as a phrase, read from its text where its vector is read.
  const phrase = search.phrase ? sql`(x.title || ' ' || x.plain) ~* ${search.phrase}` : sql`false`;
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
  if (total === undefined) return { rows: [], total: page && page.offset > 0 ? await countSearch(db, scope, all) : 0 };
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

async function countSearch(db: Executor, scope: ReaderScope, query: string | RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total from resource_locale rl
    where rl.search @@ ${toTsquery(query)} and ${servedCopyConditions(scope)}`.execute(db);
  return rows[0]?.total ?? 0;
}

/**
 * A search whose matches come in the order of its queries (`ReaderSearch.rankedTsqueries`), each
 * in its tiers: the page is cut from the first query's matches, then from the second's that
 * the first does not have, and so on; the total adds them up.
 */
async function searchPageInOrder(
  db: Executor,
  scope: ReaderScope,
  search: ReaderSearch,
  page: { offset: number; limit: number } | undefined,
): Promise<{ rows: ListedResource[]; total: number }> {
  const queries = search.rankedTsqueries;
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
      total += await countSearch(db, scope, except ? sql`(${rest} && !!${except})` : rest);
      break;
    }
    earlier.push(own);
    const part = await searchPage(db, scope, search, own, page ? { offset, limit: room } : undefined, except);
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
export async function countSearchMatches(db: Executor, scope: ReaderScope, query: string): Promise<number> {
  return countSearch(db, scope, query);
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

/** A page of a search's matches in their order, and how many there are. */
export async function searchForReaders(
  db: Executor,
  scope: ReaderScope,
  search: ReaderSearch,
  page: { offset: number; limit: number } | undefined,
): Promise<{ rows: ListedResource[]; total: number }> {
  if (search.tsquery === '') return { rows: [], total: 0 };
  if (search.rankedTsqueries.length > 1) return searchPageInOrder(db, scope, search, page);
  return searchPage(db, scope, search, search.tsquery, page);
}

/** How many matches a search has. */
export async function countSearchForReaders(db: Executor, scope: ReaderScope, search: ReaderSearch): Promise<number> {
  return search.tsquery === '' ? 0 : countSearch(db, scope, search.tsquery);
}
