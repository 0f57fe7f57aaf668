import { describe, expect, it } from 'vitest';
import { DEFAULT_LANG, directionOf, isLang, langCodes, negotiateLang } from './locales.js';

describe('locales', () => {
  it('lists the 19 languages of DESIGN §10, default zh-CN', () => {
    expect([...langCodes]).toEqual([
      'ar',
      'bn',
      'de',
      'en',
      'es',
      'fil',
      'fr',
      'hi',
      'id',
      'it',
      'ja',
      'ko',
      'ms',
      'pt',
      'ru',
      'th',
      'vi',
      'zh-CN',
      'zh-TW',
    ]);
    expect(DEFAULT_LANG).toBe('zh-CN');
  });

  it('only Arabic is right to left', () => {
    expect(langCodes.filter((l) => directionOf(l) === 'rtl')).toEqual(['ar']);
  });

  it('isLang accepts only supported codes', () => {
    expect(isLang('zh-TW')).toBe(true);
    expect(isLang('zh')).toBe(false);
    expect(isLang(undefined)).toBe(false);
  });

  it.each([
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh', 'zh-CN'],
    ['tl-PH', 'fil'],
    ['xx, de;q=0.5', 'de'],
    ['en;q=0.1, ja;q=0.9', 'ja'],
    ['*', undefined],
    ['', undefined],
  ])('negotiates %s to %s', (header, expected) => {
    expect(negotiateLang(header)).toBe(expected);
  });
});
