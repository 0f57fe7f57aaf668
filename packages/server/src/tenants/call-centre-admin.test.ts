import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CmsAgent, CmsTenant, LoginToken } from '@open/protocol/api';
import { closeCodes, type TenantInfo } from '@open/protocol/cti/protocol';
import { errorCatalogue, type ErrorName, type FieldIssue } from '@open/protocol/errors';
import { DEFAULT_LANG } from '@open/protocol/locales';
import { demoAdmin, demoAgentPassword } from '../demo-credentials.js';
import { demoAgents, demoDisplayNumbers, demoNotReadyReasons, demoWrapUpCodes } from '../seed/demo-tenant.js';
import { CtiClient, loginToken } from '../../test/cti-client.js';
import { call, createTestApp, loginAsAdmin, type CallOptions, type TestContext } from '../../test/helpers.js';

/**
 * The CMS calls that manage the call centre (issue #8): tenants, their SSO token and their agents,
 * through the HTTP API, with what an online agent's phone hears of it over the real socket.
 */

let ctx: TestContext;
let admin: string;
let base: string;
let demoId: string;
/** The seeded agents' ids by e-mail address. */
const demoAgentIds = new Map<string, string>();
const clients: CtiClient[] = [];

const LINA = demoAgents[0];
const WANG = demoAgents[1];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await loginAsAdmin(ctx.app);
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  demoId = (await ctx.db.selectFrom('tenant').select('id').executeTakeFirstOrThrow()).id;
  for (const agent of await ctx.db.selectFrom('agent').select(['id', 'email']).execute()) {
    if (agent.email) demoAgentIds.set(agent.email, agent.id);
  }
  expect(demoAgentIds.size).toBe(demoAgents.length);
});
afterAll(async () => {
  for (const client of clients) client.drop();
  await ctx.close();
});

beforeEach(async () => {
  // Every test starts with the demo tenant alone, as seeded, its agents enabled, and no failures.
  await ctx.db
    .deleteFrom('agent')
    .where('id', 'not in', [...demoAgentIds.values()])
    .execute();
  await ctx.db.deleteFrom('tenant').where('id', '!=', demoId).execute();
  await ctx.db
    .updateTable('tenant')
    .set({
      name: 'Demo tenant',
      default_lang: DEFAULT_LANG,
      acw_seconds: 15,
      not_ready_reasons: JSON.stringify(demoNotReadyReasons),
      display_numbers: JSON.stringify(demoDisplayNumbers),
    })
    .execute();
  await ctx.db.updateTable('agent').set({ disabled: false }).execute();
  await ctx.db.deleteFrom('login_failure').execute();
  await ctx.db.deleteFrom('admin_user').where('account', '!=', demoAdmin.account).execute();
});
afterEach(() => {
  for (const client of clients.splice(0)) client.drop();
});

const expectError = (res: { status: number; body: { code: number } }, name: ErrorName) => {
  expect({ status: res.status, code: res.body.code }).toEqual({
    status: errorCatalogue[name].status,
    code: errorCatalogue[name].code,
  });
};

/** The fields an `invalidField` answer names. */
const issueFields = (res: { body: { data: unknown } }) =>
  (res.body.data as { issues: FieldIssue[] }).issues.map((issue) => issue.field);

interface List<T> {
  list: T[];
  total: number;
}

const asAdmin = (options: CallOptions = {}): CallOptions => ({ cookie: admin, ...options });

const listTenants = (body: Record<string, unknown> = { page_number: -1 }) =>
  call<List<CmsTenant>>(ctx.app, 'cms/get_tenant_list', body, asAdmin());
const setTenant = (body: Record<string, unknown>, options?: CallOptions) =>
  call<CmsTenant>(ctx.app, 'cms/set_tenant_info', body, asAdmin(options));
const resetSsoToken = (_id: string) => call<CmsTenant>(ctx.app, 'cms/reset_tenant_sso_token', { _id }, asAdmin());
const listAgents = (body: Record<string, unknown>) =>
  call<List<CmsAgent>>(ctx.app, 'cms/get_agent_list', { page_number: -1, ...body }, asAdmin());
const setAgent = (body: Record<string, unknown>, options?: CallOptions) =>
  call<CmsAgent>(ctx.app, 'cms/set_agent_info', body, asAdmin(options));
const removeAgent = (_id: string) => call<{ _id: string }>(ctx.app, 'cms/remove_agent_info', { _id }, asAdmin());

const basicLogin = (account: string, password: string) =>
  call<LoginToken>(ctx.app, 'basic/get_login_token', { account, password });
const ssoSignature = (sso_token: string, account_type: string, account: string) =>
  call<{ signature: string; expires_at: string }>(ctx.app, 'basic/get_sso_signature', {
    sso_token,
    account_type,
    account,
  });

const tenantBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme support',
  default_lang: 'en',
  acw_seconds: 30,
  not_ready_reasons: [
    { id: 'break', name: 'Break' },
    { id: 'call-back_2', name: 'Calling back' },
  ],
  display_numbers: ['+4930123456', '4930999'],
  ...overrides,
});

async function createTenant(overrides: Record<string, unknown> = {}): Promise<CmsTenant> {
  const res = await setTenant(tenantBody(overrides));
  expect(res.status).toBe(200);
  return res.body.data;
}

