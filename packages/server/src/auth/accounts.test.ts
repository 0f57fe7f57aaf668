import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CmsAccount, LoginUser } from '@open/protocol/api';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import { demoAdmin } from '../demo-credentials.js';
import { call, createTestApp, loginAsAdmin, type TestContext } from '../../test/helpers.js';
import { loginAs } from '../../test/multipart.js';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await loginAsAdmin(ctx.app);
});
afterAll(() => ctx.close());

beforeEach(async () => {
  // Every test starts with the demo admin alone, enabled, and no failed sign-ins counted.
  await ctx.db.deleteFrom('admin_user').where('account', '!=', demoAdmin.account).execute();
  await ctx.db.updateTable('admin_user').set({ disabled: false, role: 'admin' }).execute();
  await ctx.db.deleteFrom('login_failure').execute();
  if ((await call(ctx.app, 'global/check_user_login', {}, { cookie: admin })).body.code !== 0) {
    admin = await loginAsAdmin(ctx.app);
  }
});

const PASSWORD = 'correct horse';

const expectError = (res: { status: number; body: { code: number } }, name: ErrorName) => {
  expect({ status: res.status, code: res.body.code }).toEqual({
    status: errorCatalogue[name].status,
    code: errorCatalogue[name].code,
  });
};

const save = (body: Record<string, unknown>, cookie = admin) =>
  call<CmsAccount>(ctx.app, 'cms/set_account_info', body, { cookie });

async function createAccount(account: string, role: 'admin' | 'editor', password = PASSWORD): Promise<CmsAccount> {
  const res = await save({ account, name: `${account} person`, role, password });
  expect(res.status).toBe(200);
  return res.body.data;
}

const signedIn = async (cookie: string) =>
  (await call<LoginUser>(ctx.app, 'global/check_user_login', {}, { cookie })).body.code === 0;

describe('who may manage accounts', () => {
  const adminCalls: [string, Record<string, unknown>][] = [
    ['cms/get_account_list', { page_number: -1 }],
    ['cms/set_account_info', { account: 'x', name: 'X', role: 'editor', password: PASSWORD }],
    ['cms/reset_account_password', { _id: 'x', password: PASSWORD }],
    ['cms/get_audit_list', { page_number: 1 }],
    ['cms/set_version_info', { name: 'v-editor' }],
    ['cms/remove_version_info', { _id: 'x' }],
  ];

  it.each(adminCalls)('%s: 401 without a session', async (path, body) => {
    expectError(await call(ctx.app, path, body), 'notLoggedIn');
  });

  it.each(adminCalls)('%s: 403 forbidden for an editor', async (path, body) => {
    await createAccount('editor1', 'editor');
    const editor = await loginAs(ctx.app, 'editor1', PASSWORD);
    const res = await call(ctx.app, path, body, { cookie: editor });
    expectError(res, 'forbidden');
    expect(res.body).toMatchObject({ message: 'Your role does not allow this. Ask an administrator.' });
  });

  it('an editor signs in with the editor role and may read content and change their own password', async () => {
    await createAccount('editor1', 'editor');
    const login = await call<LoginUser>(ctx.app, 'global/login', { account: 'EDITOR1', password: PASSWORD });
    expect(login.body.data.config).toEqual({ account: 'editor1', role: 'editor', must_change_password: false });
    const editor = await loginAs(ctx.app, 'editor1', PASSWORD);
    expect((await call(ctx.app, 'cms/get_version_list', { page_number: -1 }, { cookie: editor })).status).toBe(200);
    const own = await call(
      ctx.app,
      'cms/set_own_password',
      { old_password: PASSWORD, new_password: 'another secret' },
      { cookie: editor },
    );
    expect(own.status).toBe(200);
  });

  it('a role change applies to sessions already open', async () => {
    const account = await createAccount('editor1', 'editor');
    const cookie = await loginAs(ctx.app, 'editor1', PASSWORD);
    expectError(await call(ctx.app, 'cms/get_account_list', { page_number: -1 }, { cookie }), 'forbidden');
    await save({ _id: account._id, account: 'editor1', name: 'Promoted', role: 'admin' });
    expect((await call(ctx.app, 'cms/get_account_list', { page_number: -1 }, { cookie })).status).toBe(200);
  });
});

