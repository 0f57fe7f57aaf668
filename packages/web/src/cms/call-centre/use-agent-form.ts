import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsAgent, CmsTenant } from '@open/protocol/api';
import { call } from '../../api/client';
import { useModalForm, type ModalForm } from '../shared/use-modal-form';
import { normalizePhoneNumber } from './fields';

/** The values of the agent dialog's form. */
export interface AgentValues {
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

/** The form of `AgentFormModal`: filled from `agent` (empty for a new one) and saved as an agent of `tenant`. */
export function useAgentForm(
  tenant: CmsTenant,
  agent: CmsAgent | undefined,
  onSaved: (agent: CmsAgent) => void,
): ModalForm<AgentValues> {
  const { t } = useTranslation();
  const modal = useModalForm<AgentValues, CmsAgent>({
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

  return modal;
}
