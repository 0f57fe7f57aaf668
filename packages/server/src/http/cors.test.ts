import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiSchemas } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import { demoAgentPassword } from '../demo-credentials.js';
import { demoAgents } from '../seed/demo-tenant.js';
import { call, createTestApp, loginAsAdmin, type TestContext } from '../../test/helpers.js';
import { crossOriginUrls } from './cors.js';

/**
 * The calls an integrator's page makes from its own origin (spec §3: the page gets a login
 * token for the softphone) answer cross-origin requests; everything else stays closed to them.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const integrator = 'http://crm.example';
const crossSite = { origin: integrator, 'sec-fetch-site': 'cross-site' };
const preflight = (path: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'OPTIONS',
    url: `${API_PREFIX}${path}`,
    headers: {
      origin: integrator,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-lang',
      ...headers,
    },
  });

describe('a bare OPTIONS on an open call (no Origin, not a preflight)', () => {
  it('is answered 204 with the methods, not a text/plain 400', async () => {
    const res = await ctx.app.inject({ method: 'OPTIONS', url: `${API_PREFIX}basic/get_login_token` });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-methods']).toBe('POST');
    expect(res.body).toBe('');
  });
});

describe('the calls the catalogue opens to every page', () => {
  it('are the softphone’s login service and the simulated call, none of them guarded', () => {
    expect([...crossOriginUrls()].sort()).toEqual(
      [
        'basic/get_login_token',
        'basic/get_login_token_by_sso',
        'basic/get_sso_signature',
        'basic/refresh_login_token',
        'cti/simulate_inbound_call',
      ].map((path) => `${API_PREFIX}${path}`),
    );
    for (const route of Object.values(apiSchemas)) {
      if ('crossOrigin' in route) expect('guard' in route).toBe(false);
    }
  });

  it('answer the preflight: any origin, POST, the JSON content type, no credentials', async () => {
    const response = await preflight('basic/get_login_token');
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toBe('POST');
    expect(String(response.headers['access-control-allow-headers'])).toContain('content-type');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('give a login token to a page on another site, readable by that page', async () => {
    const lina = demoAgents[0];
    const response = await call<{ token: string }>(
      ctx.app,
      'basic/get_login_token',
      { account: lina.email, password: demoAgentPassword },
      { headers: crossSite },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.token).toMatch(/^ey/);
    expect(response.response.headers['access-control-allow-origin']).toBe('*');
    expect(response.response.headers['access-control-expose-headers']).toBe('x-request-id');
  });

  it('still refuse bad input from another site with the catalogued code, readable by that page', async () => {
    const response = await call(
      ctx.app,
      'basic/get_login_token',
      { account: demoAgents[0].email, password: 'wrong' },
      { headers: crossSite },
    );
    expect(response.body.code).toBe(errorCatalogue.basicLoginFailed.code);
    expect(response.response.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('every other call', () => {
  it('has no preflight: the browser never sends the call', async () => {
    const response = await preflight('cms/set_version_info');
    expect(response.statusCode).toBe(404);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('carries no CORS header, and a call with an effect from another site is still refused', async () => {
    const cookie = await loginAsAdmin(ctx.app);
    const read = await call(ctx.app, 'cms/get_version_list', { page_number: -1 }, { cookie, headers: crossSite });
    expect(read.response.headers['access-control-allow-origin']).toBeUndefined();
    const write = await call(ctx.app, 'cms/set_version_info', { name: 'x' }, { cookie, headers: crossSite });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe(errorCatalogue.crossSiteRequest.code);
    expect(write.response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('has no preflight outside the API either', async () => {
    const response = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/dzfront/open/client/',
      headers: { origin: integrator, 'access-control-request-method': 'GET' },
    });
    expect(response.statusCode).toBe(404);
  });
});
