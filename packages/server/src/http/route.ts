import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { apiSchemas, type ApiPath, type ApiRoute } from '@open/protocol/api';
import type { ErrorName } from '@open/protocol/errors';
import { acceptMultipart } from './multipart.js';
import { allowCrossOriginCalls } from './cors.js';
import { callRoute } from './route-call.js';
import type { SignedInUser } from '../services.js';
import type { ApiHandler, ApiOptions, ApiRouter, ApiRouterDeps, DefineApi } from './route.types.js';

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

export type {
  ApiContext,
  ApiHandler,
  ApiInput,
  ApiOptions,
  ApiOutput,
  ApiRouter,
  ApiRouterDeps,
  DefineApi,
} from './route.types.js';

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
 * upload) gets the same, with its form read by `receiveMultipart` in a context of its own. Each
 * call's route is built by `callRoute` (route-call.ts).
 */
export function createApiRouter(deps: ApiRouterDeps): ApiRouter {
  // Each call goes to the context that has the plugins it uses, since a plugin's hook costs
  // every request of its context: the published reads (the documentation's hot path) need
  // neither the session cookie nor CORS; an upload has its form parser in a context of its own.
  const published: RouteOptions[] = [];
  const calls: RouteOptions[] = [];
  const uploads: RouteOptions[] = [];

  const defineApi: DefineApi = <P extends ApiPath>(path: P, handler: ApiHandler<P>, options: ApiOptions = {}) => {
    const route: ApiRoute = apiSchemas[path];
    checkCacheDeclaration(path, route);
    checkCrossOriginDeclaration(path, route);
    const definition = callRoute(deps, path, route, handler, options);
    (route.multipart ? uploads : route.cache ? published : calls).push(definition);
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
