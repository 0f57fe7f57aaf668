import { describe, expect, it } from 'vitest';
import { renderMarkdown, type RenderOptions } from '../markdown/render.js';
import { parseQuery, snippet } from './terms.js';
import { CODE_END, CODE_START, visibleText, withoutCodeMarks } from './visible-text.js';

const options: RenderOptions = {
  admonitionTitles: { tip: 'Tip', note: 'Note', warning: 'Warning', danger: 'Danger' },
  attachmentUrl: (id) => `/files/${id}`,
};
const visible = (markdown: string) => visibleText(renderMarkdown(markdown, options).html);
const htmlExample = [
  'Put the phone beside your page.',
  '',
  '```html',
  '<div style="margin-left: 380px">',
  '  <p>Agent status: <span id="agent-status">-</span></p>',
  '</div>',
  '```',
].join('\n');
const table = '| Port | Protocol | Use |\n|---|---|---|\n| 443 | TCP | Signalling & **API** |\n| 10000 | UDP | Media |';

describe('visibleText', () => {
  it('reads a code block of HTML as the code a reader sees, never as tags of our rendering', () => {
    const { body, text } = visible(htmlExample);
    expect(body).toBe(
      'Put the phone beside your page.\n<div style="margin-left: 380px">\n  <p>Agent status: <span id="agent-status">-</span></p>\n</div>',
    );
    // The highlighter's spans and the <pre><code> around the code are gone.
    expect(text).not.toMatch(/hljs|<pre|<code|&lt;|&quot;/);
    expect(text).toContain(`${CODE_START}<div style="margin-left: 380px">`);
    expect(text.endsWith(`</div>${CODE_END}`)).toBe(true);
  });

  it('separates the cells of a table and its rows, without Markdown marks', () => {
    expect(visible(table).body).toBe('Port · Protocol · Use\n443 · TCP · Signalling & API\n10000 · UDP · Media');
  });

  it('keeps headings apart, without their permalink or Markdown marks', () => {
    const out = visible('Intro with [a link](https://example.com).\n\n## Use `init()` **first**\n\n- one\n- two');
    expect(out.headings).toBe('Use init() first');
    expect(out.body).toBe('Intro with a link.\none\ntwo');
    expect(out.text).toBe('Intro with a link.\nUse init() first\none\ntwo');
  });

  it('reads text the Markdown escaped as the characters shown, and admonition titles as shown', () => {
    expect(visible('Type <b>bold</b> & "quotes"\n\n::: tip\nUse the token.\n:::').body).toBe(
      'Type <b>bold</b> & "quotes"\nTip\nUse the token.',
    );
  });

  it('drops its code marks on request', () => {
    const text = withoutCodeMarks(visible(htmlExample).text);
    for (const mark of [CODE_START, CODE_END]) expect(text).not.toContain(mark);
  });
});

describe('snippets of the visible text', () => {
  const cut = (markdown: string, query: string) => snippet(visible(markdown).text, parseQuery(query, 'en').needles, 80);

  it('prefers a match in prose to an earlier one in code', () => {
    const out = cut(`${htmlExample}\n\nThe agent status shows on the left.`, 'status');
    expect(out).toContain('The agent <mark>status</mark> shows on the left.');
    expect(out).not.toContain('Agent <mark>status</mark>');
    for (const mark of [CODE_START, CODE_END]) expect(out).not.toContain(mark);
  });

  it('shows code, escaped, when only code has the word', () => {
    expect(cut(htmlExample, 'margin')).toContain('&lt;div style=&quot;<mark>margin</mark>-left: 380px&quot;&gt;');
  });

  it('shows a table row as its separated cells', () => {
    expect(cut(table, 'media')).toContain('10000 · UDP · <mark>Media</mark>');
  });
});
