import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';

/**
 * How the node stops under traffic (SIGTERM, a rolling restart): requests already in flight are
 * answered, every answer from then on says `Connection: close`, and a request that arrives on a
 * kept-alive connection during the drain is refused in our envelope, with its request id.
 *
 * Node's `server.close()` waits for every connection to end, and it only closes the idle ones
 * once, when the close starts: a kept-alive connection whose answer went out afterwards stayed
 * open until the client gave up on it, and the process was killed by its watchdog (exit 1)
 * instead of stopping cleanly. Fastify's own answer for that case (`return503OnClosing`) is a
 * bare 503 without our envelope or the request id, hence turned off where the app is built.
 *
 * Registered after the hook that sets `x-request-id`, so a refusal still carries it.
 */
export function installDrain(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) {
      done();
      return;
    }
    void reply.header('connection', 'close');
    done(new ApiError('serverStopping'));
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) void reply.header('connection', 'close');
    done(null, payload);
  });
}
