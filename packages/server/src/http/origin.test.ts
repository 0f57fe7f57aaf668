import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsVersion } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import { call, createTestApp, loginAsAdmin, type TestContext } from '../../test/helpers.js';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = await loginAsAdmin(ctx.app);
});
afterAll(() => ctx.close());

// `inject` sends `Host: localhost:80`, so this is the server's own origin.
const ownOrigin = 'http://localhost:80';
const versionNames = async () =>
  (
    await call<{ list: CmsVersion[] }>(ctx.app, 'cms/get_version_list', { page_number: -1 }, { cookie })
  ).body.data.list.map((v) => v.name);

describe('a state-changing call sent by another site is refused by the server itself', () => {
  it.each([
    ['Origin of another site', { origin: 'http://evil.example' }],
    ['Origin of another port', { origin: 'http://localhost:8081' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' }],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['Origin null (a sandboxed frame)', { origin: 'null' }],
    ['no Origin but a Referer of another site', { referer: 'http://evil.example/page' }],
    ['no Origin but a Referer of another port', { referer: 'http://localhost:8081/dzfront/open/client/' }],
  ])('%s, even with the admin’s cookie: 403, and nothing is written', async (_what, headers) => {
    const res = await call(ctx.app, 'cms/set_version_info', { name: 'forged' }, { cookie, headers });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(errorCatalogue.crossSiteRequest.code);
    expect(await versionNames()).not.toContain('forged');
  });

  it('lets a call through with a Referer of its own origin, or none at all (a program)', async () => {
    const own = await call(
      ctx.app,
      'cms/set_version_info',
      { name: 'by referer' },
      { cookie, headers: { referer: `${ownOrigin}/dzfront/open/client/#/cms` } },
    );
    expect(own.body.code).toBe(0);
    expect(await versionNames()).toContain('by referer');
  });

  it('refuses a cross-site sign-in and sign-out too (login CSRF)', async () => {
    const headers = { origin: 'http://evil.example' };
    const login = await call(ctx.app, 'global/login', { account: 'admin', password: 'admin@open' }, { headers });
    expect(login.status).toBe(403);
    const logout = await call(ctx.app, 'global/logout', {}, { cookie, headers });
    expect(logout.status).toBe(403);
    expect((await call(ctx.app, 'global/check_user_login', {}, { cookie })).body.code).toBe(0);
  });

  it('is checked before the body is read: a forged call with a broken body is still 403', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/dzfront/open/server/api/cms/set_version_info',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example', cookie },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['its own Origin', { origin: ownOrigin }],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', origin: ownOrigin }],
    ['no Origin at all (a program, not a page)', {}],
  ])('passes a call with %s', async (_what, headers) => {
    const res = await call<CmsVersion>(ctx.app, 'cms/set_version_info', { name: 'mine' }, { cookie, headers });
    expect(res.status).toBe(200);
    await call(ctx.app, 'cms/remove_version_info', { _id: res.body.data._id }, { cookie });
  });

  it('lets anyone read the documentation from anywhere (reads change nothing)', async () => {
    const res = await call(ctx.app, 'doc/get_version_info', {}, { headers: { origin: 'http://partner.example' } });
    expect(res.status).toBe(200);
  });
});
