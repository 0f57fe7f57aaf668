/**
 * Fuzzes every operation of the OpenAPI document the app serves, and hostile URLs around it,
 * and holds every answer to the API's contract (see `contractProblem`). The bodies come from
 * each operation's request schema (test/fuzz/fuzz-values.ts), so a new call is fuzzed without a line here.
 * Deterministic: the random bodies and paths come from fast-check with a fixed seed.
 */
import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiSchemas, type ApiRoute } from '@open/protocol/api';
import { errorCatalogue, SUCCESS_CODE, type ErrorName } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import { langCodes } from '@open/protocol/locales';
import { DIAG_DOWNLOAD_PATH, DIAG_UPLOAD_PATH } from '@open/protocol/paths';
import { EVENT_STREAM_PATH } from '@open/protocol/event-stream';
import { call, captureLogs, createTestApp, LOG_LEVEL, loginAsAdmin } from '../../test/helpers.js';
import { systemClock } from '../clock.js';
import { seedDocsIfEmpty } from '../seed/seed-docs.js';
import { noReadCache } from '../db/read-cache.js';
import { createLifecycle } from '../lifecycle.js';
import { createServices } from '../services.js';
import { arbitraryForm, formCases, type FormPlan } from '../../test/fuzz/fuzz-forms.js';
import { HEALTH_PATH, OPENAPI_PATH } from './operations.js';
import { CLIENT_BASE } from '@open/protocol/paths';
import {
  arbitraryFor,
  arbitraryPathEnd,
  assertUnderstood,
  fieldCases,
  hostileGetHeaders,
  hostilePathEnds,
  hostileQueries,
  rawCases,
  seedFor,
  shapeCases,
  toJson,
  validObject,
  type JsonSchema,
} from '../../test/fuzz/fuzz-values.js';

const SEED = 20_261_124;
/**
 * On top of the enumerated mutations. Every list is finite, so what the state-changing calls
 * create (versions, sessions) is bounded by the number of requests, in this file's own database.
 */
const RANDOM_BODIES_PER_OPERATION = 30;
const RANDOM_URLS = 150;
/** `inject` sends `Host: localhost:80`, so this is the server's own origin. */
const OWN_ORIGIN = 'http://localhost:80';
const FOREIGN_ORIGIN = 'https://evil.example';
/**
 * Fuzzed sign-ins fail and are throttled per address; they come from their own address so the
 * admin's sign-in (from inject's default address) is never blocked by them.
 */
const FUZZ_ADDRESS = '203.0.113.7';
/** A small upload limit, so files over it are cheap to send. */
const FUZZ_MAX_FILE_BYTES = 4096;
const RANDOM_FORMS_PER_OPERATION = 40;
const RANDOM_BINARY_BODIES_PER_OPERATION = 20;
/**
 * An operation that answers with as many bytes as its body asks for (the bandwidth test's
 * download, up to 32 MiB) would spend the run on random sizes near its maximum: its random
 * bodies ask for at most this many. Its enumerated cases still send the real maximum and one
 * past it.
 */
const FUZZ_MAX_ANSWER_BYTES = 64 * 1024;

// ---------------------------------------------------------------------------------------------
// The app under test: the product's seeded documentation (so searches find something), a built
// client of our own (static serving is fuzzed too), captured logs.

const logs = captureLogs();
const clientDir = await mkdtemp(path.join(tmpdir(), 'open-fuzz-client-'));
/** The files of the client folder: nothing else may ever be served (see fileProblem). */
const clientFiles = new Map([
  ['index.html', '<!doctype html><title>fuzz</title>'],
  ['static/js/app.0123abcd.js', 'console.log(1);'],
]);
await mkdir(path.join(clientDir, 'static', 'js'), { recursive: true });
for (const [name, content] of clientFiles) await writeFile(path.join(clientDir, name), content);
const ctx = await createTestApp({ logger: logs.logger, clientDir, attachmentMaxBytes: FUZZ_MAX_FILE_BYTES });
// Written before the app's first read, so its read cache holds nothing stale.
const seedServices = createServices({
  db: ctx.db,
  readCache: noReadCache,
  clock: systemClock,
  lifecycle: createLifecycle(),
});
await seedDocsIfEmpty({ db: ctx.db, ...seedServices });
let adminCookie = await loginAsAdmin(ctx.app);
/**
 * An API key of the seeded tenant, which the admin sender also sends to the `events/*` calls, so
 * their bodies get past the key into the code behind it. Not to the stream: a valid body opens a
 * stream that never ends, which inject would wait for (event-stream.test.ts covers it).
 */
