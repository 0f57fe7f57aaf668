import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX, apiSchemas, type ApiPath, type ApiRoute } from '@open/protocol/api';
import { SUCCESS_CODE, type ErrorName } from '@open/protocol/errors';
import { readSessionToken } from './session-cookie.js';
import type { ReadCache } from '../db/read-cache.js';
import { ApiError, FieldError } from '../errors.js';
import { sendCachedAnswer, toCachedAnswer, weighAnswer, type CachedAnswer } from './cached-answer.js';
import { acceptMultipart, receiveMultipart, type ReceivedFile } from './multipart.js';
import { allowCrossOriginCalls, corsOf } from './cors.js';
import { isCrossSite } from './origin.js';
import { AUDITED_FAILURES, type AuditNote, type Services, type SignedInUser } from '../services.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in CMS user, set by the guard of calls that require one. */
    user: SignedInUser | null;
  }
  interface FastifyContextConfig {
    /** Failures this route answers with HTTP 200 (see `ApiRoute.softFailures`). */
    softFailures?: readonly ErrorName[];
  }
}

type Route<P extends ApiPath> = (typeof apiSchemas)[P];

/** The body after validation (trimmed, defaults applied). */
export type ApiInput<P extends ApiPath> = z.output<Route<P>['body']>;
/** What a handler returns as `data`. */
export type ApiOutput<P extends ApiPath> = z.input<Route<P>['data']>;

export interface ApiContext<P extends ApiPath> {
  body: ApiInput<P>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Present exactly when the call's catalogue entry has a guard. */
  user: Route<P> extends { guard: string } ? SignedInUser : undefined;
  /** The uploaded file, for a `multipart` call (staged on disk until the answer is sent). */
  file: Route<P> extends { multipart: object } ? ReceivedFile : undefined;
  /**
   * What the audit entry of a call with an effect should say beyond what its path, body and
   * answer tell: who acted when the call has no guard (sign-in), which account it was about.
   */
  audit: AuditNote;
}

export type ApiHandler<P extends ApiPath> = (context: ApiContext<P>) => Promise<ApiOutput<P>>;

/** Settings a call needs beyond its catalogue entry. */
export interface ApiOptions {
  /** For a `multipart` call: the largest file it accepts, in bytes. */
  maxFileBytes?: number;
}

/** Declares one call of the catalogue with its handler. */
export type DefineApi = <P extends ApiPath>(path: P, handler: ApiHandler<P>, options?: ApiOptions) => void;

export interface ApiRouter {
  defineApi: DefineApi;
  /** Registers every call declared so far on the app, each in the context of the plugins it uses. */
  mount(app: FastifyInstance): Promise<void>;
}

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

export interface ApiRouterDeps {
  sessions: Services['sessions'];
  readCache: ReadCache;
  audit: Services['audit'];
}

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

/** Refuses, at start, a call open to every page that would act on a signed-in user. */
export function checkCrossOriginDeclaration(path: string, route: ApiRoute): void {
  // A guard reads the session cookie; a page on another site must never act with it.
  if (route.crossOrigin && route.guard !== undefined)
    throw new Error(`${path}: a cross-origin call cannot have a guard`);
}

/** Refuses, at start, a catalogue entry whose cache declaration cannot be honoured. */
export function checkCacheDeclaration(path: string, route: ApiRoute): void {
  if (route.cache === undefined) {
    if (route.searchField !== undefined) throw new Error(`${path}: searchField without cache`);
    return;
  }
  // One answer is shared by every caller, and a call with an effect must run every time.
  if (route.guard !== undefined || route.effect !== undefined) {
    throw new Error(`${path}: a cached read can have neither guard nor effect`);
  }
  if (
    route.searchField !== undefined &&
    !(route.body instanceof z.ZodObject && route.searchField in route.body.shape)
  ) {
    throw new Error(`${path}: searchField ${route.searchField} is not a field of its body`);
  }
}

/**
 * Gives the areas their `defineApi`: POST JSON at the catalogue's path, body validated, answer
 * checked against the schema and wrapped in `{ code: 0, message: 'ok', data }`. What the
 * catalogue entry declares is applied here, for every call alike: a call with an effect
 * refuses cross-site callers (unless the catalogue opens it to every page, see cors.ts), a guarded call refuses anonymous ones, editors where it needs an
 * admin, and everyone still on the published demo password but for the call that changes it
 * (all before the body is read); a call with an effect leaves an entry in the audit trail, a
 * call that changes published content drops the read cache after its write, and a published
 * read keeps its serialised answers in that cache, with an ETag. A `multipart` call (an
 * upload) gets the same, with its form read by `receiveMultipart` in a context of its own.
 */
