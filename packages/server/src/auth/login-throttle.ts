import { limits } from '@open/protocol/limits';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import { ApiError } from '../errors.js';
import { deleteLoginFailure, findLoginFailures, incrementLoginFailure } from './login-failure.data.js';

/** A counter starts again after this long without a failure. */
const quietMs = limits.loginFailureWindowMinutes * 60 * 1000;
const maxDelayMs = limits.loginDelayMaxSeconds * 1000;

interface Counter {
  key: string;
  /** Failures that cost nothing; each one past them doubles the wait before the next attempt. */
  free: number;
}

/**
 * Three counters per attempt: one account from one address (a guesser), one address over all
 * accounts (one machine trying many), and one account over all addresses (many machines trying
 * one). None of them locks anyone out: the most an attacker's failures cost the account's owner,
 * even behind the same NAT, is a wait of `loginDelayMaxSeconds` before their next try.
 */
function countersOf(account: string, ip: string): Counter[] {
  const name = account.toLowerCase();
  return [
    { key: `${name}|${ip}`, free: limits.loginFailuresAllowed },
    { key: `*|${ip}`, free: limits.loginFailuresPerAddress },
    { key: `${name}|*`, free: limits.loginFailuresPerAccount },
  ];
}

/**
 * How long after its last failure a counter holds the next attempt: nothing for the free
 * failures, then 1 s, doubling with each further failure, never more than the maximum.
 */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(1000 * 2 ** (failures - free), maxDelayMs);
}

/**
 * Counts failed sign-ins in the database, so every node of a cluster sees the same counts.
 * Only failures count: someone who signs in correctly is never slowed by their own success,
 * and an attempt held by the delay is refused without its password being checked (it neither
 * counts nor reveals anything), so an attacker cannot guess faster than the delay allows.
 */
export function createLoginThrottle({ db, clock }: { db: Executor; clock: Clock }) {
  return {
    async assertAllowed(account: string, ip: string): Promise<void> {
      const counters = countersOf(account, ip);
      const rows = await findLoginFailures(
        db,
        counters.map((c) => c.key),
      );
      const now = clock.now().getTime();
      let waitMs = 0;
      for (const row of rows) {
        const last = row.last_failure_at.getTime();
        if (now - last >= quietMs) continue;
        const free = counters.find((c) => c.key === row.key)?.free ?? 0;
        waitMs = Math.max(waitMs, last + delayAfter(row.count, free) - now);
      }
      if (waitMs > 0) throw new ApiError('tooManyLoginAttempts', { seconds: Math.ceil(waitMs / 1000) });
    },

    async recordFailure(account: string, ip: string): Promise<void> {
      const now = clock.now();
      const quietSince = new Date(now.getTime() - quietMs);
      for (const counter of countersOf(account, ip)) await incrementLoginFailure(db, counter.key, now, quietSince);
    },

    /**
     * After a good sign-in that account starts over from that address; the address's count and
     * the account's count over all addresses keep going (they catch someone else's guessing).
     */
    async clear(account: string, ip: string): Promise<void> {
      const [perAccount] = countersOf(account, ip);
      if (perAccount) await deleteLoginFailure(db, perAccount.key);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
