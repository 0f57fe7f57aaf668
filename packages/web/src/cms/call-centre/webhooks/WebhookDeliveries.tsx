import { ReloadOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsWebhook, CmsWebhookDelivery } from '@open/protocol/api';
import { webhookDeliveryStatuses, webhookLimits } from '@open/protocol/webhooks';
import { Muted, MutedParagraph } from '../../shared/text';
import { DeliveryDetail } from './DeliveryDetail';
import { useDeliveryColumns } from './delivery-columns';
import { DELIVERY_PAGE_SIZE, useWebhookDeliveries, type DeliveryFilter } from './use-webhook-deliveries';

/** The log's narrowest layout before it scrolls sideways: what fits the drawer's 720 px. */
const DELIVERY_TABLE_MIN_WIDTH = 640;

/**
 * The delivery log of one webhook in a drawer: `webhook` undefined closes it. `opened` counts
 * each time it is asked for (a test event just sent), so the log starts again from its newest
 * page with every status.
 */
export function WebhookDeliveriesDrawer(props: {
  webhook: CmsWebhook | undefined;
  opened: number;
  onChanged: () => void;
  onClose: () => void;
}) {
  const { webhook, opened, onChanged, onClose } = props;
  const { t } = useTranslation();
  return (
    <Drawer
      open={webhook !== undefined}
      title={t('cms.webhooks.deliveries')}
      size="min(720px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      // Less padding than Ant Design's 24 px: the log's table needs the room.
      styles={{ body: { padding: 16 } }}
    >
      {webhook && <DeliveryLog key={`${webhook._id}-${String(opened)}`} webhook={webhook} onChanged={onChanged} />}
    </Drawer>
  );
}

/** The log itself: the address, the status filter and Refresh, then the paged table. */
function DeliveryLog({ webhook, onChanged }: { webhook: CmsWebhook; onChanged: () => void }) {
  const { t } = useTranslation();
  const { deliveries, rows, filter, setFilter, page, setPage, redeliver } = useWebhookDeliveries(webhook, onChanged);
  const columns = useDeliveryColumns(redeliver);
  const options = [
    { value: 'all', label: t('cms.webhooks.statusAll') },
    ...webhookDeliveryStatuses.map((status) => ({ value: status, label: t(`cms.webhooks.status.${status}`) })),
  ];
  return (
    <div className="cc-webhook-log" data-testid="webhook-delivery-log">
      <Muted className="cc-webhook-log-url cc-ltr" dir="ltr">
        {webhook.url}
      </Muted>
      <MutedParagraph className="cc-webhook-log-kept">
        {t('cms.webhooks.logKept', { days: webhookLimits.logDays })}
      </MutedParagraph>
      <div className="cms-toolbar cc-webhook-log-tools">
        <Select<DeliveryFilter>
          value={filter}
          options={options}
          onChange={setFilter}
          aria-label={t('cms.webhooks.statusFilter')}
          className="cc-webhook-filter"
          data-testid="webhook-delivery-filter"
        />
        <Button icon={<ReloadOutlined />} onClick={deliveries.retry} data-testid="webhook-delivery-refresh">
          {t('shell.common.refresh')}
        </Button>
      </div>
      <Table<CmsWebhookDelivery>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={deliveries.loading}
        // As wide as the drawer, headings wrapping if they must; narrower than that (a phone) it scrolls.
        scroll={{ x: DELIVERY_TABLE_MIN_WIDTH }}
        expandable={{ expandedRowRender: (delivery) => <DeliveryDetail delivery={delivery} />, columnWidth: 32 }}
        locale={{
          emptyText: (
            <Empty
              description={t(filter === 'all' ? 'cms.webhooks.noDeliveries' : 'cms.webhooks.noDeliveriesFiltered')}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: DELIVERY_PAGE_SIZE,
          total: deliveries.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        data-testid="webhook-delivery-table"
      />
    </div>
  );
}
