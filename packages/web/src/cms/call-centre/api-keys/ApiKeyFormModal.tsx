import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsTenant } from '@open/protocol/api';
import { apiKeyLimits } from '@open/protocol/event-stream';
import { FormModal } from '../../shared/FormModal';
import { useApiKeyForm, type CreatedApiKey } from './use-api-key-form';

/** Creates an API key of `tenant`: only its name is asked; the key itself is made by the server. */
export function ApiKeyFormModal(props: {
  tenant: CmsTenant;
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const { tenant, onClose, onCreated } = props;
  const { t } = useTranslation();
  const modal = useApiKeyForm(tenant, onCreated);

  return (
    <FormModal modal={modal} title={t('cms.apiKeys.create')} onClose={onClose}>
      <Form.Item
        label={t('cms.apiKeys.name')}
        name="name"
        extra={t('cms.apiKeys.nameHelp')}
        rules={[
          { required: true, whitespace: true, message: t('cms.apiKeys.nameRequired') },
          { max: apiKeyLimits.name, message: t('cms.apiKeys.nameTooLong', { max: apiKeyLimits.name }) },
        ]}
      >
        {/* maxLength stops typing at the limit rather than taking more and refusing it. */}
        <Input
          placeholder={t('cms.apiKeys.namePlaceholder')}
          maxLength={apiKeyLimits.name}
          showCount
          autoComplete="off"
          autoFocus
          data-testid="api-key-name"
        />
      </Form.Item>
    </FormModal>
  );
}