async function newFuzzKey(): Promise<string> {
  const tenants = await call<{ list: { _id: string }[] }>(
    ctx.app,
    'cms/get_tenant_list',
    { page_number: -1 },
    {
      cookie: adminCookie,
    },
  );
  const made = await call<{ key: string }>(
    ctx.app,
    'cms/create_api_key',
    { tenant_id: tenants.body.data.list[0]?._id, name: 'fuzz' },
    { cookie: adminCookie },
  );
  return made.body.data.key;
}
let fuzzKey = await newFuzzKey();
const keyed = (url: string) => url.startsWith(`${API_PREFIX}events/`) && url !== EVENT_STREAM_PATH;
// Listening too, for what inject does not model: HEAD answers go over a real socket.
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const address = ctx.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const stats = { sent: 0, byStatus: {} as Record<string, number>, started: performance.now() };
afterAll(async () => {
  console.log(
    `fuzz: ${stats.sent} requests in ${((performance.now() - stats.started) / 1000).toFixed(1)} s; by status: ` +
      Object.entries(stats.byStatus)
        .map(([status, count]) => `${status}×${count}`)
        .join(' '),
  );
  await ctx.close();
  await rm(clientDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Requests, and who sends them.

interface Sender {
  name: string;
  admin: boolean;
  origin?: string;
}

const anonymous: Sender = { name: 'anonymous', admin: false };
const admin: Sender = { name: 'admin', admin: true };

/**
 * Of the mutated bodies, every this-many-th is also sent by a caller whose answer to a body
 * another caller's answers already tell (route-call.ts `checkCaller`):
 * - one refused before its body is read (an anonymous caller of a guarded call, a
 *   state-changing call from another site): its answer cannot depend on the body's content,
 *   only on its size and framing, which the raw cases (every one sent by every caller) cover;
 * - one from the API's own site: past the origin check, its request is the same caller's
 *   without an Origin header, which is sent every body.
 * Sending all of them from each such caller was two thirds of the run's 89,546 requests, and
 * the own site's copies a fifth of the 53,349 left.
 */
const SAMPLE_EVERY = 10;

/** Whether `sender` gets only every SAMPLE_EVERY-th mutated body of `route` (see above). */
const sampledFor = (route: ApiRoute | undefined, sender: Sender): boolean =>
  Boolean(route?.guard && !sender.admin) ||
  Boolean(sender.origin === FOREIGN_ORIGIN && route?.effect && !route.crossOrigin) ||
  sender.origin === OWN_ORIGIN;

/** Every caller of an operation; a state-changing one also from its own site and from another. */
function sendersOf(route: ApiRoute | undefined): Sender[] {
  if (route && !route.effect) return [anonymous, admin];
  return [
    anonymous,
    admin,
    ...[OWN_ORIGIN, FOREIGN_ORIGIN].flatMap((origin) => [
      { name: `anonymous from ${origin}`, admin: false, origin },
      { name: `admin from ${origin}`, admin: true, origin },
    ]),
  ];
}

type Method = NonNullable<InjectOptions['method']>;

/** A body of this many bytes sent as a stream, without Content-Length (as a chunked upload is). */
interface StreamedBody {
  streamedBytes: number;
}

type Payload = string | Buffer | StreamedBody;

const isStreamed = (payload: Payload | undefined): payload is StreamedBody =>
  typeof payload === 'object' && !Buffer.isBuffer(payload);

/** The bytes of a streamed body, made as they are read, so a large one never sits in memory. */
function streamOf({ streamedBytes }: StreamedBody): Readable {
  const chunk = Buffer.alloc(64 * 1024, 0xa5);
  return Readable.from(
    (function* () {
      for (let left = streamedBytes; left > 0; left -= chunk.length)
        yield chunk.subarray(0, Math.min(left, chunk.length));
    })(),
  );
}

interface FuzzRequest {
  /** How the request was made, to rebuild it. */
  label: string;
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: Payload;
  sender?: Sender;
}

/**
 * The caller's language, in turn each of the 19 by `x-lang` and now and then by Accept-Language
 * only, so every failure is also put into words in every language.
 */
const acceptLanguages = ['zh-HK,zh;q=0.9', 'tl', 'in-ID', 'pt-BR;q=0.5, *;q=0.1', 'de-CH', '*'];
let languageTurn = 0;
function languageHeaders(): Record<string, string> {
  languageTurn += 1;
  if (languageTurn % 4 === 0) {
    return { 'accept-language': acceptLanguages[(languageTurn / 4) % acceptLanguages.length] ?? '' };
  }
  return { 'x-lang': langCodes[languageTurn % langCodes.length] ?? 'en' };
}

function requestFrom(
  sender: Sender,
  label: string,
  url: string,
  payload: Payload | undefined,
  contentType: string | null,
  extra: Record<string, string> = {},
): FuzzRequest {
  const headers: Record<string, string> = languageHeaders();
  if (contentType !== null) headers['content-type'] = contentType;
  if (sender.admin) headers.cookie = adminCookie;
  if (sender.admin && keyed(url)) headers.authorization = `Bearer ${fuzzKey}`;
  if (sender.origin) headers.origin = sender.origin;
  return {
    label: `${label} (${sender.name})`,
    method: 'POST',
    url,
    headers: { ...headers, ...extra },
    ...(payload === undefined ? {} : { payload }),
    sender,
  };
}

/** The catalogue entry of an API URL, when it names one. */
function routeOf(url: string): ApiRoute | undefined {
  const [pathname = ''] = url.split('?');
  const name = pathname.slice(API_PREFIX.length);
  return pathname.startsWith(API_PREFIX) && Object.hasOwn(apiSchemas, name)
    ? (apiSchemas as Record<string, ApiRoute>)[name]
    : undefined;
}

// ---------------------------------------------------------------------------------------------
// The oracle.

const errorNameOf = new Map<number, ErrorName>(
  Object.entries(errorCatalogue).map(([name, entry]) => [entry.code, name as ErrorName]),
);

/**
 * What is wrong with an answer, or undefined. Never a 5xx; HEAD answers carry no body; files
 * and redirects outside the API may answer as they like; a 304 of the API must be one (see
 * notModifiedProblem); every other answer is the envelope `{code, message, data}` whose code is
 * 0 only with 200, and otherwise a catalogued code sent with its catalogued status, or with 200
 * where the call lists it among its `softFailures`. A cross-site caller never changes state
 * and an anonymous one never passes a guard. Only a success carries an ETag (no failure is
 * kept as a published answer).
 */
function contractProblem(request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `HTTP ${status}: ${response.body.slice(0, 300)}`;
  // inject keeps the body of a HEAD answer (Node's server drops it): see sendHeadOverTheWire.
  if (request.method === 'HEAD') return undefined;
  const isApi = request.url.startsWith(API_PREFIX);
  if (!isApi && status < 400 && request.method === 'GET') return fileProblem(request, response);
  if (isApi && status === 304) return notModifiedProblem(request, response);
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('application/octet-stream')) return binaryAnswerProblem(request, response);
  if (!type.startsWith('application/json')) return `HTTP ${status} with content type "${type}", not the envelope`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `HTTP ${status} with a body that is not JSON: ${response.body.slice(0, 300)}`;
  }
  const envelope = body as { code?: unknown; message?: unknown };
  if (
    typeof body !== 'object' ||
    body === null ||
    !('data' in body) ||
    typeof envelope.code !== 'number' ||
    typeof envelope.message !== 'string' ||
    envelope.message === ''
  ) {
    return `HTTP ${status} with a body that is not the envelope: ${response.body.slice(0, 300)}`;
  }
  const route = routeOf(request.url);
  if (isApi && envelope.code !== SUCCESS_CODE && response.headers.etag !== undefined) {
    return `code ${envelope.code} with an ETag, as if a failure were a published answer`;
  }
  if (envelope.code === SUCCESS_CODE) {
    if (status !== 200) return `code 0 with HTTP ${status}`;
    if (request.sender?.origin === FOREIGN_ORIGIN && (!route || (route.effect && !route.crossOrigin))) {
      return 'a cross-site call succeeded';
    }
    if (request.sender && !request.sender.admin && route?.guard) return 'an anonymous caller passed the guard';
    return undefined;
  }
  const name = errorNameOf.get(envelope.code);
  if (!name) return `code ${envelope.code} is not in the error catalogue`;
  if (status === errorCatalogue[name].status) return undefined;
  if (status === 200 && route?.softFailures?.includes(name)) return undefined;
  return `code ${envelope.code} (${name}) travels with HTTP ${errorCatalogue[name].status}, not ${status}`;
}

/**
 * An answer of bytes, not the envelope: only the success (HTTP 200) of an operation whose 200
 * answer the OpenAPI document declares `application/octet-stream`, never to another site (such
 * operations are outside the catalogue, so nothing says they may), as many bytes as its
 * Content-Length says and not encoded. Its failures are the envelope like any other.
 */
function binaryAnswerProblem(request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  const [pathname = ''] = request.url.split('?');
  if (!binaryAnswers.has(pathname)) return `HTTP ${status} of bytes from an operation that declares no such answer`;
  if (status !== 200) return `HTTP ${status} of bytes: a failure must be the envelope`;
  if (request.sender?.origin === FOREIGN_ORIGIN && !routeOf(request.url)) return 'a cross-site call succeeded';
  const encoding = response.headers['content-encoding'];
  if (encoding !== undefined) return `bytes sent with content-encoding ${encoding}`;
  const length = response.headers['content-length'];
  if (length !== String(response.rawPayload.length)) {
    return `${response.rawPayload.length} bytes sent with content-length ${String(length)}`;
  }
  return undefined;
}

/**
 * A 304 of the API: only from a published read (`cache` in its catalogue entry), only to a
 * request whose If-None-Match names (RFC 9110: `*`, or a list compared weakly) the strong ETag
 * the answer carries, and without a body.
 */
function notModifiedProblem(request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
  const route = routeOf(request.url);
  if (!route?.cache) return 'HTTP 304 from a call that keeps no published answer';
  const sent = request.headers['if-none-match'];
  if (sent === undefined) return 'HTTP 304 to a request without If-None-Match';
  const etag = response.headers.etag;
  if (typeof etag !== 'string' || !/^"[^"]*"$/.test(etag)) return `HTTP 304 without a strong ETag (${String(etag)})`;
  const named = sent.trim() === '*' || sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  if (!named) return `HTTP 304 though If-None-Match ${sent} does not name ${etag}`;
  if (response.rawPayload.length > 0) return `HTTP 304 with a body: ${response.body.slice(0, 200)}`;
  return undefined;
}

/**
 * A GET outside the API answered without failing: a file of the client folder and nothing else
 * (a path that walks out of it must not find /etc/passwd or the server's sources), a redirect
 * into the client, or the operations routes.
 */
function fileProblem(request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
  const [pathname = ''] = request.url.split('?');
  if (response.statusCode === 304) return undefined;
  if (response.statusCode >= 300) {
    const location = response.headers.location ?? '';
    return location.startsWith(CLIENT_BASE) ? undefined : `a redirect to "${location}"`;
  }
  if (pathname === OPENAPI_PATH || pathname === HEALTH_PATH) return undefined;
  if (![...clientFiles.values()].includes(response.body)) {
    return `HTTP ${response.statusCode} with something that is not a file of the client: ${response.body.slice(0, 200)}`;
  }
  return undefined;
}

/** Error-level lines logged since the last call (the lines are dropped as they are read). */
function errorLogs(): string | undefined {
  const errors = logs.lines.filter((line) => line.level >= LOG_LEVEL.error);
  logs.lines.length = 0;
  if (!errors.length) return undefined;
  return `logged at error level: ${errors.map((l) => `${l.msg} ${l.err?.stack ?? ''}`).join('; ')}`;
}

// ---------------------------------------------------------------------------------------------
// Sending, counting and reporting.

const failuresFile = path.join(tmpdir(), `open-fuzz-failures-${process.pid}.json`);
const allFailures: object[] = [];

const shorten = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text);

