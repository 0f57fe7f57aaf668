/** The phone's iframe on the integrator's page, and the watch on its loading. */
import { phoneUrl } from '../bridge/messages.js';

/** How long the phone's page may take to load before calls waiting for it are refused. */
const LOAD_TIMEOUT_MS = 30_000;
/**
 * Once the frame has loaded a document, how long the phone's first message may still take. A
 * frame the browser refused (the page is not in PHONE_FRAME_ANCESTORS, a wrong serverUrl) loads
 * an error page and never speaks: the integrator hears so in seconds, not half a minute.
 */
const LOADED_SILENCE_MS = 5_000;

export function createPhoneFrame(win: Window, serverOrigin: string, params: Record<string, unknown>) {
  const frame = win.document.createElement('iframe');
  frame.src = phoneUrl(serverOrigin, win.location.origin);
  // The phone needs the microphone (and the camera for VoLTE video) inside the frame.
  // speaker-selection: the phone sends the call and the ring to the outputs the agent chose (setSinkId).
  frame.allow = 'microphone; camera; autoplay; speaker-selection';
  // English until the phone, signed in, sends its name in the agent's language.
  frame.title = 'Softphone';
  frame.style.cssText = 'border:0;width:100%;height:100%;min-height:640px;display:block';
  if (params.visible === false) frame.style.display = 'none';
  return frame;
}

/**
 * Calls `silent` when the phone has not spoken (`loaded()` still false) in LOAD_TIMEOUT_MS, or
 * LOADED_SILENCE_MS after the frame loaded a page that is not its own first empty one.
 */
export function watchLoad(frame: HTMLIFrameElement, loaded: () => boolean, silent: () => void) {
  let loadTimer = setTimeout(silent, LOAD_TIMEOUT_MS);
  frame.addEventListener('load', () => {
    // The empty document a frame starts with is this page's own, so readable; the phone's page,
    // or the error page of a refused frame, is not.
    let ownDocument: boolean;
    try {
      ownDocument = frame.contentDocument !== null;
    } catch {
      ownDocument = false;
    }
    if (loaded() || ownDocument) return;
    clearTimeout(loadTimer);
    loadTimer = setTimeout(silent, LOADED_SILENCE_MS);
  });
  return {
    stop() {
      clearTimeout(loadTimer);
    },
  };
}
