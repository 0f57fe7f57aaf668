import { Alert, Button, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { accountPrompt, thirdPartyAccountRules, type AccountType } from '../ui/agent-login';
import { useFeedback } from '../ui/feedback';
import { DemoCallError, signIn, type LoginRequest } from './demo-api';
import { startPhone, stopPhone, useDemo } from './demo-store';
import { ServerUrls } from './ServerUrls';
import { useServerUrls } from './use-server-urls';

type Mode = 'account' | 'sso';

interface LoginValues {
  account?: string;
  password?: string;
  ssoToken?: string;
  accountType?: AccountType;
  thirdPartyAccount?: string;
}

interface LoginSectionProps {
  /** Where the phone mounts (the phone panel's container). */
  container: () => HTMLElement | null;
  /** The init parameters of the other sections. */
  params: () => Record<string, unknown>;
}

/**
 * Login configuration (spec §2): the serverUrl, then a login token by account and password or by
 * SSO with a third-party account, and the phone started with it, as an integrator's page does.
 */
export function LoginSection({ container, params }: LoginSectionProps) {
  const { t, i18n } = useTranslation();
  const { formInvalid } = useFeedback();
  const [form] = Form.useForm<LoginValues>();
  const [servers, setServers] = useServerUrls();
  const [mode, setMode] = useState<Mode>('account');
  const [signingIn, setSigningIn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const demo = useDemo();
  const accountType = Form.useWatch('accountType', form) ?? 'email';

  const submit = async (values: LoginValues) => {
    const element = container();
    if (!element || servers.selected === '') return;
    const request: LoginRequest =
      mode === 'account'
        ? { mode, account: values.account?.trim() ?? '', password: values.password ?? '' }
        : {
            mode,
            ssoToken: values.ssoToken?.trim() ?? '',
            accountType: values.accountType ?? 'email',
            account: values.thirdPartyAccount?.trim() ?? '',
          };
    setSigningIn(true);
    setFailure(null);
    try {
      const token = await signIn(servers.selected, request, i18n.language);
      await startPhone({
        serverUrl: servers.selected,
        token,
        container: element,
        params: params(),
        lang: () => i18n.language,
      });
    } catch (error) {
      setFailure(
        error instanceof DemoCallError && error.envelope
          ? `${error.envelope.code}: ${error.envelope.message}`
          : t('demo.login.serverUnreachable', { url: servers.selected }),
      );
    } finally {
      setSigningIn(false);
    }
  };

  const thirdPartyRules = thirdPartyAccountRules(t, accountType);

  return (
    <section className="panel demo-section" aria-labelledby="demo-login">
      <h2 id="demo-login">{t('demo.login.title')}</h2>
      <h3>{t('demo.serverUrl.title')}</h3>
      <ServerUrls
        list={servers}
        onChange={(next) => {
          if (next.selected !== servers.selected) stopPhone();
          setServers(next);
        }}
      />
      <h3>{t('agentLogin.modeTitle')}</h3>
      <Radio.Group
        value={mode}
        onChange={(event) => {
          setMode(event.target.value as Mode);
          setFailure(null);
        }}
        optionType="button"
        options={[
          { value: 'account', label: t('agentLogin.modeAccount') },
          { value: 'sso', label: t('agentLogin.modeSso') },
        ]}
        data-testid="login-mode"
      />
      <Form<LoginValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ accountType: 'email' }}
        onFinish={(values) => void submit(values)}
        onFinishFailed={formInvalid}
        className="demo-login-form"
      >
        {mode === 'account' ? (
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
        ) : (
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
        )}
        {failure && <Alert type="error" showIcon title={failure} className="demo-alert" data-testid="login-error" />}
        <Button
          type="primary"
          htmlType="submit"
          loading={signingIn || demo.phase === 'starting'}
          disabled={servers.selected === ''}
          data-testid="demo-start"
        >
          {demo.phase === 'ready' ? t('demo.login.restart') : t('demo.login.start')}
        </Button>
      </Form>
    </section>
  );
}
