import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { accountPrompt, thirdPartyAccountRules, type AccountType } from '../ui/agent-login';

/** Sign in by account and password: the fields, and where the demo accounts are. */
export function AccountFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        label={t('agentLogin.account')}
        name="account"
        rules={[{ required: true, whitespace: true, message: t('agentLogin.accountPrompt') }]}
      >
        <Input
          autoComplete="username"
          maxLength={limits.account}
          placeholder={t('agentLogin.accountPrompt')}
          data-testid="demo-account"
        />
      </Form.Item>
      <Form.Item
        label={t('agentLogin.password')}
        name="password"
        rules={[{ required: true, message: t('agentLogin.passwordPrompt') }]}
      >
        <Input.Password
          autoComplete="current-password"
          maxLength={limits.password}
          placeholder={t('agentLogin.passwordPrompt')}
          data-testid="demo-password"
        />
      </Form.Item>
      <p className="muted demo-hint">{t('demo.login.demoAccounts')}</p>
    </>
  );
}

/** Sign in by SSO: the token, then the third-party account, checked by its chosen type. */
export function SsoFields({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation();
  const thirdPartyRules = thirdPartyAccountRules(t, accountType);
  return (
    <>
      <Form.Item
        label={t('agentLogin.ssoToken')}
        name="ssoToken"
        rules={[{ required: true, whitespace: true, message: t('agentLogin.ssoTokenPrompt') }]}
        extra={t('demo.login.ssoTokenHelp')}
      >
        <Input.Password
          autoComplete="off"
          maxLength={256}
          placeholder={t('agentLogin.ssoTokenPrompt')}
          data-testid="demo-sso-token"
        />
      </Form.Item>
      <h3>{t('demo.thirdParty.title')}</h3>
      <Form.Item label={t('agentLogin.thirdParty.type')} name="accountType">
        <Select
          data-testid="demo-account-type"
          options={(['email', 'mobile', 'employee_no'] as const).map((value) => ({
            value,
            label: t(`agentLogin.thirdParty.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        label={t('agentLogin.thirdParty.account')}
        name="thirdPartyAccount"
        rules={thirdPartyRules}
        dependencies={['accountType']}
      >
        <Input
          maxLength={limits.account}
          placeholder={t(accountPrompt[accountType])}
          data-testid="demo-third-party-account"
        />
      </Form.Item>
    </>
  );
}
