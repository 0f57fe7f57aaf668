import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatClock } from '../../ui/format';
import type { CurlResult } from '../report/diag-report';
import { fixed } from './fixed';
import { HTTP_PING_PATH } from './ping';

/** The sum of the curl table's column widths. */
export const CURL_TABLE_WIDTH = 200 + 110 + 170 + 100 + 290;

/** A target as the page names it: our API and our static file by name, any other by its address. */
export function curlTargetName(t: TFunction, url: string): string {
  return url === HTTP_PING_PATH
    ? `${t('diagnose.curl.targetApi')} (${url})`
    : url === location.pathname
      ? `${t('diagnose.curl.targetStatic')} (${url})`
      : url;
}

/** How a request ended: timed out, failed, reached (opaque), or its HTTP status. */
function resultOf(t: TFunction, result: CurlResult) {
  if (result.error === 'timeout') return <Tag color="red">{t('diagnose.curl.timeout')}</Tag>;
  if (result.error === 'exception') {
    return <Tag color="red">{t('diagnose.curl.exception', { message: result.message ?? '' })}</Tag>;
  }
  if (result.status === null) return <Tag color="green">{t('diagnose.curl.reachable')}</Tag>;
  return (
    <Tag color={result.ok ? 'green' : 'orange'}>
      {result.ok ? t('diagnose.curl.ok') : ''} {t('diagnose.curl.httpStatus', { status: result.status })}
    </Tag>
  );
}

/** The curl table's columns: target, time, result, duration and the phases of the request. */
export function curlColumns(t: TFunction, language: string): ColumnsType<CurlResult> {
  return [
    {
      title: t('diagnose.curl.target'),
      dataIndex: 'target',
      width: 200,
      // A long address is cut with an ellipsis and given whole in the cell's title.
      ellipsis: { showTitle: true },
      render: (url: string) => curlTargetName(t, url),
    },
    {
      title: t('diagnose.curl.requestTime'),
      dataIndex: 'requestTime',
      width: 110,
      render: (time: string) => formatClock(time, language),
    },
    {
      title: t('diagnose.curl.result'),
      key: 'result',
      width: 170,
      render: (_: unknown, row) => resultOf(t, row),
    },
    {
      title: t('diagnose.curl.duration'),
      dataIndex: 'durationMs',
      width: 100,
      render: (ms: number | null) => (ms === null ? '' : t('diagnose.ms', { value: fixed(ms) })),
    },
    {
      title: t('diagnose.curl.phases'),
      dataIndex: 'phases',
      width: 290,
      render: (phases: CurlResult['phases'], row) =>
        phases ? (
          <span className="diag-nowrap">
            {[phases.dnsMs, phases.connectMs, phases.tlsMs, phases.firstByteMs, phases.downloadMs]
              .map((ms) => fixed(ms))
              .join(' / ')}
          </span>
        ) : row.error ? (
          ''
        ) : (
          t('diagnose.curl.phasesHidden')
        ),
    },
  ];
}
