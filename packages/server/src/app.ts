import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import { sql } from 'kysely';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { limits } from '@open/protocol/limits';
import { cmsRoutes } from './api/cms/cms.routes.js';
import { docRoutes } from './api/doc/doc.routes.js';
import { globalRoutes } from './api/global/global.routes.js';
import { createSessionService } from './auth/session.js';
import type { Database } from './db/database.js';
import { noReadCache, type ReadCache } from './db/read-cache.js';
import { installErrorHandling } from './http/error-handler.js';
import { serveClient } from './http/static.js';

export interface AppOptions {
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web client; left out, nothing is served but the API. */
  clientDir?: string | undefined;
  /** Trust X-Forwarded-* from these reverse proxies (for the client address and https). */
  trustProxy?: boolean | number | string[];
  /** Cache of published data; none by default (see db/read-cache.ts for when one is safe). */
  readCache?: ReadCache;
}

export const OPENAPI_PATH = '/dzfront/open/server/openapi.json';
export const HEALTH_PATH = '/dzfront/open/server/health';

/** A hop count becomes the function Fastify's types expect: trust the first `hops` proxies. */
function toTrustProxy(value: AppOptions['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value ?? false;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? false,
    bodyLimit: limits.bodyBytes,
    trustProxy: toTrustProxy(options.trustProxy),
    // Answer in-flight requests on shutdown, but do not wait for idle keep-alive sockets.
    forceCloseConnections: 'idle',
  };
  const app = Fastify(serverOptions);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; a text/plain body (what a cross-site form can send) is refused.
  app.removeContentTypeParser(['text/plain']);
  installErrorHandling(app);

  app.addHook('onRequest', (request, reply, done) => {
    // The id of this request in the logs: a user can quote it, and support can find the line.
    void reply.header('x-request-id', request.id);
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    done();
  });

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Open platform API',
        version: '1.0.0',
        description:
          'Every call is POST with a JSON body; every answer is { code, message, data } and code 0 means success.',
      },
    },
    transform: jsonSchemaTransform,
  });

  const sessions = createSessionService(options.db);
  const readCache = options.readCache ?? noReadCache;
  globalRoutes(app, { db: options.db, sessions });
  docRoutes(app, { db: options.db, readCache });
  // Its own scope, so the sign-in check applies to cms/* calls only.
  await app.register((scope, _options, done) => {
    cmsRoutes(scope, { db: options.db, sessions, readCache });
    done();
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
  // For load balancers and orchestrators: 200 while the database answers, 503 when it does not.
  app.get(HEALTH_PATH, { schema: { hide: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(options.db);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
  if (options.clientDir) await serveClient(app, options.clientDir);
  return app;
}
