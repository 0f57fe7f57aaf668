/**
 * The log as CSV, for a spreadsheet.
 */
import type { LogRow, LogSource } from './log-row';

/** Characters a spreadsheet takes as the start of a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * CSV of the log (one row per log row: time, source, type, message), RFC 4180 quoting and CRLF
 * line ends, a UTF-8 BOM so Excel reads non-Latin text, and cells starting with = + - @ (or
 * tab/CR) prefixed with ' against formula injection. The message comes from the given renderer
 * (the page passes its translator). Header names also come from the caller.
 */
export function logToCsv(
  rows: readonly LogRow[],
  headers: { time: string; source: string; type: string; message: string },
  render: (row: LogRow) => string,
  sourceName: (s: LogSource) => string,
): string {
  const lines = [
    [headers.time, headers.source, headers.type, headers.message],
    ...rows.map((row) => [row.time, sourceName(row.source), row.type, render(row)]),
  ];
  return `\uFEFF${lines.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('')}`;
}
