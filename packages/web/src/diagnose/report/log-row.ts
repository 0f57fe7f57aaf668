/**
 * A row of the diagnostic log (spec §3 "Diagnostic log row"), and how a probe writes one.
 */

export type LogSource = 'client' | 'server';

/** Types of log rows (spec §4 log events + the page's own). */
export const logTypes = [
  'connecting',
  'connected',
  'heartbeatSent',
  'heartbeatReceipt',
  'authFailed',
  'closed',
  'error',
  'reconnecting',
  'reconnected',
  'networkConnected',
  'networkDisconnected',
  'networkRecovered',
  'loginStep',
  'curl',
  'ping',
  'bandwidth',
  'networkType',
  'quality',
  'info',
] as const;
export type LogType = (typeof logTypes)[number];

/**
 * A log row: the message is rendered from type + detail in the reader's language, so a report
 * imported in another language reads in that language.
 */
export interface LogRow {
  /** ISO 8601. */
  time: string;
  source: LogSource;
  type: LogType;
  /** Keys are identifiers (letters, digits, _; a letter first), as translation placeholders are. */
  detail: Record<string, string | number | boolean | null>;
}

/** How a probe writes a log row: the page's `log`, so every event lands in the current run. */
export type Logger = (source: LogSource, type: LogType, detail?: LogRow['detail']) => void;
