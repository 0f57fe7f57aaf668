import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsAgent } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import {
  callCentreLimits,
  EMPLOYEE_NO_PATTERN,
  EXTENSION_PATTERN,
  isPhoneNumber,
  normalizePhoneNumber,
  verdict,
} from './fields';

/** The fields an agent signs in with: at least one of them. */
const accountFields = ['email', 'employee_no', 'mobile'] as const;

/** How the agent is reached and signs in: e-mail, employee number, mobile and extension. */
export function AgentAccountFields() {
  const { t } = useTranslation();

  // At least one way to sign in: said on the e-mail field, checked again when any of them changes.
  const accountRule = ({ getFieldValue }: { getFieldValue: (name: string) => string | undefined }) => ({
    validator: () =>
      verdict(accountFields.every((field) => !getFieldValue(field)?.trim()) && t('cms.callCentre.accountRequired')),
  });

  return (
    <>
      <Form.Item
        label={t('cms.callCentre.email')}
        name="email"
        dependencies={['employee_no', 'mobile']}
        rules={[{ type: 'email', message: t('cms.callCentre.emailInvalid') }, accountRule]}
      >
        <Input
          type="email"
          maxLength={limits.account}
          autoComplete="off"
          className="cc-ltr-input"
          data-testid="agent-email"
        />
      </Form.Item>
      <Form.Item
        label={t('cms.callCentre.employeeNo')}
        name="employee_no"
        rules={[{ pattern: EMPLOYEE_NO_PATTERN, message: t('cms.callCentre.employeeNoRule') }]}
      >
        <Input
          maxLength={callCentreLimits.employeeNo}
          autoComplete="off"
          className="cc-ltr-input"
          data-testid="agent-employee-no"
        />
      </Form.Item>
      <Form.Item
        label={t('cms.callCentre.mobile')}
        name="mobile"
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const number = normalizePhoneNumber(value ?? '');
              return verdict(Boolean(number) && !isPhoneNumber(number) && t('cms.callCentre.mobileRule'));
            },
          },
        ]}
      >
        <Input
          maxLength={callCentreLimits.phoneNumber}
          inputMode="tel"
          autoComplete="off"
          className="cc-ltr-input"
          data-testid="agent-mobile"
        />
      </Form.Item>
      <Form.Item
        label={t('cms.callCentre.extension')}
        name="extension"
        extra={t('cms.callCentre.extensionHelp')}
        rules={[{ pattern: EXTENSION_PATTERN, message: t('cms.callCentre.extensionRule') }]}
      >
        <Input
          maxLength={callCentreLimits.extension}
          inputMode="numeric"
          autoComplete="off"
          className="cc-ltr-input"
          data-testid="agent-extension"
        />
      </Form.Item>
    </>
  );
}

/** The agent's role, password (kept when left empty), assistant robot and whether they are disabled. */
export function AgentSettingsFields({ agent }: { agent: CmsAgent | undefined }) {
  const { t } = useTranslation();
  const passwordRule = t('cms.password.rule', { min: limits.passwordMin });
  const passwordHelp = !agent
    ? t('cms.callCentre.passwordNew')
    : agent.has_password
      ? t('cms.callCentre.passwordKeep')
      : t('cms.callCentre.passwordKeepSso');

  return (
    <>
      <Form.Item label={t('cms.callCentre.role')} name="role">
        <Select
          options={[
            { value: 'agent', label: t('cms.callCentre.roleAgent') },
            { value: 'supervisor', label: t('cms.callCentre.roleSupervisor') },
          ]}
          data-testid="agent-role"
        />
      </Form.Item>
      <Form.Item
        label={t('cms.callCentre.password')}
        name="password"
        extra={passwordHelp}
        rules={[{ min: limits.passwordMin, message: passwordRule }]}
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={limits.password}
          placeholder={passwordRule}
          data-testid="agent-password"
        />
      </Form.Item>
      <Form.Item label={t('cms.callCentre.assistantRobot')} name="assistant_robot" valuePropName="checked">
        <Switch data-testid="agent-robot" />
      </Form.Item>
      <Form.Item label={t('cms.callCentre.disabled')} name="disabled" valuePropName="checked">
        <Switch data-testid="agent-disabled" />
      </Form.Item>
    </>
  );
}
