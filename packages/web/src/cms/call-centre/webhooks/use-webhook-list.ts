import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsTenant, CmsWebhook } from '@open/protocol/api';
import { webhookLimits } from '@open/protocol/webhooks';
import { call } from '../../../api/client';
import { useApiQuery } from '../../../api/use-query';
import { useFeedback } from '../../../ui/feedback';

/**
 * `tenant`'s webhooks and what a row does to one: delete it, replace its signing secret, send it
 * a test event. Each refreshes the list, however it went (its last delivery and pending count
 * change too).
 */
export function useWebhookList(tenant: CmsTenant) {
  const { t } = useTranslation();
  const { fail, done, attempt } = useFeedback();
  const webhooks = useApiQuery('cms/get_webhook_list', { tenant_id: tenant._id });
  const rows = webhooks.data?.list ?? [];
  useEffect(() => {
    if (webhooks.error) fail(webhooks.error);
  }, [webhooks.error, fail]);

  const remove = async (webhook: CmsWebhook): Promise<boolean> => {
    const removed = await attempt(() => call('cms/remove_webhook', { _id: webhook._id }), t('cms.webhooks.deleted'));
    webhooks.retry();
    return removed;
  };

  /** The new secret, to be shown once; undefined when it was refused. */
  const rotate = async (webhook: CmsWebhook): Promise<string | undefined> => {
    try {
      const { secret } = await call('cms/rotate_webhook_secret', { _id: webhook._id });
      done(t('cms.webhooks.rotated'));
      return secret;
    } catch (error) {
      fail(error);
      return undefined;
    } finally {
      webhooks.retry();
    }
  };

  const sendTest = async (webhook: CmsWebhook): Promise<boolean> => {
    const sent = await attempt(() => call('cms/test_webhook', { _id: webhook._id }), t('cms.webhooks.testQueued'));
    webhooks.retry();
    return sent;
  };

  return {
    webhooks,
    rows,
    full: rows.length >= webhookLimits.perTenant,
    remove,
    rotate,
    sendTest,
  };
}
