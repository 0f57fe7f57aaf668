import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CmsTenant, CmsTrunk } from '@open/protocol/api';
import { errorCatalogue, type ErrorName, type FieldIssue } from '@open/protocol/errors';
import { buildApp } from '../app.js';
import type { TelephonySettings } from '../config.js';
import { createMemoryReadCache } from '../db/read-cache.js';
import {
  captureLogs,
  call,
  createTestApp,
  LOG_LEVEL,
  loginAsAdmin,
  type CallResult,
  type TestContext,
} from '../../test/helpers.js';
import { findTrunkByDid, loadTrunk } from './trunk.data.js';
import { createSecretBox, parseSecretKey, SecretError, type SecretKey } from '../secret-box.js';
import { settleTrunkSecrets, trunkPasswordContext } from './trunk-secrets.js';

/**
 * A tenant's SIP trunk through the CMS API (cms/get_trunk, set_trunk, remove_trunk): every
 * field's rules, a number that rings one tenant only, switching on without telephony, and a
 * password that goes into the database and nowhere else.
 */

const TELEPHONY: TelephonySettings = {
  sip: { host: '127.0.0.1', port: 5099, publicAddress: '127.0.0.1' },
  relays: [{ host: '127.0.0.1', port: 22222 }],
  edge: null,
  carrierCheckEveryMs: 10_000,
};
const PASSWORD = 'Carrier-S3cret-9f4e';
const keyOf = (fill: number): SecretKey => {
  const key = parseSecretKey(Buffer.alloc(32, fill).toString('base64'), 'TEST');
  if (typeof key === 'string') throw new Error(key);
  return key;
};
/** SECRETS_KEY of the server under test. */
const KEY = keyOf(7);
const secrets = createSecretBox([KEY]);
/** The stored password of the tenant's trunk, opened with the server's key. */
const openedPassword = async (tenantId: string): Promise<string | null> => {
  const stored = (await loadTrunk(ctx.db, tenantId))?.password ?? null;
  return stored === null ? null : secrets.open(stored, trunkPasswordContext(tenantId));
};

const logs = captureLogs();
let ctx: TestContext;
let admin: string;
let demoId: string;
/** Another tenant, made once, for DIDs that ring one tenant only. */
let otherId: string;
/** The same database without SIP_LISTEN and RTPENGINE_NG. */
let bare: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp({ telephony: TELEPHONY, logger: logs.logger, secrets });
  admin = await loginAsAdmin(ctx.app);
  demoId = (await ctx.db.selectFrom('tenant').select('id').executeTakeFirstOrThrow()).id;
  const other = await call<CmsTenant>(
    ctx.app,
    'cms/set_tenant_info',
    { name: 'Other tenant', default_lang: 'en', acw_seconds: 10, not_ready_reasons: [], display_numbers: [] },
    { cookie: admin },
  );
  otherId = other.body.data._id;
  bare = await buildApp({ db: ctx.db, readCache: createMemoryReadCache() });
  await bare.ready();
});
afterAll(async () => {
  await bare.close();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.deleteFrom('sip_trunk').execute();
  await ctx.db.deleteFrom('audit_log').execute();
});

const getTrunk = (tenant_id: string, app = ctx.app) =>
  call<CmsTrunk | null>(app, 'cms/get_trunk', { tenant_id }, { cookie: admin });
const setTrunk = (body: Record<string, unknown>, app = ctx.app) =>
  call<CmsTrunk>(app, 'cms/set_trunk', body, { cookie: admin });
const removeTrunk = (tenant_id: string) =>
  call<{ tenant_id: string; removed: boolean }>(ctx.app, 'cms/remove_trunk', { tenant_id }, { cookie: admin });

/** The body without some of its fields. */
const without = (body: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));

const trunkBody = (overrides: Record<string, unknown> = {}) => ({
  tenant_id: demoId,
  enabled: true,
  host: 'sip.carrier.example',
  port: 5080,
  transport: 'tcp',
  username: 'acme-trunk',
  password: PASSWORD,
  allowed_sources: ['203.0.113.0/24', '2001:db8::7'],
  dids: ['+49 30 1234'.replaceAll(' ', ''), '4930999'],
  display_numbers: ['+4930123456'],
  ...overrides,
});

const expectError = (res: CallResult, name: ErrorName) => {
  expect({ status: res.status, code: res.body.code }).toEqual({
    status: errorCatalogue[name].status,
    code: errorCatalogue[name].code,
  });
};

const issuesOf = (res: CallResult) =>
  (res.body.data as { issues: FieldIssue[] }).issues.map(({ field, reason }) => ({ field, reason }));