const agentBody = (tenantId: string, overrides: Record<string, unknown> = {}) => ({
  tenant_id: tenantId,
  name: 'Nadia Novak',
  email: 'Nadia.Novak@Example.COM',
  employee_no: 'E-77',
  mobile: '+8613900000077',
  extension: '9077',
  role: 'agent',
  assistant_robot: false,
  ...overrides,
});

async function createAgent(tenantId: string, overrides: Record<string, unknown> = {}): Promise<CmsAgent> {
  const res = await setAgent(agentBody(tenantId, overrides));
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The body that saves a demo agent as seeded, but for `overrides`. */
const demoAgentBody = (agent: (typeof demoAgents)[number], overrides: Record<string, unknown> = {}) => ({
  _id: demoAgentIds.get(agent.email),
  tenant_id: demoId,
  name: agent.name,
  email: agent.email,
  employee_no: agent.employee_no,
  mobile: agent.mobile,
  extension: agent.extension,
  role: agent.role,
  assistant_robot: agent.assistant_robot,
  ...overrides,
});

/** A phone signed in as `account` (password `agent@open` unless said) and ready. */
async function online(account: string, password?: string) {
  const client = await CtiClient.connect(base);
  clients.push(client);
  const ready = await client.auth(await loginToken(ctx.app, account, password));
  return { client, ready };
}

const demoTenantBody = (overrides: Record<string, unknown> = {}) => ({
  _id: demoId,
  name: 'Demo tenant',
  default_lang: DEFAULT_LANG,
  acw_seconds: 15,
  not_ready_reasons: demoNotReadyReasons,
  display_numbers: demoDisplayNumbers,
  ...overrides,
});

describe('cms/get_tenant_list', () => {
  it('lists the demo tenant with its agents, reasons, numbers and SSO token, never its signing key', async () => {
    const demo = await ctx.db.selectFrom('tenant').selectAll().where('id', '=', demoId).executeTakeFirstOrThrow();
    const res = await listTenants();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total: 1,
      list: [
        {
          _id: demoId,
          name: 'Demo tenant',
          default_lang: DEFAULT_LANG,
          acw_seconds: 15,
          not_ready_reasons: demoNotReadyReasons,
          display_numbers: demoDisplayNumbers,
          wrap_up_codes: demoWrapUpCodes,
          sso_token: demo.sso_token,
          agent_count: demoAgents.length,
          created_at: expect.any(String) as string,
          updated_at: expect.any(String) as string,
        },
      ],
    });
    expect(res.response.body).not.toContain(demo.signing_key);
    expect(res.response.body).not.toContain('signing_key');
  });

  it('lists every tenant with page_number -1, oldest first, and pages otherwise', async () => {
    const first = await createTenant({ name: 'First' });
    const second = await createTenant({ name: 'Second' });
    await createAgent(second._id);
    const all = await listTenants();
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list.map((t) => [t.name, t.agent_count])).toEqual([
      ['Demo tenant', 4],
      ['First', 0],
      ['Second', 1],
    ]);
    const page = await listTenants({ page_number: 2, page_size: 1 });
    expect(page.body.data).toMatchObject({ total: 3, list: [{ _id: first._id }] });
    const past = await listTenants({ page_number: 3, page_size: 2 });
    expect(past.body.data).toEqual({ total: 3, list: [] });
  });

  it.each([{}, { page_number: 0 }, { page_number: 'all' }, { page_number: 1, page_size: 0 }])(
    'refuses %o',
    async (body) => {
      expectError(await listTenants(body), 'invalidField');
    },
  );
});

