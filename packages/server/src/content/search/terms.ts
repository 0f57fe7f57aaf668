/**
 * Words for the full-text index and for queries. PostgreSQL's parser splits on spaces, and
 * Chinese, Japanese and Thai write none, so text is split here with `Intl.Segmenter` first.
 * Segmenters cut the same characters differently in different sentences ('软电话' alone, but
 * 'Web软电话集成' in a title), so runs of those scripts are also indexed as overlapping character
 * pairs, and a query's run is matched by its pairs: a word is found in the middle of a
 * sentence whatever the segmenter made of either side. Latin words go through PostgreSQL's
 * English stemmer on both sides and are matched by prefix, so 'transfer' finds 'transferring'
 * and a word being typed finds its completions; longer ones are also indexed as written, so a
 * prefix typed past the stem ('escalat' of 'escalation', stored as 'escal') still matches.
 */
import { segmentsOf } from './segments.js';
import { CODE_END, CODE_START, withoutCodeMarks } from './visible-text.js';

/** Scripts written without spaces between words. */
const unspaced =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const unspacedRun =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{M}ー]+/gu;

/** How much of a document is indexed; beyond it, text is still shown but not searched. */
export const INDEXED_CHARACTERS = 200_000;

const segmenters = new Map<string, Intl.Segmenter>();
function segmenterFor(lang: string): Intl.Segmenter {
  let segmenter = segmenters.get(lang);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
    segmenters.set(lang, segmenter);
  }
  return segmenter;
}

export function words(text: string, lang: string): string[] {
  const out: string[] = [];
  for (const segment of segmentsOf(segmenterFor(lang), text)) {
    if (segment.isWordLike) out.push(segment.segment.toLowerCase());
  }
  return out;
}

const graphemeSegmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** User-perceived characters: a Thai consonant keeps its tone mark, a Japanese kana its sound mark. */
function graphemes(run: string): string[] {
  return Array.from(segmentsOf(graphemeSegmenter, run), (part) => part.segment);
}

/** Overlapping character pairs of a run (one character gives itself). */
export function pairs(run: string): string[] {
  const characters = graphemes(run);
  if (characters.length < 2) return characters;
  const out: string[] = [];
  for (let i = 0; i < characters.length - 1; i += 1) out.push(`${characters[i] ?? ''}${characters[i + 1] ?? ''}`);
  return out;
}

/** What to_tsvector reads for one field: segmented words, then the pairs of unspaced runs. */
export function indexTerms(text: string, lang: string): string {
  const bounded = text.slice(0, INDEXED_CHARACTERS);
  const terms = words(bounded, lang);
  for (const match of bounded.matchAll(unspacedRun)) {
    const run = match[0];
    terms.push(...graphemes(run), ...pairs(run));
  }
  return terms.join(' ');
}

/** Below this length a stem loses nothing that a typed prefix would need back. */
const WRITTEN_MIN_LENGTH = 5;

/**
 * The words of `indexTerms` output that are also indexed as written (the 'simple'
 * configuration). The English stemmer can cut a word shorter than what a reader has typed so
 * far: 'escalation' is stored as 'escal', so the prefix 'escalat' would match nothing, and
 * results would vanish at 'transferr' and come back at 'transferring'. The written form still
 * starts with what was typed. Unspaced runs are matched by their pairs and need no such form.
 */
export function writtenWords(terms: string): string {
  const out = new Set<string>();
  for (const term of terms.split(' ')) {
    if (term.length >= WRITTEN_MIN_LENGTH && !unspaced.test(term) && /\p{L}/u.test(term)) out.add(term);
  }
  return [...out].join(' ');
}