describe('cms/set_trunk and cms/get_trunk', () => {
  it('has no trunk for a tenant until one is saved, then answers it without the password', async () => {
    const none = await getTrunk(demoId);
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();

    const saved = await setTrunk(trunkBody());
    expect(saved.status).toBe(200);
    const expected = {
      tenant_id: demoId,
      enabled: true,
      host: 'sip.carrier.example',
      port: 5080,
      transport: 'tcp',
      username: 'acme-trunk',
      has_password: true,
      allowed_sources: ['203.0.113.0/24', '2001:db8::7'],
      dids: ['+49301234', '4930999'],
      display_numbers: ['+4930123456'],
      // Left out of a new trunk: the protocol's caps; no country, no short numbers, international calls closed.
      max_calls: 30,
      max_waiting: 20,
      dial_plan: {
        country: '',
        short_numbers: [],
        allowed_prefixes: [],
        blocked_prefixes: [],
        international: 'nobody',
      },
      // No other server; pinged; this node runs no SIP, so nothing has checked the server.
      failover_hosts: [],
      options_ping: true,
      // A call whose carrier sends no audio for a minute is ended.
      far_end_silence_seconds: 60,
      carriers: [
        {
          host: 'sip.carrier.example',
          port: 5080,
          state: 'unchecked',
          round_trip_ms: null,
          last_answer_at: null,
          since: null,
        },
      ],
    };
    expect(saved.body.data).toMatchObject(expected);
    expect(Object.keys(saved.body.data).sort()).toEqual([...Object.keys(expected), 'updated_at'].sort());
    expect((await getTrunk(demoId)).body.data).toEqual(saved.body.data);
  });

  it('takes port 5060 and UDP when they are left out', async () => {
    const saved = await setTrunk(without(trunkBody(), 'port', 'transport'));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ port: 5060, transport: 'udp' });
  });

  it('keeps the password when it is left out, clears it with an empty one, and drops it with the username', async () => {
    await setTrunk(trunkBody());
    const withoutPassword = without(trunkBody({ host: 'sip2.carrier.example' }), 'password');
    const kept = await setTrunk(withoutPassword);
    expect(kept.body.data).toMatchObject({ host: 'sip2.carrier.example', has_password: true });
    expect(await openedPassword(demoId)).toBe(PASSWORD);

    const cleared = await setTrunk(trunkBody({ password: '' }));
    expect(cleared.body.data.has_password).toBe(false);
    expect((await loadTrunk(ctx.db, demoId))?.password).toBeNull();

    await setTrunk(trunkBody());
    const byAddress = await setTrunk({ ...withoutPassword, username: '' });
    expect(byAddress.body.data).toMatchObject({ username: null, has_password: false });
    expect((await loadTrunk(ctx.db, demoId))?.password).toBeNull();
    expect((await setTrunk({ ...withoutPassword, username: null })).body.data.username).toBeNull();
  });

  it('refuses a password without a username, on the username', async () => {
    const res = await setTrunk(trunkBody({ username: '' }));
    expectError(res, 'invalidField');
    expect(issuesOf(res)).toEqual([{ field: 'username', reason: 'required' }]);
    expect((await getTrunk(demoId)).body.data).toBeNull();
  });

  const tooMany = (count: number, make: (i: number) => string) => Array.from({ length: count }, (_, i) => make(i));
  const refused: [string, Record<string, unknown>, { field: string; reason: string }[]][] = [
    ['a host with a scheme', { host: 'sip://carrier.example' }, [{ field: 'host', reason: 'notAllowed' }]],
    ['a host with a port', { host: 'carrier.example:5060' }, [{ field: 'host', reason: 'notAllowed' }]],
    ['a bracketed IPv6 host', { host: '[2001:db8::1]' }, [{ field: 'host', reason: 'notAllowed' }]],
    ['a host that is no address', { host: '10.0.0.300' }, [{ field: 'host', reason: 'notAllowed' }]],
    ['an empty host', { host: '  ' }, [{ field: 'host', reason: 'required' }]],
    ['a host of 254 characters', { host: `${'a.'.repeat(126)}ab` }, [{ field: 'host', reason: 'tooLong' }]],
    ['port 0', { port: 0 }, [{ field: 'port', reason: 'tooSmall' }]],
    ['port 65536', { port: 65536 }, [{ field: 'port', reason: 'tooBig' }]],
    ['a port in a string', { port: '5060' }, [{ field: 'port', reason: 'wrongType' }]],
    ['TLS', { transport: 'tls' }, [{ field: 'transport', reason: 'notAllowed' }]],
    ['a username with a space', { username: 'acme trunk' }, [{ field: 'username', reason: 'notAllowed' }]],
    ['a username with @', { username: 'acme@carrier' }, [{ field: 'username', reason: 'notAllowed' }]],
    ['a username with :', { username: 'acme:x' }, [{ field: 'username', reason: 'notAllowed' }]],
    ['a username of 129', { username: 'a'.repeat(129) }, [{ field: 'username', reason: 'tooLong' }]],
    ['a password of 129', { password: 'p'.repeat(129) }, [{ field: 'password', reason: 'tooLong' }]],
    [
      'a source that is no address',
      { allowed_sources: ['203.0.113.7', '10.0.0.300'] },
      [{ field: 'allowed_sources.1', reason: 'notAllowed' }],
    ],
    ['a prefix past /32', { allowed_sources: ['10.0.0.0/33'] }, [{ field: 'allowed_sources.0', reason: 'notAllowed' }]],
    [
      'the whole internet, or too much of it',
      { allowed_sources: ['203.0.113.7', '0.0.0.0/0', '::/0', '10.0.0.0/7'] },
      [
        { field: 'allowed_sources.1', reason: 'notAllowed' },
        { field: 'allowed_sources.2', reason: 'notAllowed' },
        { field: 'allowed_sources.3', reason: 'notAllowed' },
      ],
    ],
    [
      'a source with a zone',
      { allowed_sources: ['fe80::1%eth0'] },
      [{ field: 'allowed_sources.0', reason: 'notAllowed' }],
    ],
    [
      'a source of 50 characters',
      { allowed_sources: ['1'.repeat(50)] },
      [{ field: 'allowed_sources.0', reason: 'tooLong' }],
    ],
    [
      'a repeated source',
      { allowed_sources: ['203.0.113.7', '203.0.113.7'] },
      [{ field: 'allowed_sources.1', reason: 'duplicate' }],
    ],
    [
      '51 sources',
      { allowed_sources: tooMany(51, (i) => `198.51.100.${i}`) },
      [{ field: 'allowed_sources', reason: 'tooBig' }],
    ],
    ['a DID with dashes', { dids: ['49-30-1234'] }, [{ field: 'dids.0', reason: 'notAllowed' }]],
    ['a DID in words', { dids: ['4930', 'call us'] }, [{ field: 'dids.1', reason: 'notAllowed' }]],
    [
      'one DID twice, with and without +',
      { dids: ['+4930777', '4930777'] },
      [{ field: 'dids.1', reason: 'duplicate' }],
    ],
    ['201 DIDs', { dids: tooMany(201, (i) => `4930${i}`) }, [{ field: 'dids', reason: 'tooBig' }]],
    [
      'a display number with a space',
      { display_numbers: ['+49 30'] },
      [{ field: 'display_numbers.0', reason: 'notAllowed' }],
    ],
    [
      'a display number twice',
      { display_numbers: ['4930', '4930'] },
      [{ field: 'display_numbers.1', reason: 'duplicate' }],
    ],
    [
      '201 display numbers',
      { display_numbers: tooMany(201, (i) => `4930${i}`) },
      [{ field: 'display_numbers', reason: 'tooBig' }],
    ],
    [
      'several bad fields at once',
      { host: 'sip://x', port: 0, dids: ['x'] },
      [
        { field: 'host', reason: 'notAllowed' },
        { field: 'port', reason: 'tooSmall' },
        { field: 'dids.0', reason: 'notAllowed' },
      ],
    ],
    ['an unknown field', { codec: 'PCMA' }, [{ field: 'codec', reason: 'unknown' }]],
    [
      'a country that is not one',
      { dial_plan: { country: 'XX' } },
      [{ field: 'dial_plan.country', reason: 'notAllowed' }],
    ],
    ['a lower-case country', { dial_plan: { country: 'cn' } }, [{ field: 'dial_plan.country', reason: 'notAllowed' }]],
    [
      'short numbers of one digit, nine digits, a plus or a star',
      { dial_plan: { short_numbers: ['1', '123456789', '+112', '*21'] } },
      [
        { field: 'dial_plan.short_numbers.0', reason: 'notAllowed' },
        { field: 'dial_plan.short_numbers.1', reason: 'tooLong' },
        { field: 'dial_plan.short_numbers.2', reason: 'notAllowed' },
        { field: 'dial_plan.short_numbers.3', reason: 'notAllowed' },
      ],
    ],
    [
      'a short number twice',
      { dial_plan: { short_numbers: ['112', '112'] } },
      [{ field: 'dial_plan.short_numbers.1', reason: 'duplicate' }],
    ],
    [
      '31 short numbers',
      { dial_plan: { short_numbers: tooMany(31, (i) => `9${i}`) } },
      [{ field: 'dial_plan.short_numbers', reason: 'tooBig' }],
    ],
    [
      'prefixes that are not digits',
      { dial_plan: { allowed_prefixes: ['+'], blocked_prefixes: ['1900-'] } },
      [
        { field: 'dial_plan.allowed_prefixes.0', reason: 'notAllowed' },
        { field: 'dial_plan.blocked_prefixes.0', reason: 'notAllowed' },
      ],
    ],
    [
      'who may dial abroad, misspelt',
      { dial_plan: { international: 'all' } },
      [{ field: 'dial_plan.international', reason: 'notAllowed' }],
    ],
    ['a dial plan that is a list', { dial_plan: [] }, [{ field: 'dial_plan', reason: 'wrongType' }]],
    [
      'caps out of range',
      { max_calls: 0, max_waiting: -1 },
      [
        { field: 'max_calls', reason: 'tooSmall' },
        { field: 'max_waiting', reason: 'tooSmall' },
      ],
    ],
    ['a cap past 10,000', { max_calls: 10_001 }, [{ field: 'max_calls', reason: 'tooBig' }]],
    ['a cap that is not whole', { max_waiting: 1.5 }, [{ field: 'max_waiting', reason: 'wrongType' }]],
    ['a cap given as text', { max_calls: '30' }, [{ field: 'max_calls', reason: 'wrongType' }]],
    [
      'a silence limit under 10 s (the relay is checked every 5 s)',
      { far_end_silence_seconds: 9 },
      [{ field: 'far_end_silence_seconds', reason: 'tooSmall' }],
    ],
    [
      'a silence limit past an hour',
      { far_end_silence_seconds: 3601 },
      [{ field: 'far_end_silence_seconds', reason: 'tooBig' }],
    ],
    [
      'a silence limit in minutes as text',
      { far_end_silence_seconds: '1m' },
      [{ field: 'far_end_silence_seconds', reason: 'wrongType' }],
    ],
    [
      'a silence limit that is not whole',
      { far_end_silence_seconds: 30.5 },
      [{ field: 'far_end_silence_seconds', reason: 'wrongType' }],
    ],
    [
      'an unknown field of the dial plan',
      { dial_plan: { emergency: ['112'] } },
      [{ field: 'dial_plan.emergency', reason: 'unknown' }],
    ],
    ['no host', { host: undefined }, [{ field: 'host', reason: 'required' }]],
    ['no DIDs', { dids: undefined }, [{ field: 'dids', reason: 'required' }]],
  ];

  it.each(refused)('refuses %s on its field, saving nothing', async (_label, overrides, issues) => {
    const res = await setTrunk(trunkBody(overrides));
    expectError(res, 'invalidField');
    expect(issuesOf(res)).toEqual(issues);
    expect((await getTrunk(demoId)).body.data).toBeNull();
  });

  it('takes every kind of good value', async () => {
    for (const overrides of [
      { host: '192.0.2.10', port: 1 },
      { host: '2001:db8::10', port: 65535, transport: 'udp' },
      { host: 'localhost', username: `${'a'.repeat(127)}~` },
      { allowed_sources: [], dids: [], display_numbers: [], username: null, password: '' },
      { allowed_sources: ['10.0.0.0/8', '2001:db8::/32', '::ffff:192.0.2.1'] },
      { dids: tooMany(200, (i) => `4930${i}`), display_numbers: tooMany(200, (i) => `+4931${i}`) },
      { password: ' p'.repeat(64) },
      { dial_plan: { country: 'FR', short_numbers: ['15', '17', '18', '112', '116117', '95588'] } },
      {
        dial_plan: {
          country: '',
          short_numbers: tooMany(30, (i) => `9${i}`),
          allowed_prefixes: ['+88216', '00'],
          blocked_prefixes: tooMany(100, (i) => `+1900${i}`),
          international: 'supervisors',
        },
      },
    ]) {
      const res = await setTrunk(trunkBody(overrides));
      expect([overrides, res.status]).toEqual([overrides, 200]);
    }
  });

  it('answers tenantNotFound for a tenant that does not exist', async () => {
    expectError(await getTrunk('no-such-tenant'), 'tenantNotFound');
    expectError(await setTrunk(trunkBody({ tenant_id: 'no-such-tenant' })), 'tenantNotFound');
    expectError(await removeTrunk('no-such-tenant'), 'tenantNotFound');
  });

  it('keeps the calls to signed-in admins', async () => {
    expectError(await call(ctx.app, 'cms/get_trunk', { tenant_id: demoId }), 'notLoggedIn');
    expectError(await call(ctx.app, 'cms/set_trunk', trunkBody()), 'notLoggedIn');
    expectError(await call(ctx.app, 'cms/remove_trunk', { tenant_id: demoId }), 'notLoggedIn');
    const crossSite = await call(ctx.app, 'cms/set_trunk', trunkBody(), {
      cookie: admin,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expectError(crossSite, 'crossSiteRequest');
    expect((await getTrunk(demoId)).body.data).toBeNull();
  });
});

