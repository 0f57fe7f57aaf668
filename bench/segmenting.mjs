// @ts-check
// Indexing a long document's words (issue #37: a save of a 200,000-character page held the
// event loop for minutes). The product's `indexTerms` (content/search/terms.ts, which gives
// Intl.Segmenter its text in pieces: content/search/segments.ts) against the reference, the
// same segmenter given each document in one piece as the code did before, in the same run.
// Needs `npm run build` first. Usage: node bench/segmenting.mjs
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeSummary } from './lib.mjs';
import { watchLoad } from './load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'packages/server/dist/content/search/terms.js');
if (!existsSync(built)) {
  console.error('packages/server/dist is missing: run npm run build first.');
  process.exit(1);
}
/** @type {typeof import('../packages/server/src/content/search/terms.js')} */
const { indexTerms } = await import(pathToFileURL(built).href);

const words = new Intl.Segmenter('en', { granularity: 'word' });
/** The reference: one call to the segmenter for the whole text (the code before the fix). */
function wholeWords(/** @type {string} */ text) {
  let count = 0;
  for (const segment of words.segment(text)) if (segment.isWordLike) count += 1;
  return count;
}

/** @type {[string, string][]} */
const documents = [
  ['English prose, 40,000 characters', 'Transfer the call to a colleague, then hang up. '.repeat(820)],
  ['English prose, 160,000 characters', 'Transfer the call to a colleague, then hang up. '.repeat(3_280)],
  ['emoji, 40,000 code points', '😀'.repeat(40_000)],
];

const time = (/** @type {() => unknown} */ work) => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

const done = watchLoad('segmenting');
/** @type {import('./lib.mjs').SummaryFigure[]} */
const figures = [];
console.log(`\n${'document'.padEnd(38)}${'indexTerms'.padStart(12)}${'one piece'.padStart(12)}${'ratio'.padStart(9)}`);
for (const [label, text] of documents) {
  const ours = time(() => indexTerms(text, 'en'));
  const reference = time(() => wholeWords(text));
  figures.push({ figure: `indexTerms, ${label}`, ours, reference, unit: 'ms', better: 'lower' });
  console.log(
    `${label.padEnd(38)}${`${ours.toFixed(0)} ms`.padStart(12)}${`${reference.toFixed(0)} ms`.padStart(12)}${`${(ours / reference).toFixed(3)}x`.padStart(9)}`,
  );
}
writeSummary('segmenting', figures, done());
