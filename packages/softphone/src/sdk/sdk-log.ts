/**
 * The SDK's own log: what it did for the page (init, the frame, `ready`, each method and its
 * answer, the phone's lifecycle), kept for `phone.exportLog()` whatever the level, and written to
 * the console from `logLevel` up. Support asks for the export; the console is for development.
 * No token, no attached data, no payload: only names, codes, ids and times.
 */

/** The levels of `logLevel`, quietest first. */
export const logLevels = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof logLevels)[number];
export type EntryLevel = Exclude<LogLevel, 'silent'>;

/** What an entry may hold: names, codes, ids, times and the init parameters. */
export type LogData = Record<string, string | number | boolean | null>;

export interface SdkLogEntry {
  /** ISO 8601, the page's clock. */
  at: string;
  level: EntryLevel;
  message: string;
  data?: LogData;
}

/** The most entries kept: a phone left open all day keeps its last hour or so, not everything. */
export const LOG_KEPT = 500;

const rank: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

export type SdkLog = Record<EntryLevel, (message: string, data?: LogData) => void> & {
  /** Copies of the kept entries, oldest first. */
  entries(): SdkLogEntry[];
};

export function createSdkLog(level: LogLevel, out: Pick<Console, EntryLevel>, now: () => Date = () => new Date()) {
  const kept: SdkLogEntry[] = [];
  const write = (entryLevel: EntryLevel) => (message: string, data?: LogData) => {
    kept.push({ at: now().toISOString(), level: entryLevel, message, ...(data === undefined ? {} : { data }) });
    if (kept.length > LOG_KEPT) kept.shift();
    if (rank[entryLevel] <= rank[level])
      out[entryLevel](`[softphone] ${message}`, ...(data === undefined ? [] : [data]));
  };
  const log: SdkLog = {
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    entries: () => kept.map((entry) => ({ ...entry, ...(entry.data ? { data: { ...entry.data } } : {}) })),
  };
  return log;
}

/** The plain values among `fields` (of `keys` only, when given): what a log entry may hold. */
export function logData(
  fields: Readonly<Record<string, unknown>>,
  keys: readonly string[] = Object.keys(fields),
): LogData {
  const data: LogData = {};
  for (const key of keys) {
    const value = fields[key];
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      data[key] = value;
  }
  return data;
}
