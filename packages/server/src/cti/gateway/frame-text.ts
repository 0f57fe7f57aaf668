import type { EventFrame } from '@open/protocol/cti/protocol';

/**
 * The JSON of each event payload, by payload object. One change told to many phones (a
 * tenant's settings to all its agents) publishes one payload object in as many frames, each
 * with its own `seq`; its JSON is made once, not once a phone (bench/cti-load: the push of one
 * event to 10,000 sockets is serial, so each frame's cost is the last phone's delay). Payloads are
 * never changed once published, which is what makes the cache sound.
 */
const payloadText = new WeakMap<object, string>();

const isEvent = (frame: object): frame is EventFrame => (frame as { type?: unknown }).type === 'event';

/** A frame as the socket sends it: the same text JSON.stringify gives. */
export function frameText(frame: object): string {
  if (!isEvent(frame) || typeof frame.data !== 'object' || frame.data === null) return JSON.stringify(frame);
  let data = payloadText.get(frame.data);
  if (data === undefined) {
    data = JSON.stringify(frame.data);
    payloadText.set(frame.data, data);
  }
  return `{"type":"event","seq":${frame.seq},"name":${JSON.stringify(frame.name)},"at":${JSON.stringify(frame.at)},"data":${data}}`;
}
