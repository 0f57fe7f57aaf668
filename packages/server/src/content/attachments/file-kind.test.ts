import { describe, expect, it } from 'vitest';
import { isStorableText } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { contentDisposition } from '../../http/attachment-download.js';
import { createTextCheck, kindFromHead, textKindOf } from './file-kind.js';
import { markdownText, sanitiseFileName } from './file-name.js';

const head = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('kindFromHead', () => {
  it.each([
    [head([0x89], 'PNG\r\n', [0x1a, 0x0a, 0, 0]), 'image/png'],
    [head([0xff, 0xd8, 0xff, 0xdb]), 'image/jpeg'],
    [head('GIF87a'), 'image/gif'],
    [head('GIF89a'), 'image/gif'],
    [head('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    [head('%PDF-1.7'), 'application/pdf'],
    [head('PK', [3, 4]), 'application/zip'],
    [head('PK', [5, 6]), 'application/zip'],
  ])('%o is %s', (bytes, mime) => {
    expect(kindFromHead(bytes)?.mime).toBe(mime);
  });

  it.each([
    ['RIFF that is not WebP (a WAV)', head('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['GIF of an unknown version', head('GIF90a')],
    ['a PNG signature cut short', head([0x89], 'PNG')],
    ['HTML', head('<!doctype html>')],
    ['SVG', head('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['XML', head('<?xml version="1.0"?>')],
    ['an executable', head('MZ', [0x90, 0])],
    ['nothing', Buffer.alloc(0)],
  ])('%s is none of them', (_label, bytes) => {
    expect(kindFromHead(bytes)).toBeUndefined();
  });

  it('shows only raster images inline', () => {
    expect(kindFromHead(head('GIF89a'))).toMatchObject({ inline: true, image: true });
    expect(kindFromHead(head('%PDF-'))).toMatchObject({ inline: false, image: false });
  });
});

describe('textKindOf', () => {
  it.each([
    ['a.txt', 'text/plain; charset=utf-8'],
    ['A.TXT', 'text/plain; charset=utf-8'],
    ['readme.md', 'text/markdown; charset=utf-8'],
    ['x.markdown', 'text/markdown; charset=utf-8'],
    ['t.csv', 'text/csv; charset=utf-8'],
  ])('%s claims %s', (name, mime) => {
    expect(textKindOf(name)?.mime).toBe(mime);
  });

  it.each(['page.html', 'logo.svg', 'txt', 'a.txt.exe', 'a.', 'constructor', 'a.__proto__'])(
    '%s claims no text kind',
    (name) => {
      expect(textKindOf(name)).toBeUndefined();
    },
  );
});

describe('createTextCheck', () => {
  const check = (...chunks: Buffer[]) => {
    const text = createTextCheck();
    for (const chunk of chunks) text.push(chunk);
    return text.end();
  };

  it('accepts UTF-8, also with a character cut between two chunks', () => {
    const bytes = Buffer.from('日本語 text');
    expect(check(bytes)).toBe(true);
    expect(check(bytes.subarray(0, 1), bytes.subarray(1, 4), bytes.subarray(4))).toBe(true);
    expect(check()).toBe(true);
  });

  it('refuses NUL, bytes that are not UTF-8, and a character cut at the end', () => {
    expect(check(Buffer.from('a\u0000b'))).toBe(false);
    expect(check(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe(false);
    expect(check(Buffer.from([0xed, 0xa0, 0x80]))).toBe(false);
    expect(check(Buffer.from('語').subarray(0, 2))).toBe(false);
  });
});

describe('sanitiseFileName', () => {
  it('keeps the extension when it cuts a long name', () => {
    const name = sanitiseFileName(`${'a'.repeat(500)}.pdf`, 'x');
    expect(name).toBe(`${'a'.repeat(limits.attachmentName - 4)}.pdf`);
  });

  it('never cuts a character in two', () => {
    const name = sanitiseFileName('😀'.repeat(300), 'x');
    expect(Array.from(new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(name))).toHaveLength(
      limits.attachmentName,
    );
    expect(isStorableText(name)).toBe(true);
  });

  it('drops lone surrogates and answers the fallback for a name of nothing', () => {
    expect(sanitiseFileName('a\ud800b.txt', 'x')).toBe('ab.txt');
    expect(sanitiseFileName('../..', 'fallback')).toBe('fallback');
    expect(sanitiseFileName('\u202e\u0000', 'fallback')).toBe('fallback');
  });

  it('composes decomposed letters (NFC)', () => {
    expect(sanitiseFileName('e\u0301te\u0301.txt', 'x')).toBe('été.txt');
  });
});

describe('markdownText and contentDisposition', () => {
  it('escapes what would end a link text', () => {
    expect(markdownText('a]b[c\\d*e_f`g<h>')).toBe('a\\]b\\[c\\\\d\\*e\\_f\\`g\\<h\\>');
  });

  it('writes an ASCII filename and an RFC 8187 filename*', () => {
    expect(contentDisposition('attachment', 'résumé "final" 100%.pdf')).toBe(
      `attachment; filename="r_sum_ _final_ 100_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22%20100%25.pdf`,
    );
    expect(contentDisposition('inline', "it's (1).png")).toBe(
      `inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });
});
