import { Button, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CmsAgent } from '@open/protocol/api';
import { Muted, Strong } from '../shared/text';

/** What a table cell shows for a field the agent does not have. */
const orDash = (value: string | null) => (value ? <span className="cc-ltr">{value}</span> : <Muted>—</Muted>);

/** What a row of the agents' table does: open the agent's dialog, or remove the agent. */
interface AgentRowActions {
  onEdit: (agent: CmsAgent) => void;
  onRemove: (agent: CmsAgent) => void;
}

/** The columns of the agents' table: who the agent is, how they sign in, and the row's actions. */
export function useAgentColumns(actions: AgentRowActions): ColumnsType<CmsAgent> {
  const { t } = useTranslation();
  return [
    {
      title: t('cms.callCentre.agentName'),
      dataIndex: 'name',
      render: (name: string) => <Strong data-testid="agent-row-name">{name}</Strong>,
    },
    { title: t('cms.callCentre.email'), dataIndex: 'email', render: orDash },
    { title: t('cms.callCentre.employeeNo'), dataIndex: 'employee_no', responsive: ['md'], render: orDash },
    { title: t('cms.callCentre.mobile'), dataIndex: 'mobile', responsive: ['lg'], render: orDash },
    { title: t('cms.callCentre.extension'), dataIndex: 'extension', render: orDash },
    {
      title: t('cms.callCentre.role'),
      dataIndex: 'role',
      render: (role: CmsAgent['role']) => (
        <Tag color={role === 'supervisor' ? 'purple' : 'blue'}>
          {t(role === 'supervisor' ? 'cms.callCentre.roleSupervisor' : 'cms.callCentre.roleAgent')}
        </Tag>
      ),
    },
    {
      title: t('cms.callCentre.assistantRobot'),
      dataIndex: 'assistant_robot',
      responsive: ['lg'],
      render: (on: boolean) =>
        on ? <Tag color="cyan">{t('cms.callCentre.on')}</Tag> : <Muted>{t('cms.callCentre.off')}</Muted>,
    },
    {
      title: t('cms.callCentre.status'),
      dataIndex: 'disabled',
      render: (disabled: boolean) => (
        <Tag color={disabled ? 'red' : 'green'}>
          {t(disabled ? 'cms.callCentre.disabled' : 'cms.callCentre.enabled')}
        </Tag>
      ),
    },
    {
      title: t('cms.callCentre.signIn'),
      dataIndex: 'has_password',
      responsive: ['md'],
      render: (hasPassword: boolean) =>
        hasPassword ? t('cms.callCentre.signInPassword') : <Muted>{t('cms.callCentre.signInSso')}</Muted>,
    },
    {
      title: t('cms.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, agent) => <AgentActions agent={agent} {...actions} />,
    },
  ];
}

/** The actions of one agent's row: edit, and delete once confirmed. */
function AgentActions({ agent, onEdit, onRemove }: AgentRowActions & { agent: CmsAgent }) {
  const { t } = useTranslation();
  return (
    <Space size="small" wrap>
      <Button
        size="small"
        onClick={() => {
          onEdit(agent);
        }}
        data-testid="agent-edit"
      >
        {t('shell.common.edit')}
      </Button>
      <Popconfirm
        title={t('shell.common.confirmDelete')}
        description={
          <span className="cc-confirm-text">{t('cms.callCentre.agentDeleteWarning', { name: agent.name })}</span>
        }
        okText={t('shell.common.ok')}
        cancelText={t('shell.common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => {
          onRemove(agent);
        }}
      >
        <Button size="small" danger data-testid="agent-delete">
          {t('shell.common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
