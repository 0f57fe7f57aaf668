import { PHONE_NUMBER_PATTERN } from '@open/protocol/softphone/catalogue';

/**
 * The simulated public telephone network (DESIGN §7). What a dialled number does is decided by
 * its last digit, so a developer trying the demo, a test and the documentation all know what
 * will happen without any randomness:
 *
 * | number                         | behaviour                                             |
 * |--------------------------------|-------------------------------------------------------|
 * | not 3-31 digits (optional +)   | invalid: ends at once                                 |
 * | ends in 0                      | busy: rings 2 s, then ends busy                        |
 * | ends in 9                      | no answer: rings 30 s, then ends unanswered            |
 * | ends in 8                      | answers after 3 s, then hangs up 10 s into the call    |
 * | ends in 7                      | a phone menu: answers after 3 s, repeats DTMF digits   |
 * |                                | it hears, hangs up 1 s after a #                       |
 * | anything else                  | answers after 3 s and stays until the agent hangs up   |
 *
 * Times are the defaults of `networkTimings`; tests move the engine's clock past them.
 */
export type NumberBehaviour =
  | { kind: 'invalid' }
  | { kind: 'busy'; afterMs: number }
  | { kind: 'noAnswer'; afterMs: number }
  | { kind: 'answers'; afterMs: number; hangsUpAfterMs: number | null }
  | { kind: 'menu'; afterMs: number };

export const networkTimings = {
  ringBeforeBusyMs: 2_000,
  ringBeforeAnswerMs: 3_000,
  noAnswerMs: 30_000,
  remoteHangUpMs: 10_000,
  /** A phone menu hangs up this long after it hears '#'. */
  menuHangUpMs: 1_000,
  /** An inbound call rings an agent this long before it is offered to another. */
  offerMs: 15_000,
  /** An inbound caller waits this long in the queue before giving up. */
  queueAbandonMs: 120_000,
} as const;

export function isDiallable(number: string): boolean {
  return PHONE_NUMBER_PATTERN.test(number) && number.replace('+', '').length >= 3;
}

export function behaviourOf(number: string): NumberBehaviour {
  if (!isDiallable(number)) return { kind: 'invalid' };
  switch (number.at(-1)) {
    case '0':
      return { kind: 'busy', afterMs: networkTimings.ringBeforeBusyMs };
    case '9':
      return { kind: 'noAnswer', afterMs: networkTimings.noAnswerMs };
    case '7':
      return { kind: 'menu', afterMs: networkTimings.ringBeforeAnswerMs };
    case '8':
      return {
        kind: 'answers',
        afterMs: networkTimings.ringBeforeAnswerMs,
        hangsUpAfterMs: networkTimings.remoteHangUpMs,
      };
    default:
      return { kind: 'answers', afterMs: networkTimings.ringBeforeAnswerMs, hangsUpAfterMs: null };
  }
}
