import { describe, expect, it } from 'vitest';
import { bestCorrection, correctable, editDistance, maxEdits, oneEditAway } from './spelling.js';

describe('edit distance', () => {
  it('counts a swap of two neighbours, a dropped, doubled or wrong letter as one edit each', () => {
    expect(editDistance('configuratoin', 'configuration')).toBe(1);
    expect(editDistance('regisstration', 'registration')).toBe(1);
    expect(editDistance('diffrences', 'differences')).toBe(1);
    expect(editDistance('tsting', 'testing')).toBe(1);
    expect(editDistance('perserve', 'preserve')).toBe(1);
    expect(editDistance('constuctor', 'constructor')).toBe(1);
    expect(editDistance('snappshot', 'snapshot')).toBe(1);
    expect(editDistance('recieve', 'receive')).toBe(1);
    expect(editDistance('konfigurasion', 'configuration')).toBe(2);
    expect(editDistance('same', 'same')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('stops early past the limit with any value above it', () => {
    expect(editDistance('configuration', 'registration', 2)).toBeGreaterThan(2);
    expect(editDistance('a', 'abcdef', 1)).toBeGreaterThan(1);
  });

  it('works on letters, not UTF-16 halves', () => {
    expect(editDistance('straße', 'strase')).toBe(1);
    expect(editDistance('café', 'cafe')).toBe(1);
  });
});

describe('what may be corrected, and how far', () => {
  it('corrects Latin words of four letters or more, never Chinese, Japanese, Thai, digits or Cyrillic', () => {
    expect(correctable('tset')).toBe(true);
    expect(correctable('konfiguration')).toBe(true);
    expect(correctable('élan')).toBe(true);
    expect(correctable('the')).toBe(false);
    expect(correctable('软电话')).toBe(false);
    expect(correctable('ソフトフォン')).toBe(false);
    expect(correctable('โอนสาย')).toBe(false);
    expect(correctable('8002')).toBe(false);
    expect(correctable('websocket2')).toBe(false);
    expect(correctable('настройка')).toBe(false);
  });

  it('allows one edit below eight letters and two from eight', () => {
    expect(maxEdits('tsting')).toBe(1);
    expect(maxEdits('perserve')).toBe(2);
  });
});

describe('one edit away', () => {
  it('holds every drop, swap, change and insertion, and not the word itself', () => {
    const near = oneEditAway('tset');
    for (const word of ['test', 'tse', 'tsets', 'asset'.slice(1), 'tsst']) {
      if (word.length >= 4) expect(near).toContain(word);
    }
    expect(near).toContain('test');
    expect(near).toContain('tsetx'.slice(0, 5));
    expect(near).not.toContain('tset');
    // Nothing shorter than a correctable word.
    expect(near.every((word) => word.length >= 4)).toBe(true);
  });
});

describe('the best correction', () => {
  it('prefers the fewest edits, then the same first letter, then the commonest word, then alphabetical order', () => {
    expect(
      bestCorrection('tsting', [
        { word: 'testing', docs: 3 },
        { word: 'sting', docs: 50 },
        { word: 'tasting', docs: 1 },
      ]),
    ).toEqual({ word: 'testing', docs: 3 });
    expect(
      bestCorrection('tsting', [
        { word: 'tasting', docs: 1 },
        { word: 'testing', docs: 1 },
      ]),
    ).toEqual({ word: 'tasting', docs: 1 });
    expect(
      bestCorrection('perserve', [
        { word: 'preserve', docs: 2 },
        { word: 'reserve', docs: 9 },
      ]),
    ).toEqual({ word: 'preserve', docs: 2 });
    expect(
      bestCorrection('tset', [
        { word: 'sett', docs: 9 },
        { word: 'test', docs: 4 },
        { word: 'tsetse', docs: 4 },
      ]),
    ).toEqual({ word: 'test', docs: 4 });
  });

  it('finds nothing when no word is close enough, and never the word itself', () => {
    expect(bestCorrection('konfigurashun', [{ word: 'configuration', docs: 40 }])).toBeUndefined();
    expect(bestCorrection('tsting', [{ word: 'toasting', docs: 40 }])).toBeUndefined();
    expect(bestCorrection('policy', [{ word: 'policy', docs: 40 }])).toBeUndefined();
  });
});
