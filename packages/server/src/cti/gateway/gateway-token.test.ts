/**
 * updateToken on the socket (issue #41): a running session is handed its next login token,
 * checked against the session (same agent, alive), and not spent, so the phone can still use it
 * once to take the agent back from another tab. Tokens last two minutes here (LOGIN_TOKEN_TTL),
 * on a clock the test moves; the session itself outlives every token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import type { Clock } from '../../clock.js';
import { CtiClient, loginToken } from '../../../test/cti-client.js';
import { call, createTestApp, type TestContext } from '../../../test/helpers.js';

const LIFETIME_S = 120;
const START = Math.floor(Date.now() / 1000) * 1000;
let nowMs = START;
const clock: Clock = { now: () => new Date(nowMs) };

let ctx: TestContext;
let base: string;
const clients: CtiClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ clock, loginTokenSeconds: LIFETIME_S });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const client of clients) client.drop();
  await ctx.close();
});

async function signedIn(account?: string) {
  const client = await CtiClient.connect(base);
  clients.push(client);
  await client.auth(await loginToken(ctx.app, account));
  return client;
}

const code = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code;

describe('updateToken', () => {
  it('takes the same agent’s next token, says when it expires and when to ask again, and leaves it unspent', async () => {
    nowMs = START;
    const lina = await signedIn();
    const issued = await call<{ token: string; expires_at: string; refresh_before: string }>(
      ctx.app,
      'basic/get_login_token',
      { account: 'lina@demo.example.com', password: 'agent@open' },
    );
    // A two-minute token is asked for a quarter of its life ahead, not three minutes (before it was minted).
    expect(issued.body.data.refresh_before).toBe(new Date(START + 90_000).toISOString());

    const answer = await lina.request('updateToken', { token: issued.body.data.token });
    expect(answer).toMatchObject({
      code: 0,
      data: { token_expires_at: new Date(START + 120_000).toISOString(), refresh_at: issued.body.data.refresh_before },
    });
    // Still good for its one refresh: what a take-over spends.
    expect((await call(ctx.app, 'basic/refresh_login_token', { token: issued.body.data.token })).status).toBe(200);
  });

  it('keeps the session past its token’s expiry, and refuses an expired next token with its own code', async () => {
    nowMs = START;
    const lina = await signedIn();
    const next = await loginToken(ctx.app);
    nowMs = START + (LIFETIME_S + 1) * 1000;
    // The session runs on its key, not its token.
    expect((await lina.request('getState')).code).toBe(0);
    const answer = await lina.request('updateToken', { token: next });
    expect(answer.code).toBe(code('loginTokenExpired'));
    expect(answer.message).toBe('Login authentication failed: the login token has expired. Sign in again.');
  });

  it('refuses another agent’s token, garbage and bad parameters, and the session goes on', async () => {
    nowMs = START;
    const lina = await signedIn();
    const wangs = await loginToken(ctx.app, 'wangwei@demo.example.com');
    const refusals = [
      [{ token: wangs }, 'loginTokenInvalid'],
      [{ token: 'not-a-token' }, 'loginTokenInvalid'],
      [{}, 'invalidParams'],
      [{ token: '' }, 'invalidParams'],
      [{ token: 'x'.repeat(4097) }, 'invalidParams'],
      [{ token: 42 }, 'invalidParams'],
      [{ token: 'x', extra: true }, 'invalidParams'],
    ] as const;
    for (const [params, name] of refusals) {
      const answer = await lina.request('updateToken', params);
      expect(answer.code, JSON.stringify(params).slice(0, 80)).toBe(code(name));
      expect(answer.message).not.toBe('');
    }
    const named = await lina.request('updateToken', {});
    expect(named.data).toEqual({ issues: [{ param: 'token', reason: 'required' }] });
    // Wang's token is his still: refused here, it was not spent.
    expect((await call(ctx.app, 'basic/refresh_login_token', { token: wangs })).status).toBe(200);
    expect((await lina.request('getState')).code).toBe(0);
    expect(lina.closed).toBeUndefined();
  });
});