export function createApiRouter({ sessions, readCache, audit }: ApiRouterDeps): ApiRouter {
  // Each call goes to the context that has the plugins it uses, since a plugin's hook costs
  // every request of its context: the published reads (the documentation's hot path) need
  // neither the session cookie nor CORS; an upload has its form parser in a context of its own.
  const published: RouteOptions[] = [];
  const calls: RouteOptions[] = [];
  const uploads: RouteOptions[] = [];

  /** Records a call in the audit trail; a failure to do so is logged, never the caller's problem. */
  async function recordCall(
    request: FastifyRequest,
    record: Omit<Parameters<Services['audit']['recordCall']>[0], 'ip'>,
  ) {
    try {
      await audit.recordCall({ ...record, ip: request.ip });
    } catch (error) {
      request.log.error({ err: error }, 'could not write the audit trail');
    }
  }

  const defineApi: DefineApi = <P extends ApiPath>(path: P, handler: ApiHandler<P>, options: ApiOptions = {}) => {
    const route: ApiRoute = apiSchemas[path];
    checkCacheDeclaration(path, route);
    checkCrossOriginDeclaration(path, route);
    const url = `${API_PREFIX}${path}`;
    const success = z.object({ code: z.literal(SUCCESS_CODE), message: z.string(), data: route.data });
    // The same check and serialisation as Fastify's for any other answer, run once per entry.
    const serialise = serializerCompiler({ schema: success, method: 'POST', url, httpStatus: '200' });
    const multipart = route.multipart;
    if (multipart && options.maxFileBytes === undefined) throw new Error(`${path}: multipart without maxFileBytes`);
    const validateForm = validatorCompiler({ schema: route.body, method: 'POST', url, httpPart: 'body' }) as (
      fields: unknown,
    ) => { value: unknown } | { error: unknown[] };

    /** The body (a multipart form read whole, its file staged), and what to clean up after. */
    async function readInput(request: FastifyRequest, reply: FastifyReply) {
      if (!multipart) return { body: request.body, file: undefined, cleanup: async () => {} };
      const form = await receiveMultipart(request, reply, {
        fileField: multipart.file,
        maxFileBytes: options.maxFileBytes ?? 0,
      });
      // The fields are what the error handler reads back for "required" or "wrong type".
      request.body = form.fields;
      const checked = validateForm(form.fields);
      if ('error' in checked || !form.file) {
        await form.cleanup();
        // Thrown as Fastify throws a body the schema refuses, so it is answered the same way.
        if ('error' in checked) throw Object.assign(new Error('invalid form'), { validation: checked.error });
        throw new FieldError([{ field: multipart.file, reason: 'required' }]);
      }
      return { body: checked.value, file: form.file, cleanup: () => form.cleanup() };
    }

    const definition: RouteOptions = {
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
              if (route.effect && !route.crossOrigin && isCrossSite(request)) throw new ApiError('crossSiteRequest');
              if (route.guard) {
                const user = await sessions.require(readSessionToken(request));
                if (user.mustChangePassword && path !== PASSWORD_CHANGE_CALL) {
                  throw new ApiError('passwordChangeRequired');
                }
                if (route.guard === 'admin' && user.role !== 'admin') {
                  await recordCall(request, { path, actor: user, body: undefined, error: 'forbidden', note: {} });
                  throw new ApiError('forbidden');
                }
                request.user = user;
              }
            },
          }
        : {}),
      handler: (request, reply) => {
        if (route.cache && !isSearch(route, request.body)) {
          // The validated body (trimmed, defaults applied, keys in schema order) is the key.
          const key = `${path}:${JSON.stringify(request.body)}`;
          // The documentation's hottest path: a hit is sent at once, with no promise to settle.
          const held = readCache.peek(key) as CachedAnswer | undefined;
          if (held !== undefined) {
            void sendCachedAnswer(request, reply, held);
            return undefined;
          }
          return readCache
            .get(key, () => answerToCache(request, reply), weighAnswer)
            .then((answer) => {
              void sendCachedAnswer(request, reply, answer);
            });
        }
        return answer(request, reply);
      },
    };

    /** A published read's answer, serialised once for the cache. */
    async function answerToCache(request: FastifyRequest, reply: FastifyReply): Promise<CachedAnswer> {
      // The validator compiler has already parsed the body with this call's schema.
      const context = { body: request.body, request, reply, user: undefined, file: undefined, audit: {} };
      const data = await handler(context as ApiContext<P>);
      return toCachedAnswer(serialise({ code: SUCCESS_CODE, message: 'ok', data }));
    }

    /** Every other call: read the input, run the handler, audit and invalidate as declared. */
    async function answer(request: FastifyRequest, reply: FastifyReply) {
      const note: AuditNote = {};
      const input = await readInput(request, reply);
      // The guard has set the user when the entry has one.
      const actor = request.user;
      const context = { body: input.body, request, reply, user: actor ?? undefined, file: input.file, audit: note };
      try {
        const data = await handler(context as ApiContext<P>);
        // Every call that changes something leaves an entry; no handler can forget it.
        if (route.effect) await recordCall(request, { path, actor, body: input.body, data, note });
        return { code: SUCCESS_CODE, message: 'ok', data };
      } catch (error) {
        if (route.effect && error instanceof ApiError && AUDITED_FAILURES.has(error.errorName)) {
          await recordCall(request, { path, actor, body: input.body, error: error.errorName, note });
        }
        throw error;
      } finally {
        await input.cleanup();
        // After the service's transaction has ended, so no reader caches the old state again;
        // also after a failure, since a failure after the commit is still a changed state.
        if (route.effect === 'content') await readCache.invalidate();
      }
    }
    (multipart ? uploads : route.cache ? published : calls).push(definition);
  };

  async function mount(app: FastifyInstance): Promise<void> {
    app.decorateRequest('user', null);
    await app.register((room, _options, done) => {
      for (const definition of published) room.route(definition);
      done();
    });
    await app.register(async (room) => {
      await room.register(fastifyCookie);
      await allowCrossOriginCalls(room);
      for (const definition of calls) room.route(definition);
      for (const definition of uploads) {
        // Only this call's own context reads multipart bodies; every other call stays JSON only.
        await room.register((upload, _options, done) => {
          acceptMultipart(upload);
          upload.route(definition);
          done();
        });
      }
    });
  }

  return { defineApi, mount };
}
