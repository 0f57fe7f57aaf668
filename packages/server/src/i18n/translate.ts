import { dictionaries, interpolate, type ErrorKey } from '@open/protocol/messages/index';
import type { Lang } from '@open/protocol/locales';

/** A message of the error namespace (the only words the server says itself) in `lang`. */
export function translate(lang: Lang, key: ErrorKey, values?: Record<string, string | number>): string {
  return interpolate(dictionaries.error[lang][key], values);
}
