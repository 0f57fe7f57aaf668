import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsTenant } from '@open/protocol/api';
import { locales } from '@open/protocol/locales';
import { Strong } from '../shared/text';

const nativeName = (code: string) => locales.find((locale) => locale.code === code)?.nativeName ?? code;

/** The columns of the tenants' table: name, language, after-call work, agents, and `onEdit`'s button. */
export function useTenantColumns(onEdit: (tenant: CmsTenant) => void): ColumnsType<CmsTenant> {
  const { t, i18n } = useTranslation();
  const seconds = useMemo(
    () => new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'second', unitDisplay: 'short' }),
    [i18n.language],
  );

  return [
    {
      title: t('cms.callCentre.tenantName'),
      dataIndex: 'name',
      render: (name: string) => <Strong data-testid="tenant-row-name">{name}</Strong>,
    },
    { title: t('cms.callCentre.defaultLang'), dataIndex: 'default_lang', render: nativeName },
    {
      title: t('cms.callCentre.acw'),
      dataIndex: 'acw_seconds',
      render: (value: number) => <span data-testid="tenant-row-acw">{seconds.format(value)}</span>,
    },
    {
      title: t('cms.callCentre.agentCount'),
      dataIndex: 'agent_count',
      align: 'end',
      render: (count: number) => <span data-testid="tenant-row-agents">{count}</span>,
    },
    {
      title: t('cms.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, tenant) => (
        <Button
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            onEdit(tenant);
          }}
          data-testid="tenant-edit"
        >
          {t('shell.common.edit')}
        </Button>
      ),
    },
  ];
}
