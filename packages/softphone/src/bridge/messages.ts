/**
 * What the SDK (in the integrator's page) and the phone (in our iframe) say to each other over
 * postMessage. Each side checks the other's origin and window before it reads a message, and
 * every message carries `bridge` so unrelated messages of the page are ignored.
 */
export const BRIDGE = 'open-softphone/1';

/** Where the phone page is, below the server's address. */
export const PHONE_PATH = '/dzfront/open/client/phone/';
/** Where the SDK script is, below the server's address. */
export const SDK_PATH = '/dzfront/open/client/sdk/softphone.js';
/** The same SDK as an ES module. */
export const SDK_MODULE_PATH = '/dzfront/open/client/sdk/softphone.mjs';

/** To the phone. `init` carries the parameters (the token too: never in the frame's address). */
export type ToPhone =
  | { bridge: typeof BRIDGE; type: 'init'; params: Record<string, unknown> }
  | { bridge: typeof BRIDGE; type: 'call'; id: number; method: string; params: Record<string, unknown> }
  /** The page called destroy(): the phone hangs up its calls and closes its session, then says `destroyed`. */
  | { bridge: typeof BRIDGE; type: 'destroy' };

/** From the phone. */
export type FromPhone =
  /** The page loaded and waits for `init`. */
  | { bridge: typeof BRIDGE; type: 'loaded' }
  /** After `destroy`: the calls are hung up and the session closed; the frame may go. */
  | { bridge: typeof BRIDGE; type: 'destroyed' }
  /**
   * The phone signed in: the agent and the tenant (the SDK's init resolves), and the frame's
   * accessible name in the agent's language, which only the phone knows.
   */
  | { bridge: typeof BRIDGE; type: 'ready'; data: unknown; title?: string }
  /**
   * A call started or stopped ringing here (`call_id` null: none rings now), with what a
   * notification says in the agent's language: the SDK shows one while the host page is hidden,
   * since a framed page may not ask for the permission itself.
   */
  | { bridge: typeof BRIDGE; type: 'ring'; call_id: string | null; title: string; body: string }
  /** An event of the catalogue (the engine's, or the phone's own). */
  | { bridge: typeof BRIDGE; type: 'event'; name: string; data: unknown }
  /** The answer to a `call`: code 0 and data, or a coded error with its message in the phone's language. */
  | { bridge: typeof BRIDGE; type: 'result'; id: number; code: number; message: string; data: unknown };

export function isBridgeMessage(value: unknown): value is { bridge: typeof BRIDGE; type: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { bridge?: unknown }).bridge === BRIDGE &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

/** The phone learns its host's origin from its address: `#host=<origin>`. */
export function phoneUrl(serverOrigin: string, hostOrigin: string): string {
  return `${serverOrigin}${PHONE_PATH}#host=${encodeURIComponent(hostOrigin)}`;
}
