import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenKeeper } from './token-keeper.js';
import type { PhoneEvent } from './phone-event.js';

const START = Date.parse('2026-12-02T10:00:00.000Z');
const at = (ms: number) => new Date(START + ms).toISOString();

describe('the token keeper', () => {
  let heard: PhoneEvent[];
  const keeper = () => createTokenKeeper({ now: () => Date.now(), announce: (events) => heard.push(...events) });

  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    heard = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks three minutes before a 15-minute token expires, once, with the time left', () => {
    const token = keeper();
    token.signedIn('first', at(15 * 60_000));
    expect(token.token).toBe('first');
    vi.advanceTimersByTime(12 * 60_000 - 1);
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(heard).toEqual([
      { name: 'tokenWillExpire', data: { token_expires_at: at(15 * 60_000), seconds_left: 180 } },
    ]);
    vi.advanceTimersByTime(60 * 60_000);
    expect(heard).toHaveLength(1);
  });

  it('asks a quarter of a short token’s life ahead', () => {
    keeper().signedIn('first', at(60_000));
    vi.advanceTimersByTime(45_000);
    expect(heard.map((event) => event.data.seconds_left)).toEqual([15]);
  });

  it('holds the next token and asks again when the server says, for every token', () => {
    const token = keeper();
    token.signedIn('first', at(15 * 60_000));
    vi.advanceTimersByTime(12 * 60_000);
    token.updated('second', { token_expires_at: at(30 * 60_000), refresh_at: at(27 * 60_000) });
    expect(token.token).toBe('second');
    vi.advanceTimersByTime(15 * 60_000 - 1);
    expect(heard).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(heard[1]).toEqual({
      name: 'tokenWillExpire',
      data: { token_expires_at: at(30 * 60_000), seconds_left: 180 },
    });
  });

  it('asks at once for a token already inside its margin, or already expired (a tab woken late)', () => {
    keeper().signedIn('first', at(-5_000));
    vi.advanceTimersByTime(0);
    expect(heard).toEqual([{ name: 'tokenWillExpire', data: { token_expires_at: at(-5_000), seconds_left: 0 } }]);
  });

  it('stops asking once the session is over, and for a token it cannot read', () => {
    const token = keeper();
    token.signedIn('first', at(15 * 60_000));
    token.stop();
    token.signedIn('second', 'not a time');
    vi.advanceTimersByTime(60 * 60_000);
    expect(heard).toEqual([]);
  });
});
