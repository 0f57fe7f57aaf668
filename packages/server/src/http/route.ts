import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_PREFIX, apiSchemas, type ApiPath, type ApiRoute } from '@open/protocol/api';
import { SUCCESS_CODE, type ErrorName } from '@open/protocol/errors';
import { readSessionToken } from '../auth/session-cookie.js';
import type { SessionService, SignedInUser } from '../auth/session.js';
import type { ReadCache } from '../db/read-cache.js';
import { ApiError } from './api-error.js';
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
 * Gives the areas their `defineApi`: POST JSON at the catalogue's path, body validated, answer
 * checked against the schema and wrapped in `{ code: 0, message: 'ok', data }`. What the
 * catalogue entry declares is applied here, for every call alike: a call with an effect
 * refuses cross-site callers, a guarded call refuses anonymous ones (both before the body is
 * read), and a call that changes published content drops the read cache after its write.
 */
export function createApiRouter(app: FastifyInstance, { sessions, readCache }: ApiRouterDeps): DefineApi {
  app.decorateRequest('user', null);

  return <P extends ApiPath>(path: P, handler: ApiHandler<P>) => {
    const route: ApiRoute = apiSchemas[path];
    const success = z.object({ code: z.literal(SUCCESS_CODE), message: z.string(), data: route.data });
    app.route({
      method: 'POST',
      url: `${API_PREFIX}${path}`,
      config: { softFailures: route.softFailures ?? [] },
      schema: {
        operationId: path.replace('/', '.'),
        tags: [path.split('/')[0] ?? 'api'],
        body: route.body,
        response: {
          200: route.softFailures ? z.union([success, errorEnvelope]) : success,
          '4xx': errorEnvelope,
          '5xx': errorEnvelope,
        },
      },
      onRequest: async (request) => {
        if (route.effect && isCrossSite(request)) throw new ApiError('crossSiteRequest');
        if (route.guard === 'session') request.user = await sessions.require(readSessionToken(request));
      },
      handler: async (request, reply) => {
        // The validator compiler has already parsed the body with this call's schema, and the
        // guard has set the user when the entry has one.
        const context = { body: request.body, request, reply, user: request.user ?? undefined } as ApiContext<P>;
        try {
          const data = await handler(context);
          return { code: SUCCESS_CODE, message: 'ok', data };
        } finally {
          // After the service's transaction has ended, so no reader caches the old state again;
          // also after a failure, since a failure after the commit is still a changed state.
          if (route.effect === 'content') readCache.invalidate();
        }
      },
    });
  };
}
