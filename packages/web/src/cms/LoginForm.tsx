import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { call, errorMessage } from '../api/client';
import { sessionStore, useSession } from '../session/session-store';

interface LoginValues {
  account: string;
  password: string;
}

export function LoginForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const { expired } = useSession();

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      sessionStore.signedIn(await call('global/login', values));
    } catch (error) {
      void message.error(errorMessage(error, t('shell.common.networkError')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="cms-login">
      <Card title={t('cms.login.title')} style={{ width: 380, maxWidth: '100%' }}>
        {expired && (
          <Alert
            type="info"
            showIcon
            title={t('cms.login.sessionExpired')}
            style={{ marginBlockEnd: 16 }}
            data-testid="session-expired"
          />
        )}
        <Form<LoginValues>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void submit(values)}
          onFinishFailed={() => void message.error(t('shell.common.formInvalid'))}
        >
          <Form.Item
            label={t('cms.login.account')}
            name="account"
            rules={[{ required: true, whitespace: true, message: t('cms.login.accountRequired') }]}
          >
            <Input
              autoComplete="username"
              maxLength={limits.account}
              placeholder={t('cms.login.accountPlaceholder')}
              data-testid="login-account"
            />
          </Form.Item>
          <Form.Item
            label={t('cms.login.password')}
            name="password"
            rules={[{ required: true, message: t('cms.login.passwordRequired') }]}
          >
            <Input.Password
              autoComplete="current-password"
              maxLength={limits.password}
              placeholder={t('cms.login.passwordPlaceholder')}
              data-testid="login-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
            {t('cms.login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
