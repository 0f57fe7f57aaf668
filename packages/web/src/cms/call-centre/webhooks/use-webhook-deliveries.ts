import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsWebhook, CmsWebhookDelivery } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import type { WebhookDeliveryStatus } from '@open/protocol/webhooks';
import { call } from '../../../api/client';
import { useApiQuery } from '../../../api/use-query';
import { useFeedback } from '../../../ui/feedback';

/** The rows of one page of the delivery log. */
export const DELIVERY_PAGE_SIZE = limits.pageSizeDefault;

/** The log's filter: every delivery, or those of one status. */
export type DeliveryFilter = WebhookDeliveryStatus | 'all';

/**
 * A page of `webhook`'s deliveries, newest first, of the status chosen, and the redelivery of
 * one; `onChanged` after a redelivery (the webhook's pending count changed).
 */
export function useWebhookDeliveries(webhook: CmsWebhook, onChanged: () => void) {
  const { t } = useTranslation();
  const { fail, attempt } = useFeedback();
  const [filter, setFilterState] = useState<DeliveryFilter>('all');
  const [page, setPage] = useState(1);
  const deliveries = useApiQuery('cms/get_webhook_delivery_list', {
    webhook_id: webhook._id,
    ...(filter === 'all' ? {} : { status: filter }),
    page_number: page,
    page_size: DELIVERY_PAGE_SIZE,
  });
  useEffect(() => {
    if (deliveries.error) fail(deliveries.error);
  }, [deliveries.error, fail]);

  /** Shows the first page of the deliveries of `next`. */
  const setFilter = (next: DeliveryFilter) => {
    setFilterState(next);
    setPage(1);
  };

  const redeliver = async (delivery: CmsWebhookDelivery) => {
    await attempt(() => call('cms/redeliver_webhook', { delivery_id: delivery._id }), t('cms.webhooks.redelivered'));
    // The new delivery is the newest: on the first page.
    setPage(1);
    deliveries.retry();
    onChanged();
  };

  return { deliveries, rows: deliveries.data?.list ?? [], filter, setFilter, page, setPage, redeliver };
}
