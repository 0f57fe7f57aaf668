/**
 * The text a reader sees of a rendered document, for the search index and its snippets. It is
 * read from the sanitised HTML the reader is sent (content/markdown/render.ts), not from the
 * Markdown: what the index holds and what a snippet shows then never include Markdown marks,
 * tags or attributes, and never miss what the page shows. Code keeps its characters, so an HTML
 * example in a code block reads as that code, exactly as on the page.
 */

/**
 * Bound a code block's text in `text`: a snippet prefers a match in prose to one in code. Both
 * are control characters, never typed in a document, storable in PostgreSQL (only U+0000 is
 * not) and not whitespace, so collapsing spaces keeps them.
 */
export const CODE_START = '\u0002';
export const CODE_END = '\u0003';

export interface VisibleText {
  /** The headings, one a line: indexed between the title and the body. */
  headings: string;
  /** Everything else, one block a line: the indexed body. */
  body: string;
  /** Headings and body in reading order, code blocks between CODE_START and CODE_END: snippets are cut from it. */
  text: string;
}

/** Elements that start a new line of text where they open and where they close. */
const blockTags = new Set([
  ...['address', 'article', 'aside', 'blockquote', 'details', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure'],
  ...['footer', 'header', 'hr', 'br', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'ul'],
  ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'caption', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
]);
const headingTag = /^h[1-6]$/;

/** Between the cells of a table row, so a row reads as its cells rather than one run of words. */
export const CELL_SEPARATOR = ' · ';

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[name.toLowerCase()] ?? whole;
  });
}

/** A tag with its attributes, or a run of text; a stray '<' (not in sanitised output) is text. */
const markup = /<(\/?)([a-z][a-z0-9]*)\b([^>]*)>|([^<]+|<)/gi;

/** The heading permalink ('#') is hidden from assistive technology and is no part of the text. */
const isHiddenLink = (attributes: string): boolean =>
  /\baria-hidden\s*=\s*"true"/i.test(attributes) || /\bclass\s*=\s*"[^"]*\bheader-anchor\b/i.test(attributes);

interface Block {
  text: string;
  heading: boolean;
  code: boolean;
}

export function visibleText(html: string): VisibleText {
  const blocks: Block[] = [];
  let current = '';
  let heading = false;
  let preDepth = 0;
  let hiddenDepth = 0;
  let cellsInRow = 0;

  const flush = (): void => {
    // A browser collapses spaces and line breaks outside <pre>; code keeps its lines.
    const text = preDepth > 0 ? current.replace(/^\n+|\s+$/g, '') : current.replace(/\s+/g, ' ').trim();
    if (text) blocks.push({ text, heading, code: preDepth > 0 });
    current = '';
  };

  for (const match of html.matchAll(markup)) {
    const [, closing, rawName, attributes = '', text] = match;
    if (text !== undefined) {
      if (hiddenDepth === 0) current += decodeEntities(text);
      continue;
    }
    const name = (rawName ?? '').toLowerCase();
    const opening = closing !== '/';
    if (name === 'a') {
      if (opening && (hiddenDepth > 0 || isHiddenLink(attributes))) hiddenDepth += 1;
      else if (!opening && hiddenDepth > 0) hiddenDepth -= 1;
      continue;
    }
    if (hiddenDepth > 0) continue;
    if (name === 'td' || name === 'th') {
      if (opening && cellsInRow++ > 0) current += CELL_SEPARATOR;
      continue;
    }
    if (!blockTags.has(name)) continue;
    flush();
    if (name === 'tr') cellsInRow = 0;
    if (headingTag.test(name)) heading = opening;
    if (name === 'pre') preDepth = Math.max(0, preDepth + (opening ? 1 : -1));
  }
  flush();

  const lines = (of: Block[]) => of.map((block) => block.text).join('\n');
  return {
    headings: lines(blocks.filter((block) => block.heading)),
    body: lines(blocks.filter((block) => !block.heading)),
    text: blocks.map((block) => (block.code ? `${CODE_START}${block.text}${CODE_END}` : block.text)).join('\n'),
  };
}

/** `text` of `visibleText` without its code marks. */
export function withoutCodeMarks(text: string): string {
  return text.replaceAll(CODE_START, '').replaceAll(CODE_END, '');
}
