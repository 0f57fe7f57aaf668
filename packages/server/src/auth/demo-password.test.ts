import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginUser } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import { buildApp } from '../app.js';
import { systemClock } from '../clock.js';
import { noReadCache } from '../db/read-cache.js';
import { demoAdmin, demoAgentPassword } from '../demo-credentials.js';
import { seedIfEmpty } from '../seed/seed.js';
import { createLifecycle } from '../lifecycle.js';
import { createServices } from '../services.js';
import { call, createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { loginAs } from '../../test/multipart.js';
import { hashPassword } from './password.js';

/**
 * One database, two servers: one bound to every address (HOST is not loopback), one to
 * loopback only. Each test puts the seeded admin back on the demo password first.
 */
let database: TestDatabase;
let exposed: FastifyInstance;
let local: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  exposed = await buildApp({ db: database.db, requireDemoPasswordChange: true });
  local = await buildApp({ db: database.db });
});
afterAll(async () => {
  await exposed.close();
  await local.close();
  await database.close();
});

const services = () =>
  createServices({ db: database.db, readCache: noReadCache, clock: systemClock, lifecycle: createLifecycle() });

async function backToDemoPassword(demo: boolean | null = true) {
  const passwordHash = await hashPassword(demoAdmin.password);
  await database.db.updateTable('admin_user').set({ password_hash: passwordHash, demo_password: demo }).execute();
}

describe('the published demo password on a server others can reach', () => {
  it('must be changed before anything else', async () => {
    await backToDemoPassword();
    const login = await call<LoginUser>(exposed, 'global/login', {
      account: demoAdmin.account,
      password: demoAdmin.password,
    });
    expect(login.body.data.config).toEqual({ account: 'admin', role: 'admin', must_change_password: true });
    const cookie = await loginAs(exposed, demoAdmin.account, demoAdmin.password);

    // Every guarded call but the change itself is refused, reads and writes alike.
    for (const [path, body] of [
      ['cms/get_version_list', { page_number: -1 }],
      ['cms/get_account_list', { page_number: -1 }],
      ['cms/set_version_info', { name: 'v-locked' }],
      ['cms/reset_account_password', { _id: 'x', password: 'long enough' }],
    ] as const) {
      const res = await call(exposed, path, body, { cookie });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: errorCatalogue.passwordChangeRequired.code,
        message: 'Change the demo password before you continue.',
      });
    }
    // Who am I, and signing out, stay open.
    const me = await call<LoginUser>(exposed, 'global/check_user_login', {}, { cookie });
    expect(me.body.data.config.must_change_password).toBe(true);

    // Changing it to the demo password again changes nothing, so it is refused.
    const same = await call(
      exposed,
      'cms/set_own_password',
      { old_password: demoAdmin.password, new_password: demoAdmin.password },
      { cookie },
    );
    expect(same.body.data).toMatchObject({ issues: [{ field: 'new_password', reason: 'reusedPassword' }] });

    const changed = await call(
      exposed,
      'cms/set_own_password',
      { old_password: demoAdmin.password, new_password: 'a secret of mine' },
      { cookie },
    );
    expect(changed.status).toBe(200);
    expect((await call(exposed, 'cms/get_version_list', { page_number: -1 }, { cookie })).status).toBe(200);
    const after = await call<LoginUser>(exposed, 'global/check_user_login', {}, { cookie });
    expect(after.body.data.config.must_change_password).toBe(false);
    expect((await call(exposed, 'global/logout', {}, { cookie })).status).toBe(200);
  });
});

describe('a new password close to the published one (issue #38)', () => {
  it.each(['Admin@open', 'ADMIN@OPEN', 'admin@open!', 'adminadmin', 'dzfront2026', 'Demo Admin 2026'])(
    'is refused at the forced change (%j), and signs nobody in',
    async (password) => {
      await backToDemoPassword();
      await database.db.deleteFrom('login_failure').execute();
      const cookie = await loginAs(exposed, demoAdmin.account, demoAdmin.password);
      const res = await call(
        exposed,
        'cms/set_own_password',
        { old_password: demoAdmin.password, new_password: password },
        { cookie },
      );
      expect(res.body).toMatchObject({
        code: errorCatalogue.invalidField.code,
        data: { issues: [{ field: 'new_password', reason: 'weakPassword' }] },
      });
      const login = await call<LoginUser>(exposed, 'global/login', { account: demoAdmin.account, password });
      expect(login.body.code).toBe(errorCatalogue.wrongCredentials.code);
      expect(login.response.cookies.find((cookie) => cookie.name === 'open_session')).toBeUndefined();
      const me = await call<LoginUser>(exposed, 'global/check_user_login', {}, { cookie });
      expect(me.body.data.config.must_change_password).toBe(true);
    },
  );
});

