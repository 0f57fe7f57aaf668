import { SendOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsWebhookDelivery } from '@open/protocol/api';
import { formatClock } from '../../../ui/format';
import { Muted } from '../../shared/text';
import { formatDay, formatMs } from './webhook-format';
import { DeliveryStatusTag, When } from './WebhookBits';

const dash = <Muted>—</Muted>;

/**
 * The columns of the delivery log: when the event was sent, which, how it went (status, attempts,
 * the receiver's HTTP status, how long it took) and when it is tried again; then the redelivery.
 * Kept narrow (the day over the time, the unit beside the duration) to fit the drawer.
 */
export function useDeliveryColumns(
  onRedeliver: (delivery: CmsWebhookDelivery) => Promise<void>,
): ColumnsType<CmsWebhookDelivery> {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return [
    {
      title: t('cms.webhooks.time'),
      dataIndex: 'created_at',
      render: (at: string) => (
        <time dateTime={at} className="cc-webhook-log-time">
          <span>{formatDay(at, lang)}</span>
          <Muted>{formatClock(at, lang)}</Muted>
        </time>
      ),
    },
    {
      title: t('cms.webhooks.eventType'),
      dataIndex: 'event_type',
      render: (type: string) => <code className="cc-ltr">{type}</code>,
    },
    {
      title: t('cms.callCentre.status'),
      dataIndex: 'status',
      render: (status: CmsWebhookDelivery['status']) => <DeliveryStatusTag status={status} />,
    },
    { title: t('cms.webhooks.attempts'), dataIndex: 'attempts', align: 'end' },
    {
      title: t('cms.webhooks.responseStatus'),
      dataIndex: 'response_status',
      align: 'end',
      render: (status: number | null) => (status === null ? dash : status),
    },
    {
      title: t('cms.webhooks.duration'),
      dataIndex: 'duration_ms',
      align: 'end',
      render: (ms: number | null) => (ms === null ? dash : <span className="cc-nowrap">{formatMs(ms, lang)}</span>),
    },
    {
      title: t('cms.webhooks.nextAttempt'),
      dataIndex: 'next_attempt_at',
      render: (at: string | null) => (at ? <When iso={at} /> : dash),
    },
    {
      // Named for screen readers only: its icon buttons need no more room than themselves.
      title: <span className="visually-hidden">{t('cms.actions')}</span>,
      key: 'actions',
      render: (_, delivery) => <RedeliverButton delivery={delivery} onRedeliver={onRedeliver} />,
    },
  ];
}

/** Sends a delivery's event again (an icon named by its tooltip), spinning until the server has queued it. */
function RedeliverButton(props: {
  delivery: CmsWebhookDelivery;
  onRedeliver: (delivery: CmsWebhookDelivery) => Promise<void>;
}) {
  const { delivery, onRedeliver } = props;
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const label = t('cms.webhooks.redeliver');
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        icon={<SendOutlined />}
        aria-label={label}
        loading={busy}
        onClick={() => {
          setBusy(true);
          void onRedeliver(delivery).finally(() => {
            setBusy(false);
          });
        }}
        data-testid="webhook-redeliver"
      />
    </Tooltip>
  );
}
