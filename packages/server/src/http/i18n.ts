import type { FastifyRequest } from 'fastify';
import { dictionaries, interpolate, type ErrorKey } from '@open/protocol/messages/index';
import { DEFAULT_LANG, isLang, negotiateLang, type Lang } from '@open/protocol/locales';

/**
 * The language of the caller: the `x-lang` header the web client sends with its current
 * choice, else the browser's Accept-Language, else the product default.
 */
export function requestLang(request: FastifyRequest): Lang {
  const explicit = request.headers['x-lang'];
  if (isLang(explicit)) return explicit;
  return negotiateLang(request.headers['accept-language']) ?? DEFAULT_LANG;
}

/** A message of the error namespace (the only words the server says itself) in `lang`. */
export function translate(lang: Lang, key: ErrorKey, values?: Record<string, string | number>): string {
  return interpolate(dictionaries.error[lang][key], values);
}
