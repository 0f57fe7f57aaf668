import type { EventFrame } from '@open/protocol/cti/protocol';

const isEvent = (frame: object): frame is EventFrame => (frame as { type?: unknown }).type === 'event';

/**
 * An event's bytes after its `seq` (its name, time and payload, and the closing brace), by
 * payload object. One change told to many phones (a tenant's settings to all its agents) is
 * one payload object published at one time in as many frames, each with its own `seq`: all
 * but the number is made and encoded once, not once a phone. Payloads are never changed once
 * published, which is what makes the cache sound; the name and time are checked.
 */
const tails = new WeakMap<object, { name: string; at: string; bytes: Buffer }>();
const EVENT_HEAD = Buffer.from('{"type":"event","seq":');
const ZERO = 0x30;

function tailOf(frame: EventFrame & { data: object }): Buffer {
  const cached = tails.get(frame.data);
  if (cached !== undefined && cached.name === frame.name && cached.at === frame.at) return cached.bytes;
  const bytes = Buffer.from(
    `,"name":${JSON.stringify(frame.name)},"at":${JSON.stringify(frame.at)},"data":${JSON.stringify(frame.data)}}`,
  );
  tails.set(frame.data, { name: frame.name, at: frame.at, bytes });
  return bytes;
}

function digitsOf(value: number): number {
  let digits = 1;
  for (let rest = Math.floor(value / 10); rest > 0; rest = Math.floor(rest / 10)) digits += 1;
  return digits;
}

/** Writes a whole number's `digits` decimal digits at `offset`, without making its string. */
function writeDigits(wire: Buffer, offset: number, value: number, digits: number): void {
  let rest = value;
  for (let i = offset + digits - 1; i >= offset; i--) {
    wire[i] = ZERO + (rest % 10);
    rest = Math.floor(rest / 10);
  }
}

/**
 * A frame as it goes on the wire, the same text JSON.stringify gives: an event as its UTF-8
 * bytes, its shared tail copied into one small buffer a phone after its own number (the push
 * of one event to 10,000 sockets is serial, so each frame's cost is the last phone's delay:
 * bench/README.md, issue #40); any other frame as its text.
 */
export function frameWire(frame: object): Buffer | string {
  if (
    !isEvent(frame) ||
    typeof frame.data !== 'object' ||
    frame.data === null ||
    !Number.isSafeInteger(frame.seq) ||
    frame.seq < 0
  ) {
    return JSON.stringify(frame);
  }
  const tail = tailOf(frame as EventFrame & { data: object });
  const digits = digitsOf(frame.seq);
  const wire = Buffer.allocUnsafe(EVENT_HEAD.length + digits + tail.length);
  EVENT_HEAD.copy(wire, 0);
  writeDigits(wire, EVENT_HEAD.length, frame.seq, digits);
  tail.copy(wire, EVENT_HEAD.length + digits);
  return wire;
}