describe("the trunk's caps", () => {
  it('keeps the stored caps when a save leaves them out, and takes null as no cap', async () => {
    const capped = await setTrunk(trunkBody({ max_calls: 2, max_waiting: 0 }));
    expect(capped.body.data).toMatchObject({ max_calls: 2, max_waiting: 0 });
    expect((await setTrunk(trunkBody())).body.data).toMatchObject({ max_calls: 2, max_waiting: 0 });
    const open = await setTrunk(trunkBody({ max_calls: null, max_waiting: null }));
    expect(open.body.data).toMatchObject({ max_calls: null, max_waiting: null });
    // No cap is kept as it is too, not taken for a new trunk's.
    expect((await setTrunk(trunkBody())).body.data).toMatchObject({ max_calls: null, max_waiting: null });
    expect(await loadTrunk(ctx.db, demoId)).toMatchObject({ maxCalls: null, maxWaiting: null });
  });

  it('keeps the far end’s silence limit when a save leaves it out, and takes null as never', async () => {
    expect((await setTrunk(trunkBody({ far_end_silence_seconds: 15 }))).body.data).toMatchObject({
      far_end_silence_seconds: 15,
    });
    expect((await setTrunk(trunkBody())).body.data).toMatchObject({ far_end_silence_seconds: 15 });
    expect((await setTrunk(trunkBody({ far_end_silence_seconds: null }))).body.data).toMatchObject({
      far_end_silence_seconds: null,
    });
    expect((await setTrunk(trunkBody())).body.data).toMatchObject({ far_end_silence_seconds: null });
    expect(await loadTrunk(ctx.db, demoId)).toMatchObject({ farEndSilenceSeconds: null });
  });
});

