import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiSchemas } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import { DIAG_DOWNLOAD_PATH, DIAG_UPLOAD_PATH } from '@open/protocol/paths';
import { EVENT_STREAM_PATH } from '@open/protocol/event-stream';
import { buildApp, OPENAPI_PATH } from '../app.js';
import { DECLARATIONS_CONTENT_TYPE } from './static.js';
import { createTestDatabase } from '../../test/helpers.js';

let app: FastifyInstance;
let clientDir: string;
let softphoneDir: string;
let closeDb: () => Promise<void>;
const script = 'console.log("hello from a hashed asset");'.repeat(40);
const declarations = 'export declare function init(options: { token: string }): void;\n';

beforeAll(async () => {
  // A built client as the build leaves it (packages/web/vite.config.ts): index.html and an
  // unhashed icon at the top, hashed files under static/, .br and .gz beside the larger ones.
  clientDir = await mkdtemp(path.join(tmpdir(), 'open-client-'));
  await mkdir(path.join(clientDir, 'static', 'js'), { recursive: true });
  const page = '<!doctype html><title>t</title>';
  await writeFile(path.join(clientDir, 'index.html'), page);
  await writeFile(path.join(clientDir, 'index.html.br'), brotliCompressSync(page));
  await writeFile(path.join(clientDir, 'index.html.gz'), gzipSync(page));
  await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(clientDir, 'static/js/index.0123abcd.js'), script);
  await writeFile(path.join(clientDir, 'static/js/index.0123abcd.js.br'), brotliCompressSync(script));
  await writeFile(path.join(clientDir, 'static/js/index.0123abcd.js.gz'), gzipSync(script));
  // The softphone's build beside it (packages/softphone/vite.sdk.config.ts): the SDK and its declarations.
  softphoneDir = await mkdtemp(path.join(tmpdir(), 'open-softphone-'));
  await mkdir(path.join(softphoneDir, 'sdk'), { recursive: true });
  await mkdir(path.join(softphoneDir, 'phone'), { recursive: true });
  await writeFile(path.join(softphoneDir, 'phone', 'index.html'), page);
  await writeFile(path.join(softphoneDir, 'sdk', 'softphone.js'), 'var Softphone = {};');
  await writeFile(path.join(softphoneDir, 'sdk', 'softphone.d.ts'), declarations);
  const database = await createTestDatabase();
  closeDb = () => database.close();
  app = await buildApp({ db: database.db, clientDir, softphoneDir });
});
afterAll(async () => {
  await app.close();
  await closeDb();
  await rm(clientDir, { recursive: true, force: true });
  await rm(softphoneDir, { recursive: true, force: true });
});

describe('serving the client', () => {
  it('redirects the root and the bare base path to the client', async () => {
    for (const url of ['/', '/dzfront/open/client']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/dzfront/open/client/');
    }
  });

  it.each([undefined, 'br', 'gzip'])(
    'serves index.html revalidated on every load, under its security policy (encoding %s)',
    async (encoding) => {
      const response = await app.inject({
        method: 'GET',
        url: '/dzfront/open/client/',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('serves the hashed files under static/ immutable, precompressed as the browser accepts', async () => {
    const url = '/dzfront/open/client/static/js/index.0123abcd.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const response of [br, gz, plain]) expect(response.headers.vary).toContain('accept-encoding');
  });

  it('revalidates an unhashed file beside the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/dzfront/open/client/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['index.html.br', 'index.html.gz', 'static/js/index.0123abcd.js.br', 'static/js/index.0123abcd.js.gz'])(
    'never serves the precompressed copy %s by its own name',
    async (name) => {
      const response = await app.inject({
        method: 'GET',
        url: `/dzfront/open/client/${name}`,
        headers: { 'accept-encoding': 'br, gzip', 'x-lang': 'en' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ code: number }>().code).toBe(errorCatalogue.notFound.code);
    },
  );

  it('answers a missing file with 404 and its own code, not as a missing API', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/dzfront/open/client/static/js/missing.js',
      headers: { 'x-lang': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: errorCatalogue.notFound.code,
      message: 'Nothing was found at GET /dzfront/open/client/static/js/missing.js.',
      data: null,
    });
  });
});

describe('serving the SDK', () => {
  it('sends its TypeScript declarations as text a browser shows and an editor reads, not as video', async () => {
    const response = await app.inject({ method: 'GET', url: '/dzfront/open/client/sdk/softphone.d.ts' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(DECLARATIONS_CONTENT_TYPE);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.body).toBe(declarations);
  });

  it('sends the script as JavaScript still', async () => {
    const response = await app.inject({ method: 'GET', url: '/dzfront/open/client/sdk/softphone.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  });
});

describe('the OpenAPI document, with the client served', () => {
  it('lists the API calls only: no file or redirect route', async () => {
    const response = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    const documented = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths).sort();
    expect(documented).toEqual(
      // The catalogue, and beside it the bandwidth test's routes and the event stream (not JSON both ways).
      [
        ...Object.keys(apiSchemas).map((p) => `${API_PREFIX}${p}`),
        DIAG_DOWNLOAD_PATH,
        DIAG_UPLOAD_PATH,
        EVENT_STREAM_PATH,
      ].sort(),
    );
  });
});