describe('cms/get_account_list', () => {
  it('lists every account with page_number -1, and pages otherwise; never a password hash', async () => {
    await createAccount('editor1', 'editor');
    await createAccount('editor2', 'editor');
    const all = await call<{ list: CmsAccount[]; total: number }>(
      ctx.app,
      'cms/get_account_list',
      { page_number: -1 },
      { cookie: admin },
    );
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list.map((a) => a.account)).toEqual(['admin', 'editor1', 'editor2']);
    expect(all.body.data.list[0]).toEqual({
      _id: expect.any(String) as string,
      account: 'admin',
      name: demoAdmin.name,
      role: 'admin',
      disabled: false,
      created_at: expect.any(String) as string,
    });
    expect(all.response.body).not.toMatch(/scrypt|password/);
    const page = await call<{ list: CmsAccount[]; total: number }>(
      ctx.app,
      'cms/get_account_list',
      { page_number: 2, page_size: 2 },
      { cookie: admin },
    );
    expect(page.body.data).toMatchObject({ total: 3, list: [{ account: 'editor2' }] });
  });

  it.each([{}, { page_number: 0 }, { page_number: -1, page_size: limits.pageSizeMax + 1 }, { page_number: 'all' }])(
    'refuses %o',
    async (body) => {
      expectError(await call(ctx.app, 'cms/get_account_list', body, { cookie: admin }), 'invalidField');
    },
  );
});

