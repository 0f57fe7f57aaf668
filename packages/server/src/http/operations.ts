import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';

export const OPENAPI_PATH = '/dzfront/open/server/openapi.json';
export const HEALTH_PATH = '/dzfront/open/server/health';

/** The GET routes for operators and tools: the API's description and the health check. */
export function operationsRoutes(app: FastifyInstance, { health }: Services): void {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
  // For load balancers and orchestrators: 200 while the database answers, 503 when it does not.
  // With SIP trunks, whether they can carry calls too: a relay that does not answer, or a trunk
  // whose every carrier server misses its OPTIONS pings, makes the node 'degraded', still 200,
  // since every node shares them and taking this one out of the balancer would not bring them
  // back, while the documents, the CMS and internal calls still work.
  app.get(HEALTH_PATH, { schema: { hide: true } }, async (request, reply) => {
    const [database, trunks] = await Promise.all([health.databaseAnswers(), health.trunks()]);
    const telephony = trunks && {
      sip: trunks.sip,
      relays: trunks.relays.map((relay) => ({
        address: relay.address,
        answers: relay.answers,
        round_trip_ms: relay.roundTripMs,
        since: relay.since,
      })),
      // Counted, not named: the carriers a node's tenants use are not for anyone who can reach /health.
      carriers: {
        up: trunks.carriers.up,
        down: trunks.carriers.down,
        unchecked: trunks.carriers.unchecked,
        trunks_unreachable: trunks.carriers.trunksUnreachable,
      },
    };
    if (!database) {
      request.log.warn('health check: database unavailable');
      return reply.status(503).send({ status: 'unavailable', ...(telephony ? { telephony } : {}) });
    }
    // One relay down of several still carries calls, on the others, but with less room: degraded.
    const degraded =
      telephony && (telephony.relays.some((relay) => !relay.answers) || telephony.carriers.trunks_unreachable > 0);
    return { status: degraded ? 'degraded' : 'ok', ...(telephony ? { telephony } : {}) };
  });
}