describe('cms/set_tenant_info', () => {
  it('creates a tenant with fresh secrets of its own, and updates it without touching them', async () => {
    const created = await createTenant();
    expect(created).toEqual({
      _id: expect.any(String) as string,
      ...tenantBody(),
      wrap_up_codes: [],
      sso_token: expect.stringMatching(/^[\w-]{43}$/) as string,
      agent_count: 0,
      created_at: expect.any(String) as string,
      updated_at: expect.any(String) as string,
    });
    const other = await createTenant({ name: 'Other' });
    expect(other._id).not.toBe(created._id);
    expect(other.sso_token).not.toBe(created.sso_token);
    const rows = await ctx.db.selectFrom('tenant').select(['sso_token', 'signing_key']).execute();
    expect(new Set(rows.map((r) => r.sso_token)).size).toBe(3);
    expect(new Set(rows.map((r) => r.signing_key)).size).toBe(3);
    const secrets = await ctx.db
      .selectFrom('tenant')
      .select('signing_key')
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();

    const changes = {
      _id: created._id,
      name: 'Acme help desk',
      default_lang: 'fr',
      acw_seconds: 0,
      not_ready_reasons: [{ id: 'lunch', name: 'Déjeuner' }],
      display_numbers: [],
    };
    const updated = await setTenant(changes);
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ ...changes, sso_token: created.sso_token, agent_count: 0 });
    expect(updated.body.data.created_at).toBe(created.created_at);
    const after = await ctx.db
      .selectFrom('tenant')
      .select('signing_key')
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();
    expect(after.signing_key).toBe(secrets.signing_key);
    expect((await listTenants()).body.data.list.find((t) => t._id === created._id)).toEqual(updated.body.data);
  });

  it('keeps the wrap-up codes given, keeps them when a later save leaves them out, and empties them with []', async () => {
    const codes = [
      { id: 'sale', name: 'Sale' },
      { id: 'no-interest', name: 'لا يرغب' },
    ];
    const created = await createTenant({ wrap_up_codes: codes });
    expect(created.wrap_up_codes).toEqual(codes);
    expect((await createTenant()).wrap_up_codes).toEqual([]);
    expect((await setTenant(tenantBody({ _id: created._id, name: 'Renamed' }))).body.data.wrap_up_codes).toEqual(codes);
    expect((await setTenant(tenantBody({ _id: created._id, wrap_up_codes: [] }))).body.data.wrap_up_codes).toEqual([]);
  });

  it('accepts after-call work of 0 and 3600 seconds', async () => {
    expect((await createTenant({ acw_seconds: 0 })).acw_seconds).toBe(0);
    expect((await createTenant({ acw_seconds: 3600 })).acw_seconds).toBe(3600);
  });

  it('answers tenantNotFound for an unknown _id, and creates nothing', async () => {
    expectError(await setTenant(tenantBody({ _id: 'no-such-tenant' })), 'tenantNotFound');
    expect((await listTenants()).body.data.total).toBe(1);
  });

  it.each([
    [
      'duplicate reason ids',
      {
        not_ready_reasons: [
          { id: 'break', name: 'Break' },
          { id: 'break', name: 'Pause' },
        ],
      },
      'not_ready_reasons',
    ],
    ['duplicate numbers', { display_numbers: ['+4930123456', '+4930123456'] }, 'display_numbers'],
    ['a number with letters', { display_numbers: ['+49301234ab'] }, 'display_numbers.0'],
    ['a number with spaces', { display_numbers: ['4930999', '+49 30 123'] }, 'display_numbers.1'],
    ['a number too long', { display_numbers: ['1'.repeat(33)] }, 'display_numbers.0'],
    ['an empty number', { display_numbers: [''] }, 'display_numbers.0'],
    ['a reason id in capitals', { not_ready_reasons: [{ id: 'Break', name: 'Break' }] }, 'not_ready_reasons.0.id'],
    ['a reason id with a space', { not_ready_reasons: [{ id: 'coffee break', name: 'C' }] }, 'not_ready_reasons.0.id'],
    ['a reason without a name', { not_ready_reasons: [{ id: 'break', name: '' }] }, 'not_ready_reasons.0.name'],
    [
      'duplicate wrap-up code ids',
      {
        wrap_up_codes: [
          { id: 'sale', name: 'Sale' },
          { id: 'sale', name: 'Won' },
        ],
      },
      'wrap_up_codes',
    ],
    ['a wrap-up code id with a space', { wrap_up_codes: [{ id: 'no sale', name: 'N' }] }, 'wrap_up_codes.0.id'],
    ['a wrap-up code without a name', { wrap_up_codes: [{ id: 'sale', name: ' ' }] }, 'wrap_up_codes.0.name'],
    [
      'more than 50 wrap-up codes',
      { wrap_up_codes: Array.from({ length: 51 }, (_, i) => ({ id: `c${i}`, name: `Code ${i}` })) },
      'wrap_up_codes',
    ],
    ['wrap-up codes that are not a list', { wrap_up_codes: 'sale' }, 'wrap_up_codes'],
    ['an unknown language', { default_lang: 'xx' }, 'default_lang'],
    ['negative after-call work', { acw_seconds: -1 }, 'acw_seconds'],
    ['after-call work over an hour', { acw_seconds: 3601 }, 'acw_seconds'],
    ['after-call work not a whole number', { acw_seconds: 1.5 }, 'acw_seconds'],
    ['no name', { name: '  ' }, 'name'],
    ['an unknown field', { sso_token: 'mine' }, 'sso_token'],
  ])('refuses %s with invalidField', async (_what, overrides, field) => {
    const res = await setTenant(tenantBody(overrides));
    expectError(res, 'invalidField');
    expect(issueFields(res)).toContain(field);
    expect((await listTenants()).body.data.total).toBe(1);
  });

  it('refuses duplicates on update too, and leaves the tenant as it was', async () => {
    const res = await setTenant(demoTenantBody({ display_numbers: ['+14155550100', '+14155550100'] }));
    expectError(res, 'invalidField');
    expect(issueFields(res)).toEqual(['display_numbers']);
    expect((await listTenants()).body.data.list[0]?.display_numbers).toEqual(demoDisplayNumbers);
  });
});

