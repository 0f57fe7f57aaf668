/**
 * Failed sign-ins slow a guesser down without locking out the account's owner: past a few free
 * failures each attempt waits a little longer, at most `loginDelayMaxSeconds`, whoever failed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import type { Clock } from '../clock.js';
import { loadConfig } from '../config.js';
import { demoAdmin } from '../demo-credentials.js';
import { call, createTestApp, type CallResult, type TestContext } from '../../test/helpers.js';
import { delayAfter } from './login-throttle.js';

/** A clock the tests move by hand. */
let nowMs = Date.parse('2026-06-01T08:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs) };
const advance = (ms: number) => {
  nowMs += ms;
};
const MAX_MS = limits.loginDelayMaxSeconds * 1000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('login_failure').execute();
});

const signIn = (account: string, password: string, options: { headers?: Record<string, string> } = {}) =>
  call(ctx.app, 'global/login', { account, password }, options);

/** Tries until the throttle lets the attempt through, moving the clock by what it asks; the total wait. */
async function waitAndSignIn(account: string, password: string): Promise<{ waitedMs: number; last: CallResult }> {
  let waitedMs = 0;
  for (;;) {
    const res = await signIn(account, password);
    if (res.status !== 429) return { waitedMs, last: res };
    const seconds = Number(/(\d+)/.exec(res.body.message)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(limits.loginDelayMaxSeconds);
    advance(seconds * 1000);
    waitedMs += seconds * 1000;
  }
}

// Each sign-in checks a password with scrypt (tens of ms of CPU): sixty and more of them take
// 20-30 s where CI runs this pass niced beside the browser tests, past the default 30 s limit.
describe('the sign-in throttle', { timeout: 120_000 }, () => {
  it('doubles the wait past the free failures, up to the maximum', () => {
    expect(delayAfter(4, 5)).toBe(0);
    expect([5, 6, 7, 8, 9].map((n) => delayAfter(n, 5))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(delayAfter(10, 5)).toBe(MAX_MS);
    expect(delayAfter(1000, 5)).toBe(MAX_MS);
  });

  it('holds the next attempt after the free failures, says for how long, and lets it through after', async () => {
    for (let i = 0; i < limits.loginFailuresAllowed; i++) {
      expect((await signIn(demoAdmin.account, `guess ${i}`)).status).toBe(401);
    }
    const held = await signIn(demoAdmin.account, demoAdmin.password);
    expect(held.status).toBe(429);
    expect(held.body.code).toBe(errorCatalogue.tooManyLoginAttempts.code);
    expect(held.body.message).toBe('Too many failed sign-ins. Try again in 1 s.');
    advance(1000);
    expect((await signIn(demoAdmin.account, demoAdmin.password)).status).toBe(200);
  });

  it('never locks out the right person: after 60 guesses at their account from their address, a wait of at most the maximum', async () => {
    // Someone behind the same NAT guesses as fast as the throttle lets them.
    for (let i = 0; i < 60; i++) {
      const res = await waitAndSignIn(demoAdmin.account, `guess ${i}`);
      expect(res.last.status).toBe(401);
    }
    const owner = await waitAndSignIn(demoAdmin.account, demoAdmin.password);
    expect(owner.last.status).toBe(200);
    expect(owner.waitedMs).toBeLessThanOrEqual(MAX_MS);
    expect(owner.waitedMs).toBeGreaterThan(0);
  });

  it('one address trying many accounts slows itself, and the office behind it waits at most the maximum', async () => {
    for (let i = 0; i < limits.loginFailuresPerAddress + 10; i++) {
      const res = await waitAndSignIn(`user${i}`, 'guess');
      expect(res.last.status).toBe(401);
    }
    const colleague = await waitAndSignIn(demoAdmin.account, demoAdmin.password);
    expect(colleague.last.status).toBe(200);
    expect(colleague.waitedMs).toBeLessThanOrEqual(MAX_MS);
  });

  it('forgets the failures after a quiet spell', async () => {
    for (let i = 0; i < limits.loginFailuresAllowed + 3; i++) await waitAndSignIn(demoAdmin.account, `guess ${i}`);
    advance(limits.loginFailureWindowMinutes * 60_000);
    expect((await signIn(demoAdmin.account, 'one more guess')).status).toBe(401);
    expect((await signIn(demoAdmin.account, demoAdmin.password)).status).toBe(200);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  it('refuses TRUST_PROXY=true, which would believe any X-Forwarded-For', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would believe/);
  });

  it('reads the client from the configured hop: a forged X-Forwarded-For does not escape the count', async () => {
    const proxied = await createTestApp({ trustProxy: 1, clock });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < limits.loginFailuresAllowed + 7; i++) {
        // The client makes up an address each time; the proxy (this socket) appends the real one.
        const forged = { headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` } };
        const res = await call(proxied.app, 'global/login', { account: 'admin', password: 'guess' }, forged);
        statuses.push(res.status);
      }
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(7);
      // Another client behind the same proxy is counted apart.
      const other = await call(
        proxied.app,
        'global/login',
        { account: demoAdmin.account, password: demoAdmin.password },
        { headers: { 'x-forwarded-for': '203.0.113.10' } },
      );
      expect(other.status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