describe('the dial plan', () => {
  const plan = {
    country: 'CN',
    short_numbers: ['110', '112', '95588'],
    allowed_prefixes: ['+8821'],
    blocked_prefixes: ['+1900'],
    international: 'supervisors',
  };

  it('is saved and answered, kept when a later save leaves it out, and replaced when one gives it', async () => {
    expect((await setTrunk(trunkBody({ dial_plan: plan }))).body.data.dial_plan).toEqual(plan);
    // A script written before dial plans existed does not wipe the operator's plan.
    expect((await setTrunk(trunkBody({ host: 'sip2.carrier.example' }))).body.data.dial_plan).toEqual(plan);
    const replaced = await setTrunk(trunkBody({ dial_plan: { country: 'DE' } }));
    expect(replaced.body.data.dial_plan).toEqual({
      country: 'DE',
      short_numbers: [],
      allowed_prefixes: [],
      blocked_prefixes: [],
      international: 'nobody',
    });
    expect((await getTrunk(demoId)).body.data?.dial_plan).toEqual(replaced.body.data.dial_plan);
  });

  it("refuses a short number that is an agent's extension, on that number, saving nothing", async () => {
    const held =
      (
        await ctx.db
          .selectFrom('agent')
          .select('extension')
          .where('tenant_id', '=', demoId)
          .where('extension', 'is not', null)
          .executeTakeFirstOrThrow()
      ).extension ?? '';
    const res = await setTrunk(trunkBody({ dial_plan: { short_numbers: ['112', held] } }));
    expectError(res, 'shortNumberIsExtension');
    expect(res.body.data).toEqual({ number: held, field: 'dial_plan.short_numbers.1' });
    expect(res.body.message).toContain(held);
    expect((await getTrunk(demoId)).body.data).toBeNull();
    // Another tenant's trunk may carry it: extensions are the tenant's own.
    expect(
      (await setTrunk(trunkBody({ tenant_id: otherId, dids: [], dial_plan: { short_numbers: [held] } }))).status,
    ).toBe(200);
  });

  it("refuses an agent an extension the tenant's trunk dials out as a short number", async () => {
    await setTrunk(trunkBody({ dial_plan: plan }));
    const agent = {
      tenant_id: demoId,
      name: 'Emergency Desk',
      email: 'desk@example.com',
      employee_no: '',
      mobile: '',
      extension: '110',
      role: 'agent',
      assistant_robot: false,
    };
    const res = await call(ctx.app, 'cms/set_agent_info', agent, { cookie: admin });
    expectError(res, 'shortNumberIsExtension');
    expect(res.body.data).toEqual({ number: '110', field: 'extension' });
    expect(
      await ctx.db.selectFrom('agent').select('id').where('email', '=', 'desk@example.com').executeTakeFirst(),
    ).toBeUndefined();
    expect((await call(ctx.app, 'cms/set_agent_info', { ...agent, extension: '111' }, { cookie: admin })).status).toBe(
      200,
    );
  });
});

