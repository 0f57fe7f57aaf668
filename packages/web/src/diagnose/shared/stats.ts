/**
 * The arithmetic of the diagnostics page (issue #10): round-trip summaries, jitter and
 * throughput. The estimated call quality (the E-model) lives in `@open/protocol/quality/e-model`,
 * because the phone grades its live calls with the same formula. Plain functions over plain numbers, so every formula is tested
 * with figures worked out by hand.
 */

/** One round trip in ms, or null when it was lost / timed out. */
export interface RttSummary {
  sent: number;
  received: number;
  lossPercent: number;
  minMs: number | null;
  avgMs: number | null;
  maxMs: number | null;
  jitterMs: number | null;
}

/**
 * Summarises a run of pings in the order they were sent. A non-finite number counts as lost: a
 * timer that produced NaN measured nothing. Nothing sent means nothing lost, so the loss is 0 %
 * and the caller tells "not run" apart by `sent === 0`.
 */
export function summariseRtts(samples: readonly (number | null)[]): RttSummary {
  const received = samples.filter((sample): sample is number => sample !== null && Number.isFinite(sample));
  const sent = samples.length;
  const lossPercent = sent === 0 ? 0 : ((sent - received.length) / sent) * 100;
  if (received.length === 0) {
    return { sent, received: 0, lossPercent, minMs: null, avgMs: null, maxMs: null, jitterMs: null };
  }
  return {
    sent,
    received: received.length,
    lossPercent,
    minMs: Math.min(...received),
    avgMs: received.reduce((sum, rtt) => sum + rtt, 0) / received.length,
    maxMs: Math.max(...received),
    jitterMs: jitter(received),
  };
}

/**
 * Jitter as the mean absolute difference of consecutive received round trips (the IP packet
 * delay variation of RFC 3393 between neighbours, averaged), or null under 2 samples.
 *
 * Not RFC 3550 §6.4.1's estimator J += (|D| − J)/16: that filter is built for an RTP stream of
 * 50 packets a second, starts at 0 and takes about 16 packets to get near the true value (after
 * 10 samples it has reached only 1 − (15/16)^10 ≈ 48 % of a steady jitter), so over the 10–20
 * pings of a diagnostic run it would under-report by about half. The plain mean weighs every
 * pair equally and does not depend on a starting value.
 *
 * The input holds received round trips only: a lost ping is skipped, not counted as a
 * difference, so the pings either side of a loss are compared with each other.
 */
export function jitter(rtts: readonly number[]): number | null {
  if (rtts.length < 2) return null;
  let total = 0;
  for (let i = 1; i < rtts.length; i++) total += Math.abs((rtts[i] ?? 0) - (rtts[i - 1] ?? 0));
  return total / (rtts.length - 1);
}

/** Cumulative bytes across all streams at time t (ms since the test started). */
export interface ThroughputSample {
  t: number;
  bytes: number;
}

export interface Throughput {
  bitsPerSecond: number;
  bytes: number;
  durationMs: number;
}

function byTime(samples: readonly ThroughputSample[]): ThroughputSample[] {
  // Ties broken by bytes so that two readings at one instant give one answer whatever their order.
  return [...samples].sort((a, b) => a.t - b.t || a.bytes - b.bytes);
}

/**
 * Throughput after the warm-up: bytes counted from the last sample at or before warmupMs to the
 * last sample, over that time; null when there is no sample after the warm-up or the measured
 * time is 0. Samples may arrive unordered: they are sorted by t.
 *
 * The warm-up is left out because TCP slow start and the opening of the parallel streams make
 * the first second(s) slower, and a proxy's buffer can make them faster; neither is the line's
 * rate. When no sample falls inside the warm-up, counting starts at the first sample after it:
 * starting at 0 would count the warm-up's bytes.
 */
export function throughput(samples: readonly ThroughputSample[], warmupMs: number): Throughput | null {
  const sorted = byTime(samples);
  const last = sorted.at(-1);
  if (last === undefined || last.t <= warmupMs) return null;
  const start = sorted.findLast((sample) => sample.t <= warmupMs) ?? sorted[0] ?? last;
  const durationMs = last.t - start.t;
  if (durationMs <= 0) return null;
  const bytes = last.bytes - start.bytes;
  return { bitsPerSecond: (bytes * 8 * 1000) / durationMs, bytes, durationMs };
}

/**
 * Rate per window for the live chart: one point per full window of windowMs, at the window's end,
 * in bits per second. Windows are counted from t = 0 (the test's start, when no byte has arrived);
 * the bytes at a window's edge are those of the last sample at or before it, so a window without
 * a sample shows 0 and the next one shows what arrived in both. A window past the last sample is
 * not full yet and is left out. An empty series for a windowMs that is not a positive number.
 */
export function rateSeries(
  samples: readonly ThroughputSample[],
  windowMs: number,
): { t: number; bitsPerSecond: number }[] {
  if (!Number.isFinite(windowMs) || windowMs <= 0) return [];
  const sorted = byTime(samples);
  const lastT = sorted.at(-1)?.t ?? 0;
  const points: { t: number; bitsPerSecond: number }[] = [];
  let next = 0;
  let bytesAtEdge = 0;
  for (let k = 1; k * windowMs <= lastT; k++) {
    const edge = k * windowMs;
    let bytes = bytesAtEdge;
    for (let sample = sorted[next]; sample !== undefined && sample.t <= edge; sample = sorted[++next]) {
      bytes = sample.bytes;
    }
    points.push({ t: edge, bitsPerSecond: ((bytes - bytesAtEdge) * 8 * 1000) / windowMs });
    bytesAtEdge = bytes;
  }
  return points;
}

/**
 * What the browser measures is goodput, the HTTP bodies; the line's rate, as an operator's
 * shaper or a Linux qdisc counts it, includes the headers of every frame. With a 1500-byte MTU:
 *  - each full TCP segment carries 1500 − 20 (IPv4 header, RFC 791) − 20 (TCP header, RFC 9293)
 *    − 12 (the timestamp option, 10 bytes padded to 12, RFC 7323 §3, on by default in Linux,
 *    Windows and macOS) = 1448 bytes of payload;
 *  - and takes 1500 + 14 (Ethernet destination, source and EtherType, IEEE 802.3) = 1514 bytes as
 *    a Linux qdisc counts it (skb->len: the L2 header but not the preamble, FCS or gap);
 *  - HTTP headers are a few hundred bytes per multi-megabyte body: under 0.01 %, left out.
 * So link rate ≈ goodput × 1514/1448 (≈ 1.0456). No other factor: ACKs travel the other way.
 */
export const PAYLOAD_BYTES_PER_SEGMENT = 1448;
export const WIRE_BYTES_PER_SEGMENT = 1514;

export function linkRate(goodputBitsPerSecond: number): number {
  return (goodputBitsPerSecond * WIRE_BYTES_PER_SEGMENT) / PAYLOAD_BYTES_PER_SEGMENT;
}
