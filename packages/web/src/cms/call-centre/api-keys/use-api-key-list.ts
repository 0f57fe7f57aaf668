import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsApiKey, CmsTenant } from '@open/protocol/api';
import { call } from '../../../api/client';
import { useApiQuery } from '../../../api/use-query';
import { useFeedback } from '../../../ui/feedback';
import { isFull } from './api-key-fields';

/**
 * `tenant`'s API keys and what a row does to one: revoke it. The list is refreshed however the
 * revocation went (a key revoked meanwhile in another tab is gone either way).
 */
export function useApiKeyList(tenant: CmsTenant) {
  const { t } = useTranslation();
  const { fail, attempt } = useFeedback();
  const keys = useApiQuery('cms/get_api_key_list', { tenant_id: tenant._id });
  const rows = keys.data?.list ?? [];
  useEffect(() => {
    if (keys.error) fail(keys.error);
  }, [keys.error, fail]);

  const revoke = async (key: CmsApiKey): Promise<boolean> => {
    const revoked = await attempt(() => call('cms/remove_api_key', { _id: key._id }), t('cms.apiKeys.revoked'));
    keys.retry();
    return revoked;
  };

  return { keys, rows, full: isFull(rows.length), revoke };
}