describe('failover servers', () => {
  it('are kept when left out, replaced when given, cleared with []; the pings likewise', async () => {
    const two = [
      { host: 'sip2.carrier.example', port: 5060 },
      { host: '2001:db8::5', port: 5090 },
    ];
    const saved = await setTrunk(trunkBody({ failover_hosts: two, options_ping: false }));
    expect(saved.body.data).toMatchObject({ failover_hosts: two, options_ping: false });
    // Each server in the order calls try them, the trunk's own first.
    expect(saved.body.data.carriers.map((c) => `${c.host}:${String(c.port)} ${c.state}`)).toEqual([
      'sip.carrier.example:5080 unchecked',
      'sip2.carrier.example:5060 unchecked',
      '2001:db8::5:5090 unchecked',
    ]);
    expect((await setTrunk(trunkBody({ enabled: false }))).body.data).toMatchObject({
      failover_hosts: two,
      options_ping: false,
    });
    const port = (await setTrunk(trunkBody({ failover_hosts: [{ host: 'sip3.carrier.example' }] }))).body.data;
    expect(port.failover_hosts).toEqual([{ host: 'sip3.carrier.example', port: 5060 }]);
    expect((await setTrunk(trunkBody({ failover_hosts: [], options_ping: true }))).body.data).toMatchObject({
      failover_hosts: [],
      options_ping: true,
    });
  });

  it.each([
    ['the trunk’s own server', [{ host: 'SIP.carrier.example', port: 5080 }], 'failover_hosts.0.host', 'duplicate'],
    [
      'one server twice',
      [
        { host: 'a.carrier.example', port: 5060 },
        { host: 'a.carrier.example', port: 5060 },
      ],
      'failover_hosts.1.host',
      'duplicate',
    ],
    ['a URI, not a host', [{ host: 'sip:a.carrier.example', port: 5060 }], 'failover_hosts.0.host', 'notAllowed'],
    ['port 0', [{ host: 'a.carrier.example', port: 0 }], 'failover_hosts.0.port', 'tooSmall'],
    [
      'a field it does not know',
      [{ host: 'a.carrier.example', port: 5060, weight: 2 }],
      'failover_hosts.0.weight',
      'unknown',
    ],
    [
      'more than three',
      ['a', 'b', 'c', 'd'].map((name) => ({ host: `${name}.carrier.example`, port: 5060 })),
      'failover_hosts',
      'tooBig',
    ],
  ])('refuses %s on its field, saving nothing', async (_what, failover_hosts, field, reason) => {
    const res = await setTrunk(trunkBody({ failover_hosts }));
    expectError(res, 'invalidField');
    expect(issuesOf(res)).toEqual([{ field, reason }]);
    expect((await getTrunk(demoId)).body.data).toBeNull();
  });

  it('refuses a metadata address as a failover server, on its field', async () => {
    const res = await setTrunk(
      trunkBody({ failover_hosts: [{ host: 'ok.carrier.example' }, { host: '169.254.169.254' }] }),
    );
    expectError(res, 'trunkHostForbidden');
    expect(res.body.data).toEqual({ host: '169.254.169.254', field: 'failover_hosts.1.host' });
    expect((await getTrunk(demoId)).body.data).toBeNull();
  });

  it('refuses a new host that is one of the kept failover servers', async () => {
    await setTrunk(trunkBody({ failover_hosts: [{ host: 'b.carrier.example', port: 5080 }] }));
    const res = await setTrunk(trunkBody({ host: 'b.carrier.example' }));
    expectError(res, 'invalidField');
    expect(issuesOf(res)).toEqual([{ field: 'failover_hosts.0.host', reason: 'duplicate' }]);
  });
});

