import { useTranslation } from 'react-i18next';
import type { CmsWebhookDelivery } from '@open/protocol/api';
import { CopyButton } from '../../../ui/CopyButton';
import { Muted, Strong } from '../../shared/text';
import { deliveryErrorText, prettyJson } from './webhook-format';

/**
 * One delivery opened in the log: the event's id (its `webhook-id`), why the last attempt failed,
 * what the receiver answered, and the JSON body it was sent. Machine text reads left to right in
 * every language.
 */
export function DeliveryDetail({ delivery }: { delivery: CmsWebhookDelivery }) {
  const { t } = useTranslation();
  const payload = prettyJson(delivery.payload);
  return (
    <dl className="cc-webhook-detail" data-testid="webhook-delivery-detail">
      <dt>
        <Strong>{t('cms.webhooks.eventId')}</Strong>
      </dt>
      <dd>
        <code className="cc-ltr" dir="ltr">
          {delivery.event_id}
        </code>
      </dd>
      {delivery.error !== null && (
        <>
          <dt>
            <Strong>{t('cms.webhooks.error')}</Strong>
          </dt>
          <dd className="cc-webhook-error" data-testid="webhook-delivery-error">
            <span>{deliveryErrorText(t, delivery.error)}</span>
            {/* The system's own words (ECONNRESET, a TLS alert), untranslated. */}
            {delivery.error_detail && (
              <code className="cc-webhook-error-detail" dir="ltr">
                {delivery.error_detail}
              </code>
            )}
          </dd>
        </>
      )}
      <dt>
        <Strong>{t('cms.webhooks.response')}</Strong>
      </dt>
      <dd>
        {delivery.response_excerpt ? (
          <pre dir="ltr" tabIndex={0} aria-label={t('cms.webhooks.response')} className="cc-webhook-pre">
            {delivery.response_excerpt}
          </pre>
        ) : (
          <Muted>{t('cms.webhooks.noResponse')}</Muted>
        )}
      </dd>
      <dt className="cc-webhook-detail-head">
        <Strong>{t('cms.webhooks.payload')}</Strong>
        <CopyButton text={payload} label={t('cms.webhooks.payloadCopy')} />
      </dt>
      <dd>
        <pre
          dir="ltr"
          tabIndex={0}
          aria-label={t('cms.webhooks.payload')}
          className="cc-webhook-pre"
          data-testid="webhook-delivery-payload"
        >
          {payload}
        </pre>
      </dd>
    </dl>
  );
}
