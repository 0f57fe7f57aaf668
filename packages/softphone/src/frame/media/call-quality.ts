/**
 * Grades a live call from its own statistics (issue #25): each reading of getStats() becomes a
 * second's loss, jitter and round trip, graded by the E-model the diagnostics page uses, and the
 * warnings of `@open/protocol/quality/thresholds` are raised and cleared over a window of
 * readings. Pure: media.ts feeds it readings, tests feed it numbers.
 */
import { estimateMos, type Verdict } from '@open/protocol/quality/e-model';
import {
  QUALITY_RAISE_AFTER,
  QUALITY_THRESHOLDS,
  QUALITY_WINDOW,
  qualityWarnings,
  type QualityWarning,
} from '@open/protocol/quality/thresholds';

/** What getStats() says of a call's received audio and its path; the counters only grow. */
export interface QualityReading {
  packetsReceived: number;
  packetsLost: number;
  /** The receiver's interarrival jitter, in ms. */
  jitterMs: number;
  /** The selected candidate pair's current round trip, in ms; null before the first check answered. */
  rttMs: number | null;
}

/** The call's quality as the phone shows it and tells the host page (`callQualityChange`). */
export interface CallQuality {
  warnings: QualityWarning[];
  mos: number;
  r: number;
  verdict: Verdict;
  loss_percent: number;
  jitter_ms: number;
  rtt_ms: number | null;
}

/** One second of the call: its figures and which thresholds they crossed. */
interface Second {
  lossPercent: number;
  jitterMs: number;
  rttMs: number | null;
  r: number;
  mos: number;
  verdict: Verdict;
  crossed: ReadonlySet<QualityWarning>;
}

function crossedBy(second: Omit<Second, 'crossed'>): Set<QualityWarning> {
  const crossed = new Set<QualityWarning>();
  if (second.lossPercent > QUALITY_THRESHOLDS.lossPercent) crossed.add('highLoss');
  if (second.jitterMs > QUALITY_THRESHOLDS.jitterMs) crossed.add('highJitter');
  if (second.rttMs !== null && second.rttMs > QUALITY_THRESHOLDS.rttMs) crossed.add('highRtt');
  if (second.r < QUALITY_THRESHOLDS.minR) crossed.add('lowMos');
  return crossed;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function createQualityMonitor() {
  let previous: QualityReading | null = null;
  const window: Second[] = [];
  const active = new Set<QualityWarning>();

  /**
   * Takes the next reading; returns the call's quality, or null while there is nothing to grade
   * (the first reading, a second in which no audio packet was due: a held call sends none).
   */
  function read(reading: QualityReading): CallQuality | null {
    const last = previous;
    previous = reading;
    if (last === null) return null;
    const received = reading.packetsReceived - last.packetsReceived;
    // Duplicates make packetsLost fall; a connection replaced mid-call restarts the counters.
    const lost = Math.max(0, reading.packetsLost - last.packetsLost);
    if (received < 0 || received + lost === 0) return null;
    const lossPercent = (lost / (received + lost)) * 100;
    const estimate = estimateMos({
      // Unknown round trip: graded on loss and jitter alone rather than not at all.
      rttMs: reading.rttMs ?? 0,
      jitterMs: Math.max(0, reading.jitterMs),
      lossPercent,
    });
    const figures = {
      lossPercent,
      jitterMs: reading.jitterMs,
      rttMs: reading.rttMs,
      r: estimate.r,
      mos: estimate.mos,
      verdict: estimate.verdict,
    };
    window.push({ ...figures, crossed: crossedBy(figures) });
    if (window.length > QUALITY_WINDOW) window.shift();
    for (const warning of qualityWarnings) {
      const times = window.filter((second) => second.crossed.has(warning)).length;
      if (times >= QUALITY_RAISE_AFTER) active.add(warning);
      else if (times === 0) active.delete(warning);
    }
    return {
      warnings: qualityWarnings.filter((warning) => active.has(warning)),
      mos: round1(figures.mos),
      r: round1(figures.r),
      verdict: figures.verdict,
      loss_percent: round1(lossPercent),
      jitter_ms: Math.round(figures.jitterMs),
      rtt_ms: figures.rttMs === null ? null : Math.round(figures.rttMs),
    };
  }

  return { read };
}
