import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiData, CmsTenant } from '@open/protocol/api';
import { call } from '../../../api/client';
import { useModalForm, type ModalForm } from '../../shared/use-modal-form';
import { apiKeyBody, type ApiKeyValues } from './api-key-fields';

/** What cms/create_api_key answers: the key's row, and the key itself, this once. */
export type CreatedApiKey = ApiData<'cms/create_api_key'>;

/**
 * The form of `ApiKeyFormModal`: a name, saved as a new key of `tenant`. A refused name lands on
 * its field; a tenant at its limit (apiKeyLimit) is said as a message.
 */
export function useApiKeyForm(tenant: CmsTenant, onCreated: (created: CreatedApiKey) => void): ModalForm<ApiKeyValues> {
  const { t } = useTranslation();
  const modal = useModalForm<ApiKeyValues, CreatedApiKey>({
    save: (values) => call('cms/create_api_key', apiKeyBody(tenant._id, values)),
    success: t('cms.apiKeys.created'),
    onSaved: onCreated,
  });
  const { form } = modal;

  useEffect(() => {
    form.setFieldsValue({ name: '' });
  }, [form]);

  return modal;
}
