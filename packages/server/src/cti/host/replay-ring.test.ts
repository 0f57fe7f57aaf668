import { describe, expect, it } from 'vitest';
import type { EventFrame } from '@open/protocol/cti/protocol';
import { ReplayRing } from './replay-ring.js';

const frame = (seq: number): EventFrame => ({
  type: 'event',
  seq,
  name: `e${seq}`,
  at: `2026-11-30T09:00:00.${String(seq % 1000).padStart(3, '0')}Z`,
  data: { n: seq },
});

function filled(capacity: number, upTo: number): ReplayRing {
  const ring = new ReplayRing(capacity);
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
    const a = new ReplayRing(3);
    const b = new ReplayRing(3);
    a.push(1, 'tenantInfoChange', 't', data);
    b.push(7, 'tenantInfoChange', 't', data);
    expect(a.frames()[0]?.data).toBe(data);
    expect(b.frames()[0]?.data).toBe(data);
  });

  it('is rebuilt from stored frames (a tenant taken over by another node)', () => {
    const frames = [frame(40), frame(41), frame(42)];
    const ring = ReplayRing.of(frames, 2);
    expect(ring.frames()).toEqual([frame(41), frame(42)]);
    expect(ReplayRing.of([], 2).oldestSeq).toBeUndefined();
  });
});
