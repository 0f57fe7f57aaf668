import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Search speed and quality (issue #6; bench/search.mjs measures both, see bench/README.md).
 *
 * - `resource.langs`, the languages a resource is written in, kept by a trigger on
 *   `resource_locale` whatever code writes there. The served-language rule reads it on the
 *   resource row instead of visiting the resource's other locale rows for every match.
 * - `search_title` and `search_head`: the title (weight A) and title + headings (A, B) parts of
 *   the text vector, generated from it. Small enough to stay in the row, they sort a search's
 *   matches into tiers without reading the whole vector of each.
 * - No planner statistics on the text vector (see below), so every search starts from the index.
 * - The full-text index without its pending list (fastupdate off). New entries otherwise wait
 *   in an unsorted list of up to 4 MB that every search reads through, until a vacuum merges
 *   them; PGlite never runs one, and neither does a PostgreSQL without autovacuum.
 * - `resource_locale` keeps its large columns out of line (toast_tuple_target): a search visits
 *   the row of every match, and rows of ~1.6 KB put two on a page, so a word found in most
 *   documents read half the table. The key columns stay in the row (storage plain): the
 *   toaster otherwise moves them out too, and reading one then costs a TOAST lookup.
 * - Rows saved before this migration get their written words (see `writtenWords` in
 *   content/search/terms.ts) from the texts stored with them; the logic is copied here, not
 *   imported, so this migration keeps doing what it did when the search code changes.
 */
export const search: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table resource add column langs text[] not null default '{}'`.execute(db);
    // `set search_path from current`: the trigger finds this schema's tables whoever fires it.
    await sql`
      create function resource_locale_langs() returns trigger language plpgsql
      set search_path from current as $$
      begin
        if tg_op <> 'INSERT' then
          update resource set langs = array(select l.lang from resource_locale l
            where l.resource_id = old.resource_id order by l.lang) where id = old.resource_id;
        end if;
        if tg_op <> 'DELETE' then
          update resource set langs = array(select l.lang from resource_locale l
            where l.resource_id = new.resource_id order by l.lang) where id = new.resource_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger resource_locale_langs after insert or delete or update of resource_id, lang
      on resource_locale for each row execute function resource_locale_langs()`.execute(db);
    await sql`
      update resource r set langs = l.langs
      from (select resource_id, array_agg(lang order by lang) as langs from resource_locale group by resource_id) l
      where l.resource_id = r.id`.execute(db);

    // No statistics on the vector: estimates stay those of a selective word (the default), so a
    // search always starts from the index. With them, PostgreSQL planned a word found in half
    // the documents as a sequential scan, which reads every vector out of line (its cost model
    // counts none of that) and was 3-4 times slower. Changing the type to itself drops the
    // statistics already gathered; it has to come before the generated columns below.
    await sql`
      alter table resource_locale
        alter column search set statistics 0,
        alter column search type tsvector`.execute(db);
    await sql`
      alter table resource_locale
        add column search_title tsvector generated always as (ts_filter(search, '{a}')) stored,
        add column search_head tsvector generated always as (ts_filter(search, '{a,b}')) stored`.execute(db);
    await sql`
      alter table resource_locale
        alter column resource_id set storage plain,
        alter column lang set storage plain,
        alter column search_title set storage main,
        alter column search_head set storage main,
        set (toast_tuple_target = 128)`.execute(db);

    await sql`alter index resource_locale_search set (fastupdate = off)`.execute(db);
    await sql`select gin_clean_pending_list('resource_locale_search'::regclass)`.execute(db);

    const { rows } = await sql<{ resource_id: string; lang: string; title: string; headings: string; plain: string }>`
      select resource_id, lang, title, plain,
        coalesce((select string_agg(h->>'text', ' ') from jsonb_array_elements(toc) h), '') as headings
      from resource_locale`.execute(db);
    for (const row of rows) {
      if (![row.title, row.headings, row.plain].some((text) => writtenWords(text, row.lang) !== '')) continue;
      const field = (text: string, weight: 'A' | 'B' | 'C') =>
        sql`setweight(to_tsvector('simple', ${writtenWords(text, row.lang)}), ${sql.lit(weight)})`;
      await sql`
        update resource_locale
        set search = search || ${field(row.title, 'A')} || ${field(row.headings, 'B')} || ${field(row.plain, 'C')}
        where resource_id = ${row.resource_id} and lang = ${row.lang}`.execute(db);
    }
  },

  async down(db: Kysely<unknown>) {
    // The written words added to existing vectors stay: they only widen prefix matches.
    await sql`alter index resource_locale_search reset (fastupdate)`.execute(db);
    await sql`
      alter table resource_locale
        drop column search_head,
        drop column search_title,
        alter column search set statistics -1,
        alter column resource_id set storage extended,
        alter column lang set storage extended,
        reset (toast_tuple_target)`.execute(db);
    await sql`drop trigger resource_locale_langs on resource_locale`.execute(db);
    await sql`drop function resource_locale_langs()`.execute(db);
    await sql`alter table resource drop column langs`.execute(db);
  },
};

/** Words written without spaces; they are found by character pairs instead. */
const unspaced =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** As `writtenWords(indexTerms(text, lang))` in content/search/terms.ts on 2026-11-23. */
function writtenWords(text: string, lang: string): string {
  const out = new Set<string>();
  const segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
  for (const { segment, isWordLike } of segmenter.segment(text.slice(0, 200_000))) {
    const word = segment.toLowerCase();
    if (isWordLike && word.length >= 5 && !unspaced.test(word) && /\p{L}/u.test(word)) out.add(word);
  }
  return [...out].join(' ');
}