describe('cms/set_account_info', () => {
  it('creates an account who can sign in, and edits it', async () => {
    const created = await createAccount('writer', 'editor');
    expect(created).toMatchObject({ account: 'writer', name: 'writer person', role: 'editor', disabled: false });
    const edited = await save({ _id: created._id, account: 'writer2', name: 'Writer Two', role: 'editor' });
    expect(edited.body.data).toMatchObject({ _id: created._id, account: 'writer2', name: 'Writer Two' });
    await loginAs(ctx.app, 'writer2', PASSWORD);
  });

  it('needs a password to create an account', async () => {
    const res = await save({ account: 'nopass', name: 'No Pass', role: 'editor' });
    expectError(res, 'invalidField');
    expect(res.body.data).toEqual({
      issues: [{ field: 'password', reason: 'required', message: '“password” is required.' }],
    });
  });

  it('refuses a taken account name, whatever its letter case', async () => {
    await createAccount('writer', 'editor');
    expectError(await save({ account: 'WRITER', name: 'Other', role: 'editor', password: PASSWORD }), 'accountTaken');
    const other = await createAccount('other', 'editor');
    expectError(await save({ _id: other._id, account: 'Admin', name: 'Other', role: 'editor' }), 'accountTaken');
  });

  it('answers accountNotFound for an unknown _id', async () => {
    expectError(await save({ _id: 'missing', account: 'ghost', name: 'Ghost', role: 'editor' }), 'accountNotFound');
  });

  it.each([
    [{ account: 'has space', name: 'N', role: 'editor', password: PASSWORD }, 'account', 'notAllowed'],
    [{ account: '', name: 'N', role: 'editor', password: PASSWORD }, 'account', 'required'],
    [{ account: 'a'.repeat(limits.account + 1), name: 'N', role: 'editor', password: PASSWORD }, 'account', 'tooLong'],
    [{ account: 'ok', name: 'N'.repeat(limits.personName + 1), role: 'editor', password: PASSWORD }, 'name', 'tooLong'],
    [{ account: 'ok', name: 'N', role: 'root', password: PASSWORD }, 'role', 'notAllowed'],
    [{ account: 'ok', name: 'N', role: 'editor', password: 'short' }, 'password', 'tooShort'],
    [{ account: 'ok', name: 'N', role: 'editor', password: 'x'.repeat(limits.password + 1) }, 'password', 'tooLong'],
    [{ account: 'ok', name: 'N', role: 'editor', password: demoAdmin.password }, 'password', 'weakPassword'],
    [{ account: 'ok', name: 'N', role: 'editor', password: 'ADMIN@OPEN' }, 'password', 'weakPassword'],
    [{ account: 'wangwei', name: 'Wang Wei', role: 'editor', password: 'wangwei2026' }, 'password', 'weakPassword'],
    [{ account: 'wangwei', name: 'Wang Wei', role: 'editor', password: 'iewgnaw@cms' }, 'password', 'weakPassword'],
    [{ account: 'ok', name: 'N', role: 'editor', password: PASSWORD, disabled: 'yes' }, 'disabled', 'wrongType'],
    [{ account: 'ok', name: 'N', role: 'editor', password: PASSWORD, is_admin: true }, 'is_admin', 'unknown'],
  ])('refuses %o (%s: %s)', async (body, field, reason) => {
    const res = await save(body);
    expectError(res, 'invalidField');
    expect(res.body.data).toMatchObject({ issues: [{ field, reason }] });
  });

  it('keeps one active admin: the last one can be neither demoted nor disabled', async () => {
    const [me] = (
      await call<{ list: CmsAccount[] }>(ctx.app, 'cms/get_account_list', { page_number: -1 }, { cookie: admin })
    ).body.data.list;
    if (!me) throw new Error('no admin');
    expectError(await save({ _id: me._id, account: 'admin', name: 'Me', role: 'editor' }), 'lastAdmin');

    const second = await createAccount('second', 'admin');
    const secondCookie = await loginAs(ctx.app, 'second', PASSWORD);
    // With two admins, one may be demoted; then the other is the last again.
    expect((await save({ _id: second._id, account: 'second', name: 'S', role: 'editor' })).status).toBe(200);
    expectError(await save({ _id: me._id, account: 'admin', name: 'Me', role: 'editor' }), 'lastAdmin');
    // A disabled admin does not count.
    await save({ _id: second._id, account: 'second', name: 'S', role: 'admin', disabled: true });
    expectError(await save({ _id: me._id, account: 'admin', name: 'Me', role: 'editor' }), 'lastAdmin');
    await save({ _id: second._id, account: 'second', name: 'S', role: 'admin', disabled: false });
    const secondAgain = await loginAs(ctx.app, 'second', PASSWORD);
    // An admin may disable another admin, but not themselves.
    const self = await save(
      { _id: second._id, account: 'second', name: 'S', role: 'admin', disabled: true },
      secondAgain,
    );
    expectError(self, 'invalidField');
    expect(self.body.data).toMatchObject({ issues: [{ field: 'disabled', reason: 'notAllowed' }] });
    expect(secondCookie).not.toBe(secondAgain);
  });

  it('disabling an account ends its sessions at once, and it cannot sign in', async () => {
    const editor = await createAccount('editor1', 'editor');
    const cookie = await loginAs(ctx.app, 'editor1', PASSWORD);
    expect(await signedIn(cookie)).toBe(true);
    await save({ _id: editor._id, account: 'editor1', name: 'E', role: 'editor', disabled: true });
    expect(await signedIn(cookie)).toBe(false);
    expectError(await call(ctx.app, 'cms/get_version_list', { page_number: -1 }, { cookie }), 'notLoggedIn');
    const refused = await call(ctx.app, 'global/login', { account: 'editor1', password: PASSWORD });
    expectError(refused, 'accountDisabled');
    expect(refused.response.cookies).toEqual([]);
    // Only someone who knows the password learns that the account is disabled.
    expectError(await call(ctx.app, 'global/login', { account: 'editor1', password: 'wrong one' }), 'wrongCredentials');
    await save({ _id: editor._id, account: 'editor1', name: 'E', role: 'editor', disabled: false });
    await loginAs(ctx.app, 'editor1', PASSWORD);
  });

  it('a session stops working at once even if its account is disabled behind the service', async () => {
    await createAccount('editor1', 'editor');
    const cookie = await loginAs(ctx.app, 'editor1', PASSWORD);
    await ctx.db.updateTable('admin_user').set({ disabled: true }).where('account', '=', 'editor1').execute();
    expect(await signedIn(cookie)).toBe(false);
  });
});

