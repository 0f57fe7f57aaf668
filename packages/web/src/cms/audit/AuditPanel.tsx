import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { useApiQuery } from '../../api/use-query';
import { PanelTitle } from '../shared/text';
import { useAuditColumns } from './audit-columns';
import { AuditFilters, type AuditFilterSetters } from './AuditFilters';

const PAGE_SIZE = limits.pageSizeDefault;

/** Who did what when (admins only), newest first, with filters. */
export function Component() {
  const { t } = useTranslation();
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [targetType, setTargetType] = useState<string | undefined>();
  const [range, setRange] = useState<[string, string] | undefined>();
  const [page, setPage] = useState(1);
  const audit = useApiQuery('cms/get_audit_list', {
    ...(actor ? { actor } : {}),
    ...(action ? { action } : {}),
    ...(targetType ? { target_type: targetType } : {}),
    ...(range ? { from: range[0], to: range[1] } : {}),
    page_number: page,
    page_size: PAGE_SIZE,
  });
  const columns = useAuditColumns();

  // A filter changed: the list starts again from its first page.
  const thenFirstPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const filters: AuditFilterSetters = {
    setActor: thenFirstPage(setActor),
    setAction: thenFirstPage(setAction),
    setTargetType: thenFirstPage(setTargetType),
    setRange: thenFirstPage(setRange),
  };

  return (
    <section className="cms-panel">
      <div className="cms-toolbar">
        <PanelTitle>{t('cms.audit.title')}</PanelTitle>
      </div>
      <AuditFilters targetType={targetType} set={filters} />
      <Table<AuditEntry>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={audit.data?.list ?? []}
        loading={audit.loading}
        scroll={{ x: 'max-content' }}
        data-testid="audit-table"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: audit.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </section>
  );
}
