import { DatePicker, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';

const targetTypes = ['session', 'version', 'category', 'resource', 'attachment', 'account'] as const;

/** What the audit trail is filtered by; each change of one goes back to the first page. */
export interface AuditFilterSetters {
  setActor: (actor: string) => void;
  setAction: (action: string) => void;
  setTargetType: (targetType: string | undefined) => void;
  /** From and to, as ISO times. */
  setRange: (range: [string, string] | undefined) => void;
}

/** The audit trail's filters: who, which call, what kind of target, and when. */
export function AuditFilters({ targetType, set }: { targetType: string | undefined; set: AuditFilterSetters }) {
  const { t } = useTranslation();
  return (
    <div className="cms-filters">
      <Input.Search
        allowClear
        placeholder={t('cms.audit.actor')}
        aria-label={t('cms.audit.actor')}
        maxLength={limits.account}
        onSearch={(value) => {
          set.setActor(value.trim());
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
          set.setAction(value.trim());
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
          set.setTargetType(value);
        }}
        style={{ minWidth: 140 }}
      />
      <DatePicker.RangePicker
        showTime
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          set.setRange(from && to ? [from.toISOString(), to.toISOString()] : undefined);
        }}
      />
    </div>
  );
}
