import type { Scheduler } from '../src/cti/engine/scheduler.js';

/**
 * A scheduler whose time moves only when a test says so: `advance` runs, in order, every timer
 * that falls due. Starts at the real time so dates look ordinary.
 */
export function createManualScheduler(start = Date.now()) {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const awaited: { ms: number; resolve: () => void }[] = [];
  const scheduler: Scheduler & {
    advance(ms: number): void;
    pending(): number;
    armed(ms: number): Promise<void>;
  } = {
    now: () => now,
    after(ms, run) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), run });
      for (const waiter of awaited.filter((w) => w.ms === ms)) {
        awaited.splice(awaited.indexOf(waiter), 1);
        waiter.resolve();
      }
      return () => {
        timers.delete(id);
      };
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        let due: [number, { at: number; run: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= until && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
    },
    pending: () => timers.size,
    /**
     * Settles when the code under test next sets a timer of `ms` (call it before the act that
     * sets one): how a test knows the server has reacted to something it cannot see, such as a
     * socket closing, without sleeping.
     */
    armed(ms) {
      return new Promise((resolve) => awaited.push({ ms, resolve }));
    },
  };
  return scheduler;
}
