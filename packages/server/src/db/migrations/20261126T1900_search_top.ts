import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What ranks a tier of search results too large to rank from the text vectors (issue #23).
 *
 * Within a tier of up to RANKED_TIER_LIMIT documents the search ranks by the whole text vector,
 * read out of line for each. A broad word ('agent' in 8,700 of 18,900 locales, in the headings
 * of 1,600) makes a tier far larger, and reading every vector took 60 ms on PostgreSQL: such a
 * tier was listed in document order, whatever the pages were about. What information retrieval
 * calls champion lists answers it cheaply: a page is about the words it uses most.
 *
 * - `search_top`: the SEARCH_TOP_WORDS lexemes the text vector holds most often, each with how
 *   often as its weight (D: once or twice, C: 3 to 5 times, B: 6 to 10, A: more; a made-up
 *   position each), so that `ts_rank` with a count per weight (`SEARCH_TOP_COUNTS` in
 *   content/search/search.data.ts) reads how often a row uses the
 *   query's words. A vector with the positions themselves compressed to 390 bytes a row, and
 *   `ts_rank_cd` over it cost 9 µs a row (15 ms for the 1,627 rows of a broad word's headings
 *   tier); this one is about 150 bytes, stored uncompressed in the row (storage plain; lexemes
 *   of up to 64 characters, so it always fits), where the search visits it anyway.
 * - `search_length`: how long the text a reader sees is (characters of `plain`), so that a long
 *   page that uses a word as often as a short one ranks below it (Okapi BM25's length
 *   normalisation; the count of distinct lexemes hardly grows with the length).
 * - Both generated, so every way the row is written keeps them; `search_top` gets no planner
 *   statistics (20261123T1500_search explains why).
 */
const SEARCH_TOP_WORDS = 16;

export const searchTop: Migration = {
  async up(db: Kysely<unknown>) {
    // Written out as text and read back: the only way SQL has to choose a lexeme's weight.
    // PL/pgSQL, whose plan a session keeps: a SQL function's query is planned again for every
    // row written. 2,000 rows of the search benchmark inserted one by one into a table with the
    // column, on PostgreSQL 15: 709 ms as SQL, 415 ms as PL/pgSQL, 57 ms without the column.
    await sql`
      create function search_top_of(v tsvector) returns tsvector language plpgsql immutable parallel safe
      as $$ begin return (
        select coalesce(string_agg(format('''%s'':%s%s',
            replace(replace(t.lexeme, '\\', '\\\\'), '''', ''''''), t.at,
            case when t.n > 10 then 'A' when t.n > 5 then 'B' when t.n > 2 then 'C' else 'D' end), ' '), '')::tsvector
        from (
          select u.lexeme, coalesce(cardinality(u.positions), 1) as n,
            row_number() over (order by coalesce(cardinality(u.positions), 1) desc, u.lexeme) as at
          from unnest(v) u where length(u.lexeme) <= 64
          order by n desc, u.lexeme limit ${sql.lit(SEARCH_TOP_WORDS)}
        ) t);
      end $$`.execute(db);
    // Stored as set here from the start: the rewrite that fills the columns writes them so.
    await sql`
      alter table resource_locale
        add column search_top tsvector generated always as (search_top_of(search)) stored,
        add column search_length integer generated always as (length(plain)) stored,
        alter column search_top set storage plain,
        alter column search_top set statistics 0`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`alter table resource_locale drop column search_length, drop column search_top`.execute(db);
    await sql`drop function search_top_of(tsvector)`.execute(db);
  },
};
