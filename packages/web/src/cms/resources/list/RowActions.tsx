import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsResourceItem } from '@open/protocol/api';
import { nextStatuses } from '../../shared/status';
import type { ResourceActions } from './use-resource-actions';

/**
 * The actions of one row of the list: the status changes it allows and removal, each confirmed
 * first, and (`move`, while the category can be reordered) a step up or down.
 */
export function RowActions(props: {
  row: CmsResourceItem;
  actions: ResourceActions;
  move: ((row: CmsResourceItem, by: -1 | 1) => void) | undefined;
}) {
  const { row, actions, move } = props;
  const { t } = useTranslation();
  return (
    <Space size="small" wrap>
      {nextStatuses(row.status).map((next) => (
        <Popconfirm
          key={next.to}
          title={t('shell.common.confirmSwitch')}
          description={row.title}
          okText={t('shell.common.ok')}
          cancelText={t('shell.common.cancel')}
          onConfirm={() => {
            actions.setStatus(row, next.to);
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
          actions.remove(row);
        }}
      >
        <Button size="small" danger data-testid="resource-delete">
          {t('shell.common.delete')}
        </Button>
      </Popconfirm>
      {move && (
        <>
          <Button
            size="small"
            aria-label={t('cms.resources.moveUp')}
            onClick={() => {
              move(row, -1);
            }}
          >
            ↑
          </Button>
          <Button
            size="small"
            aria-label={t('cms.resources.moveDown')}
            onClick={() => {
              move(row, 1);
            }}
          >
            ↓
          </Button>
        </>
      )}
    </Space>
  );
}
