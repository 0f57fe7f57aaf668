/**
 * `Intl.Segmenter` over long text, in pieces. V8's segmenter slows down sharply with the length
 * of the string it is given: 160,000 characters of English took 47 s in one piece and 0.12 s in
 * pieces of 10,000 (bench/segmenting.mjs), and a document of up to INDEXED_CHARACTERS is indexed
 * on every save, on the event loop. Text is given to it in pieces cut where no word and no
 * user-perceived character is split: after whitespace when the piece's second half has any,
 * else between two characters that do not join (Chinese, Japanese and Thai write no spaces;
 * their runs are matched by character pairs over the whole text, so a cut inside a word costs
 * nothing there).
 */

/** How much text one call to a segmenter is given, at most. */
export const SEGMENTED_PIECE = 4_000;

/** Characters that attach to the one before them: marks, joiners, variation selectors, skin tones. */
const attaches = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f]|[\u{1f3fb}-\u{1f3ff}]|[\u{e0020}-\u{e007f}])/u;

/** Whether `text` may be cut before its `at`-th code unit without splitting a character. */
function cuttable(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if (unit >= 0xdc00 && unit <= 0xdfff) return false;
  if (text.charCodeAt(at - 1) === 0x200d) return false;
  // Regional indicators make flags two by two: a cut after an odd number of them splits one.
  if (/^\p{RI}/u.test(text.slice(at, at + 2))) {
    let before = 0;
    while (/\p{RI}$/u.test(text.slice(at - 2 * (before + 1), at - 2 * before))) before += 1;
    if (before % 2 === 1) return false;
  }
  return !attaches.test(text.slice(at, at + 2));
}

/** Where the piece starting at `start` ends (exclusive). */
function pieceEnd(text: string, start: number, size: number): number {
  const limit = start + size;
  if (limit >= text.length) return text.length;
  for (let at = limit; at > start + size / 2; at -= 1) if (/\s/.test(text.charAt(at - 1))) return at;
  for (let at = limit; at > start; at -= 1) if (cuttable(text, at)) return at;
  // No cut anywhere in the piece (thousands of combining marks): one piece of it all.
  return text.length;
}

/** The pieces of `text`, in order, each of at most `size` code units unless it cannot be cut. */
export function* piecesOf(text: string, size = SEGMENTED_PIECE): Generator<string> {
  for (let start = 0; start < text.length;) {
    const end = pieceEnd(text, start, size);
    yield text.slice(start, end);
    start = end;
  }
}

/**
 * The segments of `text`, as `segmenter.segment(text)` gives them, segmented piece by piece
 * (each segment's `index` is within its piece).
 */
export function* segmentsOf(
  segmenter: Intl.Segmenter,
  text: string,
  size = SEGMENTED_PIECE,
): Generator<Intl.SegmentData> {
  for (const piece of piecesOf(text, size)) yield* segmenter.segment(piece);
}
