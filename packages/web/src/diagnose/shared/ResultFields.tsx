import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../ui/format';
import { useDiagnose } from '../diagnose-store';
import { networkView, type ConnectionShown } from '../network/network-view';
import { networkTestResult } from '../report/result-fields';
import { logMessage } from './log-text';

/** Spec §3's network test result: the fields support asks for first, in one place. */
export function ResultFields() {
  const { t, i18n } = useTranslation();
  const report = useDiagnose((state) => state.report);
  const result = networkTestResult(report);
  const last = report.logs.at(-1);
  const time = (iso: string | null) => (iso === null ? '—' : formatTime(iso, i18n.language));
  const ms = (value: number | null) => (value === null ? '—' : t('diagnose.ms', { value: value.toFixed(1) }));
  const connection = (shown: ConnectionShown) => {
    switch (shown.kind) {
      case 'notRead':
        return '—';
      case 'type':
        return shown.type;
      case 'estimateOnly':
        return t('diagnose.network.typeNotReported');
      case 'notReported':
        return t('diagnose.network.typeUnknown');
    }
  };
  const items = [
    ['detectionTime', time(result.detectionTime)],
    ['networkType', connection(networkView(report).connection)],
    ['speed', result.speedMbps === null ? '—' : t('diagnose.mbps', { value: result.speedMbps.toFixed(1) })],
    ['rtt', ms(result.rttMs)],
    ['requestTime', time(result.requestTime)],
    [
      'requestResult',
      result.requestResult === null
        ? '—'
        : result.requestResult === 'success'
          ? t('diagnose.curl.ok')
          : result.requestResult === 'timeout'
            ? t('diagnose.curl.timeout')
            : t('diagnose.curl.exception', { message: report.curl[0]?.message ?? '' }),
    ],
    ['requestDuration', ms(result.requestDurationMs)],
    ['socketState', result.socketState === null ? '—' : t(`diagnose.socket.state.${result.socketState}`)],
    ['reconnectCount', String(result.reconnectCount)],
    ['messageBody', last ? t(`diagnose.type.${last.type}`) : '—'],
    ['messageContent', last ? logMessage(last, t) : '—'],
  ] as const;
  return (
    <section className="diag-card" aria-labelledby="diag-result">
      <h2 id="diag-result">{t('diagnose.result.title')}</h2>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered data-testid="result-fields">
        {items.map(([key, value]) => (
          <Descriptions.Item key={key} label={t(`diagnose.result.${key}`)}>
            {value}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </section>
  );
}
