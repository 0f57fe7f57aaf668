/**
 * A report's JSON file, both ways: the export writes only what the import accepts, and the import
 * checks every field of what it reads.
 */
import { DecodeError, describe, isRecord } from './decoders';
import { decodeReport } from './decode-report';
import { REPORT_FORMAT, REPORT_MAX_CHARS, REPORT_VERSION, type DiagReport } from './diag-report';

/**
 * The report as a file: pretty-printed JSON, keys in the order of the DiagReport type (detail keys
 * sorted), so two exports of one report are the same bytes.
 *
 * @throws Error when the report would not import again (a NaN, a list past REPORT_LIMITS, a text
 * past REPORT_MAX_CHARS), naming the problem: a file support cannot open is worse than no file.
 */
export function reportToJson(report: DiagReport): string {
  let checked: DiagReport;
  try {
    checked = decodeReport(report, '');
  } catch (error) {
    if (error instanceof DecodeError)
      throw new Error(`The report cannot be exported: ${error.message}`, { cause: error });
    throw error;
  }
  const text = `${JSON.stringify(checked, null, 2)}\n`;
  if (text.length > REPORT_MAX_CHARS) {
    throw new Error(
      `The report cannot be exported: it takes ${text.length} characters, more than ${REPORT_MAX_CHARS}.`,
    );
  }
  return text;
}

export type ImportFailure = 'notJson' | 'notReport' | 'unsupportedVersion' | 'damaged' | 'tooLarge';

/**
 * Reads a file written by reportToJson. Never throws; on success the report is a fresh value in
 * which every field was checked, on failure `detail` names the first problem in plain English.
 */
export function parseReport(
  text: string,
): { ok: true; report: DiagReport } | { ok: false; reason: ImportFailure; detail: string } {
  if (text.length > REPORT_MAX_CHARS) {
    return {
      ok: false,
      reason: 'tooLarge',
      detail: `The file has ${text.length} characters; at most ${REPORT_MAX_CHARS} are read.`,
    };
  }
  let value: unknown;
  try {
    // A byte order mark is no part of JSON, but editors on Windows add one.
    value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    return { ok: false, reason: 'notJson', detail: `The file is not JSON: ${String(error)}` };
  }
  if (!isRecord(value)) {
    return { ok: false, reason: 'notReport', detail: `The file holds ${describe(value)}, not a diagnostics report.` };
  }
  if (value.format !== REPORT_FORMAT) {
    const found = Object.hasOwn(value, 'format') ? describe(value.format) : 'missing';
    return { ok: false, reason: 'notReport', detail: `format should be "${REPORT_FORMAT}", but is ${found}.` };
  }
  if (value.version !== REPORT_VERSION && typeof value.version === 'number') {
    return {
      ok: false,
      reason: 'unsupportedVersion',
      detail: `The report is of version ${value.version}; this page reads version ${REPORT_VERSION}.`,
    };
  }
  try {
    return { ok: true, report: decodeReport(value, '') };
  } catch (error) {
    if (error instanceof DecodeError) return { ok: false, reason: 'damaged', detail: error.message };
    // The decoders throw nothing else; should one ever, the promise of never throwing still holds.
    return { ok: false, reason: 'damaged', detail: String(error) };
  }
}
