import { Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryStatus } from '@open/protocol/webhooks';
import { deliveryStatusColor, formatSecond, relativeTime } from './webhook-format';

/** A delivery's status as a coloured tag: pending, delivered or failed. */
export function DeliveryStatusTag({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={deliveryStatusColor[status]} data-testid="webhook-delivery-status">
      {t(`cms.webhooks.status.${status}`)}
    </Tag>
  );
}

/** A moment as "3 minutes ago" or "in 5 minutes", the exact time in its tooltip and its datetime. */
export function When({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const now = useNow();
  const exact = formatSecond(iso, i18n.language);
  return (
    <Tooltip title={exact}>
      <time dateTime={iso} className="cc-webhook-time">
        {relativeTime(iso, now, i18n.language)}
      </time>
    </Tooltip>
  );
}

/** The time now, again every 30 seconds, so "2 minutes ago" does not stay two minutes for ever. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, 30_000);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  return now;
}
