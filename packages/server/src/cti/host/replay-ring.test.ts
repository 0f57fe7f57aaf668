import { describe, expect, it } from 'vitest';
import type { EventFrame } from '@open/protocol/cti/protocol';
import { EventLog, ReplayRing } from './replay-ring.js';

const frame = (seq: number): EventFrame => ({
  type: 'event',
  seq,
  name: `e${seq}`,
  at: `2026-11-30T09:00:00.${String(seq % 1000).padStart(3, '0')}Z`,
  data: { n: seq },
});

function filled(capacity: number, upTo: number, log = new EventLog()): ReplayRing {
  const ring = new ReplayRing(capacity, log);
  for (let seq = 1; seq <= upTo; seq++) {
    const { name, at, data } = frame(seq);
    ring.push(seq, name, at, data);
  }
  return ring;
}

describe('ReplayRing', () => {
  it('gives back the events after a number, oldest first, as the frames that were sent', () => {
    const ring = filled(5, 3);
    expect(ring.size).toBe(3);
    expect(ring.oldestSeq).toBe(1);
    expect(ring.since(1)).toEqual([frame(2), frame(3)]);
    expect(ring.since(3)).toEqual([]);
    expect(ring.frames()).toEqual([frame(1), frame(2), frame(3)]);
  });

  it('keeps the latest `capacity` events once full, dropping the oldest first', () => {
    const ring = filled(5, 12);
    expect(ring.size).toBe(5);
    expect(ring.oldestSeq).toBe(8);
    expect(ring.frames().map((each) => each.seq)).toEqual([8, 9, 10, 11, 12]);
    expect(ring.since(10)).toEqual([frame(11), frame(12)]);
    // Asked from before the oldest kept: what is left (the caller says the replay is incomplete).
    expect(ring.since(2).map((each) => each.seq)).toEqual([8, 9, 10, 11, 12]);
  });

  it('shares the payload it was given, not a copy: one event pushed to many sessions is one object', () => {
    const data = { shared: true };
    const log = new EventLog();
    const a = new ReplayRing(3, log);
    const b = new ReplayRing(3, log);
    a.push(1, 'tenantInfoChange', 't', data);
    b.push(7, 'tenantInfoChange', 't', data);
    expect(a.frames()[0]?.data).toBe(data);
    expect(b.frames()[0]?.data).toBe(data);
    // Kept once in the log, however many sessions keep it.
    expect(log.size).toBe(1);
  });

  it('is rebuilt from stored frames (a tenant taken over by another node)', () => {
    const frames = [frame(40), frame(41), frame(42)];
    const log = new EventLog();
    const ring = ReplayRing.of(frames, 2, log);
    expect(ring.frames()).toEqual([frame(41), frame(42)]);
    expect(log.size).toBe(2);
    expect(ReplayRing.of([], 2, log).oldestSeq).toBeUndefined();
  });

  it('grows its room as events come, past its first room, keeping their order', () => {
    const ring = filled(500, 37);
    expect(ring.size).toBe(37);
    expect(ring.frames()).toEqual(Array.from({ length: 37 }, (_, i) => frame(i + 1)));
    // Full at a capacity that is not a doubling of the first room, then wrapping.
    const odd = filled(13, 40);
    expect(odd.frames().map((each) => each.seq)).toEqual(Array.from({ length: 13 }, (_, i) => 28 + i));
  });

  it('gives back to the log what it drops and everything when cleared: the log does not leak', () => {
    const log = new EventLog();
    const ring = filled(5, 12, log);
    // The seven dropped are let go; the five kept are still there.
    expect(log.size).toBe(5);
    const other = filled(3, 4, log);
    expect(log.size).toBe(8);
    ring.clear();
    expect(ring.size).toBe(0);
    expect(ring.frames()).toEqual([]);
    expect(log.size).toBe(3);
    other.clear();
    expect(log.size).toBe(0);
    // Cleared, it takes events again.
    ring.push(1, 'again', 't', {});
    expect(ring.frames()).toEqual([{ type: 'event', seq: 1, name: 'again', at: 't', data: {} }]);
  });

  it('keeps a shared event while one session still holds it', () => {
    const log = new EventLog();
    const data = { tenant: 'changed' };
    const rings = [new ReplayRing(2, log), new ReplayRing(2, log), new ReplayRing(2, log)];
    for (const [i, ring] of rings.entries()) ring.push(i + 1, 'tenantInfoChange', 't', data);
    expect(log.size).toBe(1);
    rings[0]?.clear();
    rings[1]?.push(2, 'own', 't', {});
    rings[1]?.push(3, 'own', 't', {});
    // The second ring dropped it, the third still has it.
    expect(rings[2]?.frames()[0]?.data).toBe(data);
    rings[2]?.clear();
    expect(log.size).toBe(2);
    // The same payload published again later is a new event, not the one let go.
    rings[0]?.push(9, 'tenantInfoChange', 't2', data);
    expect(rings[0]?.frames()).toEqual([{ type: 'event', seq: 9, name: 'tenantInfoChange', at: 't2', data }]);
  });
});
