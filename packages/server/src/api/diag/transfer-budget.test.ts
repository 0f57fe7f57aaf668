/**
 * The bandwidth test's bytes are bounded per client address and period, so the server is no
 * free source or sink of traffic for anyone who finds it (issue #22, finding 6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { DIAG_DOWNLOAD_PATH, DIAG_UPLOAD_PATH } from '@open/protocol/paths';
import type { Clock } from '../../clock.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { createTransferBudget } from './transfer-budget.js';

let nowMs = Date.parse('2026-06-01T08:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs) };
const MB = 1024 * 1024;
const REFILL_MS = 15 * 60_000;

describe('the transfer budget', () => {
  it('grants up to its capacity, then says how long until a request would fit, refilling as time goes', () => {
    const budget = createTransferBudget({ capacityBytes: 100, refillMs: 1000, clock });
    expect(budget.take('a', 60)).toBe(0);
    expect(budget.take('a', 40)).toBe(0);
    expect(budget.take('a', 50)).toBe(500);
    expect(budget.take('b', 100)).toBe(0);
    nowMs += 500;
    expect(budget.take('a', 50)).toBe(0);
    // A refused request takes nothing: the wait it was told holds.
    expect(budget.take('a', 100)).toBe(1000);
  });

  it('keeps at most maxAddresses buckets, dropping the least recently used', () => {
    const budget = createTransferBudget({ capacityBytes: 10, refillMs: 1000, clock, maxAddresses: 2 });
    expect(budget.take('a', 10)).toBe(0);
    expect(budget.take('b', 10)).toBe(0);
    expect(budget.take('c', 10)).toBe(0);
    // 'a' was forgotten, so starts full again; 'c' is still spent.
    expect(budget.take('a', 10)).toBe(0);
    expect(budget.take('c', 10)).toBeGreaterThan(0);
  });
});

describe('diag/download and diag/upload within an address’s share', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ clock, trustProxy: 1, diagTransferLimitBytes: 8 * MB });
  });
  afterAll(() => ctx.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip, 'x-lang': 'en' });
  const download = (ip: string, bytes: number) =>
    ctx.app.inject({
      method: 'POST',
      url: DIAG_DOWNLOAD_PATH,
      headers: { ...from(ip), 'content-type': 'application/json' },
      payload: JSON.stringify({ bytes }),
    });
  const upload = (ip: string, bytes: number) =>
    ctx.app.inject({
      method: 'POST',
      url: DIAG_UPLOAD_PATH,
      headers: { ...from(ip), 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(bytes),
    });

  it('serves an address its share, then refuses with 429 and the wait, and serves it again later', async () => {
    expect((await download('203.0.113.1', 4 * MB)).statusCode).toBe(200);
    expect((await upload('203.0.113.1', 3 * MB)).statusCode).toBe(200);
    const refused = await download('203.0.113.1', 2 * MB);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: errorCatalogue.diagTransferLimit.code });
    expect(refused.json<{ message: string }>().message).toMatch(
      /^This address has used its share of the bandwidth test for now\. Try again in \d+ s\.$/,
    );
    const uploadRefused = await upload('203.0.113.1', 2 * MB);
    expect(uploadRefused.statusCode).toBe(429);
    // Another address is not held up by the first.
    expect((await download('203.0.113.2', 4 * MB)).statusCode).toBe(200);
    nowMs += REFILL_MS;
    expect((await download('203.0.113.1', 4 * MB)).statusCode).toBe(200);
  });
});
