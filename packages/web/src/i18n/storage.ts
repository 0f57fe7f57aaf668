/** The browser storage the product keeps its two local choices in (spec §9). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const LANG_KEY = 'globalLang';
export const VERSION_KEY = 'globalVersion';

/** localStorage, or nothing when the browser refuses it (private mode, disabled storage). */
export function browserStorage(): KeyValueStorage {
  try {
    const probe = '__open_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => memory.set(k, v) };
  }
}
