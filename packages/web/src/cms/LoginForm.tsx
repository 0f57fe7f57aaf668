import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { call } from '../api/client';
import { useFeedback } from '../ui/feedback';
import { sessionStore, useSession } from '../session/session-store';

interface LoginValues {
  account: string;
  password: string;
}

/** The CMS sign-in page (`#/cms/login`); the frame leads back where the admin was going. */
export function Component() {
  const { t } = useTranslation();
  const { fail, formInvalid } = useFeedback();
  const [submitting, setSubmitting] = useState(false);
  const { expired } = useSession();

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      sessionStore.signedIn(await call('global/login', values));
    } catch (error) {
      fail(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="cms-login">
      {/* A plain box, not Ant Design's Card: Card brings Tabs along (~15 KB gzipped). */}
      <section className="cms-login-box" aria-labelledby="cms-login-title">
        <h2 id="cms-login-title">{t('cms.login.title')}</h2>
        {expired && (
          <p className="cms-notice" role="status" data-testid="session-expired">
            {t('cms.login.sessionExpired')}
          </p>
        )}
        <Form<LoginValues>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void submit(values)}
          onFinishFailed={formInvalid}
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
      </section>
    </div>
  );
}