/** The request as a reader needs it to reproduce the failure (in full in the failures file). */
function describeRequest(request: FuzzRequest, problem: string): string {
  const { payload } = request;
  const body =
    payload === undefined
      ? 'none'
      : isStreamed(payload)
        ? `a stream of ${payload.streamedBytes} bytes, no content-length`
        : Buffer.isBuffer(payload)
          ? `Buffer.from('${shorten(payload.toString('base64'))}', 'base64')`
          : shorten(JSON.stringify(payload));
  return [
    problem,
    `  made as: ${request.label}`,
    `  ${request.method} ${shorten(request.url)}`,
    `  headers: ${shorten(JSON.stringify(request.headers))}`,
    `  payload: ${body}`,
  ].join('\n');
}

/**
 * Short strings of successful answers by the property that held them (the latest 20 of each):
 * ids of things that exist and languages the content is in, which get fuzzed bodies past "not
 * found" into the code behind it.
 */
const seen = new Map<string, string[]>();

function harvest(value: unknown, key = ''): void {
  if (typeof value === 'string' && value.length <= 64) {
    const values = (seen.get(key) ?? []).filter((v) => v !== value);
    seen.set(key, [...values.slice(-19), value]);
  } else if (Array.isArray(value)) for (const item of value) harvest(item, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) harvest(v, k);
}

