import type { FastifyBaseLogger } from 'fastify';
import type { TrunksHealth } from '../cti/engine/calls/outside-line.js';
import { createSilenceWatch, farEndPackets } from './far-end-silence.js';
import { RelayError, type NgAnswer, type NgClient } from './ng-client.js';
import type { DialogHandler } from './trunk-leg.js';

/** How often rtpengine is pinged: a relay that stopped answering is known within this and the ping's 3 s. */
export const RELAY_CHECK_EVERY_MS = 5_000;
/**
 * Checks in a row the relay must miss before its calls are given up as silent: one missed ping
 * (a blip, a busy relay) ends nothing; two are 5 to 13 s without an answer, and a relay that
 * restarted has lost every call's state anyway.
 */
export const RELAY_LOST_AFTER_CHECKS = 2;

type RelayHealth = TrunksHealth['relays'][number];

export interface RelayWatch {
  /** The last answer (a check under way when there is none yet is waited for). */
  health(): Promise<RelayHealth>;
  /** Whether it answered its last check; null before the first answer or its time-out. */
  answers(): boolean | null;
  stop(): void;
}

/**
 * Pings rtpengine (its ng `ping`) from the start and then every few seconds, so that `/health`
 * and the start banner say whether the relay answers without waiting on it, and the log says
 * when it stops answering and when it is back (once each, not every ping). No call is left
 * silent: when the relay has missed RELAY_LOST_AFTER_CHECKS pings, every call on it is failed
 * (BYE to the carrier, `failed` to the engine); while it answers, each call it should hold is
 * asked for (`query`), and one it no longer knows (its own --timeout dropped it) is failed too,
 * as is one whose far end has sent no audio for its trunk's limit (far-end-silence.ts).
 */
export function watchRelay(
  ng: NgClient,
  address: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  calls: () => Iterable<DialogHandler>,
  now: () => Date = () => new Date(),
): RelayWatch {
  let last: RelayHealth | null = null;
  let stopped = false;
  let missed = 0;
  const silence = createSilenceWatch();

  function failAll(why: string) {
    let failed = 0;
    for (const dialog of [...calls()]) {
      if (dialog.relayCall() === null) continue;
      dialog.fail('mediaLost');
      failed += 1;
    }
    if (failed > 0) log.warn({ relay: address, calls: failed }, `trunk calls ended: ${why}`);
  }

  /** Each call the relay should hold, asked for; one it has dropped is failed. */
  async function checkCalls() {
    await Promise.all(
      [...calls()].map(async (dialog) => {
        const held = dialog.relayCall();
        if (held === null) return;
        let answer: NgAnswer;
        try {
          answer = await ng.command('query', { 'call-id': held.callId });
        } catch (error) {
          // Only a refusal says the call is gone; no answer is the ping's business.
          if (!(error instanceof RelayError) || error.refusal === null || stopped) return;
          if (dialog.relayCall() === null) return;
          log.warn({ relay: address, reason: error.refusal }, 'trunk call ended: the relay no longer holds its media');
          dialog.fail('mediaLost');
          return;
        }
        const far = dialog.farEnd();
        if (stopped || far === null) return;
        if (silence.silent(dialog, far, farEndPackets(answer, far.tag), now().getTime())) {
          log.warn(
            { relay: address, seconds: far.silenceLimitSeconds },
            'trunk call ended: the far end sent no audio for its trunk’s limit',
          );
          dialog.fail('farEndSilent');
        }
      }),
    );
  }

  async function check(): Promise<RelayHealth> {
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
    missed = answers ? 0 : missed + 1;
    if (missed === RELAY_LOST_AFTER_CHECKS) failAll('the media relay (rtpengine) stopped answering');
    if (answers) void checkCalls();
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
    answers: () => last?.answers ?? null,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
