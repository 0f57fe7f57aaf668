import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatClock } from '../../ui/format';
import type { LogRow, LogSource, LogType } from '../report/log-row';
import { logMessage } from './log-text';

/** Time, source and type columns, and room for a message of a few words a line. */
export const LOG_TABLE_WIDTH = 110 + 90 + 170 + 300;

/** The log's columns: time, source, type, and the message in the reader's language. */
export function logColumns(t: TFunction, language: string): ColumnsType<LogRow & { key: number }> {
  return [
    {
      title: t('diagnose.log.time'),
      dataIndex: 'time',
      width: 110,
      render: (time: string) => formatClock(time, language),
    },
    {
      title: t('diagnose.log.source'),
      dataIndex: 'source',
      width: 90,
      render: (s: LogSource) => <Tag color={s === 'server' ? 'purple' : 'blue'}>{t(`diagnose.log.source.${s}`)}</Tag>,
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
  ];
}
