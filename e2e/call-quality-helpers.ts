/** What the call-quality tests read from an agent's phone and its host page (call-quality.ts in the phone). */
import { expect } from 'vitest';
import { dictionaries } from '@open/protocol/messages/index';
import { QUALITY_THRESHOLDS } from '@open/protocol/quality/thresholds';
import { heardEvents, type EmbedAgent } from './embed-agent.js';

export interface Quality {
  call_id: string;
  quality: { warnings: string[]; mos: number; loss_percent: number; rtt_ms: number | null; verdict: string };
}

/** The warnings the phone shows now ('' when none), as its live region's data attribute lists them. */
export const warningsShown = async ({ phone }: EmbedAgent) =>
  (await phone.getByTestId('call-quality').getAttribute('data-warnings')) ?? '';

/** Every `callQualityChange` the host page heard, oldest first. */
export const qualityEvents = async (agent: EmbedAgent) => (await heardEvents(agent, 'callQualityChange')) as Quality[];

/** The call's media connected, and graded: the phone has read at least two seconds of audio. */
export async function mediaGraded(agent: EmbedAgent): Promise<void> {
  await expect
    .poll(() => agent.phone.getByTestId('call-media').getAttribute('data-state'), { timeout: 20_000 })
    .toBe('connected');
  await expect
    .poll(() => agent.phone.getByTestId('call-quality').getAttribute('data-mos'), { timeout: 10_000 })
    .not.toBe('');
}

/**
 * The phone warns of loss past its threshold, in its live region and in words, and the host page
 * heard it: the last `callQualityChange` says `highLoss` with the loss it measured.
 */
export async function expectLossWarning(agent: EmbedAgent): Promise<Quality | undefined> {
  await expect.poll(() => warningsShown(agent), { timeout: 15_000 }).toContain('highLoss');
  const shown = agent.phone.getByTestId('call-quality');
  expect(await shown.getAttribute('role')).toBe('status');
  expect(await shown.textContent()).toContain(dictionaries.softphone.en['softphone.ui.quality.warning']);
  const raised = (await qualityEvents(agent)).at(-1);
  expect(raised?.quality.warnings).toContain('highLoss');
  expect(raised?.quality.loss_percent).toBeGreaterThan(QUALITY_THRESHOLDS.lossPercent);
  return raised;
}
