import type { Scheduler } from '../src/cti/engine/scheduler.js';

/**
 * A scheduler whose time moves only when a test says so: `advance` runs, in order, every timer
 * that falls due. Starts at the real time so dates look ordinary.
 */
export function createManualScheduler(start = Date.now()) {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const scheduler: Scheduler & { advance(ms: number): void; pending(): number } = {
    now: () => now,
    after(ms, run) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), run });
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
  };
  return scheduler;
}
