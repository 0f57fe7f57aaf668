/**
 * The words of the published documentation (`search_word`, kept by a trigger: migration
 * 20261126T1400_search_words), read to correct a search word typed with a slip.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { oneEditAway, type WordCount } from './spelling.js';

/** How many of the nearest words by trigram distance are weighed (edit distance decides among them). */
const NEAREST = 60;

/** Up to this length, every word one edit away is also looked up by itself (see `oneEditAway`). */
const LOOKED_UP_MAX_LENGTH = 7;

/** pg_trgm's schema, per database handle (a transaction asks its database's). */
const trgmSchemas = new WeakMap<object, Promise<string>>();

function trgmSchema(db: Executor): Promise<string> {
  let schema = trgmSchemas.get(db);
  if (!schema) {
    schema = sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`
      .execute(db)
      .then(({ rows }) => rows[0]?.schema ?? 'public');
    // A failed lookup (the database away for a moment) is not remembered.
    schema.catch(() => trgmSchemas.delete(db));
    trgmSchemas.set(db, schema);
  }
  return schema;
}

/**
 * Words of the documentation in these languages near `typed`: the nearest by trigram distance
 * (a GiST index walk, never a scan), and for short words every word one edit away. Each with
 * how many locale rows hold it across the languages.
 */
export async function wordsNear(db: Executor, langs: readonly string[], typed: string): Promise<WordCount[]> {
  const distance = sql.raw(`operator(${quoteIdent(await trgmSchema(db))}.<->)`);
  const variants = typed.length <= LOOKED_UP_MAX_LENGTH ? oneEditAway(typed) : [];
  const { rows } = await sql<WordCount>`
    select s.word, sum(s.docs)::int as docs from search_word s
    where s.lang = any(${[...langs]}::text[]) and s.docs > 0 and s.word in (
      (select n.word from search_spelling n order by n.word ${distance} ${typed} limit ${NEAREST})
      union
      select unnest(${variants}::text[])
    )
    group by s.word`.execute(db);
  return rows;
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * For each prefix, how many pages hold a word starting with it in these languages, counted no
 * further than `upTo` words' worth (a range of the primary key: words sort by code point). One
 * statement for all of a query's words.
 */
export async function docsStartingWith(
  db: Executor,
  langs: readonly string[],
  prefixes: readonly string[],
  upTo: number,
): Promise<number[]> {
  if (prefixes.length === 0) return [];
  const { rows } = await sql<{ docs: number }>`
    select coalesce((
      select sum(s.docs) from (
        select s.docs from search_word s
        where s.lang = any(${[...langs]}::text[]) and s.word >= p.prefix and s.word < (p.prefix || ${'\u{10ffff}'})
        limit ${upTo}
      ) s), 0)::int as docs
    from unnest(${[...prefixes]}::text[]) with ordinality as p(prefix, at)
    order by p.at`.execute(db);
  return rows.map((row) => row.docs);
}
