import { Button, Form, Input, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsAccount, Role } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { call } from '../../api/client';
import { useApiQuery } from '../../api/use-query';
import { useSession } from '../../session/session-store';
import { formatTime } from '../../ui/format';
import { showOnFields, useFeedback } from '../../ui/feedback';
import { NewPasswordItem } from '../shared/NewPasswordItem';
import { PanelTitle } from '../shared/text';

interface Values {
  account: string;
  name: string;
  role: Role;
  disabled: boolean;
  password?: string;
}

/** Creates an account (`account` undefined), edits one, or (`reset`) sets a new password for it. */
function AccountModal(props: {
  account: CmsAccount | undefined;
  mode: 'edit' | 'reset';
  onClose: () => void;
  onSaved: () => void;
}) {
  const { account, mode, onClose, onSaved } = props;
  const { t } = useTranslation();
  const { fail, formInvalid, done } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const me = useSession().user?.config.account;

  useEffect(() => {
    form.setFieldsValue({
      account: account?.account ?? '',
      name: account?.name ?? '',
      role: account?.role ?? 'editor',
      disabled: account?.disabled ?? false,
      password: '',
    });
  }, [account, form]);

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      formInvalid();
      return;
    }
    setSaving(true);
    try {
      if (mode === 'reset' && account) {
        await call('cms/reset_account_password', { _id: account._id, password: values.password ?? '' });
        done(t('cms.accounts.passwordReset', { name: account.account }));
      } else {
        await call('cms/set_account_info', {
          ...(account ? { _id: account._id } : { password: values.password ?? '' }),
          account: values.account,
          name: values.name,
          role: values.role,
          disabled: values.disabled,
        });
        done(t('cms.accounts.saved'));
      }
      onSaved();
    } catch (error) {
      if (!showOnFields(form, error, { accountTaken: 'account', lastAdmin: 'role' })) fail(error);
    } finally {
      setSaving(false);
    }
  };

  const needsPassword = mode === 'reset' || !account;
  return (
    <Modal
      open
      title={t(mode === 'reset' ? 'cms.accounts.resetPassword' : account ? 'cms.accounts.edit' : 'cms.accounts.create')}
      okText={t('shell.common.save')}
      cancelText={t('shell.common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={() => void save()}>
        {mode === 'edit' && (
          <>
            <Form.Item
              label={t('cms.accounts.account')}
              name="account"
              rules={[
                { required: true, whitespace: true, message: t('cms.accounts.accountRequired') },
                { pattern: /^[\w.@-]+$/, message: t('cms.accounts.accountRule') },
              ]}
            >
              <Input maxLength={limits.account} autoComplete="off" data-testid="account-account" />
            </Form.Item>
            <Form.Item
              label={t('cms.accounts.name')}
              name="name"
              rules={[{ required: true, whitespace: true, message: t('cms.accounts.nameRequired') }]}
            >
              <Input maxLength={limits.personName} data-testid="account-name" />
            </Form.Item>
            <Form.Item label={t('cms.accounts.role')} name="role">
              <Select
                options={[
                  { value: 'editor', label: t('cms.accounts.roleEditor') },
                  { value: 'admin', label: t('cms.accounts.roleAdmin') },
                ]}
                data-testid="account-role"
              />
            </Form.Item>
            {account && (
              <Form.Item label={t('cms.accounts.disabled')} name="disabled" valuePropName="checked">
                {/* Nobody locks themselves out; the server refuses it too. */}
                <Switch disabled={account.account === me} />
              </Form.Item>
            )}
          </>
        )}
        {needsPassword && <NewPasswordItem name="password" testId="account-password" />}
      </Form>
    </Modal>
  );
}

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
        <AccountModal
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
