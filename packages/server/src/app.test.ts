import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiSchemas } from '@open/protocol/api';
import { createTestApp, type TestContext } from '../test/helpers.js';
import { OPENAPI_PATH } from './app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface OpenApiDocument {
  paths: Record<
    string,
    { post?: { operationId?: string; requestBody?: unknown; responses?: Record<string, unknown> } }
  >;
}

describe('OpenAPI document', () => {
  it('describes every API call, generated from the same schemas that validate it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    const doc = response.json<OpenApiDocument>();
    const documented = Object.keys(doc.paths).sort();
    expect(documented).toEqual(
      Object.keys(apiSchemas)
        .map((p) => `${API_PREFIX}${p}`)
        .sort(),
    );
    const login = doc.paths[`${API_PREFIX}global/login`]?.post;
    expect(login?.operationId).toBe('global.login');
    expect(JSON.stringify(login?.requestBody)).toContain('"maxLength":64');
    expect(login?.responses).toHaveProperty('200');
    expect(login?.responses).toHaveProperty('4XX');
  });

  it('sends the security headers on every answer', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
