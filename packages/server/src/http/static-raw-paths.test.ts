import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { buildApp } from '../app.js';
import { createTestDatabase } from '../../test/helpers.js';

// Paths as an attacker sends them (`curl --path-as-is`): nothing may normalise them on the way,
// so they go over a raw socket to a listening server, byte for byte.

const SECRET = 'SECRET-OUTSIDE-THE-CLIENT-FOLDER';
let app: FastifyInstance;
let port: number;
let workDir: string;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  // <work>/package.json and <work>/outer/package.json hold a secret; the client is
  // <work>/outer/client, so one and two `..` both land on a file that must never go out.
  workDir = await mkdtemp(path.join(tmpdir(), 'open-raw-'));
  const clientDir = path.join(workDir, 'outer', 'client');
  await mkdir(path.join(clientDir, 'static', 'js'), { recursive: true });
  await writeFile(path.join(workDir, 'package.json'), SECRET);
  await writeFile(path.join(workDir, 'outer', 'package.json'), SECRET);
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(path.join(clientDir, 'static', 'js', 'index.0123abcd.js'), 'console.log(1);');
  const database = await createTestDatabase();
  closeDb = () => database.close();
  app = await buildApp({ db: database.db, clientDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  port = address.port;
});
afterAll(async () => {
  await app.close();
  await closeDb();
  await rm(workDir, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/** Sends one GET with the request target exactly as given and reads the whole answer. */
function rawGet(target: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: split === -1 ? '' : text.slice(split + 4) });
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lang: en\r\nConnection: close\r\n\r\n`);
  });
}

/** The body of a chunked or plain answer, without the chunk framing. */
function unchunk(response: RawResponse): string {
  if (!/transfer-encoding: chunked/i.test(response.headers)) return response.body;
  let rest = response.body;
  let out = '';
  for (;;) {
    const line = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, line), 16);
    if (!size) return out;
    out += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 2 + size + 2);
  }
}

const base = '/dzfront/open/client/';
// Each a distinct trick; variants that differ only in letter case or depth are left out.
const hostile = [
  `${base}../package.json`,
  `${base}../../package.json`,
  `${base}static/js/../../../package.json`,
  `${base}%2e%2e/%2e%2e/package.json`,
  `${base}.%2e/package.json`,
  `${base}..%2f..%2fpackage.json`,
  `${base}..%5c..%5cpackage.json`,
  `${base}..\\..\\package.json`,
  `${base}%252e%252e/%252e%252e/package.json`,
  `${base}index.html%00.js`,
  `${base}%00`,
  `${base}./index.html`,
  `${base}/index.html`,
  `${base}static//js/index.0123abcd.js`,
  `${base}static/./js/index.0123abcd.js`,
  `${base}static/js/index.0123abcd.js/.`,
  `${base}static/js/index.0123abcd.js/`,
  // The router matches the decoded path, so this reaches the client route too.
  '/dzfront/open/%63lient/index.html',
  `${base}${'a'.repeat(5000)}`,
  `${base}static/js/${'a'.repeat(300)}.js`,
  `${base}${'a/'.repeat(400)}x.js`,
];
// Paths that do not decode are refused before routing, by the app's rule for a bad URL.
const undecodable = [`${base}%c0%ae%c0%ae/package.json`, `${base}%ff`, `${base}%`];

/** A test name that fits on a line. */
const label = (target: string) =>
  target.length > 100 ? `${target.slice(0, 60)}… (${target.length} characters)` : target;

describe('hostile paths under the client folder, over a raw socket', () => {
  // Not through `app.inject`: it parses the URL as a browser would, so `./`, `..` and `\` would
  // be resolved before the server ever saw them.
  it.each(hostile.map((target) => [label(target), target]))('GET %s answers our 404 envelope', async (_, target) => {
    const response = await rawGet(target);
    expect(response.status).toBe(404);
    expect(response.headers).toMatch(/content-type: application\/json/i);
    const envelope = JSON.parse(unchunk(response)) as { code: number; message: string; data: unknown };
    expect(envelope.code).toBe(errorCatalogue.notFound.code);
    expect(envelope.data).toBeNull();
    expect(response.body).not.toContain(SECRET);
  });

  it.each(undecodable)('GET %s answers the bad-URL envelope and no file', async (target) => {
    const response = await rawGet(target);
    expect(response.status).toBe(errorCatalogue.badUrl.status);
    expect(response.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(unchunk(response))).toMatchObject({ code: errorCatalogue.badUrl.code, data: null });
    expect(response.body).not.toContain(SECRET);
  });

  it('still serves the page and its scripts by their plain names', async () => {
    expect((await rawGet(base)).status).toBe(200);
    expect((await rawGet(`${base}index.html`)).status).toBe(200);
    const script = await rawGet(`${base}static/js/index.0123abcd.js`);
    expect(script.status).toBe(200);
    expect(unchunk(script)).toBe('console.log(1);');
  });
});
