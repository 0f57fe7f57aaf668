import { describe, expect, it } from 'vitest';
import { createSdkLog, LOG_KEPT, type EntryLevel } from './sdk-log.js';

function fakeConsole() {
  const written: [EntryLevel, unknown[]][] = [];
  const at =
    (level: EntryLevel) =>
    (...args: unknown[]) => {
      written.push([level, args]);
    };
  return { out: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') }, written };
}

const clock = () => new Date('2026-11-30T09:00:00.000Z');

describe('the SDK log', () => {
  it('writes to the console from its level up, and keeps every entry whatever the level', () => {
    const { out, written } = fakeConsole();
    const log = createSdkLog('warn', out, clock);
    log.debug('call dialOut');
    log.info('dialOut refused', { code: 40922 });
    log.warn('ready rejected', { code: 50301 });
    log.error('the phone’s page did not load');
    expect(written.map(([level]) => level)).toEqual(['warn', 'error']);
    expect(written[0]?.[1]).toEqual(['[softphone] ready rejected', { code: 50301 }]);
    expect(log.entries().map((entry) => entry.level)).toEqual(['debug', 'info', 'warn', 'error']);
    expect(log.entries()[1]).toEqual({
      at: '2026-11-30T09:00:00.000Z',
      level: 'info',
      message: 'dialOut refused',
      data: { code: 40922 },
    });
  });

  it('writes nothing when silent, everything at debug', () => {
    const silent = fakeConsole();
    const quiet = createSdkLog('silent', silent.out, clock);
    quiet.error('x');
    expect(silent.written).toEqual([]);
    expect(quiet.entries()).toHaveLength(1);
    const loud = fakeConsole();
    createSdkLog('debug', loud.out, clock).debug('y');
    expect(loud.written).toEqual([['debug', ['[softphone] y']]]);
  });

  it('keeps the last LOG_KEPT entries, and hands out copies the page cannot change it through', () => {
    const log = createSdkLog('silent', fakeConsole().out, clock);
    for (let i = 0; i < LOG_KEPT + 10; i++) log.debug(`entry ${i}`, { i });
    const entries = log.entries();
    expect(entries).toHaveLength(LOG_KEPT);
    expect(entries[0]?.message).toBe('entry 10');
    (entries[0]?.data as { i: number }).i = -1;
    entries.length = 0;
    expect(log.entries()[0]?.data).toEqual({ i: 10 });
  });
});
