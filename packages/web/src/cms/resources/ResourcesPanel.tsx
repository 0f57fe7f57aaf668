import { Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CmsResourceItem } from '@open/protocol/api';
import { MutedParagraph, PanelTitle } from '../shared/text';
import { useResourceColumns } from './list/columns';
import { FilterBar } from './list/FilterBar';
import { useListFilters } from './list/use-list-filters';
import { useReorder } from './list/use-reorder';
import { useResourceActions } from './list/use-resource-actions';
import { PAGE_SIZE, useResourceList } from './list/use-resource-list';

/** Every resource in every status, filtered; the editor opens from here. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filters = useListFilters();
  const { filter, page, sortable, setPage } = filters;
  const list = useResourceList(filters);
  const actions = useResourceActions(list.refresh);
  const order = useReorder({ categoryId: filter.category_id, sortable, rows: list.rows, act: actions.act });
  const columns = useResourceColumns({
    categories: list.categories,
    actions,
    move: sortable ? order.move : undefined,
  });

  return (
    <section className="cms-panel">
      <div className="cms-toolbar">
        <PanelTitle>{t('cms.resources.title')}</PanelTitle>
        <Button
          type="primary"
          data-testid="resource-create"
          onClick={() => {
            void navigate(
              `/cms/resources/edit${filter.category_id ? `?category=${encodeURIComponent(filter.category_id)}` : ''}`,
            );
          }}
        >
          {t('cms.resources.create')}
        </Button>
      </div>
      <FilterBar filters={filters} categories={list.categories} versions={list.versions} />
      {sortable && <MutedParagraph>{t('cms.resources.dragHelp')}</MutedParagraph>}
      <Table<CmsResourceItem>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        scroll={{ x: 'max-content' }}
        data-testid="resource-table"
        onRow={order.rowProps}
        pagination={
          sortable
            ? false
            : {
                current: page,
                pageSize: PAGE_SIZE,
                total: list.total,
                showSizeChanger: false,
                onChange: setPage,
              }
        }
      />
    </section>
  );
}
