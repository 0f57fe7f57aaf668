import { describe, expect, it } from 'vitest';
import { readSearchAddress, searchBody, withWords, writeSearchAddress } from './search-address';

const scope = { version: 'all', lang: 'en' } as const;
const read = (search: string) => readSearchAddress(new URLSearchParams(search));

describe('the search address', () => {
  it('reads the words, the category and the as-typed choice', () => {
    expect(read('q=configuratoin&category=c1&typed=1')).toEqual({ q: 'configuratoin', category: 'c1', typed: true });
    expect(read('q=configuratoin')).toEqual({ q: 'configuratoin', category: '', typed: false });
    expect(read('q=configuratoin&typed=yes').typed).toBe(false);
  });

  it('writes only what is set, and the as-typed choice only with words', () => {
    expect(writeSearchAddress({ q: 'configuratoin', category: '', typed: false }).toString()).toBe('q=configuratoin');
    expect(writeSearchAddress({ q: 'configuratoin', category: 'c1', typed: true }).toString()).toBe(
      'q=configuratoin&category=c1&typed=1',
    );
    expect(writeSearchAddress({ q: '', category: 'c1', typed: true }).toString()).toBe('category=c1');
  });

  it('survives a reload as it was written', () => {
    const address = { q: 'Web 软电话', category: 'c1', typed: true };
    expect(readSearchAddress(writeSearchAddress(address))).toEqual(address);
  });
});

describe('searching the words as typed', () => {
  const corrected = read('q=configuratoin&category=c1');

  it('is asked of the server once the address says so, and not before', () => {
    expect(searchBody(scope, 'configuratoin', corrected)).not.toHaveProperty('as_typed');
    // What the notice's link leads to.
    const asTyped = readSearchAddress(writeSearchAddress({ ...corrected, typed: true }));
    expect(searchBody(scope, 'configuratoin', asTyped)).toEqual({
      version: 'all',
      lang: 'en',
      keyword: 'configuratoin',
      category_id: 'c1',
      as_typed: true,
      page_number: 1,
      page_size: expect.any(Number) as number,
    });
  });

  it('is dropped when the reader types new words, and kept with the category for the same ones', () => {
    const asTyped = { ...corrected, typed: true };
    expect(withWords(asTyped, 'configuratio')).toEqual({ q: 'configuratio', category: 'c1', typed: false });
    expect(withWords(asTyped, '')).toEqual({ q: '', category: 'c1', typed: false });
    // A space typed after the words leaves them as they were.
    expect(withWords(asTyped, 'configuratoin')).toEqual(asTyped);
    expect(withWords(corrected, 'configuratoin')).toEqual(corrected);
  });
});
