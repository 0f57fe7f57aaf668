import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareReports,
  emptyReport,
  logToCsv,
  networkTestResult,
  parseReport,
  REPORT_LIMITS,
  REPORT_MAX_CHARS,
  reportToJson,
  type DiagReport,
  type LogRow,
  type MetricDiff,
} from './report';

const init = {
  id: 'run-1',
  label: 'Office Wi-Fi',
  startedAt: '2024-05-01T09:30:00.000Z',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126',
  serverUrl: 'https://cc.example.com',
};

/** A report with every field filled, every nullable one with a value. */
function fullReport(): DiagReport {
  return {
    ...emptyReport(init),
    finishedAt: '2024-05-01T09:31:05.250Z',
    network: { type: 'wifi', effectiveType: '4g', downlinkMbps: 10, rttMs: 50 },
    socket: { state: 'open', closeType: 'abnormal', reconnectCount: 2, heartbeatRtts: [30, 34, 32], authMs: 85 },
    login: [
      { name: 'ssoSignature', ok: true, ms: 120, code: 0, message: null },
      { name: 'basicToken', ok: true, ms: 80, code: 0, message: 'ok' },
      { name: 'socketAuth', ok: true, ms: 40, code: null, message: null },
    ],
    bandwidth: {
      download: {
        goodputMbps: 95.6,
        linkMbps: 99.96,
        bytes: 119_500_000,
        durationMs: 10_000,
        streams: 4,
        series: [
          { t: 500, mbps: 80 },
          { t: 1000, mbps: 96.5 },
        ],
      },
      upload: { goodputMbps: 19.1, linkMbps: 19.97, bytes: 23_875_000, durationMs: 10_000, streams: 2, series: [] },
    },
    curl: [
      {
        target: 'https://cc.example.com/api/health',
        requestTime: '2024-05-01T09:30:10.000Z',
        ok: true,
        status: 200,
        durationMs: 182.4,
        phases: { dnsMs: 12, connectMs: 30, tlsMs: 45, firstByteMs: 80, downloadMs: 15.4 },
        error: null,
        message: null,
      },
      {
        target: 'https://cdn.example.com/x.js',
        requestTime: '2024-05-01T09:30:11.000+08:00',
        ok: false,
        status: null,
        durationMs: 5000,
        phases: null,
        error: 'timeout',
        message: 'no answer in 5 s',
      },
    ],
    ping: {
      http: { sent: 5, received: 4, lossPercent: 20, minMs: 10, avgMs: 17.5, maxMs: 25, jitterMs: 25 / 3 },
      socket: { sent: 3, received: 3, lossPercent: 0, minMs: 9, avgMs: 11, maxMs: 13, jitterMs: 2 },
      httpSamples: [10, 20, 15, null, 25],
      socketSamples: [9, 11, 13],
    },
    quality: { r: 92.48, mos: 4.3949, verdict: 'good', oneWayDelayMs: 30, lossPercent: 0 },
    logs: [
      { time: '2024-05-01T09:30:00.100Z', source: 'client', type: 'connecting', detail: {} },
      { time: '2024-05-01T09:30:00.200Z', source: 'server', type: 'connected', detail: { sessionId: 'abc' } },
      { time: '2024-05-01T09:30:01.000Z', source: 'client', type: 'heartbeatSent', detail: { seq: 1 } },
      { time: '2024-05-01T09:30:01.030Z', source: 'server', type: 'heartbeatReceipt', detail: { seq: 1, rttMs: 30 } },
      {
        time: '2024-05-01T09:30:02.000Z',
        source: 'client',
        type: 'closed',
        detail: { code: 1006, reason: '', clean: false, extra: null },
      },
    ],
  };
}

/** The value a fixture is known to hold, typed as such. */
function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('the fixture lacks this value');
  return value;
}

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

