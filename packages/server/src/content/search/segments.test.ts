import { describe, expect, it } from 'vitest';
import { piecesOf, segmentsOf } from './segments.js';
import { indexTerms } from './terms.js';

const words = (segmenter: Intl.Segmenter, text: string, size?: number) =>
  Array.from(segmentsOf(segmenter, text, size), (segment) => segment.segment);

describe('segmenting long text in pieces', () => {
  const english = new Intl.Segmenter('en', { granularity: 'word' });
  const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

  it('gives the same segments as one call, for prose cut after its spaces', () => {
    const text = 'Transfer the call to a colleague, then hang up. '.repeat(40);
    expect(words(english, text, 100)).toEqual(Array.from(english.segment(text), (segment) => segment.segment));
  });

  it('never splits a character: surrogate pairs, marks, joined emoji, flags, Thai', () => {
    const texts = [
      '😀'.repeat(300),
      '👩‍👩‍👧‍👦'.repeat(100),
      '👍🏽'.repeat(150),
      '🇨🇳🇫🇷🇸🇦'.repeat(80),
      'การโทรออกและรับสาย'.repeat(40),
      'é'.repeat(200),
      '软电话集成'.repeat(100),
    ];
    for (const text of texts) {
      const pieces = [...piecesOf(text, 37)];
      expect(pieces.join('')).toBe(text);
      expect(pieces.length).toBeGreaterThan(1);
      expect(Array.from(segmentsOf(graphemes, text, 37), (s) => s.segment)).toEqual(
        Array.from(graphemes.segment(text), (s) => s.segment),
      );
    }
  });

  it('keeps text that cannot be cut (only combining marks) in one piece', () => {
    const marks = '\u0301'.repeat(100);
    expect([...piecesOf(marks, 10)]).toEqual([marks]);
  });

  it('indexes a whole document the same way, however long', () => {
    const text = 'Embedding the softphone in a CRM page: 软电话集成 and การโทรออก. '.repeat(400);
    const terms = indexTerms(text, 'en').split(' ');
    expect(terms.filter((term) => term === 'embedding')).toHaveLength(400);
    expect(terms).toEqual(expect.arrayContaining(['软电', '电话', 'crm']));
  });
});
