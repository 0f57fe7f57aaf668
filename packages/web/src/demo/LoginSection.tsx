import { Alert, Button, Form, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../ui/feedback';
import { stopPhone, useDemo } from './demo-store';
import { AccountFields, SsoFields } from './LoginFields';
import { ServerUrls } from './ServerUrls';
import { useDemoSignIn, type LoginMode, type LoginValues, type PhoneMount } from './use-demo-sign-in';
import { useServerUrls } from './use-server-urls';

/**
 * Login configuration (spec §2): the serverUrl, then a login token by account and password or by
 * SSO with a third-party account, and the phone started with it, as an integrator's page does.
 */
export function LoginSection(props: PhoneMount) {
  const { t } = useTranslation();
  const { formInvalid } = useFeedback();
  const [form] = Form.useForm<LoginValues>();
  const [servers, setServers] = useServerUrls();
  const [mode, setMode] = useState<LoginMode>('account');
  const { signingIn, failure, setFailure, submit } = useDemoSignIn(props, servers);
  const demo = useDemo();
  const accountType = Form.useWatch('accountType', form) ?? 'email';

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
          setMode(event.target.value as LoginMode);
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
        onFinish={(values) => void submit(mode, values)}
        onFinishFailed={formInvalid}
        className="demo-login-form"
      >
        {mode === 'account' ? <AccountFields /> : <SsoFields accountType={accountType} />}
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
