import { describe, expect, it } from 'vitest';
import { bootMessages } from '../boot-messages.js';
import { errorCatalogue, fieldReasons } from '../errors.js';
import { langCodes } from '../locales.js';
import { events, initParams, methods } from '../softphone/catalogue.js';
import { dictionaries, dictionaryOf, interpolate, namespaces } from './index.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const reference = (ns: (typeof namespaces)[number]) => dictionaries[ns].en as Record<string, string>;

describe.each(namespaces)('the %s namespace', (ns) => {
  const en = reference(ns);
  const keys = Object.keys(en).sort();

  it('has keys, each starting with the namespace', () => {
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key.startsWith(`${ns}.`), key).toBe(true);
  });

  describe.each(langCodes)('in %s', (lang) => {
    const messages = dictionaries[ns][lang] as Record<string, string>;

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
  });

  it('leaves no sentence in English in another language', () => {
    // Single words (Version, Name, OK, CMS) may well be the same; a sentence never is.
    const isSentence = (text: string) => text.split(/\s+/).length >= 3;
    for (const lang of langCodes.filter((l) => l !== 'en')) {
      const messages = dictionaries[ns][lang] as Record<string, string>;
      const same = Object.entries(en)
        .filter(([key, text]) => isSentence(text) && messages[key] === text)
        .map(([key]) => key);
      expect(same, lang).toEqual([]);
    }
  });
});

describe('namespaces', () => {
  it('no key appears in two namespaces', () => {
    const owners = new Map<string, string[]>();
    for (const ns of namespaces)
      for (const key of Object.keys(reference(ns))) owners.set(key, [...(owners.get(key) ?? []), ns]);
    expect([...owners].filter(([, found]) => found.length > 1)).toEqual([]);
  });

  it('dictionaryOf merges exactly the namespaces asked for, in the language asked for', () => {
    const merged = dictionaryOf('fr', ['shell', 'doc']);
    expect(Object.keys(merged).sort()).toEqual(
      [...Object.keys(reference('shell')), ...Object.keys(reference('doc'))].sort(),
    );
    expect(merged['shell.hello']).toBe(dictionaries.shell.fr['shell.hello']);
    expect(merged['doc.title']).toBe(dictionaries.doc.fr['doc.title']);
    expect(Object.keys(dictionaryOf('fr', []))).toEqual([]);
  });
});

describe.each(langCodes)('the %s boot messages', (lang) => {
  it('are there', () => {
    expect(bootMessages[lang].failed.trim()).toBeTruthy();
    expect(bootMessages[lang].retry.trim()).toBeTruthy();
  });
});

describe('catalogue coverage', () => {
  it('every catalogued error and field reason has a message in the error namespace', () => {
    const en = reference('error');
    for (const name of Object.keys(errorCatalogue)) expect(en).toHaveProperty([`error.${name}`]);
    for (const reason of fieldReasons) expect(en).toHaveProperty([`error.field.${reason}`]);
  });

  it('every description in the softphone catalogue is a message of the softphone namespace', () => {
    const en = reference('softphone');
    const described = [
      ...initParams,
      ...methods.flatMap((m) => [m, ...m.params]),
      ...events.flatMap((e) => [e, ...e.payload]),
    ];
    for (const { description } of described) expect(en).toHaveProperty([description]);
  });

  it('error codes are unique and travel with a 4xx or 5xx status', () => {
    const codes = Object.values(errorCatalogue).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const { code, status } of Object.values(errorCatalogue)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(Math.floor(code / 100)).toBe(status);
    }
  });
});

describe('interpolate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(interpolate('Hello, {{name}} {{x}}', { name: 'Ana' })).toBe('Hello, Ana {{x}}');
  });
});
