import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { importReport } from '../diagnose-store';
import { REPORT_MAX_CHARS, type DiagReport } from '../report/diag-report';
import { logToCsv } from '../report/log-csv';
import { reportToJson } from '../report/report-file';
import { logMessage } from './log-text';

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

const fileStamp = (iso: string) => iso.replace(/[:.]/g, '-');

/** The report as files: exported as JSON or its log as CSV, and a JSON file imported. */
export function useLogFiles(report: DiagReport) {
  const { t } = useTranslation();
  const { message } = App.useApp();

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

  return { exportJson, exportCsv, readImport };
}
