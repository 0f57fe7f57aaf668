import { Form, Input, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsAgent, CmsTenant } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { call } from '../../api/client';
import { FormModal } from '../shared/FormModal';
import { useModalForm } from '../shared/use-modal-form';
import {
  callCentreLimits,
  EMPLOYEE_NO_PATTERN,
  EXTENSION_PATTERN,
  isPhoneNumber,
  normalizePhoneNumber,
  verdict,
} from './fields';

interface Values {
  name: string;
  email: string;
  employee_no: string;
  mobile: string;
  extension: string;
  role: CmsAgent['role'];
  assistant_robot: boolean;
  disabled: boolean;
  password: string;
}

/** The fields an agent signs in with: at least one of them. */
const accountFields = ['email', 'employee_no', 'mobile'] as const;

/** Creates an agent of `tenant` (`agent` undefined) or edits one. */
export function AgentFormModal(props: {
  tenant: CmsTenant;
  agent: CmsAgent | undefined;
  onClose: () => void;
  onSaved: (agent: CmsAgent) => void;
}) {
  const { tenant, agent, onClose, onSaved } = props;
  const { t } = useTranslation();
  const modal = useModalForm<Values, CmsAgent>({
    save: (values) =>
      call('cms/set_agent_info', {
        ...(agent ? { _id: agent._id } : {}),
        tenant_id: tenant._id,
        name: values.name.trim(),
        email: values.email.trim(),
        employee_no: values.employee_no.trim(),
        mobile: normalizePhoneNumber(values.mobile),
        extension: values.extension.trim(),
        role: values.role,
        assistant_robot: values.assistant_robot,
        disabled: values.disabled,
        // Empty: the agent keeps the password they have (or, new, signs in by SSO only).
        ...(values.password ? { password: values.password } : {}),
      }),
    success: t('cms.callCentre.agentSaved'),
    onSaved,
    fieldOf: { agentAccountRequired: 'email' },
  });
  const { form } = modal;

  useEffect(() => {
    form.setFieldsValue({
      name: agent?.name ?? '',
      email: agent?.email ?? '',
      employee_no: agent?.employee_no ?? '',
      mobile: agent?.mobile ?? '',
      extension: agent?.extension ?? '',
      role: agent?.role ?? 'agent',
      assistant_robot: agent?.assistant_robot ?? false,
      disabled: agent?.disabled ?? false,
      password: '',
    });
  }, [agent, form]);

  // At least one way to sign in: said on the e-mail field, checked again when any of them changes.
  const accountRule = ({ getFieldValue }: { getFieldValue: (name: string) => string | undefined }) => ({
    validator: () =>
      verdict(accountFields.every((field) => !getFieldValue(field)?.trim()) && t('cms.callCentre.accountRequired')),
  });

  const passwordRule = t('cms.password.rule', { min: limits.passwordMin });
  const passwordHelp = !agent
    ? t('cms.callCentre.passwordNew')
    : agent.has_password
      ? t('cms.callCentre.passwordKeep')
      : t('cms.callCentre.passwordKeepSso');

  return (
    <FormModal
      modal={modal}
      title={t(agent ? 'cms.callCentre.agentEdit' : 'cms.callCentre.agentCreate')}
      onClose={onClose}
      width={640}
    >
      <Form.Item
        label={t('cms.callCentre.agentName')}
        name="name"
        rules={[{ required: true, whitespace: true, message: t('cms.callCentre.agentNameRequired') }]}
      >
        <Input maxLength={limits.personName} autoComplete="off" data-testid="agent-name" />
      </Form.Item>
      <div className="cc-form-pair">
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
      </div>
    </FormModal>
  );
}
