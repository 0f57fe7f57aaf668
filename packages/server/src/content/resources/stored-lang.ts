import { isLang, type Lang } from '@open/protocol/locales';

/**
 * A language read back from the database. Stored languages were validated on the way in; one
 * that is not a language is a bug.
 */
export function storedLang(value: string): Lang {
  if (!isLang(value)) throw new Error(`stored content has an unknown language: ${value}`);
  return value;
}
