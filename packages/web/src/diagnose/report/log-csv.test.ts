import { describe, expect, it } from 'vitest';
import { logToCsv } from './log-csv';
import type { LogRow } from './log-row';

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