/** Ids seen under any name, the latest few of each name. */
function seenIds(each: number): string[] {
  return [...seen].filter(([key]) => /(^|_)id$/i.test(key)).flatMap(([, values]) => values.slice(-each));
}

function clearsSession(response: LightMyRequestResponse): boolean {
  return response.cookies.some((c) => c.name === 'open_session' && c.value === '');
}

const isJson = (response: LightMyRequestResponse) =>
  String(response.headers['content-type'] ?? '').startsWith('application/json');

/** The envelope's code, or success for an answer of bytes (which the oracle has checked). */
function answerCode(response: LightMyRequestResponse): unknown {
  if (!isJson(response)) return response.statusCode === 200 ? SUCCESS_CODE : undefined;
  return response.json<{ code: unknown }>().code;
}

/** Sends one request, checks the answer, and returns it (undefined when inject itself threw). */
async function send(request: FuzzRequest, failures: string[]): Promise<LightMyRequestResponse | undefined> {
  stats.sent += 1;
  let response: LightMyRequestResponse;
  const fail = (problem: string) => {
    failures.push(describeRequest(request, problem));
    allFailures.push({
      problem,
      ...request,
      sender: undefined,
      payload: Buffer.isBuffer(request.payload) ? { base64: request.payload.toString('base64') } : request.payload,
    });
  };
  try {
    const { payload } = request;
    response = await ctx.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      remoteAddress: FUZZ_ADDRESS,
      ...(payload === undefined ? {} : { payload: isStreamed(payload) ? streamOf(payload) : payload }),
    });
  } catch (error) {
    fail(`inject could not send it: ${String(error)}`);
    return undefined;
  }
  stats.byStatus[response.statusCode] = (stats.byStatus[response.statusCode] ?? 0) + 1;
  const problem = contractProblem(request, response) ?? errorLogs();
  if (problem) fail(problem);
  if (!problem && response.statusCode === 200 && request.url.startsWith(API_PREFIX) && isJson(response)) {
    const answer = response.json<{ code: unknown; data: unknown }>();
    if (answer.code === SUCCESS_CODE) harvest(answer.data);
  }
  // A fuzzed sign-out with the admin's cookie ends that session: sign in again.
  if (request.sender?.admin && clearsSession(response)) adminCookie = await loginAsAdmin(ctx.app);
  // A fuzzed removal (of an id harvested from a listing) may have revoked the fuzzer's key: make another.
  if (request.headers.authorization && answerCode(response) === errorCatalogue.apiKeyInvalid.code) {
    fuzzKey = await newFuzzKey();
  }
  return response;
}

