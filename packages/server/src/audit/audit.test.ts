import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, CmsAccount, CmsVersion } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import { demoAdmin } from '../demo-credentials.js';
import { call, createTestApp, loginAsAdmin, type TestContext } from '../../test/helpers.js';
import { loginAs } from '../../test/multipart.js';
import { redact, targetOf, targetTypeOf } from './audit-call.js';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  // Behind one trusted proxy: the address recorded is the client's, as Fastify sees it.
  ctx = await createTestApp({ trustProxy: 1 });
  admin = await loginAsAdmin(ctx.app);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('audit_log').execute();
  await ctx.db.deleteFrom('login_failure').execute();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });

async function entries(filter: Record<string, unknown> = {}, cookie = admin) {
  const res = await call<{ list: AuditEntry[]; total: number }>(
    ctx.app,
    'cms/get_audit_list',
    { page_number: -1, ...filter },
    { cookie },
  );
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('what the audit trail records', () => {
  it('a sign-in, with who, from where, and never the password', async () => {
    await call(
      ctx.app,
      'global/login',
      { account: demoAdmin.account, password: demoAdmin.password },
      { headers: from('203.0.113.9') },
    );
    const { list } = await entries({ action: 'global/login' });
    expect(list).toEqual([
      {
        _id: expect.any(String) as string,
        at: expect.any(String) as string,
        actor: 'admin',
        action: 'global/login',
        target_type: 'session',
        target_id: expect.any(String) as string,
        target_name: 'admin',
        ip: '203.0.113.9',
        detail: { body: { account: 'admin', password: '[redacted]' } },
      },
    ]);
    const rows = await ctx.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(demoAdmin.password);
  });

  it('a failed sign-in, with the account tried', async () => {
    await call(
      ctx.app,
      'global/login',
      { account: 'Mallory', password: 'guess one' },
      { headers: from('198.51.100.4') },
    );
    await call(ctx.app, 'global/login', { account: 'admin', password: 'guess two' }, { headers: from('198.51.100.4') });
    const { list } = await entries({ action: 'global/login' });
    expect(list.map((e) => [e.actor, e.target_name, e.ip, e.detail.refused])).toEqual([
      [null, 'admin', '198.51.100.4', 'wrongCredentials'],
      [null, 'Mallory', '198.51.100.4', 'wrongCredentials'],
    ]);
    expect(JSON.stringify(list)).not.toMatch(/guess/);
  });

  it('a sign-out with who it was; a sign-out without a session is nothing', async () => {
    const cookie = await loginAsAdmin(ctx.app);
    await call(ctx.app, 'global/logout', {}, { cookie });
    await call(ctx.app, 'global/logout', {});
    const { list } = await entries({ action: 'global/logout' });
    expect(list.map((e) => [e.actor, e.target_type, e.target_name])).toEqual([['admin', 'session', 'admin']]);
  });

  it('every write, with the thing it changed', async () => {
    const created = await call<CmsVersion>(ctx.app, 'cms/set_version_info', { name: 'v-audit' }, { cookie: admin });
    await call(ctx.app, 'cms/remove_version_info', { _id: created.body.data._id }, { cookie: admin });
    const { list } = await entries({ target_type: 'version' });
    expect(list.map((e) => [e.action, e.actor, e.target_id, e.target_name])).toEqual([
      ['cms/remove_version_info', 'admin', created.body.data._id, null],
      ['cms/set_version_info', 'admin', created.body.data._id, 'v-audit'],
    ]);
    expect(list[1]?.detail).toEqual({ body: { name: 'v-audit' } });
  });

  it('account changes without their passwords, and refused role attempts', async () => {
    const created = await call<CmsAccount>(
      ctx.app,
      'cms/set_account_info',
      { account: 'auditee', name: 'Audited Editor', role: 'editor', password: 'editor secret' },
      { cookie: admin },
    );
    const editor = await loginAs(ctx.app, 'auditee', 'editor secret');
    await call(ctx.app, 'cms/get_account_list', { page_number: -1 }, { cookie: editor });
    await call(
      ctx.app,
      'cms/set_own_password',
      { old_password: 'not it', new_password: 'something new' },
      { cookie: editor },
    );
    const { list } = await entries({ target_type: 'account' });
    expect(list.map((e) => [e.action, e.actor, e.target_name, e.detail.refused ?? null])).toEqual([
      ['cms/set_own_password', 'auditee', 'auditee', 'wrongCredentials'],
      ['cms/get_account_list', 'auditee', null, 'forbidden'],
      ['cms/set_account_info', 'admin', 'auditee', null],
    ]);
    expect(list[2]?.target_id).toBe(created.body.data._id);
    expect(JSON.stringify(list)).not.toMatch(/secret|not it|something new/);
    await ctx.db.deleteFrom('admin_user').where('account', '=', 'auditee').execute();
  });
});

describe('cms/get_audit_list', () => {
  beforeEach(async () => {
    for (const name of ['v-a', 'v-b', 'v-c']) {
      const res = await call<CmsVersion>(ctx.app, 'cms/set_version_info', { name }, { cookie: admin });
      await call(ctx.app, 'cms/remove_version_info', { _id: res.body.data._id }, { cookie: admin });
    }
  });

  it('lists newest first, pages, and says how many there are', async () => {
    const all = await entries();
    expect(all.total).toBe(6);
    expect(all.list.map((e) => e.action)).toEqual([
      'cms/remove_version_info',
      'cms/set_version_info',
      'cms/remove_version_info',
      'cms/set_version_info',
      'cms/remove_version_info',
      'cms/set_version_info',
    ]);
    const page = await entries({ page_number: 2, page_size: 4 });
    expect(page.total).toBe(6);
    expect(page.list.map((e) => e._id)).toEqual(all.list.slice(4).map((e) => e._id));
  });

  it('filters by actor (any letter case), action, target type and time', async () => {
    expect((await entries({ actor: 'ADMIN' })).total).toBe(6);
    expect((await entries({ actor: 'nobody' })).total).toBe(0);
    expect((await entries({ action: 'cms/set_version_info' })).list.map((e) => e.target_name)).toEqual([
      'v-c',
      'v-b',
      'v-a',
    ]);
    expect((await entries({ target_type: 'account' })).total).toBe(0);
    const [newest] = (await entries()).list;
    if (!newest) throw new Error('no entry');
    expect((await entries({ from: newest.at })).list.map((e) => e._id)).toContain(newest._id);
    expect((await entries({ to: newest.at })).list.map((e) => e._id)).not.toContain(newest._id);
    expect((await entries({ from: '2000-01-01', to: '2000-01-02' })).total).toBe(0);
  });

  it.each([
    [{ page_number: 0 }, 'page_number'],
    [{ page_number: 1, from: 'yesterday' }, 'from'],
    [{ page_number: 1, to: '99999-01-01' }, 'to'],
    [{ page_number: 1, action: 'a'.repeat(65) }, 'action'],
    [{ page_number: 1, actor: 'x'.repeat(65) }, 'actor'],
    [{ page_number: 1, target: 'version' }, 'target'],
    [{ page_number: 1, target_type: 7 }, 'target_type'],
  ])('refuses %o', async (body, field) => {
    const res = await call(ctx.app, 'cms/get_audit_list', body, { cookie: admin });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ issues: [{ field }] });
  });

  it('is for admins only', async () => {
    expect((await call(ctx.app, 'cms/get_audit_list', { page_number: 1 })).body.code).toBe(
      errorCatalogue.notLoggedIn.code,
    );
  });
});