describe('cms/reset_tenant_sso_token', () => {
  it('gives a new token: the old one no longer gets SSO signatures, the new one does', async () => {
    const tenant = await createTenant();
    await createAgent(tenant._id);
    const old = tenant.sso_token;
    expect((await ssoSignature(old, 'email', 'nadia.novak@example.com')).status).toBe(200);

    const res = await resetSsoToken(tenant._id);
    expect(res.status).toBe(200);
    const fresh = res.body.data.sso_token;
    expect(fresh).toMatch(/^[\w-]{43}$/);
    expect(fresh).not.toBe(old);
    expect(res.body.data).toMatchObject({ _id: tenant._id, name: tenant.name, agent_count: 1 });

    expectError(await ssoSignature(old, 'email', 'nadia.novak@example.com'), 'ssoTokenInvalid');
    const signed = await ssoSignature(fresh, 'employee_no', 'E-77');
    expect(signed.status).toBe(200);
    const token = await call<LoginToken>(ctx.app, 'basic/get_login_token_by_sso', {
      signature: signed.body.data.signature,
    });
    expect(token.status).toBe(200);
    expect(token.body.data.tenant_id).toBe(tenant._id);
    expect((await listTenants()).body.data.list.find((t) => t._id === tenant._id)?.sso_token).toBe(fresh);
  });

  it('leaves the other tenants alone', async () => {
    const before = (await listTenants()).body.data.list[0]?.sso_token;
    const tenant = await createTenant();
    await resetSsoToken(tenant._id);
    expect((await listTenants()).body.data.list[0]?.sso_token).toBe(before);
  });

  it('answers tenantNotFound for an unknown _id', async () => {
    expectError(await resetSsoToken('no-such-tenant'), 'tenantNotFound');
  });
});

describe('cms/get_agent_list', () => {
  it("lists the tenant's agents by extension, with whether they have a password", async () => {
    const res = await listAgents({ tenant_id: demoId });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(4);
    expect(res.body.data.list.map((a) => a.name)).toEqual(['Li Na', 'Wang Wei', 'Maria Garcia', 'Chen Jie']);
    expect(res.body.data.list[0]).toEqual({
      _id: demoAgentIds.get(LINA.email),
      tenant_id: demoId,
      name: LINA.name,
      email: LINA.email,
      employee_no: LINA.employee_no,
      mobile: LINA.mobile,
      extension: LINA.extension,
      role: 'agent',
      assistant_robot: true,
      disabled: false,
      has_password: true,
      created_at: expect.any(String) as string,
      updated_at: expect.any(String) as string,
    });
    expect(res.body.data.list[3]).toMatchObject({ name: 'Chen Jie', role: 'supervisor' });
    expect(res.response.body).not.toMatch(/scrypt|password_hash/);
  });

  it("lists only the tenant's own agents", async () => {
    const tenant = await createTenant();
    const agent = await createAgent(tenant._id);
    expect((await listAgents({ tenant_id: tenant._id })).body.data).toEqual({ total: 1, list: [agent] });
    expect((await listAgents({ tenant_id: demoId })).body.data.total).toBe(4);
  });

  it.each([
    ['a name, whatever its case', 'WANG', ['Wang Wei']],
    ['an e-mail address', 'maria@', ['Maria Garcia']],
    ['an employee number', '2001', ['Chen Jie']],
    ['a mobile number', '13800000002', ['Wang Wei']],
    ['an extension', '8003', ['Maria Garcia']],
    ['a part of several', '800', ['Li Na', 'Wang Wei', 'Maria Garcia', 'Chen Jie']],
    ['nothing', 'nobody', []],
    ['an empty keyword (all)', '', ['Li Na', 'Wang Wei', 'Maria Garcia', 'Chen Jie']],
  ])('finds by %s', async (_what, keyword, names) => {
    const res = await listAgents({ tenant_id: demoId, keyword });
    expect(res.body.data.list.map((a) => a.name)).toEqual(names);
    expect(res.body.data.total).toBe(names.length);
  });

  it('answers tenantNotFound for an unknown tenant', async () => {
    expectError(
      await call(ctx.app, 'cms/get_agent_list', { tenant_id: 'no-such-tenant', page_number: -1 }, { cookie: admin }),
      'tenantNotFound',
    );
  });

  it('takes % and _ in a keyword literally', async () => {
    expect((await listAgents({ tenant_id: demoId, keyword: '%' })).body.data.total).toBe(0);
    expect((await listAgents({ tenant_id: demoId, keyword: '_' })).body.data.total).toBe(0);
    expect((await listAgents({ tenant_id: demoId, keyword: '\\' })).body.data.total).toBe(0);
    await createAgent(demoId, { name: 'Ann 100% sure_bet', email: '', employee_no: 'E-1', extension: '' });
    const percent = await listAgents({ tenant_id: demoId, keyword: '0%' });
    expect(percent.body.data.list.map((a) => a.name)).toEqual(['Ann 100% sure_bet']);
    const underscore = await listAgents({ tenant_id: demoId, keyword: 'e_b' });
    expect(underscore.body.data.list.map((a) => a.name)).toEqual(['Ann 100% sure_bet']);
    // As a wildcard, `_` would let `1_0` match the employee numbers 1001 to 1003; literally nothing has it.
    expect((await listAgents({ tenant_id: demoId, keyword: '1_0' })).body.data.total).toBe(0);
  });

  it('pages, with the total of the whole match', async () => {
    const page = await listAgents({ tenant_id: demoId, page_number: 2, page_size: 3 });
    expect(page.body.data.total).toBe(4);
    expect(page.body.data.list.map((a) => a.name)).toEqual(['Chen Jie']);
    const filtered = await listAgents({ tenant_id: demoId, keyword: '800', page_number: 1, page_size: 2 });
    expect(filtered.body.data.total).toBe(4);
    expect(filtered.body.data.list.map((a) => a.name)).toEqual(['Li Na', 'Wang Wei']);
  });

  it.each([{ page_number: 0 }, { tenant_id: undefined }, { keyword: 'x'.repeat(101) }, { tenant: 'x' }])(
    'refuses %o',
    async (body) => {
      expectError(await listAgents({ tenant_id: demoId, ...body }), 'invalidField');
    },
  );
});

