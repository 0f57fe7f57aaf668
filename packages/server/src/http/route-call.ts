import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX, type ApiPath, type ApiRoute } from '@open/protocol/api';
import { SUCCESS_CODE } from '@open/protocol/errors';
import { readSessionToken } from './session-cookie.js';
import { ApiError, FieldError } from '../errors.js';
import { sendCachedAnswer, toCachedAnswer, weighAnswer, type CachedAnswer } from './cached-answer.js';
import { receiveMultipart } from './multipart.js';
import { corsOf } from './cors.js';
import { isCrossSite } from './origin.js';
import { AUDITED_FAILURES, type AuditNote, type Services } from '../services.js';
import type { ApiContext, ApiHandler, ApiOptions, ApiRouterDeps } from './route.types.js';

/**
 * The only call an account that must change the published demo password may make (sign-out
 * and "who am I" have no guard, so they stay open too).
 */
const PASSWORD_CHANGE_CALL: ApiPath = 'cms/set_own_password';

/** Every failure: a catalogued non-zero code, a message in the caller's language, detail in data. */
const errorEnvelope = z.object({
  code: z.number().int().describe('non-zero code from the error catalogue'),
  message: z.string(),
  data: z.unknown(),
});

/**
 * A 304 carries no body. fastify-swagger documents a response without content only for
 * `type: 'null'`, which zod's OpenAPI 3.0 output spells otherwise; the metadata says it plainly.
 */
const notModified = z.null().meta({ type: 'null', description: 'Not modified: If-None-Match names the current ETag' });

/** Whether a body is a search of a call that declares one (see `ApiRoute.searchField`). */
function isSearch(route: ApiRoute, body: unknown): boolean {
  if (route.searchField === undefined) return false;
  const value = (body as Record<string, unknown>)[route.searchField];
  return value !== undefined && value !== '';
}

/**
 * A multipart call in the OpenAPI document: its fields and its file, as
 * `multipart/form-data`. Documentation only; the form is read by `receiveMultipart`.
 */
function multipartSchema(path: string, route: ApiRoute, file: string): z.ZodType {
  if (!(route.body instanceof z.ZodObject)) throw new Error(`${path}: a multipart body must be an object`);
  return route.body.extend({ [file]: z.string().meta({ format: 'binary', description: 'the file' }) });
}

/** One call of the catalogue as `defineApi` compiled it: its entry, its handler and its checks. */
interface Call<P extends ApiPath> {
  path: P;
  route: ApiRoute;
  handler: ApiHandler<P>;
  options: ApiOptions;
  serialise: (data: unknown) => string;
  validateForm: (fields: unknown) => { value: unknown } | { error: unknown[] };
}

/** Records a call in the audit trail; a failure to do so is logged, never the caller's problem. */
async function recordCall(
  audit: Services['audit'],
  request: FastifyRequest,
  record: Omit<Parameters<Services['audit']['recordCall']>[0], 'ip'>,
) {
  try {
    await audit.recordCall({ ...record, ip: request.ip });
  } catch (error) {
    request.log.error({ err: error }, 'could not write the audit trail');
  }
}

/**
 * The route of one catalogue entry (already checked by `defineApi`): its schema for validation
 * and the OpenAPI document, its guard, and its handler.
 */
