import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullReport, init, present } from '../../../test/diagnose-reports';
import { emptyReport, REPORT_LIMITS, REPORT_MAX_CHARS, type DiagReport } from './diag-report';
import type { LogRow } from './log-row';
import { parseReport, reportToJson } from './report-file';

/** The report as JSON, changed by `edit`, as text: how a damaged file is made. */
function edited(edit: (json: Record<string, unknown>) => void): string {
  const json = JSON.parse(reportToJson(fullReport())) as Record<string, unknown>;
  edit(json);
  return JSON.stringify(json);
}

function failure(text: string) {
  const result = parseReport(text);
  if (result.ok) throw new Error('expected the import to fail');
  return { reason: result.reason, detail: result.detail };
}

describe('reportToJson and parseReport', () => {
  it('round-trips an empty report', () => {
    const report = emptyReport(init);
    expect(parseReport(reportToJson(report))).toEqual({ ok: true, report });
  });

  it('round-trips a report with every field filled', () => {
    const report = fullReport();
    expect(parseReport(reportToJson(report))).toEqual({ ok: true, report });
  });

  it('writes pretty JSON in a stable key order', () => {
    const report = fullReport();
    // The same report built with its keys in another order writes the same text.
    const shuffled = Object.fromEntries(Object.entries(report).reverse()) as unknown as DiagReport;
    shuffled.logs = report.logs.map((row) => ({
      ...row,
      detail: Object.fromEntries(Object.entries(row.detail).reverse()),
    }));
    const text = reportToJson(report);
    expect(reportToJson(shuffled)).toBe(text);
    expect(text.startsWith('{\n  "format": "open-diagnostics",\n  "version": 1,\n  "id": "run-1",')).toBe(true);
  });

  it('refuses to export a report that would not import again', () => {
    const report = fullReport();
    report.ping.httpSamples = [10, Number.NaN];
    expect(() => reportToJson(report)).toThrow('ping.httpSamples[1] should be a number, but is NaN.');
  });

  it('accepts a leading byte order mark', () => {
    const report = fullReport();
    expect(parseReport(`\uFEFF${reportToJson(report)}`)).toEqual({ ok: true, report });
  });

  it('refuses text that is not JSON', () => {
    expect(failure('{"format": "open-diagnostics",').reason).toBe('notJson');
    expect(failure('').reason).toBe('notJson');
    // NaN is not a JSON literal.
    expect(failure('{"format": "open-diagnostics", "version": NaN}').reason).toBe('notJson');
  });

  it('refuses JSON that is not a report', () => {
    expect(failure('[1, 2, 3]')).toEqual({
      reason: 'notReport',
      detail: 'The file holds a list, not a diagnostics report.',
    });
    expect(failure('"open-diagnostics"').reason).toBe('notReport');
    expect(failure('null').reason).toBe('notReport');
    expect(failure(edited((json) => (json.format = 'har')))).toEqual({
      reason: 'notReport',
      detail: 'format should be "open-diagnostics", but is the text "har".',
    });
    expect(failure('{"log": {"version": "1.2"}}')).toEqual({
      reason: 'notReport',
      detail: 'format should be "open-diagnostics", but is missing.',
    });
  });

  it('refuses another version', () => {
    expect(failure(edited((json) => (json.version = 2)))).toEqual({
      reason: 'unsupportedVersion',
      detail: 'The report is of version 2; this page reads version 1.',
    });
    expect(failure(edited((json) => (json.version = '1')))).toEqual({
      reason: 'damaged',
      detail: 'version should be 1, but is the text "1".',
    });
  });

  it('names the first wrong field deep inside', () => {
    const text = edited((json) => {
      const logs = json.logs as Record<string, unknown>[];
      const row = logs[3];
      if (row) row.source = 'x';
    });
    expect(failure(text)).toEqual({
      reason: 'damaged',
      detail: 'logs[3].source should be one of client, server, but is the text "x".',
    });
  });

  it('refuses a number written as a string, NaN-like or not', () => {
    const nanLike = edited((json) => {
      const bandwidth = json.bandwidth as { download: Record<string, unknown> };
      bandwidth.download.goodputMbps = 'NaN';
    });
    expect(failure(nanLike)).toEqual({
      reason: 'damaged',
      detail: 'bandwidth.download.goodputMbps should be a number, but is the text "NaN".',
    });
    const infinity = edited((json) => {
      const ping = json.ping as Record<string, unknown>;
      ping.httpSamples = [10, 'Infinity'];
    });
    expect(failure(infinity).detail).toBe('ping.httpSamples[1] should be a number, but is the text "Infinity".');
    // A number too large for a double parses to Infinity.
    const overflow = reportToJson(fullReport()).replace('"reconnectCount": 2', '"reconnectCount": 1e999');
    expect(failure(overflow).detail).toBe('socket.reconnectCount should be a whole number, but is Infinity.');
  });

  it('checks ranges, enums, times and detail values', () => {
    const cases: [edit: (json: Record<string, unknown>) => void, detail: string][] = [
      [
        (json) => ((json.socket as Record<string, unknown>).reconnectCount = 1.5),
        'socket.reconnectCount should be a whole number of at least 0, but is 1.5.',
      ],
      [
        (json) => ((json.ping as { http: Record<string, unknown> }).http.lossPercent = 120),
        'ping.http.lossPercent should be a number from 0 to 100, but is 120.',
      ],
      [
        (json) => ((json.ping as { http: Record<string, unknown> }).http.received = 6),
        'ping.http.received (6) is more than ping.http.sent (5).',
      ],
      [
        (json) => ((json.quality as Record<string, unknown>).verdict = 'excellent'),
        'quality.verdict should be one of good, acceptable, poor, bad, but is the text "excellent".',
      ],
      [
        (json) => (json.startedAt = 'yesterday'),
        'startedAt should be a time in ISO 8601 form (like 2024-05-01T09:30:00.000Z), but is the text "yesterday".',
      ],
      [
        (json) => (present((json.logs as { detail: Record<string, unknown> }[])[0]).detail = { nested: { a: 1 } }),
        'logs[0].detail.nested should be a number, but is an object.',
      ],
      [
        (json) => (present((json.logs as { detail: unknown }[])[0]).detail = JSON.parse('{"__proto__": 1}') as unknown),
        'logs[0].detail has a key that is not a name: the text "__proto__".',
      ],
      [(json) => delete json.label, 'label is missing.'],
      [(json) => (json.curl = {}), 'curl should be a list, but is an object.'],
    ];
    for (const [edit, detail] of cases) expect(failure(edited(edit))).toEqual({ reason: 'damaged', detail });
  });

  it('refuses an unknown key, at the top or deep inside', () => {
    expect(failure(edited((json) => (json.extra = true)))).toEqual({
      reason: 'damaged',
      detail: 'extra is not a field of this report format.',
    });
    const deep = edited((json) => {
      const curl = json.curl as { phases: Record<string, unknown> }[];
      present(curl[0]).phases.queueMs = 3;
    });
    expect(failure(deep).detail).toBe('curl[0].phases.queueMs is not a field of this report format.');
  });

  it('bounds the lists', () => {
    const row: LogRow = { time: '2024-05-01T09:30:00.000Z', source: 'client', type: 'info', detail: {} };
    const tooMany = edited((json) => (json.logs = Array.from({ length: REPORT_LIMITS.logs + 1 }, () => row)));
    expect(failure(tooMany)).toEqual({
      reason: 'damaged',
      detail: 'logs has 20001 items; at most 20000 are allowed.',
    });
    const report = fullReport();
    report.curl = Array.from({ length: REPORT_LIMITS.curl + 1 }, () => present(report.curl[0]));
    expect(() => reportToJson(report)).toThrow('curl has 201 items; at most 200 are allowed.');
  });

  it('refuses a text that is too long before reading it', () => {
    expect(failure(' '.repeat(REPORT_MAX_CHARS + 1))).toEqual({
      reason: 'tooLarge',
      detail: 'The file has 5000001 characters; at most 5000000 are read.',
    });
  });

  it('never throws, whatever the text', () => {
    const base = reportToJson(fullReport());
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          // Cut and spliced reports reach past the first checks.
          fc.tuple(fc.nat(base.length), fc.string()).map(([at, junk]) => base.slice(0, at) + junk + base.slice(at)),
        ),
        (text) => {
          const result = parseReport(text);
          if (!result.ok) expect(result.detail).not.toBe('');
        },
      ),
      { numRuns: 200, seed: 10 },
    );
  });
});
