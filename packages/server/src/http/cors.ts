import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, apiSchemas, type ApiRoute } from '@open/protocol/api';

/** The URLs of the calls the catalogue opens to every page (`ApiRoute.crossOrigin`). */
export function crossOriginUrls(): ReadonlySet<string> {
  const entries: [string, ApiRoute][] = Object.entries(apiSchemas);
  return new Set(entries.filter(([, route]) => route.crossOrigin).map(([path]) => `${API_PREFIX}${path}`));
}

/**
 * CORS for the calls an integrator's page makes from the browser (login tokens, the simulated
 * call), and for nothing else: every other URL gets no CORS header, and its preflight a 404, so
 * the browser keeps other sites away from the CMS's cookie-bearing calls as before. No
 * credentials are ever allowed, since these calls carry what they need in their body.
 */
export async function allowCrossOriginCalls(app: FastifyInstance): Promise<void> {
  const open = crossOriginUrls();
  await app.register(fastifyCors, {
    delegator: (request, callback) => {
      const path = request.url.split('?', 1)[0] ?? '';
      if (!open.has(path)) {
        callback(null, { origin: false });
        return;
      }
      callback(null, {
        origin: '*',
        methods: ['POST'],
        // The JSON content type needs a preflight; x-lang chooses the language of the answer.
        allowedHeaders: ['content-type', 'x-lang', 'accept-language'],
        // The request id lets an integrator quote a failure to support.
        exposedHeaders: ['x-request-id'],
        maxAge: 600,
        credentials: false,
      });
    },
  });
}
