import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';

export const OPENAPI_PATH = '/dzfront/open/server/openapi.json';
export const HEALTH_PATH = '/dzfront/open/server/health';

/** The GET routes for operators and tools: the API's description and the health check. */
export function operationsRoutes(app: FastifyInstance, { health }: Services): void {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
  // For load balancers and orchestrators: 200 while the database answers, 503 when it does not.
  app.get(HEALTH_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (await health.databaseAnswers()) return { status: 'ok' };
    request.log.warn('health check: database unavailable');
    return reply.status(503).send({ status: 'unavailable' });
  });
}
