import { Button, Empty, Space, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsTenant } from '@open/protocol/api';
import { useApiQuery } from '../../api/use-query';
import { useFeedback } from '../../ui/feedback';
import { PanelTitle, Strong } from '../shared/text';
import { AgentsSection } from './AgentsSection';
import { ApiKeysSection } from './api-keys/ApiKeysSection';
import { SsoToken } from './SsoToken';
import { TenantFormModal } from './TenantFormModal';
import { useTenantColumns } from './tenant-columns';
import { TrunkSection } from './TrunkSection';
import { WebhooksSection } from './webhooks/WebhooksSection';

/** The call centre (admins only, issue #8): the tenants, and the selected one's SSO token, agents, SIP trunk, webhooks and API keys. */
export function Component() {
  const { t } = useTranslation();
  const { fail } = useFeedback();
  const tenants = useApiQuery('cms/get_tenant_list', { page_number: -1 });
  useEffect(() => {
    if (tenants.error) fail(tenants.error);
  }, [tenants.error, fail]);
  const list = useMemo(() => tenants.data?.list ?? [], [tenants.data]);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [editing, setEditing] = useState<{ tenant: CmsTenant | undefined } | undefined>();
  // Usually there is one tenant: it is selected until another is.
  const selected = list.find((tenant) => tenant._id === selectedId) ?? list[0];

  const columns = useTenantColumns((tenant) => {
    setEditing({ tenant });
  });

  return (
    <section className="cms-panel">
      <div className="cms-toolbar">
        <PanelTitle>{t('cms.callCentre.title')}</PanelTitle>
        <Space wrap>
          <Button onClick={tenants.retry}>{t('shell.common.refresh')}</Button>
          <Button
            type="primary"
            onClick={() => {
              setEditing({ tenant: undefined });
            }}
            data-testid="tenant-create"
          >
            {t('cms.callCentre.tenantCreate')}
          </Button>
        </Space>
      </div>
      <Table<CmsTenant>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={list}
        loading={tenants.loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        title={() => <Strong>{t('cms.callCentre.tenants')}</Strong>}
        locale={{ emptyText: <Empty description={t('cms.callCentre.noTenants')} /> }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selected ? [selected._id] : [],
          onChange: (keys) => {
            setSelectedId(String(keys[0]));
          },
          getCheckboxProps: (tenant) => ({ 'aria-label': t('cms.callCentre.selectTenant', { name: tenant.name }) }),
        }}
        onRow={(tenant) => ({
          onClick: () => {
            setSelectedId(tenant._id);
          },
          className: tenant._id === selected?._id ? 'cc-tenant-selected' : 'cc-tenant-row',
        })}
        className="cc-tenants"
        data-testid="tenant-table"
      />
      {selected && (
        <div className="cc-tenant-detail">
          <SsoToken tenant={selected} onReset={tenants.retry} />
          {/* A new tenant starts at its first page and an empty search. */}
          <AgentsSection key={selected._id} tenant={selected} onChanged={tenants.retry} />
          <TrunkSection key={`trunk-${selected._id}`} tenant={selected} />
          <WebhooksSection key={`webhooks-${selected._id}`} tenant={selected} />
          <ApiKeysSection key={`api-keys-${selected._id}`} tenant={selected} />
        </div>
      )}
      {editing && (
        <TenantFormModal
          tenant={editing.tenant}
          onClose={() => {
            setEditing(undefined);
          }}
          onSaved={(saved) => {
            setEditing(undefined);
            setSelectedId(saved._id);
            tenants.retry();
          }}
        />
      )}
    </section>
  );
}