describe('cms/set_agent_info', () => {
  it('creates an agent with a password, e-mail stored lower-case, who can get a login token', async () => {
    const agent = await createAgent(demoId, { password: 'nadia secret' });
    expect(agent).toEqual({
      _id: expect.any(String) as string,
      tenant_id: demoId,
      name: 'Nadia Novak',
      email: 'nadia.novak@example.com',
      employee_no: 'E-77',
      mobile: '+8613900000077',
      extension: '9077',
      role: 'agent',
      assistant_robot: false,
      disabled: false,
      has_password: true,
      created_at: expect.any(String) as string,
      updated_at: expect.any(String) as string,
    });
    const byEmail = await basicLogin('NADIA.Novak@example.com', 'nadia secret');
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data).toMatchObject({ agent_id: agent._id, tenant_id: demoId });
    expect((await basicLogin('E-77', 'nadia secret')).body.data.agent_id).toBe(agent._id);
    expect((await listTenants()).body.data.list[0]?.agent_count).toBe(5);
  });

  it.each([
    ['the published demo password', demoAgentPassword],
    ['eight spaces', '        '],
    ['a common password', 'password1'],
    ['digits in order', '12345678'],
    ["the agent's own name", 'nadianovak'],
  ])('refuses %s as an agent password (weakPassword)', async (_name, password) => {
    const res = await setAgent(agentBody(demoId, { password }));
    expectError(res, 'invalidField');
    expect(res.body.data).toMatchObject({ issues: [{ field: 'password', reason: 'weakPassword' }] });
  });

  // Issue #38: what an outside tester could give an agent, then sign in with.
  it.each([
    ['the published password with a capital', 'Agent@open'],
    ['the published password with a digit', 'agent@open1'],
    ['their account name twice', 'wangweiwangwei'],
    ['their account name with a year', 'wangwei2026'],
    ['their account name reversed, with a year', 'iewgnaw2026'],
    ['their account name with a service word', 'wangwei@demo'],
    ["their tenant's name", 'Demo tenant'],
    ["the product's name with a year", 'dzfront2026'],
  ])('refuses %s on a new agent and an edited one, and no token is issued', async (_name, password) => {
    const wang = { name: 'Wang Wei', email: 'WangWei@Example.com', employee_no: 'E-1002' };
    const created = await setAgent(agentBody(demoId, { ...wang, password }));
    expect(created.body.data).toMatchObject({ issues: [{ field: 'password', reason: 'weakPassword' }] });
    expectError(await basicLogin(wang.email, password), 'basicLoginFailed');

    const edited = await setAgent(demoAgentBody(WANG, { password }));
    expect(edited.body.data).toMatchObject({ issues: [{ field: 'password', reason: 'weakPassword' }] });
    expectError(await basicLogin(WANG.email, password), 'basicLoginFailed');
    expect((await basicLogin(WANG.email, demoAgentPassword)).status).toBe(200);
  });

  it("refuses a tenant's own name as the password of its agents only", async () => {
    const tenant = await createTenant({ name: 'Harbour Logistics' });
    const refused = await setAgent(agentBody(tenant._id, { password: 'Harbour-Logistics-1' }));
    expect(refused.body.data).toMatchObject({ issues: [{ field: 'password', reason: 'weakPassword' }] });
    expect((await setAgent(agentBody(demoId, { password: 'Harbour-Logistics-1' }))).status).toBe(200);
  });

  it("refuses an agent's current password as their new one (reusedPassword)", async () => {
    const agent = await createAgent(demoId, { password: 'first secret' });
    const res = await setAgent(agentBody(demoId, { _id: agent._id, password: 'first secret' }));
    expect(res.body.data).toMatchObject({ issues: [{ field: 'password', reason: 'reusedPassword' }] });
  });

  it('creates an agent without a password, who signs in by SSO only', async () => {
    const agent = await createAgent(demoId, { role: 'supervisor', assistant_robot: true });
    expect(agent).toMatchObject({ has_password: false, role: 'supervisor', assistant_robot: true });
    expectError(await basicLogin('nadia.novak@example.com', ''), 'invalidField');
    expectError(await basicLogin('nadia.novak@example.com', 'anything at all'), 'basicLoginFailed');
    const demo = (await listTenants()).body.data.list[0];
    const signed = await ssoSignature(demo?.sso_token ?? '', 'mobile', '+8613900000077');
    expect(signed.status).toBe(200);
    const token = await call<LoginToken>(ctx.app, 'basic/get_login_token_by_sso', {
      signature: signed.body.data.signature,
    });
    expect(token.status).toBe(200);
    expect(token.body.data.agent_id).toBe(agent._id);
  });

  it('creates an agent known by a single account, the others empty', async () => {
    const agent = await createAgent(demoId, { email: '', employee_no: '', mobile: '13911112222', extension: '' });
    expect(agent).toMatchObject({ email: null, employee_no: null, mobile: '13911112222', extension: null });
  });

  it('updates an agent, keeping the password when none is sent, replacing it when one is', async () => {
    const agent = await createAgent(demoId, { password: 'first secret' });
    const updated = await setAgent(
      agentBody(demoId, { _id: agent._id, name: 'Nadia N.', extension: '9078', email: 'nadia@example.com' }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      _id: agent._id,
      name: 'Nadia N.',
      email: 'nadia@example.com',
      extension: '9078',
      has_password: true,
      created_at: agent.created_at,
    });
    expect((await basicLogin('nadia@example.com', 'first secret')).status).toBe(200);

    await setAgent(agentBody(demoId, { _id: agent._id, email: 'nadia@example.com', password: 'second secret' }));
    expectError(await basicLogin('nadia@example.com', 'first secret'), 'basicLoginFailed');
    expect((await basicLogin('nadia@example.com', 'second secret')).status).toBe(200);
    expect((await listAgents({ tenant_id: demoId, keyword: 'nadia' })).body.data.total).toBe(1);
  });

  it('saves an agent with its own e-mail, employee number and extension again', async () => {
    const res = await setAgent(demoAgentBody(WANG, { name: 'Wang Wei (team lead)' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Wang Wei (team lead)', extension: WANG.extension });
  });

  it('answers tenantNotFound for an unknown tenant, agentNotFound for an unknown agent', async () => {
    expectError(await setAgent(agentBody('no-such-tenant')), 'tenantNotFound');
    expectError(await setAgent(agentBody(demoId, { _id: 'no-such-agent' })), 'agentNotFound');
    expect((await listAgents({ tenant_id: demoId })).body.data.total).toBe(4);
  });

  it('needs an e-mail, an employee number or a mobile number', async () => {
    expectError(
      await setAgent(agentBody(demoId, { email: undefined, employee_no: undefined, mobile: undefined })),
      'agentAccountRequired',
    );
    expectError(await setAgent(agentBody(demoId, { email: '', employee_no: '', mobile: '' })), 'agentAccountRequired');
    expectError(
      await setAgent(demoAgentBody(LINA, { email: '', employee_no: ' ', mobile: '' })),
      'agentAccountRequired',
    );
    expect((await listAgents({ tenant_id: demoId, keyword: LINA.email })).body.data.total).toBe(1);
  });

  it('refuses an e-mail address any agent of any tenant has, whatever its case', async () => {
    const tenant = await createTenant();
    for (const body of [
      agentBody(tenant._id, { email: LINA.email.toUpperCase() }),
      agentBody(demoId, { email: WANG.email }),
      demoAgentBody(LINA, { email: WANG.email }),
    ]) {
      const res = await setAgent(body);
      expectError(res, 'agentTaken');
      expect(res.body.data).toEqual({ field: 'email' });
    }
  });

  it.each([
    ['employee_no', { employee_no: LINA.employee_no }],
    ['extension', { extension: LINA.extension }],
  ])('refuses a %s another agent of the tenant has, but not one of another tenant', async (field, overrides) => {
    const res = await setAgent(agentBody(demoId, overrides));
    expectError(res, 'agentTaken');
    expect(res.body.data).toEqual({ field });
    const moved = await setAgent(demoAgentBody(WANG, overrides));
    expectError(moved, 'agentTaken');
    expect(moved.body.data).toEqual({ field });

    const tenant = await createTenant();
    const elsewhere = await setAgent(agentBody(tenant._id, overrides));
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data).toMatchObject(overrides);
  });

  it('allows several agents without an extension or an employee number', async () => {
    await createAgent(demoId, { email: 'a@example.com', employee_no: '', extension: '' });
    await createAgent(demoId, { email: 'b@example.com', employee_no: '', extension: '' });
    expect((await listAgents({ tenant_id: demoId })).body.data.total).toBe(6);
  });

  it.each([
    ['an invalid e-mail address', { email: 'not-an-email' }, 'email'],
    ['an e-mail address with a space', { email: 'a b@example.com' }, 'email'],
    ['an extension with letters', { extension: '80a1' }, 'extension'],
    ['an extension with a plus', { extension: '+8001' }, 'extension'],
    ['an employee number with a space', { employee_no: 'E 77' }, 'employee_no'],
    ['a mobile number with letters', { mobile: '139-0000' }, 'mobile'],
    ['a password too short', { password: 'short' }, 'password'],
    ['an unknown role', { role: 'boss' }, 'role'],
    ['no name', { name: '' }, 'name'],
    ['an unknown field', { password_hash: 'x' }, 'password_hash'],
  ])('refuses %s with invalidField', async (_what, overrides, field) => {
    const res = await setAgent(agentBody(demoId, overrides));
    expectError(res, 'invalidField');
    expect(issueFields(res)).toEqual([field]);
    expect((await listAgents({ tenant_id: demoId })).body.data.total).toBe(4);
  });

  it('a disabled agent gets no login token, and is enabled again by saving', async () => {
    const agent = await createAgent(demoId, { password: 'nadia secret', disabled: true });
    expect(agent.disabled).toBe(true);
    expectError(await basicLogin('nadia.novak@example.com', 'nadia secret'), 'agentDisabled');
    await setAgent(agentBody(demoId, { _id: agent._id, disabled: false }));
    expect((await basicLogin('nadia.novak@example.com', 'nadia secret')).status).toBe(200);
  });

  it('keeps an agent disabled when an edit leaves `disabled` out', async () => {
    const agent = await createAgent(demoId, { password: 'nadia secret', disabled: true });
    const edited = await setAgent(agentBody(demoId, { _id: agent._id, name: 'Nadia N.' }));
    expect(edited.body.data).toMatchObject({ name: 'Nadia N.', disabled: true });
  });

  it('does not move an agent to another tenant', async () => {
    const other = await createTenant();
    const agent = await createAgent(demoId);
    expectError(await setAgent(agentBody(other._id, { _id: agent._id })), 'agentNotFound');
    const row = await ctx.db
      .selectFrom('agent')
      .select('tenant_id')
      .where('id', '=', agent._id)
      .executeTakeFirstOrThrow();
    expect(row.tenant_id).toBe(demoId);
  });
});

describe('cms/remove_agent_info', () => {
  it('removes an agent, who can no longer sign in', async () => {
    const agent = await createAgent(demoId, { password: 'nadia secret' });
    const res = await removeAgent(agent._id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ _id: agent._id });
    expect((await listAgents({ tenant_id: demoId })).body.data.total).toBe(4);
    expect((await listTenants()).body.data.list[0]?.agent_count).toBe(4);
    expectError(await basicLogin('nadia.novak@example.com', 'nadia secret'), 'basicLoginFailed');
    expectError(await removeAgent(agent._id), 'agentNotFound');
  });

  it('frees the e-mail address, employee number and extension', async () => {
    const agent = await createAgent(demoId);
    await removeAgent(agent._id);
    expect((await createAgent(demoId)).email).toBe('nadia.novak@example.com');
  });
});

