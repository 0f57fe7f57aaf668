/**
 * When the phone warns that a live call's audio is breaking up (issue #25): the figures it
 * watches, the levels it warns at, and how many readings it takes. Plain data, so the phone,
 * the catalogue (the `callQualityChange` event) and the reference pages say the same thing.
 *
 * The phone reads the call's statistics once a second. A warning is raised when its condition
 * held in RAISE_AFTER of the last WINDOW readings, and cleared only when it held in none of them:
 * one bad second is not a broken call, and a warning that flickers on and off every second would
 * be noise an agent learns to ignore.
 */
export const qualityWarnings = ['highLoss', 'highJitter', 'highRtt', 'lowMos'] as const;
export type QualityWarning = (typeof qualityWarnings)[number];

export const QUALITY_THRESHOLDS = {
  /**
   * Percent of the audio packets of one second that never arrived. G.711 with packet-loss
   * concealment loses about 10 points of R at 3 % random loss (G.113 Appendix I, see e-model.ts),
   * the point where listeners start to notice gaps.
   */
  lossPercent: 3,
  /** Interarrival jitter of the received audio (RFC 3550 §6.4.1), in ms: past 30 ms a jitter buffer adds delay a listener hears. */
  jitterMs: 30,
  /**
   * Round trip of the media path (the selected ICE candidate pair), in ms. 400 ms is a one-way
   * delay of about 200 ms, past G.114's 150 ms for conversation without talking over each other.
   */
  rttMs: 400,
  /** The E-model's rating R: below 70, G.109's "many users dissatisfied" (verdict 'poor' or 'bad'). */
  minR: 70,
} as const;

/** How many readings (one a second) the phone weighs. */
export const QUALITY_WINDOW = 5;
/** How many of them must cross a threshold to raise its warning. */
export const QUALITY_RAISE_AFTER = 3;
/** How often the phone reads the call's statistics. */
export const QUALITY_READ_EVERY_MS = 1_000;