describe('hosts that are not a carrier', () => {
  it.each(['169.254.169.254', 'fd00:ec2::254', 'metadata.google.internal', '169.254.10.1', 'fe80::1', '0xa9fea9fe'])(
    'refuses %s, a link-local or metadata address, on the host, saving nothing',
    async (host) => {
      const res = await setTrunk(trunkBody({ host }));
      expectError(res, 'trunkHostForbidden');
      expect(res.body.message).toBe(
        `${host} cannot be a trunk’s host: it is a link-local or cloud metadata address, never a carrier’s SIP server. Enter the address your carrier gave you.`,
      );
      expect(res.body.data).toEqual({ host, field: 'host' });
      expect((await getTrunk(demoId)).body.data).toBeNull();
    },
  );

  it('takes a loopback host, for a test carrier beside the server, and warns in the log', async () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      const before = logs.lines.length;
      const res = await setTrunk(trunkBody({ host }));
      expect([host, res.status]).toEqual([host, 200]);
      const warnings = logs.lines.slice(before).filter((line) => line.level === LOG_LEVEL.warn);
      expect(warnings.map((line) => line.msg)).toEqual([
        'a SIP trunk points at this node itself (a loopback host): fine for a test carrier, never for a real one',
      ]);
      expect(warnings[0]).toMatchObject({ host, tenant_id: demoId });
    }
    const before = logs.lines.length;
    await setTrunk(trunkBody());
    expect(logs.lines.slice(before).filter((line) => line.level >= LOG_LEVEL.warn)).toEqual([]);
  });
});

describe('DIDs', () => {
  it('ring one tenant only: another tenant is refused the number, however it is written', async () => {
    expect((await setTrunk(trunkBody({ dids: ['+4930555', '4930556'] }))).status).toBe(200);
    const taken = await setTrunk(trunkBody({ tenant_id: otherId, dids: ['4930100', '4930556'] }));
    expectError(taken, 'didTaken');
    expect(taken.body.message).toBe(
      'The number 4930556 already rings another tenant. A number can reach one tenant only.',
    );
    expect(taken.body.data).toEqual({ number: '4930556', field: 'dids.1' });
    const plus = await setTrunk(trunkBody({ tenant_id: otherId, dids: ['4930555'] }));
    expectError(plus, 'didTaken');
    expect((await getTrunk(otherId)).body.data).toBeNull();

    // The owner may save them again; once it lets one go, another tenant may take it.
    expect((await setTrunk(trunkBody({ dids: ['+4930555'] }))).status).toBe(200);
    const moved = await setTrunk(trunkBody({ tenant_id: otherId, dids: ['4930556'] }));
    expect(moved.status).toBe(200);
    expect((await findTrunkByDid(ctx.db, '4930556'))?.tenantId).toBe(otherId);
    expect((await findTrunkByDid(ctx.db, '+4930555'))?.tenantId).toBe(demoId);
  });

  it('are found as dialled: spaces, separators and a leading + do not matter, the trunk on or off', async () => {
    await setTrunk(trunkBody({ enabled: false, dids: ['+4930123400'] }));
    for (const dialled of ['+4930123400', '4930123400', '+49 30 1234-00', '(4930) 1234.00']) {
      const trunk = await findTrunkByDid(ctx.db, dialled);
      expect([dialled, trunk?.tenantId, trunk?.enabled]).toEqual([dialled, demoId, false]);
    }
    expect(await findTrunkByDid(ctx.db, '4930123401')).toBeNull();
    expect(await findTrunkByDid(ctx.db, '')).toBeNull();
    expect(await findTrunkByDid(ctx.db, '+')).toBeNull();
  });

  it('load with the trunk as the SIP side needs it, password included', async () => {
    await setTrunk(trunkBody());
    expect(await loadTrunk(ctx.db, demoId)).toEqual({
      tenantId: demoId,
      enabled: true,
      host: 'sip.carrier.example',
      port: 5080,
      transport: 'tcp',
      username: 'acme-trunk',
      password: expect.stringMatching(new RegExp(`^sealed:v1:${KEY.id}:`)) as unknown,
      allowedSources: ['203.0.113.0/24', '2001:db8::7'],
      dids: ['+49301234', '4930999'],
      displayNumbers: ['+4930123456'],
      maxCalls: 30,
      maxWaiting: 20,
      dialPlan: { country: '', short_numbers: [], allowed_prefixes: [], blocked_prefixes: [], international: 'nobody' },
      failoverHosts: [],
      optionsPing: true,
      farEndSilenceSeconds: 60,
    });
    expect(await openedPassword(demoId)).toBe(PASSWORD);
    expect(await loadTrunk(ctx.db, otherId)).toBeNull();
  });
});

