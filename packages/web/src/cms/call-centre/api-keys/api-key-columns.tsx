import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsApiKey } from '@open/protocol/api';
import { Muted } from '../../shared/text';
import { When } from '../webhooks/WebhookBits';

/**
 * The columns of the API keys' table: its name, which key it is (its last characters), when it
 * was made and last used; then `actions`, the row's actions. No column is fixed: on a narrow
 * screen the table scrolls sideways.
 */
export function useApiKeyColumns(actions: (key: CmsApiKey) => ReactNode): ColumnsType<CmsApiKey> {
  const { t } = useTranslation();
  return [
    {
      title: t('cms.apiKeys.name'),
      dataIndex: 'name',
      render: (name: string) => (
        // A name reads in its own direction, as in the sentences that name it (isolated there).
        <span className="cc-api-key-name" dir="auto" data-testid="api-key-row-name">
          {name}
        </span>
      ),
    },
    {
      title: t('cms.apiKeys.keyHint'),
      dataIndex: 'key_hint',
      render: (hint: string) => (
        <code className="cc-api-key-hint cc-ltr" dir="ltr" data-testid="api-key-row-hint">
          {hint}
        </code>
      ),
    },
    {
      title: t('cms.apiKeys.createdAt'),
      dataIndex: 'created_at',
      render: (at: string) => <When iso={at} />,
    },
    {
      title: t('cms.apiKeys.lastUsed'),
      dataIndex: 'last_used_at',
      render: (at: string | null) => (
        <span data-testid="api-key-row-used">
          {at ? <When iso={at} /> : <Muted>{t('cms.apiKeys.neverUsed')}</Muted>}
        </span>
      ),
    },
    { title: t('cms.actions'), key: 'actions', render: (_, key) => actions(key) },
  ];
}