describe('the audit description of a call', () => {
  it('names the kind of thing a call acts on', () => {
    expect(targetTypeOf('cms/set_category_status')).toBe('category');
    expect(targetTypeOf('cms/upload_attachment_file')).toBe('attachment');
    expect(targetTypeOf('cms/reset_account_password')).toBe('account');
    expect(targetTypeOf('cms/set_own_password')).toBe('account');
    expect(targetTypeOf('global/login')).toBe('session');
    expect(targetTypeOf('cms/render_markdown')).toBe('cms');
  });

  it('finds the target in the answer, then the body', () => {
    expect(targetOf('cms/set_resource_info', { _id: 'old' }, { _id: 'r1', title: 'Intro' })).toEqual({
      type: 'resource',
      id: 'r1',
      name: 'Intro',
    });
    expect(targetOf('cms/remove_category_info', { _id: 'c1' }, { _id: 'c1' })).toEqual({
      type: 'category',
      id: 'c1',
      name: null,
    });
  });

  it('keeps a bounded copy of the body without secrets', () => {
    const body = {
      password: 'p',
      nested: { new_password: 'q', token: 't', keep: 'yes' },
      long: 'x'.repeat(1000),
      list: Array.from({ length: 50 }, (_, i) => i),
      deep: { a: { b: { c: { d: { e: 1 } } } } },
    };
    const copy = redact(body) as Record<string, unknown>;
    expect(copy.password).toBe('[redacted]');
    expect(copy.nested).toEqual({ new_password: '[redacted]', token: '[redacted]', keep: 'yes' });
    expect(copy.long).toBe(`${'x'.repeat(200)}…`);
    expect(copy.list).toHaveLength(21);
    expect(JSON.stringify(copy.deep)).toBe('{"a":{"b":{"c":"{…}"}}}');
  });
});
