/**
 * What the trunk tests read of the agent's phone in Chromium: the call's state, what its
 * connection with the relay receives (getStats), and which tones its ears hear.
 */
import type { Frame } from 'playwright-core';
import { callPhone, type EmbedAgent } from './embed-agent.js';

/** The phone's own frame (the embed example's iframe). */
export function phoneFrame(agent: EmbedAgent): Frame {
  const frame = agent.page.frames().find((f) => f.url().includes('/dzfront/open/client/phone/'));
  if (!frame) throw new Error('no phone frame');
  return frame;
}

/**
 * How strongly each frequency arrives in what the phone plays from the call: the remote
 * stream's samples through an AnalyserNode, filtered by Goertzel in the page, summed over a second.
 */
export async function heardByAgent(agent: EmbedAgent, frequencies: readonly number[]): Promise<Record<number, number>> {
  return phoneFrame(agent).evaluate(
    async (tones) => {
      const element = [...document.querySelectorAll('audio')].find((a) => a.srcObject instanceof MediaStream);
      if (!element) throw new Error('no remote audio');
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 4096;
      context.createMediaStreamSource(element.srcObject as MediaStream).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      const strength: Record<number, number> = Object.fromEntries(tones.map((f) => [f, 0]));
      for (let read = 0; read < 10; read++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        analyser.getFloatTimeDomainData(samples);
        for (const frequency of tones) {
          const k = 2 * Math.cos((2 * Math.PI * frequency) / context.sampleRate);
          let s1 = 0;
          let s2 = 0;
          for (const sample of samples) {
            const s0 = sample + k * s1 - s2;
            s2 = s1;
            s1 = s0;
          }
          strength[frequency] =
            (strength[frequency] ?? 0) + Math.sqrt(Math.max(s1 * s1 + s2 * s2 - k * s1 * s2, 0)) / samples.length;
        }
      }
      await context.close();
      return strength;
    },
    [...frequencies],
  );
}

/** What the phone's connection with the relay says it receives: getStats, not the phone's word. */
export async function receivedAudio(agent: EmbedAgent): Promise<{ packets: number; codec: string }> {
  return phoneFrame(agent).evaluate(async () => {
    const connections =
      (window as unknown as { __openPeerConnections?: RTCPeerConnection[] }).__openPeerConnections ?? [];
    let packets = 0;
    let codec = '';
    for (const connection of connections) {
      const report = await connection.getStats();
      report.forEach((row: { type: string; kind?: string; packetsReceived?: number; codecId?: string }) => {
        if (row.type === 'inbound-rtp' && row.kind === 'audio') {
          packets += row.packetsReceived ?? 0;
          const codecRow = row.codecId ? (report.get(row.codecId) as { mimeType?: string } | undefined) : undefined;
          codec = codecRow?.mimeType ?? codec;
        }
      });
    }
    return { packets, codec };
  });
}

export async function callStatus(agent: EmbedAgent): Promise<string | undefined> {
  const state = await callPhone<{ calls: { call_status: string }[] }>(agent, 'getState');
  return state.calls[0]?.call_status;
}

/** Checks out and closes the page, so the next test's agent is the only one the queue can offer to. */
export async function signOut(agent: EmbedAgent) {
  await callPhone(agent, 'logout', {});
  await agent.context.close();
}

/** Records every RTCPeerConnection the phone opens, so the test can read its statistics. */
export const recordPeerConnections = (agentContext: EmbedAgent['context']) =>
  agentContext.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __openPeerConnections: RTCPeerConnection[] }).__openPeerConnections = made;
    window.RTCPeerConnection = class extends Original {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        made.push(this);
      }
    };
  });
