import { Button, Empty, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsApiKey, CmsTenant } from '@open/protocol/api';
import { apiKeyLimits } from '@open/protocol/event-stream';
import { Heading, MutedParagraph } from '../../shared/text';
import { useApiKeyColumns } from './api-key-columns';
import { ApiKeyFormModal } from './ApiKeyFormModal';
import { ApiKeyRevoke } from './ApiKeyRevoke';
import { ApiKeySecretModal } from './ApiKeySecretModal';
import { useApiKeyList } from './use-api-key-list';

/** A key just made, to show once, with the name it was given. */
interface ShownKey {
  name: string;
  key: string;
}

/**
 * The selected tenant's API keys (docs/EVENT-STREAM.md): what its CRM's back end reads the call
 * centre's events with, as a stream or page by page. Created (the key shown once), seen by when
 * each was last used, and revoked.
 */
export function ApiKeysSection({ tenant }: { tenant: CmsTenant }) {
  const { t } = useTranslation();
  const { keys, rows, full, revoke } = useApiKeyList(tenant);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<ShownKey | undefined>();
  const columns = useApiKeyColumns((key) => (
    <ApiKeyRevoke
      apiKey={key}
      onRevoke={(chosen) => {
        void revoke(chosen);
      }}
    />
  ));

  return (
    <section className="cc-api-keys" aria-labelledby="cc-api-keys-title" data-testid="api-keys-section">
      <div className="cms-toolbar cc-api-keys-toolbar">
        <Heading level={5} id="cc-api-keys-title" className="cc-section-title">
          {t('cms.apiKeys.title', { name: tenant.name })}
        </Heading>
        <Space wrap>
          {/* "Last used" changes by the CRM's calls, not by anything on this page. */}
          <Button onClick={keys.retry} data-testid="api-key-refresh">
            {t('shell.common.refresh')}
          </Button>
          <CreateButton
            full={full}
            onCreate={() => {
              setCreating(true);
            }}
          />
        </Space>
      </div>
      <MutedParagraph>{t('cms.apiKeys.intro')}</MutedParagraph>
      <Table<CmsApiKey>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={keys.loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('cms.apiKeys.empty')} /> }}
        data-testid="api-key-table"
      />
      {creating && (
        <ApiKeyFormModal
          tenant={tenant}
          onClose={() => {
            setCreating(false);
          }}
          onCreated={(created) => {
            setCreating(false);
            setShown({ name: created.name, key: created.key });
            keys.retry();
          }}
        />
      )}
      {shown && (
        <ApiKeySecretModal
          name={shown.name}
          apiKey={shown.key}
          onClose={() => {
            setShown(undefined);
          }}
        />
      )}
    </section>
  );
}

/** "Create API key", switched off with the reason beside it once the tenant has as many as it may. */
function CreateButton({ full, onCreate }: { full: boolean; onCreate: () => void }) {
  const { t } = useTranslation();
  const button = (
    <Button type="primary" disabled={full} onClick={onCreate} data-testid="api-key-create">
      {t('cms.apiKeys.create')}
    </Button>
  );
  if (!full) return button;
  // A disabled button takes no pointer events: the tooltip hangs on a box around it, which the keyboard reaches.
  return (
    <Tooltip title={t('cms.apiKeys.limitReached', { max: apiKeyLimits.perTenant })}>
      <span tabIndex={0} className="cc-api-key-create-wrap">
        {button}
      </span>
    </Tooltip>
  );
}
