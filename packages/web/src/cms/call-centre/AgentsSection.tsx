import { Button, Empty, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsAgent, CmsTenant } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { Heading } from '../shared/text';
import { AgentFormModal } from './AgentFormModal';
import { useAgentColumns } from './agent-columns';
import { AGENT_PAGE_SIZE, useAgentList } from './use-agent-list';

/** A tenant's agents: searched, paged, created, edited and deleted. */
export function AgentsSection({ tenant, onChanged }: { tenant: CmsTenant; onChanged: () => void }) {
  const { t } = useTranslation();
  const { agents, rows, page, setPage, search, remove } = useAgentList(tenant, onChanged);
  const [editing, setEditing] = useState<{ agent: CmsAgent | undefined } | undefined>();
  const columns = useAgentColumns({
    onEdit: (agent) => {
      setEditing({ agent });
    },
    onRemove: (agent) => {
      void remove(agent);
    },
  });

  return (
    <section className="cc-agents" aria-labelledby="cc-agents-title">
      <AgentsToolbar
        tenant={tenant}
        onSearch={search}
        onCreate={() => {
          setEditing({ agent: undefined });
        }}
      />
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
          pageSize: AGENT_PAGE_SIZE,
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

/** The section's title, the search of its agents (run on Enter or the button) and the button creating one. */
function AgentsToolbar(props: { tenant: CmsTenant; onSearch: (typed: string) => void; onCreate: () => void }) {
  const { tenant, onSearch, onCreate } = props;
  const { t } = useTranslation();
  const [keywordText, setKeywordText] = useState('');
  return (
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
          onSearch={onSearch}
          className="cc-agent-search"
          data-testid="agent-search"
        />
        <Button type="primary" onClick={onCreate} data-testid="agent-create">
          {t('cms.callCentre.agentCreate')}
        </Button>
      </div>
    </div>
  );
}
