import { Alert, Button, Form, Radio, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '../../ui/agent-login';
import { useFeedback } from '../../ui/feedback';
import { runAll, runLogin, useDiagnose } from '../diagnose-store';
import type { LoginStep } from '../report/diag-report';
import { loginStepColumns } from './login-step-columns';
import { AccountFields, SsoFields } from './LoginFields';
import type { LoginRequest } from './login-steps';

interface LoginValues {
  mode?: 'account' | 'sso';
  account?: string;
  password?: string;
  ssoToken?: string;
  accountType?: AccountType;
  thirdPartyAccount?: string;
}

function requestOf(values: LoginValues): LoginRequest {
  if (values.mode === 'sso') {
    return {
      mode: 'sso',
      ssoToken: values.ssoToken?.trim() ?? '',
      accountType: values.accountType ?? 'email',
      account: values.thirdPartyAccount?.trim() ?? '',
    };
  }
  return { mode: 'account', account: values.account?.trim() ?? '', password: values.password ?? '' };
}

/**
 * The login test (spec §2, DESIGN §9): the account and password or the SSO flow of the
 * softphone, each step timed with its catalogued message on failure; the same form starts every
 * test at once.
 */
export function LoginTest() {
  const { t, i18n } = useTranslation();
  const { formInvalid } = useFeedback();
  const [form] = Form.useForm<LoginValues>();
  const mode = Form.useWatch('mode', form) ?? 'account';
  const accountType = Form.useWatch('accountType', form) ?? 'email';
  const login = useDiagnose((state) => state.report.login);
  const busy = useDiagnose((state) => state.busy);
  const [everything, setEverything] = useState(false);
  const running = busy.has('login') || busy.has('all');

  const submit = (values: LoginValues) => {
    const request = requestOf(values);
    void (everything ? runAll(request, i18n.language) : runLogin(request, i18n.language));
  };

  return (
    <section className="diag-card" aria-labelledby="diag-login">
      <h2 id="diag-login">{t('diagnose.login.title')}</h2>
      <p className="muted">{t('diagnose.login.help')}</p>
      <Form<LoginValues>
        form={form}
        layout="vertical"
        initialValues={{ mode: 'account', accountType: 'email' }}
        onFinish={submit}
        onFinishFailed={formInvalid}
        className="diag-login-form"
      >
        <Form.Item name="mode" label={t('agentLogin.modeTitle')}>
          <Radio.Group
            options={[
              { value: 'account', label: t('agentLogin.modeAccount') },
              { value: 'sso', label: t('agentLogin.modeSso') },
            ]}
          />
        </Form.Item>
        {mode === 'account' ? <AccountFields /> : <SsoFields accountType={accountType} />}
        <Alert type="info" showIcon title={t('diagnose.takeoverNote')} className="diag-note" />
        <Space wrap>
          <Button
            type="primary"
            htmlType="submit"
            loading={running && everything}
            disabled={running}
            onClick={() => {
              setEverything(true);
            }}
            data-testid="run-all"
          >
            {t('diagnose.runAll')}
          </Button>
          <Button
            htmlType="submit"
            loading={running && !everything}
            disabled={running}
            onClick={() => {
              setEverything(false);
            }}
            data-testid="login-run"
          >
            {t('diagnose.login.run')}
          </Button>
        </Space>
      </Form>
      {login.length > 0 && (
        <Table<LoginStep>
          className="diag-table"
          size="small"
          pagination={false}
          rowKey="name"
          columns={loginStepColumns(t)}
          dataSource={login}
          data-testid="login-steps"
          // A server's message can be long: the steps scroll inside the card on a phone.
          scroll={{ x: 560 }}
        />
      )}
    </section>
  );
}
