import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsAgent, CmsTenant } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { FormModal } from '../shared/FormModal';
import { AgentAccountFields, AgentSettingsFields } from './AgentFormFields';
import { useAgentForm } from './use-agent-form';

/** Creates an agent of `tenant` (`agent` undefined) or edits one. */
export function AgentFormModal(props: {
  tenant: CmsTenant;
  agent: CmsAgent | undefined;
  onClose: () => void;
  onSaved: (agent: CmsAgent) => void;
}) {
  const { tenant, agent, onClose, onSaved } = props;
  const { t } = useTranslation();
  const modal = useAgentForm(tenant, agent, onSaved);

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
        <AgentAccountFields />
        <AgentSettingsFields agent={agent} />
      </div>
    </FormModal>
  );
}