describe('the demo password on loopback', () => {
  it('may stay: a server only this machine reaches asks nothing', async () => {
    await backToDemoPassword();
    const login = await call<LoginUser>(local, 'global/login', {
      account: demoAdmin.account,
      password: demoAdmin.password,
    });
    expect(login.body.data.config.must_change_password).toBe(false);
    const cookie = await loginAs(local, demoAdmin.account, demoAdmin.password);
    expect((await call(local, 'cms/get_account_list', { page_number: -1 }, { cookie })).status).toBe(200);
  });
});

describe("the demo agents' published password", () => {
  it('gets no login token on a server others can reach, and says what to do; on loopback it does', async () => {
    const body = { account: 'lina@demo.example.com', password: demoAgentPassword };
    const refused = await call(exposed, 'basic/get_login_token', body);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: errorCatalogue.demoAgentPasswordRefused.code });
    expect(refused.body.message).toContain('Ask an administrator to set a new password in the CMS');
    // A wrong password is still just wrong: the refusal tells only someone who typed the right one.
    const wrong = await call(exposed, 'basic/get_login_token', { ...body, password: 'not the password' });
    expect(wrong.body.code).toBe(errorCatalogue.basicLoginFailed.code);
    expect((await call(local, 'basic/get_login_token', body)).status).toBe(200);
  });
});

describe('ADMIN_PASSWORD', () => {
  it('seeds the admin with it: nothing to change, the demo password does not work', async () => {
    // An empty database, seeded as a first start with ADMIN_PASSWORD set.
    await database.db.deleteFrom('admin_user').execute();
    await database.db.deleteFrom('version').execute();
    await database.db.deleteFrom('tenant').execute();
    expect(await seedIfEmpty(database.db, { adminPassword: 'set by the operator' })).toBe(true);
    expect(await services().accounts.settleDemoPasswords('set by the operator')).toEqual([]);
    const refused = await call(exposed, 'global/login', { account: 'admin', password: demoAdmin.password });
    expect(refused.status).toBe(401);
    const login = await call<LoginUser>(exposed, 'global/login', { account: 'admin', password: 'set by the operator' });
    expect(login.body.data.config.must_change_password).toBe(false);
  });

  it('replaces the demo password where it is still in use, and never a password somebody chose', async () => {
    {
      const { accounts } = services();
      // A database seeded before the demo password was recorded: learnt once, at start.
      await backToDemoPassword(null);
      expect(await accounts.settleDemoPasswords(undefined)).toEqual(['admin']);
      const demoSession = await loginAs(exposed, 'admin', demoAdmin.password);

      // A restart with ADMIN_PASSWORD set: the demo password goes, and so do its sessions.
      expect(await accounts.settleDemoPasswords('first operator choice')).toEqual([]);
      expect((await call(exposed, 'global/check_user_login', {}, { cookie: demoSession })).body.code).toBe(
        errorCatalogue.notLoggedIn.code,
      );
      const cookie = await loginAs(exposed, 'admin', 'first operator choice');
      expect((await call(exposed, 'cms/get_version_list', { page_number: -1 }, { cookie })).status).toBe(200);

      // The admin then picks their own; a later restart with another ADMIN_PASSWORD keeps it.
      await call(
        exposed,
        'cms/set_own_password',
        { old_password: 'first operator choice', new_password: 'the admin chose this' },
        { cookie },
      );
      expect(await accounts.settleDemoPasswords('second operator choice')).toEqual([]);
      await loginAs(exposed, 'admin', 'the admin chose this');
      expect(
        (await call(exposed, 'global/login', { account: 'admin', password: 'second operator choice' })).status,
      ).toBe(401);
    }
  });
});
