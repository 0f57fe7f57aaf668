import { Button, Input, Popconfirm, Select, Space, Table, Tag, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CmsResourceItem, ContentStatus } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { isLang, locales } from '@open/protocol/locales';
import { call } from '../../api/client';
import { useApiQuery } from '../../api/use-query';
import { formatTime } from '../../ui/format';
import { categoryOptions, findCategory } from '../categories/tree-moves';
import { useFeedback } from '../../ui/feedback';
import { nextStatuses, StatusTag } from '../shared/status';
import { Muted, MutedParagraph, PanelTitle } from '../shared/text';

const PAGE_SIZE = limits.pageSizeDefault;

/** Every resource in every status, filtered; the editor opens from here. */
export function Component() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { attempt } = useFeedback();
  const [params, setParams] = useSearchParams();
  const lang = isLang(i18n.language) ? i18n.language : 'zh-CN';
  const filter = {
    category_id: params.get('category') ?? undefined,
    version_id: params.get('version') ?? undefined,
    status: Number(params.get('status')) as ContentStatus | 0,
    lang: params.get('lang') ?? '',
    keyword: params.get('q') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [keywordText, setKeywordText] = useState(filter.keyword);
  // Reordering needs the whole category in view, unfiltered otherwise.
  const sortable = Boolean(filter.category_id) && !filter.version_id && !filter.status && !filter.keyword;

  const categories = useApiQuery('cms/get_category_list', { lang });
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
  const [dragged, setDragged] = useState<string | undefined>();

  const setFilter = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next, { replace: true });
  };

  const act = async (work: () => Promise<unknown>, success: string) => {
    await attempt(work, success);
    resources.retry();
    categories.retry();
  };

  const reorder = (id: string, to: number) => {
    if (!filter.category_id) return;
    const order = rows.map((row) => row._id).filter((rowId) => rowId !== id);
    order.splice(Math.max(0, Math.min(order.length, to)), 0, id);
    const categoryId = filter.category_id;
    void act(() => call('cms/set_resource_sort', { category_id: categoryId, ids: order }), t('cms.resources.moved'));
  };

  const categoryName = (id: string) => (categories.data ? findCategory(categories.data.list, id)?.name : '') ?? '';
  const columns: ColumnsType<CmsResourceItem> = [
    {
      title: t('cms.resources.titleColumn'),
      dataIndex: 'title',
      ellipsis: true,
      render: (_, row) => (
        <Link to={`/cms/resources/edit?id=${encodeURIComponent(row._id)}`} data-testid="resource-title">
          {row.title}
        </Link>
      ),
    },
    { title: t('cms.resources.category'), dataIndex: 'category_id', responsive: ['md'], render: categoryName },
    {
      title: t('cms.status.column'),
      dataIndex: 'status',
      width: 110,
      render: (s: ContentStatus) => <StatusTag status={s} />,
    },
    {
      title: t('cms.language'),
      dataIndex: 'langs',
      responsive: ['lg'],
      render: (langs: string[]) => langs.map((code) => <Tag key={code}>{code}</Tag>),
    },
    {
      title: t('cms.updated'),
      dataIndex: 'updated_at',
      responsive: ['md'],
      render: (_, row) => (
        <Muted>
          {formatTime(row.updated_at, i18n.language)}
          {row.updated_by ? ` · ${row.updated_by}` : ''}
        </Muted>
      ),
    },
    {
      title: t('cms.actions'),
      key: 'actions',
      // Always in view, also on a phone where the table scrolls sideways.
      fixed: 'end',
      render: (_, row) => (
        <Space size="small" wrap>
          {nextStatuses(row.status).map((next) => (
            <Popconfirm
              key={next.to}
              title={t('shell.common.confirmSwitch')}
              description={row.title}
              okText={t('shell.common.ok')}
              cancelText={t('shell.common.cancel')}
              onConfirm={() => {
                void act(
                  () => call('cms/set_resource_status', { _id: row._id, status: next.to, revision: row.revision }),
                  t('cms.status.changed'),
                );
              }}
            >
              <Button size="small" data-testid="resource-status">
                {t(next.key)}
              </Button>
            </Popconfirm>
          ))}
          <Popconfirm
            title={t('shell.common.confirmDelete')}
            description={row.title}
            okText={t('shell.common.ok')}
            cancelText={t('shell.common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => {
              void act(
                () => call('cms/remove_resource_info', { _id: row._id, revision: row.revision }),
                t('cms.resources.deleted'),
              );
            }}
          >
            <Button size="small" danger data-testid="resource-delete">
              {t('shell.common.delete')}
            </Button>
          </Popconfirm>
          {sortable && (
            <>
              <Button
                size="small"
                aria-label={t('cms.resources.moveUp')}
                onClick={() => {
                  reorder(row._id, rows.indexOf(row) - 1);
                }}
              >
                ↑
              </Button>
              <Button
                size="small"
                aria-label={t('cms.resources.moveDown')}
                onClick={() => {
                  reorder(row._id, rows.indexOf(row) + 1);
                }}
              >
                ↓
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

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
      <div className="cms-filters">
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder={t('cms.resources.allCategories')}
          value={filter.category_id}
          treeData={categoryOptions(categories.data?.list ?? [])}
          onChange={(value: string | undefined) => {
            setFilter('category', value);
          }}
          style={{ minWidth: 180 }}
          data-testid="filter-category"
        />
        <Select
          allowClear
          placeholder={t('cms.resources.allVersions')}
          value={filter.version_id}
          options={(versions.data?.list ?? []).map((v) => ({ value: v._id, label: v.name }))}
          onChange={(value: string | undefined) => {
            setFilter('version', value);
          }}
          style={{ minWidth: 130 }}
        />
        <Select
          allowClear
          placeholder={t('cms.resources.allStatuses')}
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
      {sortable && <MutedParagraph>{t('cms.resources.dragHelp')}</MutedParagraph>}
      <Table<CmsResourceItem>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={resources.loading}
        scroll={{ x: 'max-content' }}
        data-testid="resource-table"
        onRow={(row) =>
          sortable
            ? {
                draggable: true,
                onDragStart: () => {
                  setDragged(row._id);
                },
                onDragOver: (event: DragEvent) => {
                  event.preventDefault();
                },
                onDrop: () => {
                  if (dragged && dragged !== row._id) reorder(dragged, rows.indexOf(row));
                  setDragged(undefined);
                },
              }
            : {}
        }
        pagination={
          sortable
            ? false
            : {
                current: page,
                pageSize: PAGE_SIZE,
                total: resources.data?.total ?? 0,
                showSizeChanger: false,
                onChange: (next) => {
                  const nextParams = new URLSearchParams(params);
                  nextParams.set('page', String(next));
                  setParams(nextParams);
                },
              }
        }
      />
    </section>
  );
}