/**
 * A HEAD request over a real socket (inject does not drop the body of a HEAD answer as Node's
 * HTTP server does): the answer must have no body.
 */
async function sendHeadOverTheWire(url: string, failures: string[]): Promise<void> {
  stats.sent += 1;
  const request: FuzzRequest = { label: 'HEAD over a socket', method: 'HEAD', url, headers: { 'x-lang': 'en' } };
  const answer = await new Promise<string>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    socket.on('close', () => {
      resolve(text);
    });
    socket.on('error', () => undefined);
    socket.write(`HEAD ${url} HTTP/1.1\r\nHost: localhost\r\nX-Lang: en\r\nConnection: close\r\n\r\n`);
  });
  const [head = '', ...rest] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
  const body = rest.join('\r\n\r\n');
  const problem = !(status < 500)
    ? `HTTP ${Number.isNaN(status) ? 'answer unreadable' : status}: ${answer.slice(0, 300)}`
    : body
      ? `a HEAD answer with a body: ${body.slice(0, 200)}`
      : errorLogs();
  if (problem) failures.push(describeRequest(request, problem));
}

function report(failures: string[]): void {
  if (failures.length) writeFileSync(failuresFile, JSON.stringify(allFailures, null, 1));
  const shown = failures.slice(0, 15).join('\n\n');
  const more = failures.length > 15 ? `\n\n… and ${failures.length - 15} more` : '';
  expect(failures.length, `${shown}${more}\n\nAll failing requests in full: ${failuresFile}`).toBe(0);
}

// ---------------------------------------------------------------------------------------------
// The operations of the document, each with what the fuzzer makes of its body.

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface OperationPlan {
  name: string;
  url: string;
  /** A POST JSON call: its body schema. */
  schema?: JsonSchema;
  /** A multipart call (an upload): its text fields and its file. */
  form?: FormPlan;
  /** A call whose body is any bytes (`application/octet-stream`), up to `maxBytes`. */
  binary?: { maxBytes: number };
  /** Why the fuzzer cannot exercise the operation. */
  problem?: string;
}

/** A multipart/form-data body schema: its one binary property is the file, the rest are text fields. */
function formPlanOf(schema: JsonSchema): FormPlan {
  const properties = Object.entries(schema.properties ?? {});
  const files = properties.filter(([, property]) => property.format === 'binary');
  const [file] = files;
  if (!file || files.length > 1) throw new Error('not exactly one binary property');
  const fields: JsonSchema = {
    ...schema,
    properties: Object.fromEntries(properties.filter(([name]) => name !== file[0])),
    required: (schema.required ?? []).filter((name) => name !== file[0]),
  };
  assertUnderstood(fields);
  return { fields, fileField: file[0], maxFileBytes: FUZZ_MAX_FILE_BYTES };
}

