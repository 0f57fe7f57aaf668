import type { FastifyRequest } from 'fastify';
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
