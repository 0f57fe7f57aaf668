import type { FastifyBaseLogger } from 'fastify';
import type { TrunksHealth } from '../cti/engine/calls/outside-line.js';
import type { NgClient } from './ng-client.js';

/** How often rtpengine is pinged: a relay that stopped answering is known within this and the ping's 3 s. */
export const RELAY_CHECK_EVERY_MS = 5_000;

export interface RelayWatch {
  /** The last answer (a check under way when there is none yet is waited for). */
  health(): Promise<TrunksHealth['relay']>;
  stop(): void;
}

/**
 * Pings rtpengine (its ng `ping`) from the start and then every few seconds, so that `/health`
 * and the start banner say whether the relay answers without waiting on it, and the log says
 * when it stops answering and when it is back (once each, not every ping).
 */
export function watchRelay(
  ng: NgClient,
  address: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  now: () => Date = () => new Date(),
): RelayWatch {
  let last: TrunksHealth['relay'] | null = null;
  let stopped = false;

  async function check(): Promise<TrunksHealth['relay']> {
    const started = performance.now();
    let answers = true;
    let error = '';
    try {
      await ng.command('ping');
    } catch (failure) {
      answers = false;
      error = failure instanceof Error ? failure.message : String(failure);
    }
    // Closing the client rejects the ping under way: that is the node stopping, not the relay.
    if (stopped && last !== null) return last;
    const changed = last === null || last.answers !== answers;
    if (changed && !answers) log.warn({ relay: address, reason: error }, 'the media relay (rtpengine) does not answer');
    if (changed && answers && last !== null) log.info({ relay: address }, 'the media relay (rtpengine) answers again');
    last = {
      address,
      answers,
      roundTripMs: answers ? Math.round((performance.now() - started) * 10) / 10 : null,
      since: changed || last === null ? now().toISOString() : last.since,
    };
    return last;
  }

  let inFlight = check();
  const timer = setInterval(() => {
    if (!stopped) inFlight = check();
  }, RELAY_CHECK_EVERY_MS);
  timer.unref();

  return {
    async health() {
      return last ?? (await inFlight);
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