/** A term quoted for to_tsquery, whatever characters it holds. */
const quote = (term: string): string => `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

export interface ParsedQuery {
  /** For to_tsquery('english', …); empty when the query holds no word. Latin words match as prefixes. */
  tsquery: string;
  /**
   * The same words matched whole (their stems equal, not only their starts): 'serve' finds
   * 'serves' and 'served' but not 'server'. Its matches are listed before the rest of
   * `tsquery`'s; empty when it would match what `tsquery` does (a query of Chinese only).
   */
  exact: string;
  /**
   * The same words as written, for to_tsquery('simple', …): the vector also holds each word of
   * five letters or more as written, so 'configuration' finds the pages that say configuration
   * before those that only say configure (one stem, 'configur'). Listed before `exact`'s.
   */
  written: string;
  /**
   * With two words or more (spaced scripts only), the words next to each other in that order,
   * the last one's end left open: a PostgreSQL regular expression for the visible text ('' for
   * none). Read from the text, not the vector: the vector also lists each long word once more
   * as written, after the rest, where words that were apart sit side by side.
   */
  phrase: string;
  /** What to mark in snippets: unspaced runs as they are, Latin words by their stem-like prefix. */
  needles: string[];
}

/** A correction of one word of a query (content/search/spelling.ts). */
export interface WordCorrection {
  word: string;
  /** The word as typed is searched too (it matched a little); otherwise it is replaced. */
  keepTyped: boolean;
}

/** What of a word is marked in snippets: its stem-like start, so every form of it is. */
const needleOf = (word: string): string => (word.length > 5 ? word.slice(0, Math.max(4, word.length - 4)) : word);

/** One word for to_tsquery, matched as a prefix of the indexed stems (as a query word is). */
export const prefixTerm = (word: string): string => `${quote(word)}:*`;

/**
 * `text` with some of its words replaced (compared lower-cased), everything else as written:
 * the keyword a corrected search searched, to show the reader.
 */
export function rewriteWords(text: string, lang: string, replacements: ReadonlyMap<string, string>): string {
  let out = '';
  for (const segment of segmentsOf(segmenterFor(lang), text)) {
    const replacement = segment.isWordLike ? replacements.get(segment.segment.toLowerCase()) : undefined;
    out += replacement ?? segment.segment;
  }
  return out;
}

/** The words of a query that are spelled with letters and spaces (not Chinese, Japanese or Thai). */
export function spacedWords(query: string, lang: string): string[] {
  return [...new Set(words(query.slice(0, 500), lang).filter((word) => !unspaced.test(word)))];
}

/**
 * Every word of the query must match (AND); Latin words by prefix, unspaced runs by their pairs.
 * A corrected word matches its correction instead, or as well.
 */
export function parseQuery(
  query: string,
  lang: string,
  corrections: ReadonlyMap<string, WordCorrection> = new Map(),
): ParsedQuery {
  const prefix: string[] = [];
  const whole: string[] = [];
  const phraseWords: string[][] = [];
  const needles = new Set<string>();
  for (const word of spacedWords(query, lang)) {
    const correction = corrections.get(word);
    const alternatives = !correction ? [word] : correction.keepTyped ? [word, correction.word] : [correction.word];
    const either = (terms: string[]) => (terms.length === 1 ? (terms[0] ?? '') : `(${terms.join(' | ')})`);
    prefix.push(either(alternatives.map(prefixTerm)));
    whole.push(either(alternatives.map(quote)));
    phraseWords.push(alternatives);
    for (const alternative of alternatives) needles.add(needleOf(alternative));
  }
  const pairTerms: string[] = [];
  for (const match of query.toLowerCase().matchAll(unspacedRun)) {
    const run = match[0];
    for (const pair of pairs(run)) pairTerms.push(quote(pair));
    needles.add(run);
  }
  const and = (terms: string[]) => [...new Set(terms)].join(' & ');
  return {
    tsquery: and([...prefix, ...pairTerms]),
    exact: prefix.length > 0 ? and([...whole, ...pairTerms]) : '',
    written: prefix.length > 0 ? and([...whole, ...pairTerms]) : '',
    phrase: phraseWords.length > 1 && pairTerms.length === 0 ? phrasePattern(phraseWords) : '',
    needles: [...needles],
  };
}

/** Characters with a meaning in a PostgreSQL (ARE) regular expression. */
const escapeAre = (value: string): string => value.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');

/**
 * Each word (or one of its alternatives) at the start of a word of the text, which may go on
 * ('webhook signature' finds 'webhooks signatures'), then anything but letters and digits.
 */
const phrasePattern = (phrase: string[][]): string =>
  `\\m${phrase.map((alternatives) => `(?:${alternatives.map(escapeAre).join('|')})`).join('\\w*\\W+')}`;

const codeBlock = new RegExp(`${CODE_START}[^${CODE_END}]*${CODE_END}?`, 'g');

const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A window of the text around the first match, HTML-escaped, every match wrapped in <mark>.
 * Safe to put in a page as HTML: only <mark> is ours, everything else is escaped. `text` is
 * the visible text of `visibleText` (visible-text.ts): the first match in prose is preferred to
 * one in a code block, which a reader recognises less readily out of its box; a word found
 * only in code still shows that code, as the page does.
 */
export function snippet(text: string, needles: string[], width = 160): string {
  // The code marks are kept (they are not whitespace) to tell prose from code, and count as
  // characters of the window: at most two of them shorten it.
  const marked = text.replace(/\s+/g, ' ').trim();
  if (needles.length === 0) return escapeHtml(withoutCodeMarks(marked).trim().slice(0, width));
  // A Latin needle is a stem: the mark runs to the end of the word it starts.
  const source = needles
    .map((needle) => (unspaced.test(needle) ? escapeRegExp(needle) : `${escapeRegExp(needle)}[\\p{L}\\p{N}]*`))
    .join('|');
  const first = firstMatch(marked, new RegExp(source, 'giu'));
  const start = first > 0 ? Math.max(0, first - Math.floor(width / 3)) : 0;
  const end = Math.min(marked.length, start + width);
  const window = withoutCodeMarks(marked.slice(start, end));
  let out = withoutCodeMarks(marked.slice(0, start)).trim() ? '…' : '';
  let last = 0;
  for (const match of window.matchAll(new RegExp(source, 'giu'))) {
    out += `${escapeHtml(window.slice(last, match.index))}<mark>${escapeHtml(match[0])}</mark>`;
    last = match.index + match[0].length;
  }
  out += escapeHtml(window.slice(last));
  return withoutCodeMarks(marked.slice(end)).trim() ? `${out}…` : out;
}

/** Where the first match outside code starts, else the first inside it, else -1. */
function firstMatch(marked: string, pattern: RegExp): number {
  const code = [...marked.matchAll(codeBlock)].map((block) => [block.index, block.index + block[0].length]);
  let inCode = -1;
  let at = 0;
  for (const match of marked.matchAll(pattern)) {
    while ((code[at]?.[1] ?? Infinity) <= match.index) at += 1;
    if ((code[at]?.[0] ?? Infinity) > match.index) return match.index;
    if (inCode < 0) inCode = match.index;
  }
  return inCode;
}
