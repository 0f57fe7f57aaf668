import { describe, expect, it } from 'vitest';
import {
  addServerUrl,
  checkServerUrl,
  editServerUrl,
  loadServerUrls,
  removeServerUrl,
  saveServerUrls,
  selectServerUrl,
  SERVER_URLS_KEY,
  type ServerUrlList,
} from './server-urls';

const ORIGIN = 'http://localhost:3000';
const list: ServerUrlList = { urls: [ORIGIN, 'https://cc.example.com'], selected: ORIGIN };

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('checkServerUrl', () => {
  it('refuses an empty or blank one', () => {
    expect(checkServerUrl(list, '')).toBe('empty');
    expect(checkServerUrl(list, '   ')).toBe('empty');
  });

  it('refuses one already in the list, whatever its case or trailing slash', () => {
    expect(checkServerUrl(list, 'https://CC.example.com/')).toBe('duplicate');
    expect(checkServerUrl(list, ` ${ORIGIN} `)).toBe('duplicate');
  });

  it('lets an edit keep its own value', () => {
    expect(checkServerUrl(list, 'https://cc.example.com/', 'https://cc.example.com')).toBeNull();
    expect(checkServerUrl(list, ORIGIN, 'https://cc.example.com')).toBe('duplicate');
  });

  it('refuses what is not an http or https address', () => {
    expect(checkServerUrl(list, 'cc.example.com')).toBe('invalid');
    expect(checkServerUrl(list, 'javascript:alert(1)')).toBe('invalid');
    expect(checkServerUrl(list, 'ftp://cc.example.com')).toBe('invalid');
    expect(checkServerUrl(list, 'https://other.example.com:8443')).toBeNull();
  });
});

describe('changing the list', () => {
  it('adds without trailing slashes, selecting the first one added to an empty list', () => {
    expect(addServerUrl(list, 'https://b.example.com/ ')).toEqual({
      urls: [ORIGIN, 'https://cc.example.com', 'https://b.example.com'],
      selected: ORIGIN,
    });
    expect(addServerUrl({ urls: [], selected: '' }, 'https://b.example.com')).toEqual({
      urls: ['https://b.example.com'],
      selected: 'https://b.example.com',
    });
  });

  it('edits in place, following the selection', () => {
    expect(editServerUrl(list, ORIGIN, 'http://localhost:4000/')).toEqual({
      urls: ['http://localhost:4000', 'https://cc.example.com'],
      selected: 'http://localhost:4000',
    });
  });

  it('removes, moving the selection to the first left, or to none', () => {
    expect(removeServerUrl(list, ORIGIN)).toEqual({
      urls: ['https://cc.example.com'],
      selected: 'https://cc.example.com',
    });
    expect(removeServerUrl({ urls: [ORIGIN], selected: ORIGIN }, ORIGIN)).toEqual({ urls: [], selected: '' });
    expect(removeServerUrl(list, 'https://cc.example.com').selected).toBe(ORIGIN);
  });

  it('selects only what is in the list', () => {
    expect(selectServerUrl(list, 'https://cc.example.com').selected).toBe('https://cc.example.com');
    expect(selectServerUrl(list, 'https://elsewhere.example.com')).toBe(list);
  });
});

describe('storage', () => {
  it('round-trips through localStorage', () => {
    const storage = memoryStorage();
    saveServerUrls(storage, list);
    expect(loadServerUrls(storage, ORIGIN)).toEqual(list);
  });

  it('starts with this server when nothing is saved', () => {
    expect(loadServerUrls(memoryStorage(), ORIGIN)).toEqual({ urls: [ORIGIN], selected: ORIGIN });
  });

  it('falls back or drops bad entries when what is saved is damaged', () => {
    expect(loadServerUrls(memoryStorage({ [SERVER_URLS_KEY]: '{not json' }), ORIGIN).urls).toEqual([ORIGIN]);
    expect(loadServerUrls(memoryStorage({ [SERVER_URLS_KEY]: '"a string"' }), ORIGIN).urls).toEqual([ORIGIN]);
    const damaged = JSON.stringify({
      urls: ['https://a.example.com', 42, '', 'https://a.example.com', 'nope'],
      selected: 'gone',
    });
    expect(loadServerUrls(memoryStorage({ [SERVER_URLS_KEY]: damaged }), ORIGIN)).toEqual({
      urls: ['https://a.example.com'],
      selected: 'https://a.example.com',
    });
  });

  it('keeps working when storage refuses to save', () => {
    expect(() => {
      saveServerUrls(
        {
          setItem: () => {
            throw new Error('QuotaExceededError');
          },
        },
        list,
      );
    }).not.toThrow();
  });
});
