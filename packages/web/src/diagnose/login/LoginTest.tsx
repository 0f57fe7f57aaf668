import { Alert, Button, Form, Input, Radio, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { accountPrompt, thirdPartyAccountRules, type AccountType } from '../../ui/agent-login';
import { useFeedback } from '../../ui/feedback';
import { runAll, runLogin, useDiagnose } from '../diagnose-store';
import type { LoginStep } from '../report/diag-report';
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
  const { report, busy } = useDiagnose();
  const [everything, setEverything] = useState(false);
  const running = busy.has('login') || busy.has('all');

  const submit = (values: LoginValues) => {
    const request = requestOf(values);
    void (everything ? runAll(request, i18n.language) : runLogin(request, i18n.language));
  };

  const stepColumns = [
    {
      title: t('diagnose.login.step'),
      dataIndex: 'name',
      render: (name: LoginStep['name']) => t(`diagnose.login.step.${name}`),
    },
    {
      title: t('diagnose.login.result'),
      dataIndex: 'ok',
      render: (ok: boolean) => (
        <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'diagnose.login.ok' : 'diagnose.login.failed')}</Tag>
      ),
    },
    {
      title: t('diagnose.login.duration'),
      dataIndex: 'ms',
      render: (ms: number | null) => (ms === null ? '' : t('diagnose.ms', { value: ms })),
    },
    {
      title: t('diagnose.login.message'),
      key: 'message',
      className: 'diag-wrap',
      render: (_: unknown, step: LoginStep) =>
        step.message === null
          ? ''
          : `${step.code === null ? '' : `${String(step.code)}: `}${
              step.name === 'socketAuth' ? t(`error.${step.message}`, { defaultValue: step.message }) : step.message
            }`,
    },
  ];

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
        {mode === 'account' ? (
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
        ) : (
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
        )}
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
      {report.login.length > 0 && (
        <Table<LoginStep>
          className="diag-table"
          size="small"
          pagination={false}
          rowKey="name"
          columns={stepColumns}
          dataSource={report.login}
          data-testid="login-steps"
          // A server's message can be long: the steps scroll inside the card on a phone.
          scroll={{ x: 560 }}
        />
      )}
    </section>
  );
}
