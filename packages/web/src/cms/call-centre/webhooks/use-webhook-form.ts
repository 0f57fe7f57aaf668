import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiData, CmsTenant, CmsWebhook } from '@open/protocol/api';
import { call } from '../../../api/client';
import { useModalForm, type ModalForm } from '../../shared/use-modal-form';
import { webhookBody, webhookErrorRules, webhookValues, type WebhookValues } from './webhook-fields';

/** What cms/set_webhook answers: the webhook, with its secret when it was just made. */
export type SavedWebhook = ApiData<'cms/set_webhook'>;

/**
 * The form of `WebhookFormModal`: filled from `webhook` (a new one's defaults when undefined) and
 * saved as a webhook of `tenant`. Field issues land on their fields; a refused address
 * (webhookTargetRefused) or a tenant at its limit (webhookLimit) is said as a message.
 */
export function useWebhookForm(
  tenant: CmsTenant,
  webhook: CmsWebhook | undefined,
  onSaved: (saved: SavedWebhook) => void,
): ModalForm<WebhookValues> {
  const { t } = useTranslation();
  const modal = useModalForm<WebhookValues, SavedWebhook>({
    save: (values) => call('cms/set_webhook', webhookBody(tenant._id, values, webhook?._id)),
    success: t(webhook ? 'cms.webhooks.saved' : 'cms.webhooks.created'),
    onSaved,
    ...webhookErrorRules,
  });
  const { form } = modal;

  useEffect(() => {
    form.setFieldsValue(webhookValues(webhook));
  }, [webhook, form]);

  return modal;
}
