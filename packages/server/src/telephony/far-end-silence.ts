import type { NgAnswer, NgValue } from './ng-client.js';

/**
 * A trunk call whose far end has stopped sending audio: a carrier that lost the call or vanished
 * without a BYE leaves the agent talking to nobody, and rtpengine's own --timeout never fires
 * while the agent's phone keeps sending. So the node counts the far end's RTP packets in the
 * relay (its `query`, asked every RELAY_CHECK_EVERY_MS by relay-watch.ts) and ends a call whose
 * count has not moved for the trunk's `far_end_silence_seconds`. Counting packets (not rtpengine's
 * `last packet` time) keeps the relay's clock out of it.
 */

/** The far end of an answered trunk call, as its dialog knows it (DialogHandler.farEnd). */
export interface FarEnd {
  /** Its tag in the relay: the carrier's To tag on a call out, its From tag on a call in. */
  tag: string;
  /**
   * Whether its last description says it sends audio: not when it holds the call with
   * `inactive` or `recvonly` (a carrier playing music on hold says `sendonly`, and sends).
   */
  sends: boolean;
  /** The trunk's far_end_silence_seconds; null: never ended for silence. */
  silenceLimitSeconds: number | null;
}

/** The far end's RTP packets the relay has received, or null when the answer does not hold its tag. */
export function farEndPackets(answer: NgAnswer, tag: string): number | null {
  const tags = record(answer.tags);
  const side = tags ? record(tags[tag]) : undefined;
  if (!side) return null;
  let packets = 0;
  for (const media of list(side.medias)) {
    for (const stream of list(record(media)?.streams)) {
      const fields = record(stream);
      if (!fields || !list(fields.flags).includes('RTP')) continue;
      const counted = record(fields.stats)?.packets;
      if (typeof counted === 'number') packets += counted;
    }
  }
  return packets;
}

/**
 * Whether an SDP body says its sender sends audio: its audio section's direction, else the
 * session's (RFC 4566: sendrecv when none is given), and not the RFC 2543 hold address 0.0.0.0.
 */
export function sdpSends(sdp: string): boolean {
  const lines = sdp.split(/\r?\n/);
  const audioAt = lines.findIndex((line) => line.startsWith('m=audio'));
  const session = audioAt === -1 ? lines : lines.slice(0, audioAt);
  const audio = audioAt === -1 ? [] : lines.slice(audioAt + 1, nextSection(lines, audioAt + 1));
  const direction = (part: string[]) =>
    part
      .find((line) => /^a=(sendrecv|sendonly|recvonly|inactive)\s*$/.test(line))
      ?.slice(2)
      .trim();
  const said = direction(audio) ?? direction(session) ?? 'sendrecv';
  const address = [...audio, ...session].find((line) => line.startsWith('c='));
  if (address && /\sIP4\s+0\.0\.0\.0\s*$/.test(address)) return false;
  return said === 'sendrecv' || said === 'sendonly';
}

function nextSection(lines: string[], from: number): number {
  const at = lines.slice(from).findIndex((line) => line.startsWith('m='));
  return at === -1 ? lines.length : from + at;
}

/** When each call's far end last sent a packet, as far as the checks saw: a silent one is found. */
export function createSilenceWatch() {
  /** Keyed by the call's dialog, so an ended call's entry goes with it. */
  const heard = new WeakMap<object, { packets: number; since: number }>();
  return {
    /**
     * Notes what the relay counted for `call` at `nowMs`; true when its far end has sent nothing
     * for its limit. A far end that does not send (on hold), or whose count the relay did not
     * give, starts the count again.
     */
    silent(call: object, far: FarEnd, packets: number | null, nowMs: number): boolean {
      const before = heard.get(call);
      if (packets === null || !far.sends || far.silenceLimitSeconds === null) {
        heard.delete(call);
        return false;
      }
      if (before?.packets !== packets) {
        heard.set(call, { packets, since: nowMs });
        return false;
      }
      return nowMs - before.since >= far.silenceLimitSeconds * 1000;
    },
  };
}

const record = (value: NgValue | undefined): Record<string, NgValue> | undefined =>
  typeof value === 'object' && !Array.isArray(value) ? value : undefined;
const list = (value: NgValue | undefined): NgValue[] => (Array.isArray(value) ? value : []);
