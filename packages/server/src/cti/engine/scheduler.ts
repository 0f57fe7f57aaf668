/**
 * Time for the engine: what it is now, and timers (after-call work, grace periods, ringing).
 * Injected so tests move time by hand instead of waiting for it.
 */
export interface Scheduler {
  now(): number;
  /** Runs `run` after `ms`; the returned function cancels it (a no-op once it has run). */
  after(ms: number, run: () => void): () => void;
}

export const systemScheduler: Scheduler = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    // A timer of the engine never keeps the process alive on its own: shutdown closes sessions.
    timer.unref();
    return () => {
      clearTimeout(timer);
    };
  },
};
