import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsApiKey } from '@open/protocol/api';
import { isolated } from './api-key-fields';

/** A row's Revoke button, confirmed first in a popover naming the key and what revoking it does. */
export function ApiKeyRevoke({ apiKey, onRevoke }: { apiKey: CmsApiKey; onRevoke: (key: CmsApiKey) => void }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={
        <span className="cc-confirm-text cc-api-key-confirm">
          {t('cms.apiKeys.revokeConfirm', { name: isolated(apiKey.name) })}
        </span>
      }
      description={<span className="cc-confirm-text">{t('cms.apiKeys.revokeWarning')}</span>}
      okText={t('cms.apiKeys.revoke')}
      cancelText={t('shell.common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => {
        onRevoke(apiKey);
      }}
    >
      <Button size="small" danger data-testid="api-key-revoke">
        {t('cms.apiKeys.revoke')}
      </Button>
    </Popconfirm>
  );
}
