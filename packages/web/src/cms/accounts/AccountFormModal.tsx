import { Form, Input, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsAccount, Role } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { call } from '../../api/client';
import { useSession } from '../../session/session-store';
import { FormModal } from '../shared/FormModal';
import { NewPasswordItem } from '../shared/NewPasswordItem';
import { useModalForm } from '../shared/use-modal-form';

interface Values {
  account: string;
  name: string;
  role: Role;
  disabled: boolean;
  password?: string;
}

/** Creates an account (`account` undefined), edits one, or (`reset`) sets a new password for it. */
export function AccountFormModal(props: {
  account: CmsAccount | undefined;
  mode: 'edit' | 'reset';
  onClose: () => void;
  onSaved: () => void;
}) {
  const { account, mode, onClose, onSaved } = props;
  const { t } = useTranslation();
  const me = useSession().user?.config.account;
  const resetting = mode === 'reset' && account;
  const modal = useModalForm<Values>({
    save: async (values) => {
      if (resetting) {
        await call('cms/reset_account_password', { _id: resetting._id, password: values.password ?? '' });
      } else {
        await call('cms/set_account_info', {
          ...(account ? { _id: account._id } : { password: values.password ?? '' }),
          account: values.account,
          name: values.name,
          role: values.role,
          disabled: values.disabled,
        });
      }
    },
    success: resetting ? t('cms.accounts.passwordReset', { name: resetting.account }) : t('cms.accounts.saved'),
    onSaved,
    fieldOf: { accountTaken: 'account', lastAdmin: 'role' },
  });
  const { form } = modal;

  useEffect(() => {
    form.setFieldsValue({
      account: account?.account ?? '',
      name: account?.name ?? '',
      role: account?.role ?? 'editor',
      disabled: account?.disabled ?? false,
      password: '',
    });
  }, [account, form]);

  const needsPassword = mode === 'reset' || !account;
  return (
    <FormModal
      modal={modal}
      title={t(mode === 'reset' ? 'cms.accounts.resetPassword' : account ? 'cms.accounts.edit' : 'cms.accounts.create')}
      onClose={onClose}
    >
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
    </FormModal>
  );
}
