/**
 * Spelling correction of search words (issue #23): a Latin word of the query that matches
 * nothing, or almost nothing, is matched against the words the documentation really contains
 * (`search_word`, migration 20261126T1400_search_words) within a small edit distance. Pure:
 * the candidates come from search-word.data.ts, the decision to correct from resource.service.ts.
 */

/** Words shorter than this are too ambiguous to correct ('form' is one edit from 'from', 'fork', 'norm'…). */
export const MIN_CORRECTED_LENGTH = 4;

/** Latin letters only: Chinese, Japanese and Thai are matched by character pairs and never corrected. */
const latinWord = /^[a-z\u00df-\u00f6\u00f8-\u00ff\u0100-\u024f\u1e00-\u1eff]+$/u;

/** Whether a word of a query may be corrected at all. */
export const correctable = (word: string): boolean =>
  word.length >= MIN_CORRECTED_LENGTH && word.length <= 40 && latinWord.test(word);

/**
 * How many slips of the keyboard a word may hold: one below eight letters, two from eight.
 * VitePress's MiniSearch allows 0.2 of the length, rounded: the same up to twelve letters.
 */
export const maxEdits = (word: string): number => (word.length >= 8 ? 2 : 1);

/**
 * The optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbours each count one ('configuratoin' is one from 'configuration'). Above `max`, any
 * value above `max` is returned as soon as it is certain, without finishing the table.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const x = Array.from(a);
  const y = Array.from(b);
  let before = new Array<number>(y.length + 1).fill(0);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i += 1) {
    const current = new Array<number>(y.length + 1).fill(0);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      }
      current[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[y.length] ?? 0;
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every string one edit from `word` (a letter dropped, doubled or added, changed, or two
 * swapped), with the letters of the English alphabet and the word's own. For short words,
 * whose few trigrams say little about their neighbours, these are looked up directly.
 */
export function oneEditAway(word: string): string[] {
  // Code points are letters here: a correctable word is Latin letters only (`correctable`).
  const letters = Array.from(new Set([...Array.from(alphabet), ...Array.from(word)]));
  const chars = Array.from(word);
  const out = new Set<string>();
  for (let i = 0; i <= chars.length; i += 1) {
    const head = chars.slice(0, i).join('');
    const rest = chars.slice(i);
    const tail = rest.slice(1).join('');
    if (rest.length > 0) out.add(head + tail);
    if (rest.length > 1) out.add(head + (rest[1] ?? '') + (rest[0] ?? '') + rest.slice(2).join(''));
    for (const letter of letters) {
      if (rest.length > 0 && letter !== rest[0]) out.add(head + letter + tail);
      out.add(head + letter + rest.join(''));
    }
  }
  out.delete(word);
  return [...out].filter((candidate) => candidate.length >= MIN_CORRECTED_LENGTH);
}

export interface WordCount {
  word: string;
  /** How many locale rows of published documentation hold it. */
  docs: number;
}

/**
 * The word `typed` most likely meant among `candidates`: the fewest edits; then one that starts
 * with the same letter (a slip rarely hits the first: 'tsting' is 'testing', not 'sting'); then
 * the commonest; then the first in alphabetical order, so the answer never depends on the
 * order given. Undefined when none is close enough.
 */
export function bestCorrection(typed: string, candidates: readonly WordCount[]): WordCount | undefined {
  const limit = maxEdits(typed);
  const first = typed[0];
  const rank = (candidate: WordCount, distance: number) =>
    [distance, candidate.word[0] === first ? 0 : 1, -candidate.docs] as const;
  let best: { candidate: WordCount; key: readonly [number, number, number] } | undefined;
  for (const candidate of candidates) {
    if (candidate.word === typed || candidate.docs <= 0) continue;
    const distance = editDistance(typed, candidate.word, limit);
    if (distance > limit) continue;
    const key = rank(candidate, distance);
    if (!best || before(key, candidate.word, best.key, best.candidate.word)) best = { candidate, key };
  }
  return best ? { word: best.candidate.word, docs: best.candidate.docs } : undefined;
}

function before(key: readonly number[], word: string, other: readonly number[], otherWord: string): boolean {
  for (let i = 0; i < key.length; i += 1) {
    const a = key[i] ?? 0;
    const b = other[i] ?? 0;
    if (a !== b) return a < b;
  }
  return word < otherWord;
}
