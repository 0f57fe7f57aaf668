/**
 * What the network type part of the page says, kept apart from what our own test measured: the
 * browser's Network Information API gives a connection type (rarely), a speed class and rough,
 * rounded and capped figures (Chromium never reports more than 10 Mbit/s, and '4g' is its fastest
 * class), which beside a measured 2,000 Mbit/s would read as a contradiction if shown as one line.
 */
import type { DiagReport } from '../report/diag-report';

export type ConnectionShown =
  /** The browser has not been asked yet in this run. */
  | { kind: 'notRead' }
  | { kind: 'type'; type: string }
  /** The browser gives an estimate but not the kind of link (desktop Chromium). */
  | { kind: 'estimateOnly' }
  /** The browser gives nothing at all (Firefox, Safari). */
  | { kind: 'notReported' };

export interface BrowserEstimate {
  effectiveType: string | null;
  downlinkMbps: number | null;
  rttMs: number | null;
}

export interface MeasuredFigures {
  downloadMbps: number | null;
  uploadMbps: number | null;
  /** The HTTP ping's average, else the socket's: the same choice as the result fields. */
  rttMs: number | null;
}

export interface NetworkView {
  connection: ConnectionShown;
  /** Null when the browser gives no estimate, or has not been asked yet. */
  estimate: BrowserEstimate | null;
  /** Null until the bandwidth or ping test has a figure. */
  measured: MeasuredFigures | null;
}

/** Whether the browser's network information was read in this run (or the report carries it). */
export function networkRead(report: DiagReport): boolean {
  const { network } = report;
  return (
    network.type !== 'unknown' ||
    network.effectiveType !== null ||
    network.downlinkMbps !== null ||
    network.rttMs !== null ||
    report.logs.some((row) => row.type === 'networkType')
  );
}

export function networkView(report: DiagReport): NetworkView {
  const { network, bandwidth, ping } = report;
  const hasEstimate = network.effectiveType !== null || network.downlinkMbps !== null || network.rttMs !== null;
  let connection: ConnectionShown;
  if (!networkRead(report)) connection = { kind: 'notRead' };
  else if (network.type !== 'unknown') connection = { kind: 'type', type: network.type };
  else connection = hasEstimate ? { kind: 'estimateOnly' } : { kind: 'notReported' };
  const measured: MeasuredFigures = {
    downloadMbps: bandwidth.download?.linkMbps ?? null,
    uploadMbps: bandwidth.upload?.linkMbps ?? null,
    rttMs: ping.http?.avgMs ?? ping.socket?.avgMs ?? null,
  };
  const anyMeasured = measured.downloadMbps !== null || measured.uploadMbps !== null || measured.rttMs !== null;
  return {
    connection,
    estimate: hasEstimate
      ? { effectiveType: network.effectiveType, downlinkMbps: network.downlinkMbps, rttMs: network.rttMs }
      : null,
    measured: anyMeasured ? measured : null,
  };
}