describe('what an online agent hears', () => {
  it('disabling an agent ends their socket session with agentDisabled', async () => {
    const agent = await createAgent(demoId, { password: 'nadia secret' });
    const { client, ready } = await online('nadia.novak@example.com', 'nadia secret');
    expect(ready.agent.agent_id).toBe(agent._id);
    const res = await setAgent(agentBody(demoId, { _id: agent._id, disabled: true }));
    expect(res.status).toBe(200);
    expect(await client.closedWith()).toEqual({ code: closeCodes.authFailed, reason: 'agentDisabled' });
    expectError(await basicLogin('nadia.novak@example.com', 'nadia secret'), 'agentDisabled');
  });

  it('removing an agent ends their socket session with agentDisabled', async () => {
    const agent = await createAgent(demoId, { password: 'nadia secret' });
    const { client } = await online('E-77', 'nadia secret');
    expect((await removeAgent(agent._id)).status).toBe(200);
    expect(await client.closedWith()).toEqual({ code: closeCodes.authFailed, reason: 'agentDisabled' });
  });

  it("an agent's other changes leave their session open and reach the phone as userInfoChange", async () => {
    const { client } = await online(WANG.email);
    expect((await setAgent(demoAgentBody(WANG, { name: 'Wang Wei (lead)' }))).status).toBe(200);
    const changed = await client.event('userInfoChange');
    expect(changed.data).toMatchObject({ agent: { name: 'Wang Wei (lead)', extension: WANG.extension } });
    const state = await client.request('getState');
    expect(state).toMatchObject({ code: 0, data: { name: 'Wang Wei (lead)' } });
    expect(client.closed).toBeUndefined();
  });

  it("a tenant's change reaches its online agents as tenantInfoChange, and displayNumberChange when theirs is gone", async () => {
    const lina = await online(LINA.email);
    const wang = await online(WANG.email);
    expect(lina.ready.agent.display_number).toBe(demoDisplayNumbers[0]);
    const chosen = await wang.client.request('setDisplayNumber', { number: '+14155550100' });
    expect(chosen.code).toBe(0);
    const wangSeq = (await wang.client.event('displayNumberChange')).seq;

    const reasons = [...demoNotReadyReasons, { id: 'coaching', name: 'Coaching' }];
    expect((await setTenant(demoTenantBody({ not_ready_reasons: reasons, acw_seconds: 60 }))).status).toBe(200);
    const expected: TenantInfo = {
      tenant_id: demoId,
      name: 'Demo tenant',
      default_lang: DEFAULT_LANG,
      not_ready_reasons: reasons,
      display_numbers: demoDisplayNumbers,
      acw_seconds: 60,
      // Left out of the body: the list stays as it was.
      wrap_up_codes: demoWrapUpCodes,
    };
    const first = await lina.client.event('tenantInfoChange');
    expect(first.data).toEqual({ tenant: expected });
    expect((await wang.client.event('tenantInfoChange', wangSeq)).data).toEqual({ tenant: expected });

    const numbers = demoDisplayNumbers.slice(1);
    expect((await setTenant(demoTenantBody({ not_ready_reasons: reasons, display_numbers: numbers }))).status).toBe(
      200,
    );
    const second = await lina.client.event('tenantInfoChange', first.seq);
    expect(second.data).toEqual({ tenant: { ...expected, acw_seconds: 15, display_numbers: numbers } });
    const changed = await lina.client.event('displayNumberChange');
    expect(changed.data).toEqual({ display_number: numbers[0] });
    expect(changed.seq).toBeGreaterThan(second.seq);

    // Wang Wei's number is still in the list: he hears of the tenant, not of a new number.
    const wangSecond = await wang.client.until(
      () => wang.client.events('tenantInfoChange').filter((e) => e.seq > wangSeq)[1],
      "Wang Wei's second tenantInfoChange",
    );
    expect((wangSecond.data as { tenant: TenantInfo }).tenant.display_numbers).toEqual(numbers);
    expect(wang.client.events('displayNumberChange')).toHaveLength(1);
    const state = await wang.client.request('getState');
    expect(state.data).toMatchObject({ display_number: '+14155550100' });
  });

  it("another tenant's change is not heard", async () => {
    const lina = await online(LINA.email);
    const tenant = await createTenant();
    expect((await setTenant(tenantBody({ _id: tenant._id, name: 'Renamed' }))).status).toBe(200);
    expect((await lina.client.request('getState')).code).toBe(0);
    expect(lina.client.events('tenantInfoChange')).toEqual([]);
  });
});

