import { Button, Descriptions, Progress, Space, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { runBandwidth, runNetworkType, runPing, useDiagnose } from '../diagnose-store';
import type { BandwidthResult } from '../report/diag-report';
import { LineChart } from '../shared/LineChart';
import type { RttSummary } from '../shared/stats';
import { defaultBandwidthOptions } from './bandwidth';
import { Curl } from './Curl';
import { fixed } from './fixed';
import { networkView } from './network-view';
import { defaultPingOptions } from './ping';

/** The network test of spec §2: type, bandwidth, curl, ping and the call-quality grade. */
export function NetworkTest() {
  const { t } = useTranslation();
  return (
    <section className="diag-card" aria-labelledby="diag-network">
      <h2 id="diag-network">{t('diagnose.network.title')}</h2>
      <NetworkType />
      <Bandwidth />
      <Ping />
      <Curl />
    </section>
  );
}

/**
 * The browser's own view of the link and our measurement on separate, labelled lines: its rough,
 * capped estimate ('4g', 1.55 Mbit/s) beside a measured 2,000 Mbit/s must not read as one claim.
 */
function NetworkType() {
  const { t } = useTranslation();
  const report = useDiagnose((state) => state.report);
  const busy = useDiagnose((state) => state.busy);
  const { connection, estimate, measured } = networkView(report);
  const connectionText = (() => {
    switch (connection.kind) {
      case 'notRead':
        return t('diagnose.notMeasured');
      case 'type':
        return connection.type;
      case 'estimateOnly':
        return t('diagnose.network.connectionEstimateOnly');
      case 'notReported':
        return t('diagnose.network.typeUnknown');
    }
  })();
  return (
    <>
      <Descriptions size="small" column={1} bordered layout="vertical" className="diag-network-type">
        <Descriptions.Item label={t('diagnose.network.connection')}>
          <span data-testid="network-type" data-kind={connection.kind}>
            {connectionText}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('diagnose.network.browserGuess')}>
          <div data-testid="network-estimate">
            {connection.kind === 'notRead' ? (
              <span className="muted">{t('diagnose.notMeasured')}</span>
            ) : estimate === null ? (
              <span className="muted">{t('diagnose.network.estimateNone')}</span>
            ) : (
              <>
                <ul className="diag-lines">
                  {estimate.effectiveType !== null && (
                    <li>
                      {t('diagnose.network.speedClass')} <Tag>{estimate.effectiveType}</Tag>
                    </li>
                  )}
                  {estimate.downlinkMbps !== null && (
                    <li>{t('diagnose.network.estimateDownlink', { value: estimate.downlinkMbps })}</li>
                  )}
                  {estimate.rttMs !== null && <li>{t('diagnose.network.estimateRtt', { value: estimate.rttMs })}</li>}
                </ul>
                <p className="muted diag-small">{t('diagnose.network.estimateNote')}</p>
              </>
            )}
          </div>
        </Descriptions.Item>
        <Descriptions.Item label={t('diagnose.network.measured')}>
          <div data-testid="network-measured">
            {measured === null ? (
              <span className="muted">{t('diagnose.network.measuredNone')}</span>
            ) : (
              <ul className="diag-lines">
                {measured.downloadMbps !== null && (
                  <li>{t('diagnose.network.measuredDownload', { value: fixed(measured.downloadMbps) })}</li>
                )}
                {measured.uploadMbps !== null && (
                  <li>{t('diagnose.network.measuredUpload', { value: fixed(measured.uploadMbps) })}</li>
                )}
                {measured.rttMs !== null && (
                  <li>{t('diagnose.network.measuredRtt', { value: fixed(measured.rttMs) })}</li>
                )}
              </ul>
            )}
          </div>
        </Descriptions.Item>
      </Descriptions>
      <Button size="small" className="diag-read" onClick={() => void runNetworkType()} disabled={busy.has('network')}>
        {t('diagnose.network.read')}
      </Button>
    </>
  );
}