describe('logToCsv', () => {
  const headers = { time: 'Time', source: 'Source', type: 'Type', message: 'Message' };
  const sourceName = (source: 'client' | 'server') => (source === 'client' ? 'Client' : 'Server');
  const row = (message: string): LogRow => ({
    time: '2024-05-01T09:30:00.000Z',
    source: 'client',
    type: 'info',
    detail: { message },
  });
  const render = (r: LogRow) => String(r.detail.message);

  it('starts with a BOM and the caller’s headers, and ends rows with CRLF', () => {
    expect(logToCsv([], headers, render, sourceName)).toBe('\uFEFFTime,Source,Type,Message\r\n');
    expect(logToCsv([row('plain')], { ...headers, time: '时间' }, render, sourceName)).toBe(
      '\uFEFF时间,Source,Type,Message\r\n2024-05-01T09:30:00.000Z,Client,info,plain\r\n',
    );
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    const csv = logToCsv([row('a,b'), row('say "hi"'), row('one\ntwo'), row('cr\rlf')], headers, render, sourceName);
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      '2024-05-01T09:30:00.000Z,Client,info,"a,b"',
      '2024-05-01T09:30:00.000Z,Client,info,"say ""hi"""',
      '2024-05-01T09:30:00.000Z,Client,info,"one\ntwo"',
      '2024-05-01T09:30:00.000Z,Client,info,"cr\rlf"',
    ]);
  });

  it('defuses cells a spreadsheet would take as formulas', () => {
    const messages = ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', '=HYPERLINK("http://x","y")'];
    const csv = logToCsv(messages.map(row), headers, render, sourceName);
    expect(
      csv
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.slice('2024-05-01T09:30:00.000Z,Client,info,'.length)),
    ).toEqual(["'=1+1", "'+SUM(A1)", "'-2", "'@cmd", "'\tx", `"'=HYPERLINK(""http://x"",""y"")"`]);
    // Headers and source names come from translations, and are defused all the same.
    expect(logToCsv([], { ...headers, time: '=Time' }, render, sourceName)).toBe(
      "\uFEFF'=Time,Source,Type,Message\r\n",
    );
  });

  it('keeps Chinese and Arabic text intact', () => {
    const csv = logToCsv([row('连接成功'), row('تم الاتصال بالخادم')], headers, render, () => 'العميل');
    expect(csv).toContain('\r\n2024-05-01T09:30:00.000Z,العميل,info,连接成功\r\n');
    expect(csv).toContain('\r\n2024-05-01T09:30:00.000Z,العميل,info,تم الاتصال بالخادم\r\n');
  });
});