describe('a server without telephony', () => {
  it('refuses to switch a trunk on, and saves one switched off', async () => {
    const on = await setTrunk(trunkBody(), bare);
    expectError(on, 'telephonyNotConfigured');
    expect(on.body.message).toBe(
      'This server has no SIP socket and media relay set up (SIP_LISTEN and RTPENGINE_NG), so a trunk cannot be switched on.',
    );
    expect((await getTrunk(demoId, bare)).body.data).toBeNull();
    const off = await setTrunk(without(trunkBody({ enabled: false }), 'password'), bare);
    expect(off.status).toBe(200);
    expect(off.body.data.enabled).toBe(false);
  });

  it('says so in the caller’s language', async () => {
    const res = await call(bare, 'cms/set_trunk', trunkBody(), { cookie: admin, headers: { 'x-lang': 'de' } });
    expectError(res, 'telephonyNotConfigured');
    expect(res.body.message).toContain('SIP_LISTEN');
    expect(res.body.message).toContain('Trunk');
  });
});

describe('cms/remove_trunk and removing a tenant', () => {
  it('removes the trunk and frees its DIDs; a second removal removes nothing', async () => {
    await setTrunk(trunkBody({ dids: ['4930321'] }));
    const removed = await removeTrunk(demoId);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ tenant_id: demoId, removed: true });
    expect((await getTrunk(demoId)).body.data).toBeNull();
    expect(await findTrunkByDid(ctx.db, '4930321')).toBeNull();
    expect((await removeTrunk(demoId)).body.data).toEqual({ tenant_id: demoId, removed: false });
    expect((await setTrunk(trunkBody({ tenant_id: otherId, dids: ['4930321'] }))).status).toBe(200);
  });

  it('goes with its tenant', async () => {
    const doomed = await call<CmsTenant>(
      ctx.app,
      'cms/set_tenant_info',
      { name: 'Short-lived', default_lang: 'en', acw_seconds: 10, not_ready_reasons: [], display_numbers: [] },
      { cookie: admin },
    );
    const tenantId = doomed.body.data._id;
    expect((await setTrunk(trunkBody({ tenant_id: tenantId, dids: ['4930654'] }))).status).toBe(200);
    await ctx.db.deleteFrom('tenant').where('id', '=', tenantId).execute();
    expect(await ctx.db.selectFrom('sip_trunk').where('tenant_id', '=', tenantId).selectAll().execute()).toEqual([]);
    expect(await ctx.db.selectFrom('sip_trunk_did').where('tenant_id', '=', tenantId).selectAll().execute()).toEqual(
      [],
    );
    expect((await setTrunk(trunkBody({ dids: ['4930654'] }))).status).toBe(200);
  });
});

describe('the password', () => {
  it('is in no answer, no audit entry and no log line; the trail says only what became of it', async () => {
    const answers: string[] = [];
    const keep = (res: CallResult) => {
      answers.push(res.response.body);
      return res;
    };
    keep(await setTrunk(trunkBody()));
    keep(await getTrunk(demoId));
    keep(await setTrunk(without(trunkBody(), 'password')));
    // Refused saves with the password in them: a bad field, a taken number, no telephony.
    keep(await setTrunk(trunkBody({ host: 'sip://x' })));
    keep(await setTrunk(trunkBody({ tenant_id: otherId })));
    keep(await setTrunk(trunkBody(), bare));
    keep(await setTrunk(trunkBody({ password: '' })));
    keep(await removeTrunk(demoId));
    keep(await call(ctx.app, 'cms/get_audit_list', { page_number: -1 }, { cookie: admin }));
    expect(answers.join('\n')).not.toContain(PASSWORD);

    const rows = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'target_name', 'detail'])
      .orderBy('seq')
      .execute();
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect(rows.map((r) => [r.action, r.target_type, r.target_id])).toEqual([
      ['cms/set_trunk', 'trunk', demoId],
      ['cms/set_trunk', 'trunk', demoId],
      ['cms/set_trunk', 'trunk', demoId],
      ['cms/remove_trunk', 'trunk', demoId],
    ]);
    expect(rows[0]?.target_name).toBe('sip.carrier.example');
    expect(rows.map((r) => (r.detail as { password_change?: string }).password_change)).toEqual([
      'set',
      'kept',
      'cleared',
      undefined,
    ]);
    expect(rows[0]?.detail).toMatchObject({ body: { password: '[redacted]', host: 'sip.carrier.example' } });

    expect(logs.lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs.lines)).not.toContain(PASSWORD);
  });
});

