import { describe, expect, it } from 'vitest';
import { frameWire } from './frame-wire.js';

const text = (wire: Buffer | string) => (typeof wire === 'string' ? wire : wire.toString('utf8'));

describe('frameWire', () => {
  it('puts on the wire the UTF-8 of what JSON.stringify gives, for events and other frames', () => {
    const data = {
      tenant: { name: 'Demo “tenant”\n 演示租户 😀', reasons: [{ id: 'break', name: 'استراحة' }] },
      n: null,
    };
    const frames = [
      { type: 'event', seq: 7, name: 'tenantInfoChange', at: '2026-11-25T20:00:00.000Z', data },
      // The same payload again: its bytes are reused, the frame's own fields are not.
      { type: 'event', seq: 8, name: 'tenantInfoChange', at: '2026-11-25T20:00:00.001Z', data },
      { type: 'event', seq: 1, name: 'afterCallWorkEnded', at: '2026-11-25T20:00:00.000Z', data: {} },
      // The same payload under another name: its tail is made again, not taken from the cache.
      { type: 'event', seq: 10, name: 'other', at: '2026-11-25T20:00:00.001Z', data },
      ...[0, 9, 99, 100, 1_000_000, Number.MAX_SAFE_INTEGER].map((seq) => ({
        type: 'event',
        seq,
        name: 'n',
        at: 'a',
        data: [1],
      })),
      // Not a whole number: left to JSON.stringify.
      { type: 'event', seq: 1.5, name: 'n', at: 'a', data: {} },
      { type: 'res', id: 'r1', code: 0, message: 'ok', data: { a: 'ü' } },
      { type: 'pong', ts: 1, server_ts: 2 },
    ];
    for (const frame of frames) expect(text(frameWire(frame))).toBe(JSON.stringify(frame));
  });
});
