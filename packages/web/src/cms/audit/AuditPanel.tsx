import { DatePicker, Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { useApiQuery } from '../../api/use-query';
import { formatTime } from '../../ui/format';
import { PanelTitle } from '../shared/text';

const PAGE_SIZE = limits.pageSizeDefault;
const targetTypes = ['session', 'version', 'category', 'resource', 'attachment', 'account'] as const;

/** Who did what when (admins only), newest first, with filters. */
export function Component() {
  const { t, i18n } = useTranslation();
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

  const columns: ColumnsType<AuditEntry> = [
    { title: t('cms.audit.at'), dataIndex: 'at', render: (value: string) => formatTime(value, i18n.language) },
    { title: t('cms.audit.actor'), dataIndex: 'actor', render: (value: string | null) => value ?? '—' },
    { title: t('cms.audit.action'), dataIndex: 'action', render: (value: string) => <code>{value}</code> },
    {
      title: t('cms.audit.target'),
      key: 'target',
      render: (_, row) => [row.target_type, row.target_name ?? row.target_id].filter(Boolean).join(' · '),
    },
    { title: t('cms.audit.ip'), dataIndex: 'ip', responsive: ['lg'] },
    {
      title: t('cms.audit.detail'),
      dataIndex: 'detail',
      responsive: ['lg'],
      render: (detail: Record<string, unknown>) =>
        Object.keys(detail).length ? <code className="audit-detail">{JSON.stringify(detail)}</code> : null,
    },
  ];

  return (
    <section className="cms-panel">
      <div className="cms-toolbar">
        <PanelTitle>{t('cms.audit.title')}</PanelTitle>
      </div>
      <div className="cms-filters">
        <Input.Search
          allowClear
          placeholder={t('cms.audit.actor')}
          aria-label={t('cms.audit.actor')}
          maxLength={limits.account}
          onSearch={(value) => {
            setActor(value.trim());
            setPage(1);
          }}
          style={{ maxWidth: 180 }}
          data-testid="audit-actor"
        />
        <Input.Search
          allowClear
          placeholder={t('cms.audit.action')}
          aria-label={t('cms.audit.action')}
          maxLength={64}
          onSearch={(value) => {
            setAction(value.trim());
            setPage(1);
          }}
          style={{ maxWidth: 220 }}
        />
        <Select
          allowClear
          placeholder={t('cms.audit.target')}
          aria-label={t('cms.audit.target')}
          value={targetType}
          options={targetTypes.map((type) => ({ value: type, label: type }))}
          onChange={(value: string | undefined) => {
            setTargetType(value);
            setPage(1);
          }}
          style={{ minWidth: 140 }}
        />
        <DatePicker.RangePicker
          showTime
          onChange={(dates) => {
            const [from, to] = dates ?? [];
            setRange(from && to ? [from.toISOString(), to.toISOString()] : undefined);
            setPage(1);
          }}
        />
      </div>
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