describe('the password at rest', () => {
  it('is stored sealed with the server’s key, never in the clear', async () => {
    await setTrunk(trunkBody());
    const rows = await ctx.db.selectFrom('sip_trunk').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect(rows[0]?.password).toMatch(new RegExp(`^sealed:v1:${KEY.id}:`));
    // Bound to its tenant: the same sealed text in another tenant's row does not open.
    expect(() => secrets.open(rows[0]?.password ?? '', trunkPasswordContext(otherId))).toThrow(SecretError);
  });

  it('cannot be saved on a server without a key, with a message on the password field', async () => {
    const refused = await setTrunk(trunkBody({ enabled: false }), bare);
    expectError(refused, 'secretsKeyMissing');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This server has no key to keep passwords encrypted (SECRETS_KEY), so the trunk's password cannot be saved.",
    );
    expect(await loadTrunk(ctx.db, demoId)).toBeNull();
    const zh = await call(bare, 'cms/set_trunk', trunkBody({ enabled: false }), {
      cookie: admin,
      headers: { 'x-lang': 'zh-CN' },
    });
    expect(zh.body.message).toBe('此服务器未配置用于加密保存密码的密钥（SECRETS_KEY），因此无法保存中继的密码。');
    // Without a password, or clearing one, needs no key.
    expect((await setTrunk(trunkBody({ enabled: false, password: '' }), bare)).status).toBe(200);
  });
});

describe('a start settling the stored passwords (main.ts)', () => {
  const storeRaw = (tenantId: string, password: string | null) =>
    ctx.db.updateTable('sip_trunk').set({ password }).where('tenant_id', '=', tenantId).execute();
  const stored = async (tenantId: string) =>
    (await ctx.db.selectFrom('sip_trunk').select('password').where('tenant_id', '=', tenantId).executeTakeFirst())
      ?.password;

  it('seals a password stored in the clear by an earlier version, and re-seals one of an earlier key', async () => {
    const earlier = keyOf(8);
    await setTrunk(trunkBody({ enabled: false }));
    await setTrunk(trunkBody({ tenant_id: otherId, enabled: false, dids: [], display_numbers: [] }));
    await storeRaw(demoId, PASSWORD);
    await storeRaw(otherId, createSecretBox([earlier]).seal('other-S3cret', trunkPasswordContext(otherId)));

    expect(await settleTrunkSecrets(ctx.db, createSecretBox([KEY, earlier]))).toEqual({
      sealed: 1,
      resealed: 1,
      forgotten: [],
    });
    expect(secrets.keyIdOf((await stored(demoId)) ?? '')).toBe(KEY.id);
    expect(secrets.keyIdOf((await stored(otherId)) ?? '')).toBe(KEY.id);
    expect(await openedPassword(demoId)).toBe(PASSWORD);
    expect(await openedPassword(otherId)).toBe('other-S3cret');
    // Done once: a second start finds nothing to do.
    expect(await settleTrunkSecrets(ctx.db, secrets)).toEqual({ sealed: 0, resealed: 0, forgotten: [] });
  });

  it('refuses a start without a key while a password is stored, or with keys that do not open it', async () => {
    expect(await settleTrunkSecrets(ctx.db, null)).toEqual({ sealed: 0, resealed: 0, forgotten: [] });
    await setTrunk(trunkBody({ password: '' }));
    expect(await settleTrunkSecrets(ctx.db, null)).toEqual({ sealed: 0, resealed: 0, forgotten: [] });

    await setTrunk(trunkBody());
    await expect(settleTrunkSecrets(ctx.db, null)).rejects.toThrow(
      new SecretError(
        `The SIP trunks of "${demoId}" keep a password, which is stored sealed with a key: set SECRETS_KEY or SECRETS_KEY_FILE to it (docs/DEPLOY.md, "Secrets at rest").`,
      ),
    );
    const other = keyOf(9);
    await expect(settleTrunkSecrets(ctx.db, createSecretBox([other]))).rejects.toThrow(
      `The SIP trunk passwords of "${demoId}" (key ${KEY.id}) do not open with the keys of SECRETS_KEY or SECRETS_KEY_FILE (${other.id} first)`,
    );
    // Nothing was changed by the refused starts.
    expect(await openedPassword(demoId)).toBe(PASSWORD);
  });

  it('clears the passwords no key opens when the operator says the key is lost, and keeps the rest', async () => {
    const lost = keyOf(10);
    await setTrunk(trunkBody({ enabled: false }));
    await setTrunk(trunkBody({ tenant_id: otherId, enabled: false, dids: [], display_numbers: [] }));
    await storeRaw(otherId, createSecretBox([lost]).seal('other-S3cret', trunkPasswordContext(otherId)));
    await expect(settleTrunkSecrets(ctx.db, secrets)).rejects.toThrow('SECRETS_FORGET_UNREADABLE=true');
    expect(await settleTrunkSecrets(ctx.db, secrets, { forgetUnreadable: true })).toEqual({
      sealed: 0,
      resealed: 0,
      forgotten: [otherId],
    });
    expect(await stored(otherId)).toBeNull();
    expect(await openedPassword(demoId)).toBe(PASSWORD);
    expect((await getTrunk(otherId)).body.data).toMatchObject({ has_password: false, username: 'acme-trunk' });
  });
});
