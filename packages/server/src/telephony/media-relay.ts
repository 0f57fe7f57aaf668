import type { NgClient } from './ng-client.js';

/**
 * One call's media in rtpengine: the agent's browser speaks WebRTC (ICE, DTLS-SRTP, RTCP
 * multiplexed), the trunk plain RTP/AVP with G.711. rtpengine keys a call by the SIP Call-ID and
 * the two sides' tags; `offer` and `answer` rewrite each side's SDP for the other.
 */

/** What the trunk is sent: plain RTP, no ICE, and only the codecs every carrier takes. */
const TOWARDS_TRUNK = {
  'transport-protocol': 'RTP/AVP',
  ICE: 'remove',
  DTLS: 'off',
  SDES: ['off'],
  'rtcp-mux': ['demux'],
  flags: ['strip-extmap'],
  replace: ['origin', 'session-connection'],
};

/** What the browser is sent: WebRTC's profile, rtpengine as an ICE agent, RTCP on the RTP port. */
const TOWARDS_BROWSER = {
  'transport-protocol': 'UDP/TLS/RTP/SAVPF',
  ICE: 'force',
  SDES: ['off'],
  'rtcp-mux': ['offer', 'require'],
  flags: ['generate-mid'],
  replace: ['origin', 'session-connection'],
};

/**
 * G.711 (both laws) and RFC 4733 events at 8 kHz, the codecs a telephone network answers to;
 * the browser offers them beside Opus, so no transcoding is needed.
 */
const TRUNK_CODECS = { strip: ['all'], except: ['PCMU', 'PCMA', 'telephone-event/8000'] };

export interface RelayCall {
  callId: string;
  /** The tag of the side that offered first (our From tag on an outbound call, the trunk's on an inbound one). */
  fromTag: string;
  /** The other side's tag, once known. */
  toTag: string | null;
}

function sdpOf(answer: { sdp?: string }): string {
  if (typeof answer.sdp !== 'string' || answer.sdp === '') throw new Error('rtpengine returned no SDP');
  return answer.sdp;
}

/** rtpengine at `address` (its ng socket, `host:port`), as each call's offers and answers see it. */
export function createMediaRelay(ng: NgClient, address: string) {
  const ids = (call: RelayCall) => ({
    'call-id': call.callId,
    'from-tag': call.fromTag,
    ...(call.toTag ? { 'to-tag': call.toTag } : {}),
  });
  return {
    /** Which relay this is, `host:port` of its ng socket: a call stays on the relay it started on. */
    address,
    /** The browser offered: the SDP for the trunk's INVITE. */
    browserOffer: async (call: RelayCall, sdp: string) =>
      sdpOf(await ng.command('offer', { ...ids(call), sdp, ...TOWARDS_TRUNK, codec: TRUNK_CODECS })),
    /** The trunk answered the browser's offer: the SDP for the browser. */
    trunkAnswer: async (call: RelayCall, sdp: string) =>
      sdpOf(await ng.command('answer', { ...ids(call), sdp, ...TOWARDS_BROWSER })),
    /** The trunk offered (an inbound INVITE): the SDP for the browser. */
    trunkOffer: async (call: RelayCall, sdp: string) =>
      sdpOf(await ng.command('offer', { ...ids(call), sdp, ...TOWARDS_BROWSER })),
    /** The browser answered the trunk's offer: the SDP for our 200 OK. */
    browserAnswer: async (call: RelayCall, sdp: string) =>
      sdpOf(await ng.command('answer', { ...ids(call), sdp, ...TOWARDS_TRUNK })),
    /** The call is over: rtpengine frees its ports. A failure is only logged by the caller. */
    delete: async (call: RelayCall) => {
      await ng.command('delete', { 'call-id': call.callId, 'from-tag': call.fromTag });
    },
    /** Packets and bytes rtpengine relayed for the call (tests and the benchmark read them). */
    query: (call: RelayCall) => ng.command('query', { 'call-id': call.callId }),
  };
}

export type MediaRelay = ReturnType<typeof createMediaRelay>;
