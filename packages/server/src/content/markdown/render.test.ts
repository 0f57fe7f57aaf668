import { describe, expect, it } from 'vitest';
import { renderMarkdown, slugify, type RenderOptions } from './render.js';

const options: RenderOptions = {
  admonitionTitles: { tip: 'Tip', note: 'Note', warning: 'Warning', danger: 'Danger' },
  attachmentUrl: (id) => `/files/${id}`,
};
const render = (markdown: string) => renderMarkdown(markdown, options);

describe('renderMarkdown', () => {
  it('gives h2 and h3 anchors and a table of contents, in any script', () => {
    const out = render('## Quick start\n\ntext\n\n### 嵌入软电话\n\n## Quick start');
    expect(out.toc).toEqual([
      { id: 'quick-start', text: 'Quick start', level: 2 },
      { id: '嵌入软电话', text: '嵌入软电话', level: 3 },
      { id: 'quick-start-1', text: 'Quick start', level: 2 },
    ]);
    expect(out.html).toContain('<h2 id="quick-start"');
    expect(out.html).toContain('href="#quick-start"');
  });

  // The document's title heads the page; a body heading as large as it, or missing from the
  // table of contents, reads as a second document.
  it('puts a body that uses # one level below the title, in the table of contents, nesting kept', () => {
    const out = render('# Install\n\ntext\n\n## From npm\n\n### Offline\n\n# Configure');
    expect(out.html).not.toMatch(/<h1\b/);
    expect(out.html).toContain('<h2 id="install"');
    expect(out.html).toContain('<h3 id="from-npm"');
    expect(out.html).toMatch(/<h4>Offline<\/h4>/);
    expect(out.html).toContain('<h2 id="configure"');
    expect(out.toc).toEqual([
      { id: 'install', text: 'Install', level: 2 },
      { id: 'from-npm', text: 'From npm', level: 3 },
      { id: 'configure', text: 'Configure', level: 2 },
    ]);
  });

  it('finds a # anywhere in the body, also after ## and inside a quote or an admonition', () => {
    for (const markdown of ['## Before\n\n# After', '> # Quoted', '::: tip\n# Inside\n:::']) {
      const out = render(markdown);
      expect(out.html, markdown).not.toMatch(/<h1\b/);
      expect(out.toc.length, markdown).toBeGreaterThan(0);
    }
    expect(render('## Before\n\n# After').toc).toEqual([
      { id: 'before', text: 'Before', level: 3 },
      { id: 'after', text: 'After', level: 2 },
    ]);
  });

  it('leaves a body that starts at ## as it is, and never goes below h6', () => {
    expect(render('## A\n\n### B').html).toMatch(/<h2 id="a"[^>]*>A.*<h3 id="b"/s);
    const deep = render('# A\n\n##### E\n\n###### F').html;
    expect(deep).toMatch(/<h6>E<\/h6>/);
    expect(deep).toMatch(/<h6>F<\/h6>/);
    expect(deep).not.toMatch(/<h7\b/);
  });

  it('highlights code on the server and renders tables with alignment', () => {
    const out = render('```js\nconst a = 1;\n```\n\n| a | b |\n|--:|:-:|\n| 1 | 2 |');
    expect(out.html).toContain('<span class="hljs-keyword">const</span>');
    expect(out.html).toContain('<th style="text-align:right">a</th>');
  });

  it('renders admonitions with a default or a custom title', () => {
    expect(render('::: tip\nUse the token.\n:::').html).toContain(
      '<div class="admonition admonition-tip"><p class="admonition-title">Tip</p>',
    );
    expect(render('::: warning Mind the gap\nx\n:::').html).toContain('Mind the gap');
  });

  it('points attachment: links and images at the attachment address', () => {
    const out = render('[guide](attachment:abc-123) ![shot](attachment:img-1)');
    expect(out.html).toContain('href="/files/abc-123"');
    expect(out.html).toContain('src="/files/img-1"');
  });

  // Inert: no element that runs script, no handler attribute, no address with a script scheme.
  // (The words may survive as visible text, which is harmless.)
  const dangerous = [
    /<(script|iframe|object|embed|style)\b/i,
    /\son[a-z]+\s*=/i,
    /(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i,
  ];
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](java\tscript:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '![x](data:image/png;base64,AAAA)',
    '[x](vbscript:msgbox)',
    '<a href="javascript:alert(1)">x</a>',
    '<iframe src="https://evil.example"></iframe>',
    '```html\n<script>alert(1)</script>\n```',
    '<div onclick="x">y</div>',
    '[x][r]\n\n[r]: javascript:alert(1)',
    '<https://ok.example/" onmouseover="alert(1)>',
  ])('leaves %s inert', (markdown) => {
    // Only real tags count: markup the renderer escaped into text (&lt;…) is already inert.
    const tags = render(markdown).html.match(/<[a-z][^>]*>/gi) ?? [];
    for (const tag of tags) for (const pattern of dangerous) expect(tag).not.toMatch(pattern);
  });

  it('opens external links in a new tab that cannot reach back', () => {
    expect(render('[site](https://example.com)').html).toContain('rel="noopener noreferrer"');
  });

  it('summarises the first paragraph for the cards, its lines joined by spaces', () => {
    const out = render('# Title\n\nIntro paragraph **bold**\nand its `second` line.\n\n## Setup\n\nBody.');
    expect(out.summary).toBe('Intro paragraph bold and its second line.');
    expect(render('```\nnpm ci\n```\n\nAfter the code.').summary).toBe('After the code.');
  });
});

describe('slugify', () => {
  it('keeps letters of every script and never answers empty', () => {
    expect(slugify('Hello, World!')).toBe('hello-world');
    expect(slugify('مرحبا بالعالم')).toBe('مرحبا-بالعالم');
    expect(slugify('!!!')).toBe('section');
  });
});
