/**
 * The network type, from the Network Information API where the browser has it (Chromium on
 * desktop and Android), and an honest 'unknown' where it does not (Firefox, Safari): no guess
 * from speed or user agent.
 */
import type { DiagReport } from '../report/diag-report';

interface NetworkInformation {
  type?: string;
  effectiveType?: string;
  downlink?: number;
  rtt?: number;
}

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function readNetworkInfo(nav: Navigator = navigator): DiagReport['network'] {
  const connection = (nav as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return { type: 'unknown', effectiveType: null, downlinkMbps: null, rttMs: null };
  return {
    // Desktop Chromium gives the effective type but not the physical one.
    type: typeof connection.type === 'string' && connection.type !== '' ? connection.type : 'unknown',
    effectiveType: typeof connection.effectiveType === 'string' ? connection.effectiveType : null,
    downlinkMbps: finite(connection.downlink),
    rttMs: finite(connection.rtt),
  };
}
