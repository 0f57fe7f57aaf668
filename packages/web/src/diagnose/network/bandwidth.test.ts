import { describe, expect, it } from 'vitest';
import { refusal } from './bandwidth';

describe('a refused transfer', () => {
  it("says the server's own message when it answered in its envelope", () => {
    const text = JSON.stringify({ code: 42903, message: 'Try again in 12 s.', data: null });
    expect(refusal(429, text).message).toBe('Try again in 12 s.');
  });

  it('says the status when the answer is not ours', () => {
    expect(refusal(502, '<html>Bad gateway</html>').message).toBe('HTTP 502');
    expect(refusal(500, JSON.stringify({ message: '' })).message).toBe('HTTP 500');
  });
});
