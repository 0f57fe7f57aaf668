import type { EventFrame } from '@open/protocol/cti/protocol';

/** One event as published: told to one agent or, with the same payload, to a whole tenant. */
interface LoggedEvent {
  readonly name: string;
  readonly at: string;
  readonly data: unknown;
  /** The rings that keep it; at 0 the log lets it go. */
  refs: number;
}

/**
 * The events the sessions of a registry keep for a resume, each once, by number. One change
 * told to 10,000 phones is one entry here, and each session's ring holds only two numbers for
 * it (its own `seq` and the entry's id): no pointer to a new object is stored into 10,000
 * long-lived sessions, which the young collection would have to visit, and no ring's array of
 * pointers grows and is promoted. Those were most of the push's garbage collection (two
 * mark-compacts of 75 ms during five pushes: bench/README.md, issue #40).
 */
export class EventLog {
  private readonly entries = new Map<number, LoggedEvent>();
  private nextId = 1;
  /** The entry of a payload still kept: the next agent told the same change shares it. */
  private readonly byPayload = new WeakMap<object, { id: number; entry: LoggedEvent }>();

  /** Events kept, for tests and leak checks. */
  get size(): number {
    return this.entries.size;
  }

  /** The entry of this event, shared with an earlier publication of the same one still kept. */
  keep(name: string, at: string, data: unknown): number {
    const shared = typeof data === 'object' && data !== null ? this.byPayload.get(data) : undefined;
    if (shared !== undefined && shared.entry.refs > 0 && shared.entry.name === name && shared.entry.at === at) {
      shared.entry.refs += 1;
      return shared.id;
    }
    const id = this.nextId++;
    const entry: LoggedEvent = { name, at, data, refs: 1 };
    this.entries.set(id, entry);
    if (typeof data === 'object' && data !== null) this.byPayload.set(data, { id, entry });
    return id;
  }

  release(id: number): void {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    entry.refs -= 1;
    if (entry.refs > 0) return;
    this.entries.delete(id);
  }

  frame(seq: number, id: number): EventFrame | undefined {
    const entry = this.entries.get(id);
    return entry && { type: 'event', seq, name: entry.name, at: entry.at, data: entry.data };
  }
}

/** Room for this many events first; doubled as a session's events come, up to its capacity. */
const FIRST_ROOM = 8;

/**
 * A session's latest events, for a client that resumes: at most `capacity`, oldest first.
 *
 * Numbers only, in a typed array (the event's `seq` and its id in the shared `EventLog`): its
 * backing store lies outside the collected heap, and an idle session holds no room it does not
 * use. `clear` gives the events back to the log when the session ends.
 */
export class ReplayRing {
  /** Per event: its seq, then its id in the log. */
  private slots: Float64Array;
  /** The oldest event's place, in events. */
  private head = 0;
  private count = 0;

  constructor(
    private readonly capacity: number,
    private readonly log: EventLog,
  ) {
    this.slots = this.firstRoom();
  }

  private firstRoom(): Float64Array {
    return new Float64Array(Math.min(FIRST_ROOM, this.capacity) * 2);
  }

  static of(frames: readonly EventFrame[], capacity: number, log: EventLog): ReplayRing {
    const ring = new ReplayRing(capacity, log);
    for (const frame of frames) ring.push(frame.seq, frame.name, frame.at, frame.data);
    return ring;
  }

  get size(): number {
    return this.count;
  }

  /** The oldest event's number, or undefined when there is none. */
  get oldestSeq(): number | undefined {
    return this.count === 0 ? undefined : this.slots[this.head * 2];
  }

  private get room(): number {
    return this.slots.length / 2;
  }

  push(seq: number, name: string, at: string, data: unknown): void {
    const id = this.log.keep(name, at, data);
    if (this.count === this.room && this.room < this.capacity) this.grow();
    let place: number;
    if (this.count < this.room) {
      place = (this.head + this.count) % this.room;
      this.count += 1;
    } else {
      place = this.head;
      this.log.release(this.slots[place * 2 + 1] ?? 0);
      this.head = (this.head + 1) % this.room;
    }
    this.slots[place * 2] = seq;
    this.slots[place * 2 + 1] = id;
  }

  /** Twice the room (at most the capacity), the events kept in order from the start. */
  private grow(): void {
    const slots = new Float64Array(Math.min(this.capacity, this.room * 2) * 2);
    for (let i = 0; i < this.count; i++) {
      const from = ((this.head + i) % this.room) * 2;
      slots[i * 2] = this.slots[from] ?? 0;
      slots[i * 2 + 1] = this.slots[from + 1] ?? 0;
    }
    this.slots = slots;
    this.head = 0;
  }

  /** The events numbered after `seq`, oldest first, as frames. */
  since(seq: number): EventFrame[] {
    const frames: EventFrame[] = [];
    for (let i = 0; i < this.count; i++) {
      const at = ((this.head + i) % this.room) * 2;
      const number = this.slots[at] ?? 0;
      if (number <= seq) continue;
      const frame = this.log.frame(number, this.slots[at + 1] ?? 0);
      if (frame) frames.push(frame);
    }
    return frames;
  }

  /** Every event kept, oldest first, as frames. */
  frames(): EventFrame[] {
    return this.since(Number.NEGATIVE_INFINITY);
  }

  /** The session ended: its events go back to the log. */
  clear(): void {
    for (let i = 0; i < this.count; i++) this.log.release(this.slots[((this.head + i) % this.room) * 2 + 1] ?? 0);
    this.count = 0;
    this.head = 0;
    this.slots = this.firstRoom();
  }
}
