import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@open/protocol/api';
import { formatTime } from '../../ui/format';

/** The columns of the audit trail: when, who, what, on what, from where, and the call's detail. */
export function useAuditColumns(): ColumnsType<AuditEntry> {
  const { t, i18n } = useTranslation();
  return [
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
}
