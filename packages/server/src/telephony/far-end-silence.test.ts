import { describe, expect, it } from 'vitest';
import { createSilenceWatch, farEndPackets, sdpSends, type FarEnd } from './far-end-silence.js';
import type { NgAnswer } from './ng-client.js';

/** A side of a call as Debian's rtpengine (10.5) answers `query` for it: an RTP and an RTCP stream. */
function side(tag: string, rtp: number, rtcp: number) {
  const stream = (kind: string, packets: number, port: number) => ({
    'local port': port,
    'local address': '127.0.0.1',
    family: 'IPv4',
    endpoint: { family: 'IPv4', address: '127.0.0.1', port: port + 1000 },
    'last packet': 1796014891,
    flags: [kind, 'filled'],
    stats: { packets, bytes: packets * 172, errors: 0 },
  });
  return {
    tag,
    created: 1796014891,
    medias: [
      {
        index: 1,
        type: 'audio',
        protocol: 'RTP/AVP',
        streams: [stream('RTP', rtp, 25158), stream('RTCP', rtcp, 25159)],
        flags: ['initialized', 'send', 'recv'],
      },
    ],
  };
}

const answer = (sides: Record<string, ReturnType<typeof side>>): NgAnswer => ({
  result: 'ok',
  created: 1796014891,
  'last signal': 1796014891,
  SSRC: {},
  tags: sides,
});

describe("the far end's packets in the relay's answer", () => {
  it('counts the RTP packets of its tag only: not the RTCP ones, not the other side’s', () => {
    const both = answer({ carrier: side('carrier', 1200, 9), phone: side('phone', 4000, 40) });
    expect(farEndPackets(both, 'carrier')).toBe(1200);
    expect(farEndPackets(both, 'phone')).toBe(4000);
  });

  it('is unknown when the answer does not hold the tag, or holds something else', () => {
    expect(farEndPackets(answer({ phone: side('phone', 10, 0) }), 'carrier')).toBeNull();
    expect(farEndPackets({ result: 'ok' }, 'carrier')).toBeNull();
    expect(farEndPackets({ result: 'ok', tags: [] }, 'carrier')).toBeNull();
    // A side without media yet has sent nothing.
    expect(farEndPackets({ result: 'ok', tags: { carrier: { tag: 'carrier' } } }, 'carrier')).toBe(0);
  });
});

describe('whether a description says its sender sends audio', () => {
  const sdp = (...lines: string[]) =>
    ['v=0', 'o=- 1 1 IN IP4 192.0.2.1', 's=-', 'c=IN IP4 192.0.2.1', 't=0 0', ...lines].join('\r\n') + '\r\n';

  it('sends when it says nothing, sendrecv or sendonly (music on hold)', () => {
    expect(sdpSends(sdp('m=audio 4000 RTP/AVP 0'))).toBe(true);
    expect(sdpSends(sdp('m=audio 4000 RTP/AVP 0', 'a=sendrecv'))).toBe(true);
    expect(sdpSends(sdp('m=audio 4000 RTP/AVP 0', 'a=sendonly'))).toBe(true);
  });

  it('does not when its audio is inactive or recvonly, in the section or for the session', () => {
    expect(sdpSends(sdp('m=audio 4000 RTP/AVP 0', 'a=inactive'))).toBe(false);
    expect(sdpSends(sdp('m=audio 4000 RTP/AVP 0', 'a=recvonly'))).toBe(false);
    expect(sdpSends(sdp('a=inactive', 'm=audio 4000 RTP/AVP 0'))).toBe(false);
    // The section's own word wins over the session's.
    expect(sdpSends(sdp('a=inactive', 'm=audio 4000 RTP/AVP 0', 'a=sendrecv'))).toBe(true);
  });

  it('does not when it holds the old way, with the address 0.0.0.0 (RFC 2543)', () => {
    expect(sdpSends(sdp('m=audio 4000 RTP/AVP 0', 'c=IN IP4 0.0.0.0'))).toBe(false);
  });

  it('reads only the audio section’s direction, not a video section’s after it', () => {
    expect(sdpSends(sdp('m=audio 4000 RTP/AVP 0', 'm=video 4002 RTP/AVP 96', 'a=inactive'))).toBe(true);
  });
});

describe('the silence watch', () => {
  const far = (extra: Partial<FarEnd> = {}): FarEnd => ({
    tag: 'carrier',
    sends: true,
    silenceLimitSeconds: 30,
    ...extra,
  });

  it('finds a far end silent once its count has not moved for the limit, and not a moment before', () => {
    const watch = createSilenceWatch();
    const call = {};
    expect(watch.silent(call, far(), 100, 0)).toBe(false);
    expect(watch.silent(call, far(), 350, 5_000)).toBe(false);
    expect(watch.silent(call, far(), 350, 34_999)).toBe(false);
    expect(watch.silent(call, far(), 350, 35_000)).toBe(true);
  });

  it('counts again from the packet after a pause, so a pause shorter than the limit ends nothing', () => {
    const watch = createSilenceWatch();
    const call = {};
    watch.silent(call, far(), 100, 0);
    expect(watch.silent(call, far(), 100, 25_000)).toBe(false);
    expect(watch.silent(call, far(), 101, 30_000)).toBe(false);
    expect(watch.silent(call, far(), 101, 59_999)).toBe(false);
  });

  it('does not count while the far end holds the call, nor without a limit or a count', () => {
    const watch = createSilenceWatch();
    const call = {};
    watch.silent(call, far(), 100, 0);
    expect(watch.silent(call, far({ sends: false }), 100, 40_000)).toBe(false);
    // Back from hold: the count starts again.
    expect(watch.silent(call, far(), 100, 45_000)).toBe(false);
    expect(watch.silent(call, far(), 100, 70_000)).toBe(false);
    expect(watch.silent(call, far(), 100, 75_000)).toBe(true);
    expect(watch.silent(call, far({ silenceLimitSeconds: null }), 100, 200_000)).toBe(false);
    expect(watch.silent(call, far(), null, 300_000)).toBe(false);
  });

  it('keeps each call’s count apart', () => {
    const watch = createSilenceWatch();
    const [quiet, talking] = [{}, {}];
    watch.silent(quiet, far(), 10, 0);
    watch.silent(talking, far(), 10, 0);
    expect(watch.silent(talking, far(), 20, 30_000)).toBe(false);
    expect(watch.silent(quiet, far(), 10, 30_000)).toBe(true);
  });
});
