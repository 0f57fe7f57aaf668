import type { EventFrame } from '@open/protocol/cti/protocol';

/** What one event takes in the ring: its number, name, time and payload. */
const SLOTS = 4;

/**
 * A session's latest events, for a client that resumes: at most `capacity`, oldest first.
 *
 * Held as references in one flat array (number, name, time, payload per event), not as a frame
 * object per event. An event pushed to 10,000 phones shares its name, its time string and its
 * payload; a frame object per phone was the one thing each delivery left behind, and kept for
 * the next 500 events it outlived every young collection and was copied into the old
 * generation: the garbage collector's 4.8 µs a delivery in the push's profile (bench/README.md).
 * The frames a resume replays are made when it asks.
 */
export class ReplayRing {
  private readonly slots: unknown[] = [];
  /** The oldest event's place, in events. */
  private head = 0;
  private count = 0;

  constructor(private readonly capacity: number) {}

  static of(frames: readonly EventFrame[], capacity: number): ReplayRing {
    const ring = new ReplayRing(capacity);
    for (const frame of frames) ring.push(frame.seq, frame.name, frame.at, frame.data);
    return ring;
  }

  get size(): number {
    return this.count;
  }

  /** The oldest event's number, or undefined when there is none. */
  get oldestSeq(): number | undefined {
    return this.count === 0 ? undefined : (this.slots[this.head * SLOTS] as number);
  }

  push(seq: number, name: string, at: string, data: unknown): void {
    let place: number;
    if (this.count < this.capacity) {
      // Grows as events come: an idle session holds no room it does not use.
      place = (this.head + this.count) % this.capacity;
      this.count += 1;
    } else {
      place = this.head;
      this.head = (this.head + 1) % this.capacity;
    }
    const at4 = place * SLOTS;
    this.slots[at4] = seq;
    this.slots[at4 + 1] = name;
    this.slots[at4 + 2] = at;
    this.slots[at4 + 3] = data;
  }

  /** The events numbered after `seq`, oldest first, as frames. */
  since(seq: number): EventFrame[] {
    const frames: EventFrame[] = [];
    for (let i = 0; i < this.count; i++) {
      const at4 = ((this.head + i) % this.capacity) * SLOTS;
      const number = this.slots[at4] as number;
      if (number <= seq) continue;
      frames.push({
        type: 'event',
        seq: number,
        name: this.slots[at4 + 1] as string,
        at: this.slots[at4 + 2] as string,
        data: this.slots[at4 + 3],
      });
    }
    return frames;
  }

  /** Every event kept, oldest first, as frames. */
  frames(): EventFrame[] {
    return this.since(Number.NEGATIVE_INFINITY);
  }
}
