/**
 * The ring of an incoming call (issue #25): the phone's own tone, or the integrator's
 * `ringtoneUrl`, played on a hidden audio element while a call is offered to this agent and
 * stopped the moment none is (answered, rejected, timed out, or answered elsewhere).
 *
 * An audio element rather than Web Audio: it plays a file from another origin without CORS,
 * and it can be sent to a chosen output device (`setSinkId`) where the browser allows it.
 * Browsers let a page play sound only after a person has interacted with it: until the agent
 * has, `play()` is refused, the phone says so (`blocked`), and the ring starts on the agent's
 * next click or key press in the phone if the call still rings.
 */
import { isOffered, type CallView, type PhoneState } from './phone-store.js';

type RingState = Pick<PhoneState, 'phase' | 'agent' | 'calls'>;

/** The call the phone rings for: signed in, the first call offered to this agent. */
export const ringingCall = (state: RingState): CallView | undefined =>
  state.phase === 'running' && state.agent !== null
    ? state.calls.find((call) => isOffered(call, state.agent?.extension ?? null))
    : undefined;

/** Whether the phone should be ringing now. */
export const isRinging = (state: RingState): boolean => ringingCall(state) !== undefined;

/**
 * One cycle of the built-in ring: 2 s of 440 + 480 Hz (the North American ringing tone, which
 * most agents know as 'a phone ringing'), then 4 s of silence, as 16-bit mono WAV at 8 kHz.
 * Each burst fades in and out over 20 ms so it starts and stops without a click.
 */
export function builtInRingtone(sampleRate = 8000): Uint8Array<ArrayBuffer> {
  const on = 2 * sampleRate;
  const total = 6 * sampleRate;
  const fade = Math.round(0.02 * sampleRate);
  const bytes = new Uint8Array(new ArrayBuffer(44 + total * 2));
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + total * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, total * 2, true);
  for (let i = 0; i < on; i += 1) {
    const envelope = Math.min(1, i / fade, (on - 1 - i) / fade);
    const t = i / sampleRate;
    // Two tones at a quarter of full scale each: clearly heard, never clipped.
    const sample = 0.25 * envelope * (Math.sin(2 * Math.PI * 440 * t) + Math.sin(2 * Math.PI * 480 * t));
    view.setInt16(44 + i * 2, Math.round(sample * 32767), true);
  }
  return bytes;
}

export interface RingerOptions {
  /** The `ringtone` init parameter: false, and the phone never rings. */
  enabled: boolean;
  /** The `ringtoneUrl` init parameter: a web address of an audio file, looped. */
  url: string | undefined;
}

export interface Ringer {
  configure(options: RingerOptions): void;
  /** Rings or stops, as the phone's state says (`isRinging`). */
  follow(ringing: boolean): void;
  /** Whether the browser refused to play until the agent interacts with the phone. */
  readonly blocked: boolean;
  /** The audio element, for the output device (`setSinkId`). */
  readonly element: HTMLAudioElement;
}

export function createRinger(doc: Document, onBlocked: (blocked: boolean) => void): Ringer {
  const element = doc.createElement('audio');
  element.loop = true;
  element.preload = 'auto';
  element.hidden = true;
  element.dataset.testid = 'ringer';
  doc.body.append(element);
  let builtIn: string | undefined;
  let options: RingerOptions = { enabled: true, url: undefined };
  let ringing = false;
  let blocked = false;

  const builtInUrl = () => {
    builtIn ??= URL.createObjectURL(new Blob([builtInRingtone()], { type: 'audio/wav' }));
    return builtIn;
  };
  const setBlocked = (value: boolean) => {
    if (blocked === value) return;
    blocked = value;
    onBlocked(value);
  };

  function start() {
    if (!element.src) element.src = options.url ?? builtInUrl();
    element.currentTime = 0;
    element.play().then(
      () => {
        setBlocked(false);
      },
      (error: unknown) => {
        // Refused until the agent interacts with the phone; any other failure is a file that
        // did not load, which the 'error' listener answers with the built-in tone.
        if (ringing && error instanceof DOMException && error.name === 'NotAllowedError') setBlocked(true);
      },
    );
  }

  function stop() {
    element.pause();
    setBlocked(false);
  }

  // The integrator's file did not load (gone, not audio): ring with the phone's own tone.
  element.addEventListener('error', () => {
    if (element.src === builtIn) return;
    element.src = builtInUrl();
    if (ringing) start();
  });
  // The agent's first click or key press in the phone lets it play: ring if a call still rings.
  const retry = () => {
    if (ringing && blocked) start();
  };
  doc.addEventListener('pointerdown', retry, true);
  doc.addEventListener('keydown', retry, true);

  return {
    configure(next) {
      options = next;
      element.removeAttribute('src');
      if (ringing && !next.enabled) stop();
    },
    follow(next) {
      const should = next && options.enabled;
      if (should === ringing) return;
      ringing = should;
      if (ringing) start();
      else stop();
    },
    get blocked() {
      return blocked;
    },
    element,
  };
}
