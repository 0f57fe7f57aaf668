import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, apiSchemas, type ApiRoute } from '@open/protocol/api';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's CORS (see `corsOf`): read by @fastify/cors before its own options. */
    cors?: FastifyCorsOptions | false;
  }
}

/** The URLs of the calls the catalogue opens to every page (`ApiRoute.crossOrigin`). */
export function crossOriginUrls(): ReadonlySet<string> {
  const entries: [string, ApiRoute][] = Object.entries(apiSchemas);
  return new Set(entries.filter(([, route]) => route.crossOrigin).map(([path]) => `${API_PREFIX}${path}`));
}

/** What an open call answers to any page: no credentials, since it carries what it needs in its body. */
export const openCors: FastifyCorsOptions = {
  origin: '*',
  methods: ['POST'],
  // The JSON content type needs a preflight; x-lang chooses the language of the answer.
  allowedHeaders: ['content-type', 'x-lang', 'accept-language'],
  // The request id lets an integrator quote a failure to support.
  exposedHeaders: ['x-request-id'],
  maxAge: 600,
  credentials: false,
  // A bare OPTIONS (no Origin: a program asking what the URL allows) gets the same 204 and
  // methods as a preflight, not the plugin's text/plain 400.
  strictPreflight: false,
};

/**
 * The CORS setting of one API call, as its route config (`config.cors`): the open options for
 * the calls an integrator's page makes from the browser (login tokens, the simulated call);
 * `false` for every other call, which the plugin then passes over without a look. The
 * documentation's published reads are not in the plugin's context at all (route.ts).
 */
export const corsOf = (route: ApiRoute): FastifyCorsOptions | false => (route.crossOrigin ? openCors : false);

/**
 * CORS for the open calls and for nothing else: every other URL gets no CORS header, and its
 * preflight a 404, so the browser keeps other sites away from the CMS's cookie-bearing calls.
 * The plugin's default is closed (`origin: false`); an open call's route config opens it, and
 * its preflight gets a route of its own carrying the same config (the plugin answers it in its
 * hook, before any handler).
 */
export async function allowCrossOriginCalls(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCors, { origin: false });
  for (const url of crossOriginUrls()) {
    app.options(url, { config: { cors: openCors }, schema: { hide: true } }, (_request, reply) => {
      reply.callNotFound();
    });
  }
}
