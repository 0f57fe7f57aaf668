import type { Clock } from '../../clock.js';

/**
 * How many bytes of the bandwidth test (diag/download, diag/upload) one client address may move,
 * as a bucket that refills continuously: `capacityBytes` at once, and as much again every
 * `refillMs`. One full test (4 streams, 10 s each way) on a gigabit link moves about 2.5 GB, so
 * the default (8 GiB) lets an agent run three in a row while nobody can use the server as a free
 * source or sink of traffic. Kept per node, in memory: a bound on abuse, not an accounting.
 */
export interface TransferBudget {
  /** Takes `bytes` from `address`'s bucket; 0 when granted, else the milliseconds until it would be. */
  take(address: string, bytes: number): number;
}

export interface TransferBudgetOptions {
  capacityBytes: number;
  refillMs: number;
  clock: Clock;
  /** Buckets kept at most; the least recently used go first (a full bucket loses nothing). */
  maxAddresses?: number;
}

export function createTransferBudget({
  capacityBytes,
  refillMs,
  clock,
  maxAddresses = 10_000,
}: TransferBudgetOptions): TransferBudget {
  const perMs = capacityBytes / refillMs;
  /** Insertion order is use order: a bucket is deleted and set again on every use. */
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(address, bytes) {
      const now = clock.now().getTime();
      const bucket = buckets.get(address) ?? { tokens: capacityBytes, at: now };
      buckets.delete(address);
      const tokens = Math.min(capacityBytes, bucket.tokens + (now - bucket.at) * perMs);
      const granted = tokens >= bytes;
      buckets.set(address, { tokens: granted ? tokens - bytes : tokens, at: now });
      if (buckets.size > maxAddresses) {
        const oldest = buckets.keys().next();
        if (!oldest.done) buckets.delete(oldest.value);
      }
      return granted ? 0 : Math.ceil((Math.min(bytes, capacityBytes) - tokens) / perMs);
    },
  };
}

/** No limit (DIAG_TRANSFER_LIMIT_MB=0). */
export const unlimitedTransfers: TransferBudget = { take: () => 0 };
