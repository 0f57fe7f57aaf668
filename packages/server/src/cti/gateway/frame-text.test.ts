import { describe, expect, it } from 'vitest';
import { frameText } from './frame-text.js';

describe('frameText', () => {
  it('gives what JSON.stringify gives, for events and other frames', () => {
    const data = { tenant: { name: 'Demo “tenant”\n', reasons: [{ id: 'break' }] }, n: null };
    const frames = [
      { type: 'event', seq: 7, name: 'tenantInfoChange', at: '2026-11-25T20:00:00.000Z', data },
      { type: 'event', seq: 8, name: 'tenantInfoChange', at: '2026-11-25T20:00:00.001Z', data },
      { type: 'event', seq: 1, name: 'afterCallWorkEnded', at: '2026-11-25T20:00:00.000Z', data: {} },
      { type: 'res', id: 'r1', code: 0, message: 'ok', data: { a: 1 } },
      { type: 'pong', ts: 1, server_ts: 2 },
    ];
    for (const frame of frames) expect(JSON.parse(frameText(frame))).toEqual(frame);
    for (const frame of frames) expect(frameText(frame)).toBe(JSON.stringify(frame));
  });
});