export function callRoute<P extends ApiPath>(
  deps: ApiRouterDeps,
  path: P,
  route: ApiRoute,
  handler: ApiHandler<P>,
  options: ApiOptions,
): RouteOptions {
  const url = `${API_PREFIX}${path}`;
  const success = z.object({ code: z.literal(SUCCESS_CODE), message: z.string(), data: route.data });
  // The same check and serialisation as Fastify's for any other answer, run once per entry.
  const serialise = serializerCompiler({ schema: success, method: 'POST', url, httpStatus: '200' });
  const multipart = route.multipart;
  if (multipart && options.maxFileBytes === undefined) throw new Error(`${path}: multipart without maxFileBytes`);
  const validateForm = validatorCompiler({ schema: route.body, method: 'POST', url, httpPart: 'body' }) as (
    fields: unknown,
  ) => { value: unknown } | { error: unknown[] };
  const call: Call<P> = { path, route, handler, options, serialise, validateForm };

  return {
    method: 'POST',
    url,
    config: { softFailures: route.softFailures ?? [], cors: corsOf(route) },
    schema: {
      operationId: path.replace('/', '.'),
      tags: [path.split('/')[0] ?? 'api'],
      body: multipart ? multipartSchema(path, route, multipart.file) : route.body,
      ...(multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: {
        200: route.softFailures ? z.union([success, errorEnvelope]) : success,
        ...(route.cache ? { 304: notModified } : {}),
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    // A form is validated once it has been read (see readInput); the body here is its stream.
    ...(multipart ? { validatorCompiler: () => (value: unknown) => ({ value }) } : {}),
    // Only where there is something to check: a hook costs every request of the call.
    ...(route.effect || route.guard
      ? {
          onRequest: async (request: FastifyRequest) => {
            await checkCaller(deps, call, request);
          },
        }
      : {}),
    handler: (request, reply) => {
      if (route.cache && !isSearch(route, request.body)) {
        // The validated body (trimmed, defaults applied, keys in schema order) is the key.
        const key = `${path}:${JSON.stringify(request.body)}`;
        // The documentation's hottest path: a hit is sent at once, with no promise to settle.
        const held = deps.readCache.peek(key) as CachedAnswer | undefined;
        if (held !== undefined) {
          void sendCachedAnswer(request, reply, held);
          return undefined;
        }
        return deps.readCache
          .get(key, () => answerToCache(call, request, reply), weighAnswer)
          .then((answer) => {
            void sendCachedAnswer(request, reply, answer);
          });
      }
      return answer(deps, call, request, reply);
    },
  };
}

/** The call's guard, before the body is read: cross-site callers, anonymous ones, the wrong role. */
async function checkCaller<P extends ApiPath>(
  { sessions, audit }: ApiRouterDeps,
  { path, route }: Call<P>,
  request: FastifyRequest,
) {
  if (route.effect && !route.crossOrigin && isCrossSite(request)) throw new ApiError('crossSiteRequest');
  if (route.guard) {
    const user = await sessions.require(readSessionToken(request));
    if (user.mustChangePassword && path !== PASSWORD_CHANGE_CALL) {
      throw new ApiError('passwordChangeRequired');
    }
    if (route.guard === 'admin' && user.role !== 'admin') {
      await recordCall(audit, request, { path, actor: user, body: undefined, error: 'forbidden', note: {} });
      throw new ApiError('forbidden');
    }
    request.user = user;
  }
}

/** The body (a multipart form read whole, its file staged), and what to clean up after. */
async function readInput<P extends ApiPath>(call: Call<P>, request: FastifyRequest, reply: FastifyReply) {
  const multipart = call.route.multipart;
  if (!multipart) return { body: request.body, file: undefined, cleanup: async () => {} };
  const form = await receiveMultipart(request, reply, {
    fileField: multipart.file,
    maxFileBytes: call.options.maxFileBytes ?? 0,
  });
  // The fields are what the error handler reads back for "required" or "wrong type".
  request.body = form.fields;
  const checked = call.validateForm(form.fields);
  if ('error' in checked || !form.file) {
    await form.cleanup();
    // Thrown as Fastify throws a body the schema refuses, so it is answered the same way.
    if ('error' in checked) throw Object.assign(new Error('invalid form'), { validation: checked.error });
    throw new FieldError([{ field: multipart.file, reason: 'required' }]);
  }
  return { body: checked.value, file: form.file, cleanup: () => form.cleanup() };
}

/** A published read's answer, serialised once for the cache. */
async function answerToCache<P extends ApiPath>(
  call: Call<P>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CachedAnswer> {
  // The validator compiler has already parsed the body with this call's schema.
  const context = { body: request.body, request, reply, user: undefined, file: undefined, audit: {} };
  const data = await call.handler(context as ApiContext<P>);
  return toCachedAnswer(call.serialise({ code: SUCCESS_CODE, message: 'ok', data }));
}

/** Every other call: read the input, run the handler, audit and invalidate as declared. */
async function answer<P extends ApiPath>(
  { readCache, audit }: ApiRouterDeps,
  call: Call<P>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { path, route, handler } = call;
  const note: AuditNote = {};
  const input = await readInput(call, request, reply);
  // The guard has set the user when the entry has one.
  const actor = request.user;
  const context = { body: input.body, request, reply, user: actor ?? undefined, file: input.file, audit: note };
  try {
    const data = await handler(context as ApiContext<P>);
    // Every call that changes something leaves an entry; no handler can forget it.
    if (route.effect) await recordCall(audit, request, { path, actor, body: input.body, data, note });
    return { code: SUCCESS_CODE, message: 'ok', data };
  } catch (error) {
    if (route.effect && error instanceof ApiError && AUDITED_FAILURES.has(error.errorName)) {
      await recordCall(audit, request, { path, actor, body: input.body, error: error.errorName, note });
    }
    throw error;
  } finally {
    await input.cleanup();
    // After the service's transaction has ended, so no reader caches the old state again;
    // also after a failure, since a failure after the commit is still a changed state.
    if (route.effect === 'content') await readCache.invalidate();
  }
}
