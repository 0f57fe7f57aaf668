import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsWebhook } from '@open/protocol/api';
import { Muted } from '../../shared/text';
import { isAllEvents, orderedEvents } from './webhook-fields';
import { DeliveryStatusTag, When } from './WebhookBits';

/** Event tags shown in a row before the rest fold into "+n". */
const EVENTS_SHOWN = 3;

/**
 * The columns of the webhooks' table: where it posts and what for, its events, whether it is on,
 * how its latest delivery went and how many wait for a retry; then `actions`, the row's actions.
 * No column is fixed: on a narrow screen the table scrolls sideways rather than cover one column
 * with another.
 */
export function useWebhookColumns(actions: (webhook: CmsWebhook) => ReactNode): ColumnsType<CmsWebhook> {
  const { t } = useTranslation();
  return [
    {
      title: t('cms.webhooks.url'),
      dataIndex: 'url',
      render: (url: string, webhook) => <AddressCell url={url} description={webhook.description} />,
    },
    {
      title: t('cms.webhooks.events'),
      dataIndex: 'events',
      render: (events: string[]) => <EventTags events={events} />,
    },
    {
      title: t('cms.callCentre.status'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => (
        <Tag color={enabled ? 'green' : undefined} data-testid="webhook-row-enabled">
          {t(enabled ? 'cms.callCentre.enabled' : 'cms.callCentre.disabled')}
        </Tag>
      ),
    },
    {
      title: t('cms.webhooks.lastDelivery'),
      dataIndex: 'last_delivery',
      render: (last: CmsWebhook['last_delivery']) => <LastDelivery last={last} />,
    },
    {
      title: t('cms.webhooks.pendingColumn'),
      dataIndex: 'pending',
      align: 'end',
      render: (pending: number) =>
        pending > 0 ? (
          <Tooltip title={t('cms.webhooks.pendingHelp')}>
            <Tag color="orange" data-testid="webhook-row-pending">
              {pending}
            </Tag>
          </Tooltip>
        ) : (
          <Muted data-testid="webhook-row-pending">0</Muted>
        ),
    },
    { title: t('cms.actions'), key: 'actions', render: (_, webhook) => actions(webhook) },
  ];
}

/**
 * Where a webhook posts, cut short with the whole address in its tooltip, and its description
 * under it: one column for both, so the table fits a laptop's width.
 */
function AddressCell({ url, description }: { url: string; description: string }) {
  return (
    <span className="cc-webhook-address">
      <Tooltip title={<span dir="ltr">{url}</span>}>
        <span className="cc-webhook-url cc-ltr" dir="ltr" data-testid="webhook-row-url">
          {url}
        </span>
      </Tooltip>
      {description && (
        <Tooltip title={description}>
          <Muted className="cc-webhook-description" data-testid="webhook-row-description">
            {description}
          </Muted>
        </Tooltip>
      )}
    </span>
  );
}

/** A webhook's events: "All events", or the first few names and how many more (all of them in a tooltip). */
function EventTags({ events }: { events: readonly string[] }) {
  const { t } = useTranslation();
  if (isAllEvents(events)) return <Tag color="blue">{t('cms.webhooks.allEvents')}</Tag>;
  const ordered = orderedEvents(events);
  const rest = ordered.slice(EVENTS_SHOWN);
  return (
    <span className="cc-webhook-tags">
      {ordered.slice(0, EVENTS_SHOWN).map((type) => (
        <Tag key={type} className="cc-ltr">
          <code>{type}</code>
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={<span dir="ltr">{rest.join(', ')}</span>}>
          <Tag className="cc-ltr">+{rest.length}</Tag>
        </Tooltip>
      )}
    </span>
  );
}

/** How the latest delivery went: its status and the receiver's HTTP status, then when. */
function LastDelivery({ last }: { last: CmsWebhook['last_delivery'] }) {
  const { t } = useTranslation();
  if (!last) return <Muted>{t('cms.webhooks.neverDelivered')}</Muted>;
  return (
    <span className="cc-webhook-last" data-testid="webhook-row-last">
      <span className="cc-webhook-last-outcome">
        <DeliveryStatusTag status={last.status} />
        {last.response_status !== null && (
          <Muted className="cc-ltr">{t('cms.webhooks.httpStatus', { status: last.response_status })}</Muted>
        )}
      </span>
      <When iso={last.at} />
    </span>
  );
}
