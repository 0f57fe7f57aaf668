import { Input, Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsCategory, CmsVersion } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { locales } from '@open/protocol/locales';
import { categoryOptions } from '../../categories/tree-moves';
import type { ListFilters } from './use-list-filters';

/** The filters above the resource list: category, version, status, language and a search. */
export function FilterBar(props: {
  filters: Pick<ListFilters, 'filter' | 'setFilter'>;
  categories: readonly CmsCategory[];
  versions: readonly CmsVersion[];
}) {
  const { filters, categories, versions } = props;
  const { filter, setFilter } = filters;
  const { t } = useTranslation();
  // What is typed; the address (and the list) takes it on Enter or the search button.
  const [keywordText, setKeywordText] = useState(filter.keyword);

  return (
    <div className="cms-filters">
      <TreeSelect
        allowClear
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        placeholder={t('cms.resources.allCategories')}
        aria-label={t('cms.resources.category')}
        value={filter.category_id}
        treeData={categoryOptions(categories)}
        onChange={(value: string | undefined) => {
          setFilter('category', value);
        }}
        style={{ minWidth: 180 }}
        data-testid="filter-category"
      />
      <Select
        allowClear
        placeholder={t('cms.resources.allVersions')}
        aria-label={t('cms.resources.versions')}
        value={filter.version_id}
        options={versions.map((v) => ({ value: v._id, label: v.name }))}
        onChange={(value: string | undefined) => {
          setFilter('version', value);
        }}
        style={{ minWidth: 130 }}
      />
      <Select
        allowClear
        placeholder={t('cms.resources.allStatuses')}
        aria-label={t('cms.status.column')}
        value={filter.status || undefined}
        options={([1, 2, 3] as const).map((s) => ({
          value: s,
          label: t(s === 1 ? 'cms.status.unpublished' : s === 2 ? 'cms.status.published' : 'cms.status.offline'),
        }))}
        onChange={(value: number | undefined) => {
          setFilter('status', value ? String(value) : undefined);
        }}
        style={{ minWidth: 130 }}
        data-testid="filter-status"
      />
      <Select
        allowClear
        placeholder={t('cms.language')}
        aria-label={t('cms.language')}
        value={filter.lang || undefined}
        options={locales.map((l) => ({ value: l.code, label: l.nativeName }))}
        onChange={(value: string | undefined) => {
          setFilter('lang', value);
        }}
        style={{ minWidth: 130 }}
      />
      <Input.Search
        allowClear
        value={keywordText}
        maxLength={limits.keyword}
        placeholder={t('cms.resources.search')}
        aria-label={t('cms.resources.search')}
        onChange={(event) => {
          setKeywordText(event.target.value);
        }}
        onSearch={(value) => {
          setFilter('q', value.trim() || undefined);
        }}
        style={{ maxWidth: 260 }}
        data-testid="filter-keyword"
      />
    </div>
  );
}
