import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiSchemas } from '@open/protocol/api';
import { DIAG_DOWNLOAD_PATH, DIAG_UPLOAD_PATH } from '@open/protocol/paths';
import { EVENT_STREAM_PATH } from '@open/protocol/event-stream';
import { captureLogs, createTestApp, LOG_LEVEL, type TestContext } from '../test/helpers.js';
import { buildApp, HEALTH_PATH, OPENAPI_PATH } from './app.js';
import { trustProxyWarning } from './config.js';
import { openDatabase } from './db/database.js';

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
      // The catalogue, and beside it the bandwidth test's routes and the event stream (not JSON both ways).
      [
        ...Object.keys(apiSchemas).map((p) => `${API_PREFIX}${p}`),
        DIAG_DOWNLOAD_PATH,
        DIAG_UPLOAD_PATH,
        EVENT_STREAM_PATH,
      ].sort(),
    );
    const login = doc.paths[`${API_PREFIX}global/login`]?.post;
    expect(login?.operationId).toBe('global.login');
    expect(JSON.stringify(login?.requestBody)).toContain('"maxLength":64');
    expect(login?.responses).toHaveProperty('200');
    expect(login?.responses).toHaveProperty('4XX');
  });

  it('sends the security headers and a request id on every answer', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const error = await ctx.app.inject({ method: 'POST', url: '/dzfront/open/server/api/nope' });
    expect(error.headers['x-request-id']).toMatch(/^req-/);
  });
});

describe('health check', () => {
  it('answers 200 while the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: HEALTH_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database cannot be reached', async () => {
    // A PostgreSQL address where nothing listens: the pool fails on the first query.
    const { db } = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    const app = await buildApp({ db });
    const response = await app.inject({ method: 'GET', url: HEALTH_PATH });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    await app.close();
    await db.destroy();
  });
});

describe('behind a reverse proxy', () => {
  it('warns at start that a hop count needs the node reachable only through the proxy', async () => {
    const logs = captureLogs();
    const app = await buildApp({ db: ctx.db, trustProxy: 2, logger: logs.logger });
    await app.close();
    const warnings = logs.lines.filter((line) => line.level === LOG_LEVEL.warn).map((line) => line.msg);
    expect(warnings).toEqual([trustProxyWarning(2)]);
    expect(warnings[0]).toContain('must be reachable only through the proxy');
  });
});
