import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { accountPrompt, thirdPartyAccountRules, type AccountType } from '../../ui/agent-login';

/** Sign in by account and password. */
export function AccountFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="account"
        label={t('agentLogin.account')}
        rules={[{ required: true, whitespace: true, message: t('agentLogin.accountPrompt') }]}
      >
        <Input maxLength={limits.account} autoComplete="username" placeholder={t('agentLogin.accountPrompt')} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('agentLogin.password')}
        rules={[{ required: true, message: t('agentLogin.passwordPrompt') }]}
      >
        <Input.Password
          maxLength={limits.password}
          autoComplete="current-password"
          placeholder={t('agentLogin.passwordPrompt')}
        />
      </Form.Item>
    </>
  );
}

/** Sign in by SSO: the token and the third-party account, checked by its chosen type. */
export function SsoFields({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="ssoToken"
        label={t('agentLogin.ssoToken')}
        rules={[{ required: true, whitespace: true, message: t('agentLogin.ssoTokenPrompt') }]}
      >
        <Input maxLength={256} placeholder={t('agentLogin.ssoTokenPrompt')} />
      </Form.Item>
      <Form.Item name="accountType" label={t('agentLogin.thirdParty.type')}>
        <Select
          options={(['email', 'mobile', 'employee_no'] as const).map((type) => ({
            value: type,
            label: t(`agentLogin.thirdParty.${type}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="thirdPartyAccount"
        label={t('agentLogin.thirdParty.account')}
        rules={thirdPartyAccountRules(t, accountType)}
      >
        <Input maxLength={limits.account} placeholder={t(accountPrompt[accountType])} />
      </Form.Item>
    </>
  );
}
