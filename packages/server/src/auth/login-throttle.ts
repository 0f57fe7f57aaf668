import { limits } from '@open/protocol/limits';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import { ApiError } from '../errors.js';
import { deleteLoginFailure, findLoginFailures, incrementLoginFailure } from './login-failure.data.js';

const windowMs = limits.loginFailureWindowMinutes * 60 * 1000;

interface Counter {
  key: string;
  allowed: number;
}

/** Two counters per attempt: one account from one address, and one address over all accounts. */
function countersOf(account: string, ip: string): [perAccount: Counter, perAddress: Counter] {
  return [
    { key: `${account.toLowerCase()}|${ip}`, allowed: limits.loginFailuresAllowed },
    { key: `*|${ip}`, allowed: limits.loginFailuresPerAddress },
  ];
}

async function increment(db: Executor, clock: Clock, key: string): Promise<void> {
  const now = clock.now();
  // A failure after the window has passed starts a fresh window.
  await incrementLoginFailure(db, key, now, new Date(now.getTime() - windowMs));
}

/**
 * Counts failed sign-ins in the database, so every node of a cluster sees the same counts:
 * guessing one account's password, and one address trying many accounts. Only failures count:
 * an admin who signs in correctly is never slowed.
 */
export function createLoginThrottle({ db, clock }: { db: Executor; clock: Clock }) {
  return {
    async assertAllowed(account: string, ip: string): Promise<void> {
      const counters = countersOf(account, ip);
      const keys = counters.map((c) => c.key);
      const rows = await findLoginFailures(db, keys);
      for (const row of rows) {
        const allowed = counters.find((c) => c.key === row.key)?.allowed ?? 0;
        const remainingMs = row.window_start.getTime() + windowMs - clock.now().getTime();
        if (row.count >= allowed && remainingMs > 0) {
          throw new ApiError('tooManyLoginAttempts', { minutes: Math.ceil(remainingMs / 60_000) });
        }
      }
    },

    async recordFailure(account: string, ip: string): Promise<void> {
      for (const counter of countersOf(account, ip)) await increment(db, clock, counter.key);
    },

    /** After a good sign-in that account starts over; the address keeps its count. */
    async clear(account: string, ip: string): Promise<void> {
      const [perAccount] = countersOf(account, ip);
      await deleteLoginFailure(db, perAccount.key);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
