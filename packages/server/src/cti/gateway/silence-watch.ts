import type { Scheduler } from '../engine/scheduler.js';

/** What the watch needs of a link: when it was last heard from, and whether it is watched. */
export interface Heard {
  lastHeardAt: number;
  watched: boolean;
}

/**
 * Finds the links that fell silent (no frame, not even a heartbeat, for `deadAfterMs`) with one
 * sweep over all of them every `sweepMs`, instead of a timer each link cancels and sets again on
 * every frame. 10,000 phones ping every 20 s: a timer a ping was 500 timer objects a second, each
 * living the 60 s of its silence window, so every one was promoted to the old generation before it
 * was cancelled; that garbage brought mark-compacts of 80 ms into the middle of a push to every
 * phone (bench/README.md, issue #40). A ping now writes one number. A silent link is found
 * between `deadAfterMs` and `deadAfterMs + sweepMs` after its last frame.
 */
export function createSilenceWatch<Link extends Heard>(
  scheduler: Scheduler,
  deadAfterMs: number,
  onSilent: (link: Link) => void,
) {
  const sweepMs = Math.max(1, Math.min(1_000, Math.floor(deadAfterMs / 10)));
  const links = new Set<Link>();
  let sweeping = false;

  const sweep = () => {
    const now = scheduler.now();
    const silent: Link[] = [];
    for (const link of links) if (now - link.lastHeardAt >= deadAfterMs) silent.push(link);
    for (const link of silent) {
      forget(link);
      onSilent(link);
    }
    if (links.size > 0) scheduler.after(sweepMs, sweep);
    else sweeping = false;
  };

  function forget(link: Link) {
    link.watched = false;
    links.delete(link);
  }

  return {
    sweepMs,
    /** The link was heard from: alive for another `deadAfterMs`. */
    heard(link: Link) {
      link.lastHeardAt = scheduler.now();
      if (link.watched) return;
      link.watched = true;
      links.add(link);
      if (!sweeping) {
        sweeping = true;
        scheduler.after(sweepMs, sweep);
      }
    },
    /** The link closed: no longer watched. */
    forget,
    get size(): number {
      return links.size;
    },
  };
}

export type SilenceWatch<Link extends Heard> = ReturnType<typeof createSilenceWatch<Link>>;
