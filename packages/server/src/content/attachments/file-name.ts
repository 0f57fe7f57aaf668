import { limits } from '@open/protocol/limits';

/** Characters Windows refuses in names; a name is shown and downloaded there too. */
const RESERVED = /[<>:"|?*]/g;
/** Control and format characters: newlines, NUL, and bidirectional overrides that disguise `gpj.exe` as `exe.jpg`. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
/** The characters a reader sees: an emoji or a letter with its accents is one, never cut in two. */
const charactersOf = (text: string) => Array.from(graphemes.segment(text), (s) => s.segment);

/**
 * A file name fit to store, show and send back in Content-Disposition: no folders (the last
 * part of a path sent by an old browser), no control or format characters, no characters
 * Windows refuses, no leading dots (hidden files) or trailing dots and spaces, at most
 * `limits.attachmentName` characters with the extension kept. Letters of every script stay.
 * An empty result becomes `fallback`.
 */
export function sanitiseFileName(raw: string, fallback: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = base
    // A lone surrogate cannot be stored (nor encoded as UTF-8); with the u flag \p{Cs} matches only those.
    .replace(/\p{Cs}/gu, '')
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (charactersOf(name).length > limits.attachmentName) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    const stem = charactersOf(name.slice(0, name.length - extension.length));
    name = stem.slice(0, limits.attachmentName - charactersOf(extension).length).join('') + extension;
  }
  return name === '' ? fallback : name;
}

/** Link text for Markdown: the characters that would end the text or start markup are escaped. */
export function markdownText(name: string): string {
  return name.replace(/[\\[\]*_`<>]/g, '\\$&');
}
