/**
 * What a reader's search looks for (issue #23): the words as typed, and where a Latin word
 * matches nothing, or almost nothing while a word a slip away is common, the word the
 * documentation really contains. A word that matched nothing is replaced (every result comes
 * through the correction); one that matched a little is searched as well, its own matches
 * first. Chinese, Japanese and Thai runs are matched by character pairs and never corrected.
 */
import type { Executor } from '../../db/executor.js';
import { docsStartingWith, wordsNear } from './search-word.data.js';
import { bestCorrection, correctable } from './spelling.js';
import { parseQuery, prefixTerm, rewriteWords, spacedWords, type ParsedQuery, type WordCorrection } from './terms.js';
import type { ReaderScope } from '../reader-scope.js';
import { countSearchMatches, normalizedQueries, type RankedQuery, type ReaderSearch } from './search.data.js';

/** A word with at most this many matches is 'almost nothing': a common near word is searched too. */
const FEW_MATCHES = 2;
/** …when that word is in at least this many times more documents than the typed one matched. */
const COMMONER_BY = 3;

export interface SearchQuery extends ReaderSearch {
  rankedTsqueries: RankedQuery[];
  /** What snippets mark. */
  needles: string[];
  /** Set when a word was corrected: the keyword as searched, and whether it was searched as typed too. */
  corrected: { keyword: string; also_typed: boolean } | undefined;
}

/**
 * The search for `keyword` in the reader's scope. `asTyped`:
 * the reader asked for the words exactly as typed ('Search instead for …').
 */
export async function searchQuery(
  db: Executor,
  scope: ReaderScope,
  keyword: string,
  lang: string,
  asTyped: boolean,
): Promise<SearchQuery> {
  const typed = parseQuery(keyword, lang);
  if (typed.tsquery === '')
    return { tsquery: '', rankedTsqueries: [], phrase: '', needles: typed.needles, corrected: undefined };
  const asIs = async (): Promise<SearchQuery> => ({
    tsquery: typed.tsquery,
    rankedTsqueries: await distinctQueries(db, inOrder(typed)),
    phrase: typed.phrase,
    needles: typed.needles,
    corrected: undefined,
  });
  if (asTyped) return asIs();
  const words = spacedWords(keyword, lang).filter(correctable);
  // Most words are common: the table of words says so at once, for all of them in one
  // statement. The search itself counts the rest, since it also matches by stem
  // ('transferring' finds 'transfers').
  const starting = await docsStartingWith(db, scope.chain, words, FEW_MATCHES + 1);
  const corrections = new Map<string, WordCorrection>();
  for (const [at, word] of words.entries()) {
    if ((starting[at] ?? 0) > FEW_MATCHES) continue;
    const matches = await countSearchMatches(db, scope, prefixTerm(word));
    if (matches > FEW_MATCHES) continue;
    const best = bestCorrection(word, await wordsNear(db, scope.chain, word));
    if (!best || (matches > 0 && best.docs < COMMONER_BY * matches)) continue;
    corrections.set(word, { word: best.word, keepTyped: matches > 0 });
  }
  if (corrections.size === 0) return asIs();
  const corrected = parseQuery(keyword, lang, corrections);
  const alsoTyped = [...corrections.values()].every((correction) => correction.keepTyped);
  const keywordAsSearched = rewriteWords(
    keyword,
    lang,
    new Map([...corrections].map(([word, correction]) => [word, correction.word])),
  );
  return {
    // Searched as typed too: the typed words' matches come first, then the correction's.
    tsquery: alsoTyped ? `(${typed.tsquery}) | (${corrected.tsquery})` : corrected.tsquery,
    rankedTsqueries: await distinctQueries(
      db,
      alsoTyped ? [...inOrder(typed), ...inOrder(corrected)] : inOrder(corrected),
    ),
    phrase: corrected.phrase,
    needles: corrected.needles,
    corrected: { keyword: keywordAsSearched, also_typed: alsoTyped },
  };
}

/**
 * The words as written first, then whole (by stem: 'serve' finds 'served', not 'server'), then
 * as prefixes: see `ParsedQuery`.
 */
const inOrder = (parsed: ParsedQuery): RankedQuery[] => [
  ...(parsed.written ? [{ config: 'simple' as const, text: parsed.written }] : []),
  ...(parsed.exact ? [{ config: 'english' as const, text: parsed.exact }] : []),
  { config: 'english', text: parsed.tsquery },
];

/**
 * The queries of an order without those that find what an earlier one does: most words are
 * their own stem ('agent', 'transfer'), so matching them as written and by stem is one search,
 * not two. Compared as PostgreSQL reads them (lexemes), in one round trip.
 */
async function distinctQueries(db: Executor, queries: RankedQuery[]): Promise<RankedQuery[]> {
  const read = await normalizedQueries(db, queries);
  return queries.filter((_, at) => read.indexOf(read[at] ?? '') === at);
}