function Bandwidth() {
  const { t } = useTranslation();
  const report = useDiagnose((state) => state.report);
  const busy = useDiagnose((state) => state.busy);
  const bandwidth = useDiagnose((state) => state.bandwidth);
  const running = busy.has('bandwidth');
  const { download, upload } = report.bandwidth;
  const live = bandwidth?.series;
  const finished = download?.series;
  const shown = useMemo(() => live ?? finished ?? [], [live, finished]);
  const xs = useMemo(() => shown.map((p) => p.t / 1000), [shown]);
  const series = useMemo(
    () => [{ label: t('diagnose.bandwidth.chart'), values: shown.map((p) => p.mbps), colour: '#52c41a' }],
    [shown, t],
  );
  // A run that logged a bandwidth row but lacks a direction failed there (the log says why).
  const ran = report.logs.some((row) => row.type === 'bandwidth');
  const state = running ? 'running' : download && upload ? 'done' : ran ? 'failed' : 'idle';
  const attr = (result: BandwidthResult | null, key: 'linkMbps' | 'goodputMbps') =>
    result ? fixed(result[key], 3) : '';
  return (
    <div className="diag-part">
      <h3>{t('diagnose.bandwidth.title')}</h3>
      <p className="muted">
        {t('diagnose.bandwidth.help', {
          streams: defaultBandwidthOptions.streams,
          seconds: defaultBandwidthOptions.durationMs / 1000,
          warmup: defaultBandwidthOptions.warmupMs / 1000,
        })}
      </p>
      <Button onClick={() => void runBandwidth()} loading={running} disabled={running} data-testid="bandwidth-run">
        {t('diagnose.bandwidth.run')}
      </Button>
      <div className="diag-progress">
        {/* Always there, so a screen reader hears the direction being measured change; the bar
            moving every frame stays out of it. */}
        <span role="status">
          {bandwidth &&
            t('diagnose.bandwidth.measuring', {
              direction: t(`diagnose.bandwidth.${bandwidth.direction}`),
            })}
        </span>
        {bandwidth && <Progress percent={Math.round(bandwidth.fraction * 100)} data-testid="bandwidth-progress" />}
      </div>
      <div
        className="diag-figures"
        data-testid="bandwidth-result"
        data-state={state === 'idle' ? '' : state}
        data-download-link-mbps={attr(download, 'linkMbps')}
        data-upload-link-mbps={attr(upload, 'linkMbps')}
        data-download-goodput-mbps={attr(download, 'goodputMbps')}
        data-upload-goodput-mbps={attr(upload, 'goodputMbps')}
      >
        {(['download', 'upload'] as const).map((direction) => {
          const result = report.bandwidth[direction];
          return (
            <div key={direction} className="diag-figure">
              <span className="muted">{t(`diagnose.bandwidth.${direction}`)}</span>
              <strong>{result ? t('diagnose.mbps', { value: fixed(result.linkMbps) }) : '—'}</strong>
              {result && (
                <span className="muted">{t('diagnose.bandwidth.goodput', { value: fixed(result.goodputMbps) })}</span>
              )}
            </div>
          );
        })}
      </div>
      {shown.length > 1 && <LineChart title={t('diagnose.bandwidth.chart')} xs={xs} series={series} />}
    </div>
  );
}

interface Units {
  ms: (value: number | null) => string;
  percent: (value: number) => string;
}

function summaryText(summary: RttSummary | null, { ms, percent }: Units): string[] {
  if (!summary || summary.avgMs === null) return ['—', '—', '—', '—', summary ? percent(summary.lossPercent) : '—'];
  return [ms(summary.minMs), ms(summary.avgMs), ms(summary.maxMs), ms(summary.jitterMs), percent(summary.lossPercent)];
}

function Ping() {
  const { t } = useTranslation();
  const ping = useDiagnose((state) => state.report.ping);
  const quality = useDiagnose((state) => state.report.quality);
  const busy = useDiagnose((state) => state.busy);
  const length = Math.max(ping.httpSamples.length, ping.socketSamples.length);
  const xs = useMemo(() => Array.from({ length }, (_, i) => i + 1), [length]);
  const series = useMemo(
    () => [
      { label: t('diagnose.ping.http'), values: ping.httpSamples, colour: '#1677ff' },
      { label: t('diagnose.ping.socket'), values: ping.socketSamples, colour: '#fa8c16' },
    ],
    [ping.httpSamples, ping.socketSamples, t],
  );
  const headings = ['min', 'avg', 'max', 'jitter', 'loss'] as const;
  const units: Units = {
    ms: (value) => (value === null ? '—' : t('diagnose.ms', { value: fixed(value) })),
    percent: (value) => t('diagnose.percent', { value: fixed(value) }),
  };
  const rows = [
    { kind: t('diagnose.ping.http'), cells: summaryText(ping.http, units), key: 'http' },
    { kind: t('diagnose.ping.socket'), cells: summaryText(ping.socket, units), key: 'socket' },
  ];
  return (
    <div className="diag-part">
      <h3>{t('diagnose.ping.title')}</h3>
      <p className="muted">{t('diagnose.ping.help', { pings: defaultPingOptions.count })}</p>
      <Button onClick={() => void runPing()} loading={busy.has('ping')} data-testid="ping-run">
        {t('diagnose.ping.run')}
      </Button>
      <Table
        className="diag-table"
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        data-testid="ping-table"
        // The five figures keep one line each; on a phone the table scrolls inside its card.
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '', dataIndex: 'kind', className: 'diag-nowrap' },
          ...headings.map((heading, index) => ({
            title: t(`diagnose.ping.${heading}`),
            key: heading,
            className: 'diag-nowrap',
            render: (_: unknown, row: (typeof rows)[number]) => row.cells[index],
          })),
        ]}
      />
      {length > 1 && <LineChart title={t('diagnose.ping.chart')} xs={xs} series={series} />}
      <h3>{t('diagnose.quality.title')}</h3>
      <p className="muted">{t('diagnose.quality.help')}</p>
      <div data-testid="quality" data-verdict={quality?.verdict ?? ''}>
        {quality ? (
          <Space wrap>
            <Tag color={{ good: 'green', acceptable: 'blue', poor: 'orange', bad: 'red' }[quality.verdict]}>
              {t(`diagnose.quality.verdict.${quality.verdict}`)}
            </Tag>
            <span>{t('diagnose.quality.mos', { mos: fixed(quality.mos, 2), r: fixed(quality.r) })}</span>
          </Space>
        ) : (
          <span className="muted">{t('diagnose.notMeasured')}</span>
        )}
      </div>
    </div>
  );
}
