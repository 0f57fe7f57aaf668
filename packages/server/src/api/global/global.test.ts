import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import { demoAdmin } from '../../demo-credentials.js';
import { call, createTestApp, loginAsAdmin, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('CMS login', () => {
  it('check_user_login answers a visitor who is not signed in with its own code, as an answer (200)', async () => {
    // Not being signed in is not a failure: a 4xx would be logged in every visitor's console.
    const res = await call(ctx.app, 'global/check_user_login');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(errorCatalogue.notLoggedIn.code);
    expect(res.body.message).toBe('Please sign in first.');
  });

  it('signs in with account and password and sets an httpOnly SameSite session cookie', async () => {
    const res = await call(ctx.app, 'global/login', { account: demoAdmin.account, password: demoAdmin.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 0,
      message: 'ok',
      data: {
        name: demoAdmin.name,
        config: { account: demoAdmin.account, role: 'admin', must_change_password: false },
      },
    });
    const cookie = res.response.cookies.find((c) => c.name === 'open_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/dzfront/open/' });
    const me = await call(ctx.app, 'global/check_user_login', {}, { cookie: `open_session=${cookie?.value ?? ''}` });
    expect(me.body.data).toMatchObject({ name: demoAdmin.name });
  });

  it('accepts the account in any letter case', async () => {
    const res = await call(ctx.app, 'global/login', { account: 'ADMIN', password: demoAdmin.password });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password and an unknown account with the same answer', async () => {
    const wrong = await call(ctx.app, 'global/login', { account: demoAdmin.account, password: 'nope' });
    const unknown = await call(ctx.app, 'global/login', { account: 'nobody', password: 'nope' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(errorCatalogue.wrongCredentials.code);
      expect(res.body.message).toBe('Wrong account or password.');
    }
  });

  it('refuses an empty or over-long login form', async () => {
    const empty = await call(ctx.app, 'global/login', { account: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toMatchObject({
      issues: [
        { field: 'account', reason: 'required' },
        { field: 'password', reason: 'required' },
      ],
    });
    const long = await call(ctx.app, 'global/login', { account: 'a'.repeat(limits.account + 1), password: 'x' });
    expect(long.status).toBe(400);
  });

  it('logs out: the session no longer works', async () => {
    const cookie = await loginAsAdmin(ctx.app);
    const out = await call(ctx.app, 'global/logout', {}, { cookie });
    expect(out.status).toBe(200);
    expect(out.response.cookies.find((c) => c.name === 'open_session')?.value).toBe('');
    const me = await call(ctx.app, 'global/check_user_login', {}, { cookie });
    expect(me.body.code).toBe(errorCatalogue.notLoggedIn.code);
  });

  it('ignores a forged session cookie', async () => {
    const me = await call(ctx.app, 'global/check_user_login', {}, { cookie: 'open_session=forged' });
    expect(me.body.code).toBe(errorCatalogue.notLoggedIn.code);
  });
});
