import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CmsCategory, CmsResourceItem, ContentStatus } from '@open/protocol/api';
import { formatTime } from '../../../ui/format';
import { findCategory } from '../../categories/tree-moves';
import { StatusTag } from '../../shared/status';
import { Muted } from '../../shared/text';
import { RowActions } from './RowActions';
import type { ResourceActions } from './use-resource-actions';

/**
 * The columns of the resource list: the title (which opens the editor), category, status,
 * languages, last change, and the row's actions. `move`: while the category can be reordered.
 */
export function useResourceColumns(options: {
  categories: readonly CmsCategory[];
  actions: ResourceActions;
  move: ((row: CmsResourceItem, by: -1 | 1) => void) | undefined;
}): ColumnsType<CmsResourceItem> {
  const { categories, actions, move } = options;
  const { t, i18n } = useTranslation();
  const categoryName = (id: string) => findCategory(categories, id)?.name ?? '';

  return [
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
      render: (_, row) => <RowActions row={row} actions={actions} move={move} />,
    },
  ];
}
