import { useSearchParams } from 'react-router';
import type { ContentStatus } from '@open/protocol/api';

/** The list's filters, as read from the address. */
export interface ResourceFilter {
  category_id: string | undefined;
  version_id: string | undefined;
  /** 0: every status. */
  status: ContentStatus | 0;
  /** '' for the interface language; anything that is no language counts as that too. */
  lang: string;
  keyword: string;
}

/** The address parameter each filter is kept in. */
export type FilterParam = 'category' | 'version' | 'status' | 'lang' | 'q';

/**
 * The filters and page of the resource list, kept in the address so a filtered list survives
 * a reload, a trip to the editor and back, and can be shared.
 */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const filter: ResourceFilter = {
    category_id: params.get('category') ?? undefined,
    version_id: params.get('version') ?? undefined,
    status: Number(params.get('status')) as ContentStatus | 0,
    lang: params.get('lang') ?? '',
    keyword: params.get('q') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  // Reordering needs the whole category in view, unfiltered otherwise.
  const sortable = Boolean(filter.category_id) && !filter.version_id && !filter.status && !filter.keyword;

  /** Sets one filter (`undefined` clears it) and goes back to the first page, in place of the last filter. */
  const setFilter = (name: FilterParam, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next, { replace: true });
  };

  /** Turns the page, as a step of its own in the history. */
  const setPage = (next: number) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('page', String(next));
    setParams(nextParams);
  };

  return { filter, page, sortable, setFilter, setPage };
}

export type ListFilters = ReturnType<typeof useListFilters>;
