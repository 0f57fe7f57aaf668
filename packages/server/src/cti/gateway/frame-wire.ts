import type { EventFrame } from '@open/protocol/cti/protocol';

const isEvent = (frame: object): frame is EventFrame => (frame as { type?: unknown }).type === 'event';

/**
 * The UTF-8 of each event payload, by payload object. One change told to many phones (a
 * tenant's settings to all its agents) publishes one payload object in as many frames, each
 * with its own `seq`; its JSON is made and encoded once, not once a phone. Payloads are never
 * changed once published, which is what makes the cache sound.
 */
const payloadBytes = new WeakMap<object, Buffer>();
const CLOSE_BRACE = 0x7d;

/**
 * A frame as it goes on the wire, the same text JSON.stringify gives: an event as its UTF-8
 * bytes, the payload's copied into one small buffer a phone (the push of one event to 10,000
 * sockets is serial, so each frame's cost is the last phone's delay: bench/README.md, issue #40;
 * a string a phone was flattened and encoded again by each send); any other frame as its text.
 */
export function frameWire(frame: object): Buffer | string {
  if (!isEvent(frame) || typeof frame.data !== 'object' || frame.data === null) return JSON.stringify(frame);
  let data = payloadBytes.get(frame.data);
  if (data === undefined) {
    data = Buffer.from(JSON.stringify(frame.data));
    payloadBytes.set(frame.data, data);
  }
  const head = `{"type":"event","seq":${frame.seq},"name":${JSON.stringify(frame.name)},"at":${JSON.stringify(frame.at)},"data":`;
  const headLength = Buffer.byteLength(head);
  const wire = Buffer.allocUnsafe(headLength + data.length + 1);
  wire.write(head, 0);
  data.copy(wire, headLength);
  wire[headLength + data.length] = CLOSE_BRACE;
  return wire;
}
