import { describe, expect, it } from 'vitest';
import { locales } from '@open/protocol/locales';
import { langChoices, nextFreeLang } from './name-rows';

describe('the rows of the category dialog', () => {
  it('adds the first language no row has, never a second English', () => {
    const rows = [
      { lang: 'zh-CN' as const, name: '' },
      { lang: 'en' as const, name: '' },
    ];
    expect(nextFreeLang(rows)).toBe('ar');
    expect(nextFreeLang([...rows, { lang: 'ar', name: '' }])).toBe('bn');
  });

  it('adds the first language of all to an empty dialog, and rows still being filled count as theirs', () => {
    expect(nextFreeLang([])).toBe(locales[0].code);
    expect(nextFreeLang([undefined, { lang: 'ar' }])).toBe('bn');
  });

  it('has nothing to add once every language has a row', () => {
    expect(nextFreeLang(locales.map((l) => ({ lang: l.code, name: '' })))).toBeUndefined();
  });

  it("offers a row its own language and the unused ones, not another row's", () => {
    const rows = [
      { lang: 'zh-CN' as const, name: '' },
      { lang: 'en' as const, name: '' },
    ];
    const first = langChoices(rows, 0);
    expect(first).toContain('zh-CN');
    expect(first).not.toContain('en');
    expect(first).toHaveLength(locales.length - 1);
    expect(langChoices(rows, 1)).not.toContain('zh-CN');
  });
});
