import { describe, expect, it } from 'vitest';
import type { AgentState } from '@open/protocol/cti/protocol';
import { callView } from '../../../test/call-view.js';
import { initialState, type CallView } from './phone-store.js';
import { builtInRingtone, isRinging } from './ringer.js';

const agent = { extension: '8001' } as AgentState;
const ringing = (calls: CallView[], extra: Partial<typeof initialState> = {}) =>
  isRinging({ ...initialState, phase: 'running', agent, calls, ...extra });

describe('isRinging', () => {
  it('rings for a call offered to this agent, and for nothing else', () => {
    const inbound = callView({ call_type: 'inbound', call_status: 'ringing', answered_at: null, callee: '8001' });
    expect(ringing([inbound])).toBe(true);
    // A colleague calling this extension rings; this agent's own call to a colleague does not.
    const fromColleague = callView({ call_type: 'internal', call_status: 'ringing', caller: '8002', callee: '8001' });
    const toColleague = callView({ call_type: 'internal', call_status: 'ringing', caller: '8001', callee: '8002' });
    expect(ringing([fromColleague])).toBe(true);
    expect(ringing([toColleague])).toBe(false);
    // An outside number this agent dialled rings at the far end, not here.
    expect(ringing([callView({ call_status: 'ringing', answered_at: null })])).toBe(false);
    // Answered: the ring stops.
    expect(ringing([{ ...inbound, call_status: 'talking' }])).toBe(false);
    expect(ringing([])).toBe(false);
  });

  it('never rings for a phone that is not signed in and running', () => {
    const inbound = callView({ call_type: 'inbound', call_status: 'ringing', answered_at: null });
    for (const phase of ['loading', 'replaced', 'sessionLost', 'failed'] as const)
      expect(ringing([inbound], { phase })).toBe(false);
    expect(isRinging({ phase: 'running', agent: null, calls: [inbound] })).toBe(false);
  });
});

/** The power of `frequency` in `samples` (Goertzel), relative to the signal's own power. */
function share(samples: Float64Array, sampleRate: number, frequency: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let previous = 0;
  let before = 0;
  let energy = 0;
  for (const sample of samples) {
    const current = sample + coefficient * previous - before;
    before = previous;
    previous = current;
    energy += sample * sample;
  }
  const power = previous * previous + before * before - coefficient * previous * before;
  return power / (energy * samples.length);
}

describe('builtInRingtone', () => {
  const wav = builtInRingtone();
  const view = new DataView(wav.buffer);
  const text = (at: number, length: number) => String.fromCharCode(...wav.slice(at, at + length));
  const samples = (from: number, to: number) => {
    const out = new Float64Array(to - from);
    for (let i = from; i < to; i += 1) out[i - from] = view.getInt16(44 + i * 2, true) / 32768;
    return out;
  };

  it('is a PCM WAV file of one 6 s cycle at 8 kHz', () => {
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 8)).toBe('WAVEfmt ');
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(text(36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(6 * 8000 * 2);
    expect(wav.length).toBe(44 + 6 * 8000 * 2);
  });

  it('rings at 440 and 480 Hz for 2 s, never clipping, then is silent for 4 s', () => {
    const burst = samples(0, 16000);
    expect(share(burst, 8000, 440)).toBeGreaterThan(0.2);
    expect(share(burst, 8000, 480)).toBeGreaterThan(0.2);
    expect(share(burst, 8000, 1000)).toBeLessThan(0.001);
    expect(Math.max(...burst.map(Math.abs))).toBeLessThan(0.6);
    // Faded in and out: no click at either end.
    expect(Math.abs(burst[0] ?? 1)).toBeLessThan(0.01);
    expect(Math.abs(burst[burst.length - 1] ?? 1)).toBeLessThan(0.01);
    expect(samples(16000, 48000).every((sample) => sample === 0)).toBe(true);
  });
});
