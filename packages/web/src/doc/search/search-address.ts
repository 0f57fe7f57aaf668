import type { ApiBody } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import type { ReaderScope } from '../reader-scope';

/**
 * What the search view keeps in its address (`#/doc/search?q=…&category=…&typed=1`), so a
 * search can be shared or reloaded as it was: the words, the category, and whether the words
 * are searched exactly as typed (the reader turned down a spelling correction).
 */
export interface SearchAddress {
  q: string;
  category: string;
  typed: boolean;
}

export function readSearchAddress(params: URLSearchParams): SearchAddress {
  return { q: params.get('q') ?? '', category: params.get('category') ?? '', typed: params.get('typed') === '1' };
}

/** Only what is set, so a plain search keeps a plain address. */
export function writeSearchAddress({ q, category, typed }: SearchAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (category) params.set('category', category);
  if (q && typed) params.set('typed', '1');
  return params;
}

/** New words are a new search: a correction turned down for the old ones says nothing about them. */
export const withWords = (address: SearchAddress, q: string): SearchAddress => ({
  q,
  category: address.category,
  typed: address.typed && q === address.q,
});

/** The first page of results for `keyword`, as the reader's scope and the address ask. */
export function searchBody(
  scope: Pick<ReaderScope, 'version' | 'lang'>,
  keyword: string,
  address: Pick<SearchAddress, 'category' | 'typed'>,
): ApiBody<'doc/get_resource_list'> {
  return {
    version: scope.version,
    lang: scope.lang,
    keyword,
    ...(address.category ? { category_id: address.category } : {}),
    ...(address.typed ? { as_typed: true } : {}),
    page_number: 1,
    page_size: limits.pageSizeDefault,
  };
}
