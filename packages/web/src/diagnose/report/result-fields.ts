import type { DiagReport } from './diag-report';

/**
 * The result fields of spec §3 "Network test result" from a report: detection time, network
 * type, speed (download link Mbps), rtt (ping http avg, else socket), request time, request
 * result, request duration (from the first curl result), socket state, reconnect count, message
 * body and content (the last log row's type and detail).
 */
export interface NetworkTestResult {
  /** Null until the run has a result: a time beside empty fields would claim a test that never ran. */
  detectionTime: string | null;
  networkType: string;
  speedMbps: number | null;
  rttMs: number | null;
  requestTime: string | null;
  requestResult: 'success' | 'timeout' | 'exception' | null;
  requestDurationMs: number | null;
  socketState: DiagReport['socket']['state'];
  reconnectCount: number;
  messageBody: string | null;
  messageContent: string | null;
}

/**
 * Detection time is when the run started, once it has logged anything (every test logs its
 * result; a run with no row has measured nothing, as `newRun` also holds). A request that failed
 * without a timeout or an exception (an HTTP error status) is reported as an exception, the only
 * failure spec §3 names besides a timeout. The message content is the detail as JSON, keys sorted.
 */
export function networkTestResult(report: DiagReport): NetworkTestResult {
  const request = report.curl[0];
  const last = report.logs.at(-1);
  let requestResult: NetworkTestResult['requestResult'] = null;
  if (request !== undefined) requestResult = request.ok ? 'success' : (request.error ?? 'exception');
  return {
    detectionTime: last === undefined ? null : report.startedAt,
    networkType: report.network.type,
    speedMbps: report.bandwidth.download?.linkMbps ?? null,
    rttMs: report.ping.http?.avgMs ?? report.ping.socket?.avgMs ?? null,
    requestTime: request?.requestTime ?? null,
    requestResult,
    requestDurationMs: request?.durationMs ?? null,
    socketState: report.socket.state,
    reconnectCount: report.socket.reconnectCount,
    messageBody: last?.type ?? null,
    messageContent:
      last === undefined
        ? null
        : JSON.stringify(Object.fromEntries(Object.entries(last.detail).sort(([x], [y]) => (x < y ? -1 : 1)))),
  };
}
