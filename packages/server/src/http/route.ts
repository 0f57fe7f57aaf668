import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX, apiSchemas, type ApiPath, type ApiRoute } from '@open/protocol/api';
import { SUCCESS_CODE, type ErrorName } from '@open/protocol/errors';
import { readSessionToken } from '../auth/session-cookie.js';
import type { SessionService, SignedInUser } from '../auth/session.js';
import type { ReadCache } from '../db/read-cache.js';
import { ApiError } from './api-error.js';
import { sendCachedAnswer, toCachedAnswer, weighAnswer } from './cached-answer.js';
import { isCrossSite } from './origin.js';

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
}

export type ApiHandler<P extends ApiPath> = (context: ApiContext<P>) => Promise<ApiOutput<P>>;

/** Declares one call of the catalogue with its handler. */
export type DefineApi = <P extends ApiPath>(path: P, handler: ApiHandler<P>) => void;

/** Every failure: a catalogued non-zero code, a message in the caller's language, detail in data. */
const errorEnvelope = z.object({
  code: z.number().int().describe('non-zero code from the error catalogue'),
  message: z.string(),
  data: z.unknown(),
});

export interface ApiRouterDeps {
  sessions: SessionService;
  readCache: ReadCache;
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
 * refuses cross-site callers, a guarded call refuses anonymous ones (both before the body is
 * read), a call that changes published content drops the read cache after its write, and a
 * published read keeps its serialised answers in that cache, with an ETag.
 */
export function createApiRouter(app: FastifyInstance, { sessions, readCache }: ApiRouterDeps): DefineApi {
  app.decorateRequest('user', null);

  return <P extends ApiPath>(path: P, handler: ApiHandler<P>) => {
    const route: ApiRoute = apiSchemas[path];
    checkCacheDeclaration(path, route);
    const url = `${API_PREFIX}${path}`;
    const success = z.object({ code: z.literal(SUCCESS_CODE), message: z.string(), data: route.data });
    // The same check and serialisation as Fastify's for any other answer, run once per entry.
    const serialise = serializerCompiler({ schema: success, method: 'POST', url, httpStatus: '200' });
    app.route({
      method: 'POST',
      url,
      config: { softFailures: route.softFailures ?? [] },
      schema: {
        operationId: path.replace('/', '.'),
        tags: [path.split('/')[0] ?? 'api'],
        body: route.body,
        response: {
          200: route.softFailures ? z.union([success, errorEnvelope]) : success,
          ...(route.cache ? { 304: notModified } : {}),
          '4xx': errorEnvelope,
          '5xx': errorEnvelope,
        },
      },
      // Only where there is something to check: a hook costs every request of the call.
      ...(route.effect || route.guard
        ? {
            onRequest: async (request: FastifyRequest) => {
              if (route.effect && isCrossSite(request)) throw new ApiError('crossSiteRequest');
              if (route.guard === 'session') request.user = await sessions.require(readSessionToken(request));
            },
          }
        : {}),
      handler: async (request, reply) => {
        // The validator compiler has already parsed the body with this call's schema, and the
        // guard has set the user when the entry has one.
        const context = { body: request.body, request, reply, user: request.user ?? undefined } as ApiContext<P>;
        if (route.cache && !isSearch(route, request.body)) {
          // The validated body (trimmed, defaults applied, keys in schema order) is the key.
          const answer = await readCache.get(
            `${path}:${JSON.stringify(request.body)}`,
            async () => toCachedAnswer(serialise({ code: SUCCESS_CODE, message: 'ok', data: await handler(context) })),
            weighAnswer,
          );
          return sendCachedAnswer(request, reply, answer);
        }
        try {
          const data = await handler(context);
          return { code: SUCCESS_CODE, message: 'ok', data };
        } finally {
          // After the service's transaction has ended, so no reader caches the old state again;
          // also after a failure, since a failure after the commit is still a changed state.
          if (route.effect === 'content') await readCache.invalidate();
        }
      },
    });
  };
}
