import { describe, expect, it } from 'vitest';
import { isWebAddress } from './web-address.js';

describe('isWebAddress', () => {
  it('takes http and https addresses with a host', () => {
    expect(isWebAddress('https://crm.example.com/tones/ring.mp3')).toBe(true);
    expect(isWebAddress('http://127.0.0.1:4310')).toBe(true);
  });

  it('refuses what must never reach a frame or an audio element', () => {
    for (const text of ['javascript:alert(1)', 'data:audio/wav;base64,AAAA', 'file:///etc/passwd', 'ftp://x.example']) {
      expect(isWebAddress(text)).toBe(false);
    }
  });

  it('refuses text that is not an address at all', () => {
    for (const text of ['', 'ring.mp3', '/tones/ring.mp3', 'https://', 'https:// spaces .example']) {
      expect(isWebAddress(text)).toBe(false);
    }
  });
});
