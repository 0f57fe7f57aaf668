import { App, Button, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../ui/format';
import { clearCurrent, importReport, useDiagnose } from '../diagnose-store';
import { REPORT_MAX_CHARS } from '../report/diag-report';
import { logToCsv } from '../report/log-csv';
import { logTypes, type LogRow, type LogSource, type LogType } from '../report/log-row';
import { reportToJson } from '../report/report-file';
import { logMessage } from './log-text';

/** At most this many rows are drawn at once; the table pages through the rest. */
const PAGE_SIZE = 50;

function download(name: string, type: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once cancels the download in some browsers.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1_000);
}

/** Time, source and type columns, and room for a message of a few words a line. */
const LOG_TABLE_WIDTH = 110 + 90 + 170 + 300;

const fileStamp = (iso: string) => iso.replace(/[:.]/g, '-');

/** The diagnostic log (spec §3): filterable by source and type; export, import and clear. */
export function LogPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { report } = useDiagnose();
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

  const exportJson = () => {
    try {
      download(`diagnostics-${fileStamp(report.startedAt)}.json`, 'application/json', reportToJson(report));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const exportCsv = () => {
    const csv = logToCsv(
      report.logs,
      {
        time: t('diagnose.log.time'),
        source: t('diagnose.log.source'),
        type: t('diagnose.log.type'),
        message: t('diagnose.log.message'),
      },
      (row) => logMessage(row, t),
      (s) => t(`diagnose.log.source.${s}`),
    );
    download(`diagnostics-${fileStamp(report.startedAt)}.csv`, 'text/csv;charset=utf-8', csv);
  };

  const readImport = async (file: File) => {
    // A file far over the limit is refused before it is read into memory.
    const result =
      file.size > REPORT_MAX_CHARS * 4
        ? ({ ok: false, reason: 'tooLarge', detail: '' } as const)
        : importReport(await file.text());
    if (result.ok) void message.success(t('diagnose.log.imported'));
    else void message.error({ content: t(`diagnose.import.${result.reason}`, { detail: result.detail }), duration: 8 });
  };

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
        columns={[
          {
            title: t('diagnose.log.time'),
            dataIndex: 'time',
            width: 110,
            render: (time: string) => formatClock(time, i18n.language),
          },
          {
            title: t('diagnose.log.source'),
            dataIndex: 'source',
            width: 90,
            render: (s: LogSource) => (
              <Tag color={s === 'server' ? 'purple' : 'blue'}>{t(`diagnose.log.source.${s}`)}</Tag>
            ),
          },
          {
            title: t('diagnose.log.type'),
            dataIndex: 'type',
            width: 170,
            render: (value: LogType) => <span data-type={value}>{t(`diagnose.type.${value}`)}</span>,
          },
          {
            title: t('diagnose.log.message'),
            key: 'message',
            className: 'diag-wrap',
            render: (_: unknown, row) => logMessage(row, t),
          },
        ]}
      />
    </section>
  );
}
