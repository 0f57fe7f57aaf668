/**
 * Arrays and objects nested in one JSON body or socket frame. The deepest the API's schemas take
 * is a handful (a list of objects in a body); the bound only stops `[[[[…` bodies, which cost far
 * more to parse than flat ones of the same size. Here, not in limits.ts: the reader's bundle
 * carries limits.ts and is at its budget, and only the server needs this.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Where the string opened at `open` ends: the next quote not escaped (the text's end if none). */
function closingQuote(text: string, open: number): number {
  let at = open;
  for (;;) {
    // indexOf leaps over a long string (a document's Markdown) far faster than a loop would.
    at = text.indexOf('"', at + 1);
    if (at === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

/**
 * Whether JSON text nests arrays and objects deeper than `max`, found in one pass over its
 * characters (brackets inside strings do not count). Run before JSON.parse: a megabyte of `[[[…`
 * costs far more to parse, validate and answer than a flat megabyte, and one client sending them
 * back to back slowed every other request. Text that is not JSON is not judged: the parser will be.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === QUOTE) {
      at = closingQuote(text, at);
    } else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}
