import { describe, expect, it } from 'vitest';
import { fullReport, init } from '../../../test/diagnose-reports';
import { emptyReport, type DiagReport } from '../report/diag-report';
import { networkView } from './network-view';

const readBy = (network: DiagReport['network']): DiagReport => ({
  ...emptyReport(init),
  network,
  logs: [{ time: init.startedAt, source: 'client', type: 'networkType', detail: { ...network } }],
});

describe('networkView', () => {
  it('says nothing was read or measured before any test', () => {
    expect(networkView(emptyReport(init))).toEqual({ connection: { kind: 'notRead' }, estimate: null, measured: null });
  });

  it('keeps the reported type, the browser’s estimate and our measurement apart', () => {
    expect(networkView(fullReport())).toEqual({
      connection: { kind: 'type', type: 'wifi' },
      estimate: { effectiveType: '4g', downlinkMbps: 10, rttMs: 50 },
      measured: { downloadMbps: 99.96, uploadMbps: 19.97, rttMs: 17.5 },
    });
  });

  it('does not call the link unknown when the browser gives only its estimate (desktop Chromium)', () => {
    const view = networkView(readBy({ type: 'unknown', effectiveType: '4g', downlinkMbps: 1.55, rttMs: 100 }));
    expect(view.connection).toEqual({ kind: 'estimateOnly' });
    expect(view.estimate).toEqual({ effectiveType: '4g', downlinkMbps: 1.55, rttMs: 100 });
    expect(view.measured).toBeNull();
  });

  it('says the browser reports nothing when it has no Network Information API (Firefox, Safari)', () => {
    const view = networkView(readBy({ type: 'unknown', effectiveType: null, downlinkMbps: null, rttMs: null }));
    expect(view).toEqual({ connection: { kind: 'notReported' }, estimate: null, measured: null });
  });

  it('shows a partial measurement, the socket round trip standing in for a missing HTTP one', () => {
    const report = fullReport();
    report.bandwidth = { download: null, upload: null };
    report.ping.http = null;
    expect(networkView(report).measured).toEqual({ downloadMbps: null, uploadMbps: null, rttMs: 11 });
  });
});
