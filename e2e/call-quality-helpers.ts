/** What the call-quality tests read from an agent's phone and its host page (call-quality.ts in the phone). */
import { expect } from 'vitest';
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
