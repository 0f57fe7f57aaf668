/**
 * The call whose media the phone shows: which one it is, what the phone is told of it
 * (`onChange`), and the audio statistics read from its connections every second to grade it.
 */
import { QUALITY_READ_EVERY_MS } from '@open/protocol/quality/thresholds';
import { createQualityMonitor } from './call-quality.js';
import type { CallMedia, MediaContext, MediaState, Stats } from './media-model.js';

export const noStats = (): Stats => ({
  bytesReceived: 0,
  packetsLost: 0,
  jitterMs: 0,
  quality: null,
  monitor: createQualityMonitor(),
});

/** The member whose picture and voice the panel shows first. */
export const mainOf = (ctx: MediaContext, entry: CallMedia) => ctx.options.callOf(entry.callId)?.peer?.agent_id ?? null;

export function publish(ctx: MediaContext) {
  const { shown, calls, stats, options } = ctx;
  const entry = shown === null ? undefined : calls.get(shown);
  if (!entry) {
    options.onChange(null);
    return;
  }
  const main = mainOf(ctx, entry);
  const peers = [...entry.peers.values()];
  const first = peers.find((peer) => peer.remote === main) ?? peers[0];
  const connection = first?.broken ? 'failed' : first?.connection.connectionState;
  const state: MediaState['state'] =
    connection === 'connected'
      ? 'connected'
      : connection === 'failed'
        ? 'failed'
        : connection === 'closed'
          ? 'closed'
          : 'connecting';
  options.onChange({
    call_id: entry.callId,
    state,
    noMicrophone: entry.noMicrophone,
    video: first?.video ?? false,
    local: entry.local,
    remote: first?.stream ?? null,
    others: peers.filter((peer) => peer !== first && peer.stream).map((peer) => peer.stream as MediaStream),
    bytesReceived: stats.bytesReceived,
    packetsLost: stats.packetsLost,
    jitterMs: stats.jitterMs,
    quality: stats.quality,
  });
}

/**
 * Reads the shown call's audio from each of its connections: bytes, loss and jitter of what
 * arrives, and the round trip of the path (the selected candidate pair: with a TURN relay, to
 * the relay and on to the colleague's). Several connections (a supervisor joined) are summed,
 * and the worst jitter and round trip count.
 */
async function sample(ctx: MediaContext) {
  const entry = ctx.shown === null ? undefined : ctx.calls.get(ctx.shown);
  if (!entry) return;
  let bytesReceived = 0;
  let packetsReceived = 0;
  let packetsLost = 0;
  let jitter = 0;
  let rtt: number | null = null;
  for (const peer of entry.peers.values()) {
    const report = await peer.connection.getStats().catch(() => null);
    const rows = new Map<string, { type?: string } & Record<string, unknown>>();
    report?.forEach((row: { id: string; type?: string } & Record<string, unknown>) => rows.set(row.id, row));
    for (const row of rows.values()) {
      if (row.type === 'inbound-rtp' && row.kind === 'audio') {
        bytesReceived += Number(row.bytesReceived ?? 0);
        packetsReceived += Number(row.packetsReceived ?? 0);
        packetsLost += Number(row.packetsLost ?? 0);
        jitter = Math.max(jitter, Number(row.jitter ?? 0));
      } else if (row.type === 'transport' && typeof row.selectedCandidatePairId === 'string') {
        const pair = rows.get(row.selectedCandidatePairId);
        const seconds = pair?.currentRoundTripTime;
        if (typeof seconds === 'number' && Number.isFinite(seconds)) rtt = Math.max(rtt ?? 0, seconds * 1000);
      }
    }
  }
  if (ctx.shown !== entry.callId) return;
  const { stats } = ctx;
  const jitterMs = jitter * 1000;
  const quality = stats.monitor.read({ packetsReceived, packetsLost, jitterMs, rttMs: rtt });
  Object.assign(stats, { bytesReceived, packetsLost, jitterMs: Math.round(jitterMs) });
  // A second with nothing to grade (on hold) keeps the last grade rather than dropping it.
  if (quality) stats.quality = quality;
  publish(ctx);
}

/** A call just added is shown when no other is, and the statistics start being read. */
export function showIfNone(ctx: MediaContext, callId: string) {
  if (ctx.shown === null || !ctx.calls.has(ctx.shown)) {
    ctx.shown = callId;
    ctx.stats = noStats();
    ctx.statsTimer ??= setInterval(() => void sample(ctx), QUALITY_READ_EVERY_MS);
    publish(ctx);
  }
}

/** The call shown has ended: another call is shown, or none, and then the statistics stop. */
export function showNext(ctx: MediaContext, callId: string) {
  if (ctx.shown === callId) {
    ctx.shown = ctx.calls.keys().next().value ?? null;
    ctx.stats = noStats();
    if (ctx.shown === null && ctx.statsTimer) {
      clearInterval(ctx.statsTimer);
      ctx.statsTimer = null;
    }
    publish(ctx);
  }
}
