import { Button, Popconfirm, Select, Space, Table } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearCurrent, useDiagnose } from '../diagnose-store';
import { logTypes, type LogRow, type LogSource, type LogType } from '../report/log-row';
import { LOG_TABLE_WIDTH, logColumns } from './log-columns';
import { useLogFiles } from './use-log-files';

/** At most this many rows are drawn at once; the table pages through the rest. */
const PAGE_SIZE = 50;

/** The diagnostic log (spec §3): filterable by source and type; export, import and clear. */
export function LogPanel() {
  const { t, i18n } = useTranslation();
  const report = useDiagnose((state) => state.report);
  const { exportJson, exportCsv, readImport } = useLogFiles(report);
  const [source, setSource] = useState<LogSource | 'all'>('all');
  const [type, setType] = useState<LogType | 'all'>('all');
  const picker = useRef<HTMLInputElement>(null);

  const rows = useMemo(
    () =>
      report.logs
        .map((row, index) => ({ ...row, key: index }))
        .filter((row) => (source === 'all' || row.source === source) && (type === 'all' || row.type === type))
        .reverse(),
    [report.logs, source, type],
  );

  return (
    <section className="diag-card" aria-labelledby="diag-log">
      <h2 id="diag-log">{t('diagnose.log.title')}</h2>
      <Space wrap className="diag-toolbar">
        <Select<LogSource | 'all'>
          value={source}
          onChange={setSource}
          aria-label={t('diagnose.log.source')}
          data-testid="log-source-filter"
          popupMatchSelectWidth={false}
          options={[
            { value: 'all', label: t('diagnose.log.filterSource') },
            { value: 'client', label: t('diagnose.log.source.client') },
            { value: 'server', label: t('diagnose.log.source.server') },
          ]}
        />
        <Select<LogType | 'all'>
          value={type}
          onChange={setType}
          aria-label={t('diagnose.log.type')}
          data-testid="log-type-filter"
          popupMatchSelectWidth={false}
          options={[
            { value: 'all', label: t('diagnose.log.filterType') },
            ...logTypes.map((value) => ({ value, label: t(`diagnose.type.${value}`) })),
          ]}
        />
        <Button onClick={exportJson} data-testid="export-json">
          {t('diagnose.log.exportJson')}
        </Button>
        <Button onClick={exportCsv} data-testid="export-csv">
          {t('diagnose.log.exportCsv')}
        </Button>
        <Button
          onClick={() => {
            picker.current?.click();
          }}
        >
          {t('diagnose.log.import')}
        </Button>
        <input
          ref={picker}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file chosen again must fire a change too.
            event.target.value = '';
            if (file) void readImport(file);
          }}
        />
        <Popconfirm title={t('diagnose.log.clearConfirm')} onConfirm={clearCurrent}>
          <Button danger data-testid="log-clear">
            {t('diagnose.log.clear')}
          </Button>
        </Popconfirm>
      </Space>
      <Table<LogRow & { key: number }>
        className="diag-table"
        size="small"
        dataSource={rows}
        data-testid="log-table"
        locale={{ emptyText: t('diagnose.log.empty') }}
        // On a phone the log scrolls sideways inside its card; the message column wraps.
        scroll={{ x: LOG_TABLE_WIDTH }}
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
        columns={logColumns(t, i18n.language)}
      />
    </section>
  );
}
