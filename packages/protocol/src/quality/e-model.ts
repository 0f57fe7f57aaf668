/**
 * The estimated call quality of ITU-T G.107's E-model, from round trip, jitter and loss. One
 * implementation for the diagnostics page (graded from its pings) and the phone (graded from a
 * live call's getStats()), so an agent sees the same grade for the same link in both. Plain
 * functions over plain numbers: light enough for the phone's bundle, tested with figures worked
 * out by hand.
 */

/** Best first. */
export const verdicts = ['good', 'acceptable', 'poor', 'bad'] as const;
export type Verdict = (typeof verdicts)[number];

export interface MosEstimate {
  r: number;
  mos: number;
  verdict: Verdict;
  oneWayDelayMs: number;
  lossPercent: number;
}

/** G.107's rating R with every parameter at its default value (G.107, "Default values"). */
const R_DEFAULT = 93.2;
/** Codec packetisation: G.711 in 20 ms frames, the usual softphone setting. */
const PACKETISATION_MS = 20;
/** G.711's equipment impairment (G.113 Appendix I). */
const IE_G711 = 0;
/** G.711 with packet-loss concealment (G.113 Appendix I). */
const BPL_G711_PLC = 25.1;
/** Random loss: a ping run is too short to measure burstiness, so losses are taken as independent. */
const BURST_R = 1;

/**
 * MOS from the rating factor R (ITU-T G.107 Annex B). Exported so the two
 * clamps can be tested: estimateMos itself never produces R > 93.2.
 */
export function mosFromR(r: number): number {
  if (r < 0) return 1;
  if (r > 100) return 4.5;
  return 1 + 0.035 * r + r * (r - 60) * (100 - r) * 7e-6;
}

/**
 * Verdict by R, after the categories of G.107 Annex B and G.109: 80 and above "users
 * satisfied", from 70 "some users dissatisfied", from 60 "many users dissatisfied", below 60
 * nearly all dissatisfied (G.109's upper bands 90+ and 80–90 are merged as 'good').
 */
export function verdictForR(r: number): Verdict {
  if (r >= 80) return 'good';
  if (r >= 70) return 'acceptable';
  if (r >= 60) return 'poor';
  return 'bad';
}

/**
 * ITU-T G.107 E-model, simplified as in Cole & Rosenbluth, "Voice over IP Performance
 * Monitoring", ACM SIGCOMM CCR 31(2), 2001: R = 93.2 − Id − Ie,eff, where
 *  - d = rtt/2 + 2·jitter + 20 ms: half the round trip is the network's one-way delay, a jitter
 *    buffer sized to twice the jitter adds its depth, and G.711 in 20 ms frames adds one frame;
 *  - Id = 0.024·d + 0.11·(d − 177.3)·H(d − 177.3), H the Heaviside step (Cole & Rosenbluth's fit
 *    of G.107's delay impairment);
 *  - Ie,eff = Ie + (95 − Ie)·Ppl/(Ppl/BurstR + Bpl), Ppl in percent, with G.711 + PLC: Ie = 0,
 *    Bpl = 25.1, BurstR = 1 (G.107 §7.4; G.113 Appendix I);
 *  - MOS from R by G.107 Annex B (see mosFromR), verdict by verdictForR.
 * Echo, noise and loudness are left at G.107's defaults, which is what 93.2 already assumes.
 *
 * @throws RangeError for a negative or non-finite input or a loss above 100 %: a rating of
 * nonsense would be shown to the user as a real grade.
 */
export function estimateMos(input: { rttMs: number; jitterMs: number; lossPercent: number }): MosEstimate {
  const { rttMs, jitterMs, lossPercent } = input;
  for (const [name, value] of Object.entries(input)) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a finite number ≥ 0, not ${value}`);
  }
  if (lossPercent > 100) throw new RangeError(`lossPercent must be at most 100, not ${lossPercent}`);
  const d = rttMs / 2 + 2 * jitterMs + PACKETISATION_MS;
  const id = 0.024 * d + (d > 177.3 ? 0.11 * (d - 177.3) : 0);
  const ieEff = IE_G711 + ((95 - IE_G711) * lossPercent) / (lossPercent / BURST_R + BPL_G711_PLC);
  const r = R_DEFAULT - id - ieEff;
  return { r, mos: mosFromR(r), verdict: verdictForR(r), oneWayDelayMs: d, lossPercent };
}
