import { Button, Empty, Input, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsAgent, CmsTenant } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { call } from '../../api/client';
import { useApiQuery } from '../../api/use-query';
import { useFeedback } from '../../ui/feedback';
import { Heading, Muted, Strong } from '../shared/text';
import { AgentFormModal } from './AgentFormModal';

const PAGE_SIZE = limits.pageSizeDefault;

/** What a table cell shows for a field the agent does not have. */
const orDash = (value: string | null) => (value ? <span className="cc-ltr">{value}</span> : <Muted>—</Muted>);

/** A tenant's agents: searched, paged, created, edited and deleted. */
export function AgentsSection({ tenant, onChanged }: { tenant: CmsTenant; onChanged: () => void }) {
  const { t } = useTranslation();
  const { fail, done } = useFeedback();
  const [keywordText, setKeywordText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ agent: CmsAgent | undefined } | undefined>();
  const agents = useApiQuery('cms/get_agent_list', {
    tenant_id: tenant._id,
    ...(keyword ? { keyword } : {}),
    page_number: page,
    page_size: PAGE_SIZE,
  });
  const rows = agents.data?.list ?? [];
  useEffect(() => {
    if (agents.error) fail(agents.error);
  }, [agents.error, fail]);

  const remove = async (agent: CmsAgent) => {
    try {
      await call('cms/remove_agent_info', { _id: agent._id });
      done(t('cms.callCentre.agentDeleted'));
      // The last row of a page gone: show the page before it.
      if (rows.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      fail(error);
    }
    agents.retry();
    onChanged();
  };

  const columns: ColumnsType<CmsAgent> = [
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
      render: (_, agent) => (
        <Space size="small" wrap>
          <Button
            size="small"
            onClick={() => {
              setEditing({ agent });
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
              void remove(agent);
            }}
          >
            <Button size="small" danger data-testid="agent-delete">
              {t('shell.common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <section className="cc-agents" aria-labelledby="cc-agents-title">
      <div className="cms-toolbar cc-agents-toolbar">
        <Heading level={5} id="cc-agents-title" className="cc-section-title">
          {t('cms.callCentre.agentsOf', { name: tenant.name })}
        </Heading>
        <div className="cc-agents-tools">
          <Input.Search
            allowClear
            value={keywordText}
            maxLength={limits.keyword}
            placeholder={t('cms.callCentre.agentSearch')}
            aria-label={t('cms.callCentre.agentSearch')}
            onChange={(event) => {
              setKeywordText(event.target.value);
            }}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage(1);
            }}
            className="cc-agent-search"
            data-testid="agent-search"
          />
          <Button
            type="primary"
            onClick={() => {
              setEditing({ agent: undefined });
            }}
            data-testid="agent-create"
          >
            {t('cms.callCentre.agentCreate')}
          </Button>
        </div>
      </div>
      <Table<CmsAgent>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={agents.loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('cms.callCentre.noAgents')} /> }}
        data-testid="agent-table"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: agents.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      {editing && (
        <AgentFormModal
          tenant={tenant}
          agent={editing.agent}
          onClose={() => {
            setEditing(undefined);
          }}
          onSaved={() => {
            setEditing(undefined);
            agents.retry();
            onChanged();
          }}
        />
      )}
    </section>
  );
}
