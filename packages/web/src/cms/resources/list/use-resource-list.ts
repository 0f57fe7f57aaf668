import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { isLang } from '@open/protocol/locales';
import { useApiQuery } from '../../../api/use-query';
import { useCategoryList } from '../../categories/use-category-list';
import type { ListFilters } from './use-list-filters';

export const PAGE_SIZE = limits.pageSizeDefault;

/**
 * What the resource list shows: the resources the filters select (one page of them, or a whole
 * category while it can be reordered), and the categories and versions the filters offer.
 */
export function useResourceList({ filter, page, sortable }: Pick<ListFilters, 'filter' | 'page' | 'sortable'>) {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'zh-CN';
  const categories = useCategoryList();
  const versions = useApiQuery('cms/get_version_list', { page_number: -1 });
  const resources = useApiQuery('cms/get_resource_list', {
    ...(filter.category_id ? { category_id: filter.category_id } : {}),
    ...(filter.version_id ? { version_id: filter.version_id } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(isLang(filter.lang) ? { lang: filter.lang } : { lang }),
    ...(filter.keyword ? { keyword: filter.keyword } : {}),
    ...(sortable ? { page_number: -1 } : { page_number: page, page_size: PAGE_SIZE }),
  });
  const rows = useMemo(() => resources.data?.list ?? [], [resources.data]);

  return {
    rows,
    total: resources.data?.total ?? 0,
    loading: resources.loading,
    categories: categories.data?.list ?? [],
    versions: versions.data?.list ?? [],
    /** After a change: the resources, and the categories, whose counts may have changed too. */
    refresh: () => {
      resources.retry();
      categories.retry();
    },
  };
}