describe('cms/reset_account_password', () => {
  it("sets the password and ends that user's sessions", async () => {
    const editor = await createAccount('editor1', 'editor');
    const cookie = await loginAs(ctx.app, 'editor1', PASSWORD);
    const res = await call<CmsAccount>(
      ctx.app,
      'cms/reset_account_password',
      { _id: editor._id, password: 'brand new secret' },
      { cookie: admin },
    );
    expect(res.body.data).toMatchObject({ _id: editor._id, account: 'editor1' });
    expect(await signedIn(cookie)).toBe(false);
    expectError(await call(ctx.app, 'global/login', { account: 'editor1', password: PASSWORD }), 'wrongCredentials');
    await loginAs(ctx.app, 'editor1', 'brand new secret');
    expect(await signedIn(admin)).toBe(true);
  });

  it.each([
    [{ _id: 'missing', password: PASSWORD }, 'accountNotFound'],
    [{ _id: 'x', password: 'short' }, 'invalidField'],
    [{ password: PASSWORD }, 'invalidField'],
    [{ _id: 'x', password: demoAdmin.password }, 'invalidField'],
    [{ _id: 'x', password: 'admin@open!' }, 'invalidField'],
  ] as const)('refuses %o with %s', async (body, name) => {
    expectError(await call(ctx.app, 'cms/reset_account_password', body, { cookie: admin }), name);
  });
});

describe('cms/set_own_password', () => {
  it("changes the caller's password and ends their other sessions, not this one", async () => {
    await createAccount('editor1', 'editor');
    const here = await loginAs(ctx.app, 'editor1', PASSWORD);
    const elsewhere = await loginAs(ctx.app, 'editor1', PASSWORD);
    const res = await call(
      ctx.app,
      'cms/set_own_password',
      { old_password: PASSWORD, new_password: 'my new secret' },
      { cookie: here },
    );
    expect(res.body).toEqual({ code: 0, message: 'ok', data: {} });
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    await loginAs(ctx.app, 'editor1', 'my new secret');
  });

  it('refuses a wrong old password as a failed sign-in, counted by the same throttle', async () => {
    await createAccount('editor1', 'editor');
    const cookie = await loginAs(ctx.app, 'editor1', PASSWORD);
    for (let i = 0; i < limits.loginFailuresAllowed; i++) {
      const res = await call(
        ctx.app,
        'cms/set_own_password',
        { old_password: `guess ${i}`, new_password: 'whatever you say' },
        { cookie },
      );
      expectError(res, 'wrongCredentials');
    }
    const blocked = await call(
      ctx.app,
      'cms/set_own_password',
      { old_password: PASSWORD, new_password: 'whatever you say' },
      { cookie },
    );
    expectError(blocked, 'tooManyLoginAttempts');
    // The same count stops signing in to that account from this address.
    expectError(
      await call(ctx.app, 'global/login', { account: 'editor1', password: PASSWORD }),
      'tooManyLoginAttempts',
    );
  });

  it.each([
    [{ old_password: PASSWORD, new_password: 'short' }, 'new_password', 'tooShort'],
    [{ old_password: PASSWORD, new_password: demoAdmin.password }, 'new_password', 'weakPassword'],
    [{ old_password: PASSWORD, new_password: '        ' }, 'new_password', 'weakPassword'],
    [{ old_password: PASSWORD, new_password: 'password' }, 'new_password', 'weakPassword'],
    [{ old_password: PASSWORD, new_password: '12345678' }, 'new_password', 'weakPassword'],
    [{ old_password: PASSWORD, new_password: 'editor1-2024' }, 'new_password', 'weakPassword'],
    [{ old_password: PASSWORD, new_password: 'editor1editor1' }, 'new_password', 'weakPassword'],
    [{ old_password: PASSWORD, new_password: 'Editor1 Person!' }, 'new_password', 'weakPassword'],
    [{ old_password: PASSWORD, new_password: 'Admin@open' }, 'new_password', 'weakPassword'],
    [{ old_password: PASSWORD, new_password: PASSWORD }, 'new_password', 'reusedPassword'],
    [{ old_password: '', new_password: 'long enough' }, 'old_password', 'required'],
    [{ new_password: 'long enough' }, 'old_password', 'required'],
  ])('refuses %o (%s: %s)', async (body, field, reason) => {
    await createAccount('editor1', 'editor');
    const cookie = await loginAs(ctx.app, 'editor1', PASSWORD);
    const res = await call(ctx.app, 'cms/set_own_password', body, { cookie });
    expectError(res, 'invalidField');
    expect(res.body.data).toMatchObject({ issues: [{ field, reason }] });
  });

  it('needs a session', async () => {
    expectError(
      await call(ctx.app, 'cms/set_own_password', { old_password: 'a', new_password: 'long enough' }),
      'notLoggedIn',
    );
  });
});
