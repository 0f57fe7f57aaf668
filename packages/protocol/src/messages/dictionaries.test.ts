import { describe, expect, it } from 'vitest';
import { bootMessages } from '../boot-messages.js';
import { errorCatalogue, fieldReasons } from '../errors.js';
import { langCodes } from '../locales.js';
import en from './en.js';
import { dictionaries, interpolate } from './index.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(en).sort();

describe.each(langCodes)('the %s dictionary', (lang) => {
  const messages = dictionaries[lang] as Record<string, string>;

  it('has every key of the reference language and no other', () => {
    expect(Object.keys(messages).sort()).toEqual(keys);
  });

  it('has no empty text', () => {
    for (const key of keys) expect(messages[key]?.trim(), key).toBeTruthy();
  });

  it('keeps every placeholder of the reference text', () => {
    for (const [key, text] of Object.entries(en))
      expect(placeholders(messages[key] ?? ''), key).toEqual(placeholders(text));
  });

  it('has its boot messages', () => {
    expect(bootMessages[lang].failed.trim()).toBeTruthy();
    expect(bootMessages[lang].retry.trim()).toBeTruthy();
  });
});

describe('catalogue coverage', () => {
  it('every catalogued error and field reason has a message', () => {
    for (const name of Object.keys(errorCatalogue)) expect(en).toHaveProperty(`error.${name}`);
    for (const reason of fieldReasons) expect(en).toHaveProperty(`error.field.${reason}`);
  });

  it('error codes are unique and travel with a 4xx or 5xx status', () => {
    const codes = Object.values(errorCatalogue).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const { code, status } of Object.values(errorCatalogue)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(Math.floor(code / 100)).toBe(status);
    }
  });

  it('no sentence is left in English in another language', () => {
    // Single words (Version, Name, OK, CMS) may well be the same; a sentence never is.
    const isSentence = (text: string) => text.split(/\s+/).length >= 3;
    for (const lang of langCodes.filter((l) => l !== 'en')) {
      const same = Object.entries(en)
        .filter(([key, text]) => isSentence(text) && dictionaries[lang][key as keyof typeof en] === text)
        .map(([key]) => key);
      expect(same, lang).toEqual([]);
    }
  });
});

describe('interpolate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(interpolate('Hello, {{name}} {{x}}', { name: 'Ana' })).toBe('Hello, Ana {{x}}');
  });
});