describe('who may manage the call centre', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['cms/get_tenant_list', { page_number: -1 }],
    ['cms/set_tenant_info', tenantBody()],
    ['cms/reset_tenant_sso_token', { _id: 'x' }],
    ['cms/get_agent_list', { tenant_id: 'x', page_number: -1 }],
    ['cms/set_agent_info', agentBody('x')],
    ['cms/remove_agent_info', { _id: 'x' }],
  ];
  const writes = calls.filter(([path]) => !path.includes('/get_'));

  it.each(calls)('%s: notLoggedIn without a session', async (path, body) => {
    expectError(await call(ctx.app, path, body), 'notLoggedIn');
  });

  it.each(calls)('%s: forbidden for an editor', async (path, body) => {
    const created = await call(
      ctx.app,
      'cms/set_account_info',
      { account: 'editor1', name: 'Editor One', role: 'editor', password: 'correct horse' },
      { cookie: admin },
    );
    expect(created.status).toBe(200);
    const login = await call(ctx.app, 'global/login', { account: 'editor1', password: 'correct horse' });
    expect(login.status).toBe(200);
    const session = login.response.cookies.find((c) => c.name === 'open_session');
    const res = await call(ctx.app, path, body, { cookie: `open_session=${session?.value ?? ''}` });
    expectError(res, 'forbidden');
  });

  it.each(writes)('%s: crossSiteRequest from another site, even as admin', async (path, body) => {
    const res = await call(ctx.app, path, body, {
      cookie: admin,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expectError(res, 'crossSiteRequest');
  });

  it('a refused write changes nothing', async () => {
    await call(ctx.app, 'cms/set_tenant_info', tenantBody(), {
      cookie: admin,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    await call(ctx.app, 'cms/set_agent_info', agentBody(demoId));
    expect((await listTenants()).body.data.list.map((t) => t.agent_count)).toEqual([4]);
  });
});

describe('the audit trail', () => {
  beforeEach(async () => {
    await ctx.db.deleteFrom('audit_log').execute();
  });

  const entries = () =>
    ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'target_type', 'target_id', 'target_name', 'detail'])
      .orderBy('seq')
      .execute();

  it('records every write on tenants and agents, never a password; reads leave nothing', async () => {
    const tenant = await createTenant();
    await setTenant(tenantBody({ _id: tenant._id, name: 'Acme renamed' }));
    const reset = await resetSsoToken(tenant._id);
    const agent = await createAgent(tenant._id, { password: 'top secret pass' });
    await setAgent(agentBody(tenant._id, { _id: agent._id, password: 'other secret pass' }));
    await removeAgent(agent._id);
    await listTenants();
    await listAgents({ tenant_id: tenant._id });

    const rows = await entries();
    expect(rows.map((r) => [r.action, r.actor, r.target_type, r.target_id])).toEqual([
      ['cms/set_tenant_info', demoAdmin.account, 'tenant', tenant._id],
      ['cms/set_tenant_info', demoAdmin.account, 'tenant', tenant._id],
      ['cms/reset_tenant_sso_token', demoAdmin.account, 'tenant', tenant._id],
      ['cms/set_agent_info', demoAdmin.account, 'agent', agent._id],
      ['cms/set_agent_info', demoAdmin.account, 'agent', agent._id],
      ['cms/remove_agent_info', demoAdmin.account, 'agent', agent._id],
    ]);
    expect(rows.map((r) => r.target_name).slice(0, 5)).toEqual([
      'Acme support',
      'Acme renamed',
      'Acme renamed',
      'Nadia Novak',
      'Nadia Novak',
    ]);
    expect(rows[3]?.detail).toMatchObject({ body: { password: '[redacted]', email: 'Nadia.Novak@Example.COM' } });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('top secret pass');
    expect(stored).not.toContain('other secret pass');
    expect(stored).not.toContain(reset.body.data.sso_token);
  });

  it('records an editor refused', async () => {
    await call(
      ctx.app,
      'cms/set_account_info',
      { account: 'editor1', name: 'Editor One', role: 'editor', password: 'correct horse' },
      { cookie: admin },
    );
    const login = await call(ctx.app, 'global/login', { account: 'editor1', password: 'correct horse' });
    const session = login.response.cookies.find((c) => c.name === 'open_session');
    await call(ctx.app, 'cms/remove_agent_info', { _id: 'x' }, { cookie: `open_session=${session?.value ?? ''}` });
    const refused = (await entries()).filter((r) => r.action === 'cms/remove_agent_info');
    expect(refused).toEqual([expect.objectContaining({ actor: 'editor1', target_type: 'agent' })]);
    expect(refused[0]?.detail).toMatchObject({ refused: 'forbidden' });
  });
});