const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const openApi = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
const paths = openApi.json<{ paths?: Record<string, Record<string, OpenApiOperation>> }>().paths ?? {};
const plans: OperationPlan[] = Object.entries(paths).flatMap(([url, item]) =>
  Object.entries(item)
    .filter(([method]) => methods.has(method))
    .map(([method, operation]): OperationPlan => {
      const name = `${method.toUpperCase()} ${url}`;
      if (method !== 'post') return { name, url, problem: 'only POST JSON calls can be fuzzed' };
      if (url.includes('{')) return { name, url, problem: 'path parameters are not fuzzed' };
      const formSchema = operation.requestBody?.content?.['multipart/form-data']?.schema;
      if (formSchema) {
        try {
          return { name, url, form: formPlanOf(formSchema) };
        } catch (error) {
          return { name, url, problem: `its form schema is not understood: ${String(error)}` };
        }
      }
      const binarySchema = operation.requestBody?.content?.['application/octet-stream']?.schema;
      if (binarySchema) {
        // Its limit is the document's maxLength, so the fuzzer knows what "one byte over" is.
        if (binarySchema.format !== 'binary' || binarySchema.maxLength === undefined) {
          return { name, url, problem: 'its application/octet-stream body is not a binary string with a maxLength' };
        }
        return { name, url, binary: { maxBytes: binarySchema.maxLength } };
      }
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (!schema) {
        return {
          name,
          url,
          problem: 'no application/json, multipart/form-data or application/octet-stream body schema',
        };
      }
      try {
        assertUnderstood(schema);
      } catch (error) {
        return { name, url, problem: `its body schema is not understood: ${String(error)}` };
      }
      return { name, url, schema };
    }),
);

/** The operations whose success is bytes (see binaryAnswerProblem), as the document declares them. */
const binaryAnswers = new Set(
  Object.entries(paths)
    .filter(([, item]) => item.post?.responses?.['200']?.content?.['application/octet-stream'] !== undefined)
    .map(([url]) => url),
);

/** The schema with every numeric maximum lowered to `max` (see FUZZ_MAX_ANSWER_BYTES). */
function capNumbers(schema: JsonSchema, max: number): JsonSchema {
  const cap = (child: JsonSchema) => capNumbers(child, max);
  return {
    ...schema,
    ...(schema.maximum === undefined ? {} : { maximum: Math.min(schema.maximum, max) }),
    ...(schema.properties
      ? { properties: Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, cap(v)])) }
      : {}),
    ...(schema.items ? { items: cap(schema.items) } : {}),
    ...(schema.anyOf ? { anyOf: schema.anyOf.map(cap) } : {}),
    ...(schema.oneOf ? { oneOf: schema.oneOf.map(cap) } : {}),
  };
}

interface BinaryCase {
  label: string;
  payload: Payload | undefined;
  /** null sends none. */
  contentType: string | null;
  headers?: Record<string, string>;
  /** Sent by one caller only: its bytes cost time, and one caller shows what there is to see. */
  once?: boolean;
}

const VALID_BINARY_BODY = 'valid body, 1000 bytes';

/** Bytes of a given length that are not all alike. */
function bytesOf(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 7919 + seed) & 0xff;
  return bytes;
}

/**
 * Bodies of an `application/octet-stream` call: bytes of a few sizes (none, one, past the JSON
 * calls' limit, at and past its own limit, streamed without a length), the wrong content types,
 * a Content-Length that lies, and the hostile headers every JSON call gets (rawCases).
 */
