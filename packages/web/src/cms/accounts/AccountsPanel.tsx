import { Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsAccount, Role } from '@open/protocol/api';
import { useApiQuery } from '../../api/use-query';
import { formatTime } from '../../ui/format';
import { PanelTitle } from '../shared/text';
import { AccountFormModal } from './AccountFormModal';

/** CMS accounts (admins only): who may sign in, with which role. */
export function Component() {
  const { t, i18n } = useTranslation();
  const accounts = useApiQuery('cms/get_account_list', { page_number: -1 });
  const [editing, setEditing] = useState<{ account?: CmsAccount; mode: 'edit' | 'reset' } | undefined>();

  const columns: ColumnsType<CmsAccount> = [
    { title: t('cms.accounts.account'), dataIndex: 'account' },
    { title: t('cms.accounts.name'), dataIndex: 'name' },
    {
      title: t('cms.accounts.role'),
      dataIndex: 'role',
      render: (role: Role, row) => (
        <Space>
          <Tag color={role === 'admin' ? 'blue' : undefined}>
            {t(role === 'admin' ? 'cms.accounts.roleAdmin' : 'cms.accounts.roleEditor')}
          </Tag>
          {row.disabled && <Tag color="red">{t('cms.accounts.disabled')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('cms.accounts.created'),
      dataIndex: 'created_at',
      responsive: ['md'],
      render: (value: string) => formatTime(value, i18n.language),
    },
    {
      title: t('cms.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, row) => (
        <Space size="small" wrap>
          <Button
            size="small"
            onClick={() => {
              setEditing({ account: row, mode: 'edit' });
            }}
          >
            {t('shell.common.edit')}
          </Button>
          <Button
            size="small"
            onClick={() => {
              setEditing({ account: row, mode: 'reset' });
            }}
          >
            {t('cms.accounts.resetPassword')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section className="cms-panel">
      <div className="cms-toolbar">
        <PanelTitle>{t('cms.accounts.title')}</PanelTitle>
        <Button
          type="primary"
          data-testid="account-create"
          onClick={() => {
            setEditing({ mode: 'edit' });
          }}
        >
          {t('cms.accounts.create')}
        </Button>
      </div>
      <Table<CmsAccount>
        rowKey="_id"
        columns={columns}
        dataSource={accounts.data?.list ?? []}
        loading={accounts.loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="account-table"
      />
      {editing && (
        <AccountFormModal
          account={editing.account}
          mode={editing.mode}
          onClose={() => {
            setEditing(undefined);
          }}
          onSaved={() => {
            setEditing(undefined);
            accounts.retry();
          }}
        />
      )}
    </section>
  );
}
