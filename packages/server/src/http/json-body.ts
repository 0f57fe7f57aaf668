import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '@open/protocol/json-depth';
import { ApiError } from '../errors.js';

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), once their nesting is known
 * to be within `MAX_JSON_DEPTH`: a deeper one is refused before JSON.parse sees it.
 */
export function installJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string' hands a string; the type also allows the Buffer of parseAs 'buffer'.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new ApiError('jsonTooDeep', { max: MAX_JSON_DEPTH }), undefined);
      return;
    }
    // Fastify's own parser answers through `done` and returns nothing to wait for.
    void parse(request, text, done);
  });
}
