import { Button, Descriptions, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { disconnect, useDiagnose } from '../diagnose-store';
import { LineChart } from '../shared/LineChart';
import { summariseRtts } from '../shared/stats';

const stateColour = { connecting: 'gold', open: 'green', closing: 'orange', closed: 'red' } as const;

/** The long-connection test: the socket the login test opened, its heartbeat and its history. */
export function SocketTest() {
  const { t } = useTranslation();
  const socket = useDiagnose((state) => state.report.socket);
  const heartbeat = summariseRtts(socket.heartbeatRtts);
  const xs = useMemo(() => socket.heartbeatRtts.map((_, i) => i + 1), [socket.heartbeatRtts]);
  const series = useMemo(
    () => [{ label: t('diagnose.socket.heartbeat'), values: socket.heartbeatRtts, colour: '#1677ff' }],
    [socket.heartbeatRtts, t],
  );
  return (
    <section className="diag-card" aria-labelledby="diag-socket">
      <h2 id="diag-socket">{t('diagnose.socket.title')}</h2>
      <p className="muted">{t('diagnose.socket.help')}</p>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('diagnose.socket.state')}>
          <span data-testid="socket-state" data-state={socket.state ?? 'none'}>
            {socket.state === null ? (
              t('diagnose.socket.state.none')
            ) : (
              <Tag color={stateColour[socket.state]}>{t(`diagnose.socket.state.${socket.state}`)}</Tag>
            )}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('diagnose.socket.closeType')}>
          <span data-testid="socket-close-type" data-close-type={socket.closeType ?? ''}>
            {socket.closeType === null ? '' : t(`diagnose.socket.closeType.${socket.closeType}`)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('diagnose.socket.reconnectCount')}>
          <span data-testid="socket-reconnects">{socket.reconnectCount}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('diagnose.socket.authTime')}>
          {socket.authMs === null ? '' : t('diagnose.ms', { value: socket.authMs })}
        </Descriptions.Item>
        <Descriptions.Item label={t('diagnose.socket.heartbeat')}>
          {heartbeat.avgMs === null
            ? t('diagnose.notMeasured')
            : `${t('diagnose.ping.avg')} ${t('diagnose.ms', { value: heartbeat.avgMs.toFixed(1) })} · ${t(
                'diagnose.ping.max',
              )} ${t('diagnose.ms', { value: (heartbeat.maxMs ?? 0).toFixed(1) })}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('diagnose.socket.heartbeatCount')}>{heartbeat.received}</Descriptions.Item>
      </Descriptions>
      {socket.heartbeatRtts.length > 1 && <LineChart title={t('diagnose.socket.chart')} xs={xs} series={series} />}
      <Button disabled={socket.state !== 'open'} onClick={disconnect} data-testid="socket-disconnect">
        {t('diagnose.socket.disconnect')}
      </Button>
    </section>
  );
}
