/**
 * Markdown to safe HTML, run on the server when content is saved or seeded, so the reader runs
 * no Markdown parser and ships no highlighter. markdown-it parses (raw HTML off), highlight.js
 * colours code, sanitize-html is the last word on what may reach a page.
 */
import hljs from 'highlight.js/lib/common';
import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';
import container from 'markdown-it-container';
import sanitizeHtml from 'sanitize-html';

export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

export interface RenderedDocument {
  html: string;
  toc: TocEntry[];
  /**
   * The first paragraph as plain text, for the cards of the batch view. (Search reads the
   * rendered html instead: content/search/visible-text.ts.)
   */
  summary: string;
}

export const admonitionKinds = ['tip', 'note', 'warning', 'danger'] as const;
export type AdmonitionKind = (typeof admonitionKinds)[number];

export interface RenderOptions {
  /** The default title of each admonition, in the document's language. */
  admonitionTitles: Record<AdmonitionKind, string>;
  /** Where `attachment:<id>` links and images point. */
  attachmentUrl: (id: string) => string;
}

const SUMMARY_LENGTH = 200;

/**
 * Unicode-aware: a Chinese or Arabic heading keeps its letters (a Latin-only slug would turn
 * it into an empty id).
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-');
  return slug || 'section';
}

const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function highlight(code: string, language: string): string {
  if (language && hljs.getLanguage(language)) {
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  }
  return escapeHtml(code);
}

const ATTACHMENT_SCHEME = 'attachment:';

type Parser = InstanceType<typeof MarkdownIt>;
type Tokens = ReturnType<Parser['parse']>;

/**
 * The document's own title heads the page (the reader shows it above the body, larger than any
 * body heading), so the body's outline starts one level below it: its top level is h2. A body that
 * uses `#` has every heading moved down one level (`#` h2, `##` h3, `###` h4), as documentation
 * sites with a title field of their own do: one title a page, the body's sections below it, all
 * of them in the table of contents; a body whose top level is already `##` is left as it is.
 * Shifting the whole body, not only its `#`, keeps the author's nesting (a `##` under a `#` stays
 * below it), and shifting only bodies that use `#` leaves every existing document, its heading
 * links and its table of contents unchanged.
 */
function shiftBelowTitle(tokens: Tokens): void {
  const levelOf = (tag: string) => Number(tag.slice(1));
  const headings = tokens.filter((token) => token.type === 'heading_open' || token.type === 'heading_close');
  if (!headings.some((token) => levelOf(token.tag) === 1)) return;
  for (const token of headings) token.tag = `h${Math.min(levelOf(token.tag) + 1, 6)}`;
}

function createParser(options: RenderOptions, toc: TocEntry[]): Parser {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false, highlight });
  // markdown-it already refuses javascript:, vbscript: and file:; data: images are dropped too,
  // and attachment: links are ours.
  md.validateLink = (url: string): boolean => {
    const value = url.trim().toLowerCase();
    if (value.startsWith(ATTACHMENT_SCHEME)) return /^attachment:[\w-]+$/.test(value);
    return !/^(javascript|vbscript|file|data):/.test(value);
  };
  const normalizeLink = md.normalizeLink.bind(md);
  md.normalizeLink = (url: string): string =>
    url.startsWith(ATTACHMENT_SCHEME) ? options.attachmentUrl(url.slice(ATTACHMENT_SCHEME.length)) : normalizeLink(url);

  md.core.ruler.after('block', 'body_heading_levels', (state) => {
    shiftBelowTitle(state.tokens);
  });
  md.use(anchor, {
    level: [2, 3],
    slugify,
    permalink: anchor.permalink.linkInsideHeader({ symbol: '#', placement: 'after', class: 'header-anchor' }),
    callback(token, { slug, title }) {
      const level = Number(token.tag.slice(1));
      if (level === 2 || level === 3) toc.push({ id: slug, text: title, level });
    },
  });
  for (const kind of admonitionKinds) {
    md.use(container, kind, {
      render(tokens: { nesting: number; info: string }[], index: number): string {
        const token = tokens[index];
        if (!token || token.nesting !== 1) return '</div>\n';
        const title = token.info.trim().slice(kind.length).trim() || options.admonitionTitles[kind];
        return `<div class="admonition admonition-${kind}"><p class="admonition-title">${escapeHtml(title)}</p>\n`;
      },
    });
  }
  return md;
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'blockquote', 'hr', 'br', 'div', 'span'],
    ...['ul', 'ol', 'li', 'strong', 'em', 's', 'del', 'sup', 'sub', 'code', 'pre', 'a', 'img'],
    ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'class', 'id', 'aria-hidden'],
    img: ['src', 'alt', 'title'],
    code: ['class'],
    span: ['class'],
    div: ['class'],
    p: ['class'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
    h2: ['id', 'tabindex'],
    h3: ['id', 'tabindex'],
    h4: ['id'],
  },
  allowedClasses: {
    code: [/^language-[\w-]+$/],
    span: [/^hljs(-[\w-]+)?$/],
    div: ['admonition', /^admonition-[a-z]+$/],
    p: ['admonition-title'],
    a: ['header-anchor'],
  },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    // Links that leave the site open in a new tab and cannot reach back into this page.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      return /^https?:\/\//i.test(href)
        ? { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }
        : { tagName, attribs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};
sanitizeOptions.allowedAttributes = {
  ...(sanitizeOptions.allowedAttributes as Record<string, string[]>),
  a: ['href', 'title', 'class', 'id', 'aria-hidden', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'loading'],
};

/** The first paragraph's text, its line breaks as spaces, cut at SUMMARY_LENGTH. */
function summaryOf(tokens: Tokens): string {
  let inParagraph = false;
  for (const token of tokens) {
    if (token.type === 'heading_open' || token.type === 'paragraph_close') inParagraph = false;
    else if (token.type === 'paragraph_open') inParagraph = true;
    else if (token.type === 'inline' && inParagraph) {
      const summary = (token.children ?? [])
        .map((child) =>
          child.type === 'text' || child.type === 'code_inline'
            ? child.content
            : child.type === 'softbreak' || child.type === 'hardbreak'
              ? ' '
              : '',
        )
        .join('')
        .trim();
      if (summary) return summary.length > SUMMARY_LENGTH ? `${summary.slice(0, SUMMARY_LENGTH - 1)}…` : summary;
    }
  }
  return '';
}

/** Renders one document; pure, so the CMS preview and the documentation side agree exactly. */
export function renderMarkdown(markdown: string, options: RenderOptions): RenderedDocument {
  const toc: TocEntry[] = [];
  const md = createParser(options, toc);
  const env = {};
  const tokens = md.parse(markdown, env);
  const html = sanitizeHtml(md.renderer.render(tokens, md.options, env), sanitizeOptions);
  return { html, toc, summary: summaryOf(tokens) };
}
