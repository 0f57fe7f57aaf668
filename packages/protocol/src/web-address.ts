/**
 * Whether a text is an http(s) address with a host: what a serverUrl, a ringtone or a curl
 * target must be. One rule for the SDK, the demo page and the diagnostics page, so an address
 * one accepts is never refused by another. `new URL` accepts `javascript:` and `data:` too,
 * which must never reach an iframe's or an audio element's source.
 */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
}
