import { describe, expect, it } from 'vitest';
import { fullReport, init, present } from '../../../test/diagnose-reports';
import { emptyReport } from './diag-report';
import { networkTestResult } from './result-fields';

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

  it('is empty for a report that measured nothing, detection time included', () => {
    expect(networkTestResult(emptyReport(init))).toEqual({
      detectionTime: null,
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

  it('gives the detection time once the run has a result', () => {
    const report = emptyReport(init);
    report.logs = [
      { time: '2024-05-01T09:35:00.000Z', source: 'client', type: 'networkType', detail: { type: 'wifi' } },
    ];
    expect(networkTestResult(report).detectionTime).toBe('2024-05-01T09:30:00.000Z');
  });
});
