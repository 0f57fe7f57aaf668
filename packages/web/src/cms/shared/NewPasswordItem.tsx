import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';

/** A new password field with the server's own bounds, wherever one is set. */
export function NewPasswordItem({ name, testId }: { name: string; testId: string }) {
  const { t } = useTranslation();
  const rule = t('cms.password.rule', { min: limits.passwordMin });
  return (
    <Form.Item
      label={t('cms.password.new')}
      name={name}
      extra={rule}
      rules={[
        { required: true, message: t('cms.password.newRequired') },
        { min: limits.passwordMin, message: rule },
      ]}
    >
      <Input.Password autoComplete="new-password" maxLength={limits.password} data-testid={testId} />
    </Form.Item>
  );
}