describe('compareReports', () => {
  function byKey(diffs: MetricDiff[]) {
    return Object.fromEntries(diffs.map((diff) => [diff.key, diff]));
  }

  it('says which run is better in each metric’s direction', () => {
    const a = fullReport();
    const b = fullReport();
    b.bandwidth.download = { ...present(a.bandwidth.download), linkMbps: 50 };
    b.ping.http = { ...present(a.ping.http), avgMs: 40, lossPercent: 0, sent: 5, received: 5 };
    b.socket.reconnectCount = 0;
    b.quality = { ...present(a.quality), mos: 3.2 };
    const diffs = byKey(compareReports(a, b));
    // Higher is better: 99.96 against 50 Mbps.
    expect(diffs.downloadMbps).toEqual({ key: 'downloadMbps', unit: 'Mbps', a: 99.96, b: 50, better: 'a' });
    expect(diffs.mos).toMatchObject({ a: 4.3949, b: 3.2, better: 'a' });
    // Lower is better: 17.5 against 40 ms, 20 % against 0 % loss, 2 against 0 reconnects.
    expect(diffs.httpRttAvg).toEqual({ key: 'httpRttAvg', unit: 'ms', a: 17.5, b: 40, better: 'a' });
    expect(diffs.httpLoss).toEqual({ key: 'httpLoss', unit: '%', a: 20, b: 0, better: 'b' });
    expect(diffs.reconnectCount).toEqual({ key: 'reconnectCount', unit: 'count', a: 2, b: 0, better: 'b' });
  });

  it('lists every metric once, in a fixed order', () => {
    expect(compareReports(fullReport(), fullReport()).map((diff) => diff.key)).toEqual([
      'downloadMbps',
      'uploadMbps',
      'httpRttAvg',
      'httpJitter',
      'httpLoss',
      'socketRttAvg',
      'socketJitter',
      'socketLoss',
      'heartbeatRttAvg',
      'reconnectCount',
      'mos',
      'loginTotalMs',
      'curlAvgMs',
    ]);
  });

  it('computes the derived metrics', () => {
    const diffs = byKey(compareReports(fullReport(), fullReport()));
    // Heartbeats (30 + 34 + 32)/3 = 32; login 120 + 80 + 40 = 240; curl: only the successful 182.4.
    expect(diffs.heartbeatRttAvg).toMatchObject({ a: 32, b: 32, better: 'same' });
    expect(diffs.loginTotalMs).toMatchObject({ a: 240, better: 'same' });
    expect(diffs.curlAvgMs).toMatchObject({ a: 182.4, better: 'same' });
  });

  it('is null when either side lacks the metric', () => {
    const a = fullReport();
    const b = emptyReport(init);
    const diffs = compareReports(a, b);
    expect(diffs.every((diff) => diff.better === null && diff.b === null)).toBe(true);
    expect(byKey(diffs).downloadMbps).toMatchObject({ a: 99.96, b: null, better: null });
    // A failed login step has no total; a ping run that sent nothing has no loss.
    a.login[1] = { ...present(a.login[1]), ok: false };
    a.ping.socket = { sent: 0, received: 0, lossPercent: 0, minMs: null, avgMs: null, maxMs: null, jitterMs: null };
    const own = byKey(compareReports(a, fullReport()));
    expect(own.loginTotalMs).toMatchObject({ a: null, b: 240, better: null });
    expect(own.socketLoss).toMatchObject({ a: null, b: 0, better: null });
  });

  it('calls differences within 2 % or the unit’s epsilon the same', () => {
    const a = fullReport();
    const b = fullReport();
    // 99.96 against 98.0: 1.96 ≤ 2 % of 99.96 (1.9992), same; against 97.9: 2.06 > 1.9992, a is better.
    b.bandwidth.download = { ...present(a.bandwidth.download), linkMbps: 98.0 };
    expect(byKey(compareReports(a, b)).downloadMbps?.better).toBe('same');
    b.bandwidth.download = { ...present(a.bandwidth.download), linkMbps: 97.9 };
    expect(byKey(compareReports(a, b)).downloadMbps?.better).toBe('a');
    // Jitter 25/3 ≈ 8.33 against 9.2 ms: 0.87 ms is under the 1 ms epsilon; against 9.4: 1.07 ms is not.
    b.ping.http = { ...present(a.ping.http), jitterMs: 9.2 };
    expect(byKey(compareReports(a, b)).httpJitter?.better).toBe('same');
    b.ping.http = { ...present(a.ping.http), jitterMs: 9.4 };
    expect(byKey(compareReports(a, b)).httpJitter?.better).toBe('a');
    // Reconnects have no epsilon: 2 against 3 differ.
    b.socket.reconnectCount = 3;
    expect(byKey(compareReports(a, b)).reconnectCount?.better).toBe('a');
  });
});

describe('networkTestResult', () => {
  it('reads the spec §3 fields from a filled report', () => {
    expect(networkTestResult(fullReport())).toEqual({
      detectionTime: '2024-05-01T09:30:00.000Z',
      networkType: 'wifi',
      speedMbps: 99.96,
      rttMs: 17.5,
      requestTime: '2024-05-01T09:30:10.000Z',
      requestResult: 'success',
      requestDurationMs: 182.4,
      socketState: 'open',
      reconnectCount: 2,
      messageBody: 'closed',
      messageContent: '{"clean":false,"code":1006,"extra":null,"reason":""}',
    });
  });

  it('falls back to the socket ping and reports failed requests', () => {
    const report = fullReport();
    report.ping.http = null;
    report.curl = report.curl.slice(1);
    expect(networkTestResult(report)).toMatchObject({ rttMs: 11, requestResult: 'timeout', requestDurationMs: 5000 });
    report.curl = [{ ...present(report.curl[0]), error: null, status: 503 }];
    expect(networkTestResult(report).requestResult).toBe('exception');
  });

  it('is mostly empty for an empty report', () => {
    expect(networkTestResult(emptyReport(init))).toEqual({
      detectionTime: '2024-05-01T09:30:00.000Z',
      networkType: 'unknown',
      speedMbps: null,
      rttMs: null,
      requestTime: null,
      requestResult: null,
      requestDurationMs: null,
      socketState: null,
      reconnectCount: 0,
      messageBody: null,
      messageContent: null,
    });
  });
});
