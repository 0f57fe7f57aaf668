import type { Clock } from '../src/clock.js';

/**
 * A clock that moves one second on every reading, so "saved after" is certain between two
 * saves however fast they run (tests never depend on the wall clock).
 */
export function tickingClock(start = Date.parse('2026-01-01T00:00:00.000Z')): Clock {
  let at = start;
  return {
    now: () => {
      at += 1000;
      return new Date(at);
    },
  };
}
