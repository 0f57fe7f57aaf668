import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The words a search may be corrected to (issue #23; content/search/spelling.ts reads them).
 *
 * - `search_word`: each distinct word of the published text in Latin script, per language,
 *   with how many locale rows hold it, so a word typed with a slip of the keyboard is matched
 *   against the words the documentation really contains, the commonest first.
 * - Kept by a trigger on `resource_locale` in the writing transaction, as the search copies
 *   are (20261123T1600_search_filter): a row's words count while its resource is published
 *   (`resource_status`, copied there by those triggers), and an edit changes the counts of the
 *   words it added or removed only, so saving a page touches a few rows of this table.
 *   Counts are changed in word order, so two saves never wait for each other in a cycle.
 * - Found by trigram distance (pg_trgm, PostgreSQL's contrib module for similarity of text,
 *   which PGlite ships too): a GiST index answers 'the nearest words to this one' without
 *   reading the table. It indexes `search_spelling`, every word ever counted, which is only
 *   added to (a word no page holds any more has no count and is passed over). The extension goes into `public` whatever the search path, so every
 *   schema of a database (tests give each run its own) finds the one copy a database can
 *   have; the search code looks it up the same way. Creating it needs no superuser:
 *   pg_trgm is a trusted extension (PostgreSQL 13 and later), so the database's owner may.
 * - `word` sorts by code point (collate "C"), so a prefix is one range of the primary key.
 * - What a word is: the 'simple' parser's tokens of title and visible text, lower-cased, of
 *   four to forty Latin letters. Shorter ones are too ambiguous to correct (the search does
 *   not correct them either); Chinese, Japanese and Thai are matched by character pairs and
 *   never corrected.
 */
export const searchWords: Migration = {
  async up(db: Kysely<unknown>) {
    // Two migrations creating the extension at once (two schemas of one database) would
    // collide in the catalogue: one waits for the other.
    await sql`select pg_advisory_xact_lock(hashtext('open:create extension pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const trgm = sql.id(await pgTrgmSchema(db));

    // Counts change with every save: room on each page (fillfactor) keeps their updates on
    // the page (HOT), which PGlite, never vacuumed, needs to keep the table its size.
    await sql`
      create table search_word (
        lang text not null,
        word text collate "C" not null,
        docs integer not null,
        primary key (lang, word)
      ) with (fillfactor = 50)`.execute(db);
    // The spellings, in a table only ever added to, so its trigram index is never rewritten:
    // on the counts' table it grew with every update (4.8 MB for 77 words after 1,500 saves
    // in one transaction, and 50 ms a lookup) until a vacuum.
    await sql`create table search_spelling (word text collate "C" primary key)`.execute(db);
    await sql`create index search_spelling_trigrams on search_spelling using gist (word ${trgm}.gist_trgm_ops)`.execute(
      db,
    );

    await sql`
      create function search_words_of(title text, plain text) returns text[] language sql immutable
      as $$
        select coalesce(array_agg(w order by w), '{}') from unnest(tsvector_to_array(
          to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(plain, '')))) w
        where w ~ '^[a-z\\u00df-\\u00f6\\u00f8-\\u00ff\\u0100-\\u024f\\u1e00-\\u1eff]{4,40}$'
      $$`.execute(db);

    await sql`
      create function resource_locale_words() returns trigger language plpgsql
      set search_path from current as $$
      declare
        before text[] := '{}';
        after text[] := '{}';
      begin
        if tg_op <> 'INSERT' and old.resource_status = 2 then
          before := search_words_of(old.title, old.plain);
        end if;
        if tg_op <> 'DELETE' and new.resource_status = 2 then
          after := search_words_of(new.title, new.plain);
        end if;
        if tg_op = 'UPDATE' and old.lang = new.lang then
          -- Only the words the change added or removed.
          select array(select unnest(before) except select unnest(after) order by 1),
            array(select unnest(after) except select unnest(before) order by 1)
          into before, after;
        end if;
        if cardinality(before) > 0 then
          -- An upsert visits its rows in the order given (an update joined to a list does
          -- not promise one); a word missing here would be a bug, and is deleted next.
          insert into search_word (lang, word, docs)
            select old.lang, w, 0 from unnest(before) w order by w
            on conflict (lang, word) do update set docs = search_word.docs - 1;
          delete from search_word where lang = old.lang and word = any(before) and docs <= 0;
        end if;
        if cardinality(after) > 0 then
          insert into search_word (lang, word, docs)
            select new.lang, w, 1 from unnest(after) w order by w
            on conflict (lang, word) do update set docs = search_word.docs + 1;
          insert into search_spelling (word) select w from unnest(after) w order by w on conflict do nothing;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger resource_locale_words after insert or delete or update of lang, title, plain, resource_status
      on resource_locale for each row execute function resource_locale_words()`.execute(db);

    await sql`
      insert into search_word (lang, word, docs)
      select rl.lang, w, count(*) from resource_locale rl, unnest(search_words_of(rl.title, rl.plain)) w
      where rl.resource_status = 2
      group by rl.lang, w`.execute(db);
    await sql`insert into search_spelling (word) select distinct word from search_word`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    // The extension stays: other schemas of the database may use it.
    await sql`drop trigger resource_locale_words on resource_locale`.execute(db);
    await sql`drop function resource_locale_words()`.execute(db);
    await sql`drop function search_words_of(text, text)`.execute(db);
    await sql`drop table search_spelling`.execute(db);
    await sql`drop table search_word`.execute(db);
  },
};

/** The schema pg_trgm was installed in (public, unless it was there before us). */
async function pgTrgmSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (schema === undefined) throw new Error('the pg_trgm extension is not installed');
  return schema;
}