function binaryCases(maxBytes: number, seed: number): BinaryCase[] {
  const octet = 'application/octet-stream';
  const some = bytesOf(1000, seed);
  const headerCases = rawCases({}, limits.bodyBytes).filter((c) => c.headers !== undefined);
  return [
    { label: VALID_BINARY_BODY, payload: some, contentType: octet },
    { label: 'an empty body', payload: Buffer.alloc(0), contentType: octet },
    { label: 'no body at all', payload: undefined, contentType: octet },
    { label: 'one byte', payload: bytesOf(1, seed), contentType: octet },
    { label: 'text bytes', payload: 'hello\u0000\ud800', contentType: octet },
    {
      label: `${limits.bodyBytes + 1} bytes (past the JSON calls' limit)`,
      payload: bytesOf(limits.bodyBytes + 1, seed),
      contentType: octet,
    },
    { label: 'a stream of 100 000 bytes', payload: { streamedBytes: 100_000 }, contentType: octet },
    { label: 'an empty stream', payload: { streamedBytes: 0 }, contentType: octet },
    {
      label: `exactly ${maxBytes} bytes (the limit)`,
      payload: bytesOf(maxBytes, seed),
      contentType: octet,
      once: true,
    },
    { label: `${maxBytes + 1} bytes`, payload: bytesOf(maxBytes + 1, seed), contentType: octet, once: true },
    {
      label: `a stream of ${maxBytes + 1} bytes`,
      payload: { streamedBytes: maxBytes + 1 },
      contentType: octet,
      once: true,
    },
    {
      label: 'content-length past the limit, short body',
      payload: some,
      contentType: octet,
      headers: { 'content-length': String(maxBytes + 1) },
    },
    { label: 'JSON', payload: '{}', contentType: 'application/json' },
    { label: 'bytes declared as JSON', payload: some, contentType: 'application/json' },
    { label: 'text/plain', payload: some, contentType: 'text/plain' },
    { label: 'an urlencoded form', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    {
      label: 'multipart',
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      contentType: 'multipart/form-data; boundary=x',
    },
    { label: 'no content type', payload: some, contentType: null },
    { label: 'no content type and no body', payload: undefined, contentType: null },
    { label: 'empty content type', payload: some, contentType: '' },
    { label: 'content type */*', payload: some, contentType: '*/*' },
    { label: 'content type in capitals', payload: some, contentType: 'Application/Octet-Stream' },
    { label: 'content type with a charset', payload: some, contentType: 'application/octet-stream; charset=utf-8' },
    { label: 'content type with a bad parameter', payload: some, contentType: 'application/octet-stream;;; =x' },
    { label: 'content type octet-streamx', payload: some, contentType: 'application/octet-streamx' },
    { label: 'two content types', payload: some, contentType: 'application/octet-stream, text/plain' },
    ...headerCases.map((c) => ({ label: c.label, payload: c.payload, contentType: octet, headers: c.headers ?? {} })),
    ...fc
      .sample(fc.uint8Array({ maxLength: 3000, size: 'max' }), { seed, numRuns: RANDOM_BINARY_BODIES_PER_OPERATION })
      .map((bytes, i) => ({
        label: `random body ${i} of seed ${seed}`,
        payload: Buffer.from(bytes),
        contentType: octet,
      })),
  ];
}

/** Codes that mean the body never got past parsing and validation. */
const refusedBody = new Set<number>(
  (['badJson', 'invalidField', 'unsupportedMediaType', 'bodyTooLarge'] as const).map((n) => errorCatalogue[n].code),
);

describe('fuzzing the API from its OpenAPI document', () => {
  it('finds operations, and every one is a POST JSON, multipart or binary call the fuzzer understands', () => {
    expect(openApi.statusCode).toBe(200);
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.filter((p) => p.problem).map((p) => `${p.name}: ${p.problem ?? ''}`)).toEqual([]);
    expect(plans.filter((p) => p.form).map((p) => p.url)).toEqual([`${API_PREFIX}cms/upload_attachment_file`]);
    expect(plans.filter((p) => p.binary)).toEqual([
      { name: `POST ${DIAG_UPLOAD_PATH}`, url: DIAG_UPLOAD_PATH, binary: { maxBytes: limits.diagTransferBytes } },
    ]);
    expect([...binaryAnswers]).toEqual([DIAG_DOWNLOAD_PATH]);
  });

  it.each(plans.filter((p) => !p.form && !p.binary))(
    '$name answers every mutated body within the contract',
    async ({ url, schema, problem }) => {
      expect(problem).toBeUndefined();
      if (!schema) return;
      const failures: string[] = [];
      const route = routeOf(url);
      const everyField = validObject(schema, true, seen);
      const seed = seedFor(url, SEED);
      const bodies = [
        { label: 'valid body, every field', body: everyField },
        { label: 'valid body, required fields only', body: validObject(schema, false, seen) },
        ...fieldCases(schema, everyField, seenIds(3), seen),
        ...shapeCases(everyField),
        ...fc
          .sample(
            arbitraryFor(binaryAnswers.has(url) ? capNumbers(schema, FUZZ_MAX_ANSWER_BYTES) : schema, seenIds(10)),
            {
              seed,
              numRuns: RANDOM_BODIES_PER_OPERATION,
            },
          )
          .map((body, i) => ({ label: `random body ${i} of seed ${seed}`, body })),
      ];
      // The same bytes with the same headers are sent once (random bodies repeat the small ones).
      const cases = [
        ...bodies.map((c) => ({
          label: c.label,
          payload: toJson(c.body),
          contentType: 'application/json',
          headers: {},
        })),
        ...rawCases(everyField, limits.bodyBytes).map((c) => ({
          ...c,
          contentType: c.contentType === undefined ? 'application/json' : c.contentType,
          headers: c.headers ?? {},
          raw: true,
        })),
      ];
      const keys = new Set<string>();
      const distinct = cases.filter((c) => {
        const payload = Buffer.isBuffer(c.payload) ? c.payload.toString('base64') : String(c.payload);
        const key = `${c.contentType ?? ''}|${JSON.stringify(c.headers)}|${payload}`;
        return !keys.has(key) && Boolean(keys.add(key));
      });
      let validAccepted = false;
      const sampled = distinct.filter(
        (c, at) => 'raw' in c || c.label.startsWith('valid body') || at % SAMPLE_EVERY === 0,
      );
      for (const sender of sendersOf(route)) {
        for (const c of sampledFor(route, sender) ? sampled : distinct) {
          const request = requestFrom(sender, c.label, url, c.payload, c.contentType, c.headers);
          const response = await send(request, failures);
          if (sender === admin && request.label.startsWith('valid body, every field') && response) {
            const code = answerCode(response);
            validAccepted = typeof code === 'number' && !refusedBody.has(code);
          }
        }
      }
      // Otherwise the walker's "valid" body is not, and the mutations say little.
      expect(validAccepted, `${url}: the valid body was refused`).toBe(true);
      report(failures);
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined();
    },
    120_000,
  );

  it.each(plans.filter((p) => p.form))(
    '$name answers every malformed form within the contract',
    async ({ url, form }) => {
      if (!form) return;
      const failures: string[] = [];
      const route = routeOf(url);
      const seed = seedFor(url, SEED);
      const cases = [
        ...formCases(form, seen, seenIds(3)),
        ...fc.sample(arbitraryForm(form), { seed, numRuns: RANDOM_FORMS_PER_OPERATION }),
      ];
      let validAccepted = false;
      for (const sender of sendersOf(route)) {
        for (const c of cases) {
          const request = requestFrom(sender, c.label, url, c.payload, c.contentType);
          const response = await send(request, failures);
          if (sender === admin && c.label === 'valid form, every field' && response) {
            const code = response.json<{ code: unknown }>().code;
            validAccepted = typeof code === 'number' && !refusedBody.has(code);
          }
        }
      }
      expect(validAccepted, `${url}: the valid form was refused`).toBe(true);
      report(failures);
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined();
    },
    120_000,
  );

  it.each(plans.filter((p) => p.binary))(
    '$name answers every body within the contract',
    async ({ url, binary }) => {
      if (!binary) return;
      const failures: string[] = [];
      const cases = binaryCases(binary.maxBytes, seedFor(url, SEED));
      let validAccepted = false;
      for (const sender of sendersOf(routeOf(url))) {
        for (const c of cases) {
          if (c.once && sender !== admin) continue;
          const request = requestFrom(sender, c.label, url, c.payload, c.contentType, c.headers);
          const response = await send(request, failures);
          if (sender === admin && c.label === VALID_BINARY_BODY && response) {
            validAccepted = answerCode(response) === SUCCESS_CODE;
          }
        }
      }
      expect(validAccepted, `${url}: the valid body was refused`).toBe(true);
      report(failures);
    },
    300_000,
  );

  it('answers hostile paths, methods and query strings within the contract', async () => {
    const failures: string[] = [];
    const bases = [API_PREFIX, CLIENT_BASE, '/', '/dzfront/open/server/', `${OPENAPI_PATH}/`];
    const seed = seedFor('urls', SEED);
    const randomEnds = fc.sample(arbitraryPathEnd, { seed, numRuns: RANDOM_URLS });
    const urls = [
      ...bases.flatMap((base) => hostilePathEnds.map((end) => base + end)),
      ...bases.flatMap((base) => hostileQueries.map((query) => `${base}doc/get_version_info${query}`)),
      ...bases.filter((base) => base.length > 1).map((base) => base.slice(0, -1)),
      ...bases.filter((base) => base.length > 1).map((base) => `${base.slice(0, -1)}${hostileQueries[1] ?? ''}`),
      ...randomEnds.map((end, i) => (i % 2 ? API_PREFIX : CLIENT_BASE) + end),
    ];
    const verbs: Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'];
    for (const url of urls) {
      // What a client can put on a request line: printable ASCII, and within Node's header limit.
      if (/^[\x21-\x7e]{1,8000}$/.test(url)) await sendHeadOverTheWire(url, failures);
      for (const method of verbs) {
        const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
        await send(
          {
            label: `${method} of a hostile URL`,
            method,
            url,
            headers: { ...languageHeaders(), ...(withBody ? { 'content-type': 'application/json' } : {}) },
            ...(withBody ? { payload: '{}' } : {}),
          },
          failures,
        );
      }
    }
    for (const url of [CLIENT_BASE, `${CLIENT_BASE}static/js/app.0123abcd.js`, `${CLIENT_BASE}missing.js`]) {
      for (const headers of hostileGetHeaders) {
        await send({ label: 'GET of a file with odd headers', method: 'GET', url, headers }, failures);
      }
    }
    report(failures);
  }, 120_000);
});
