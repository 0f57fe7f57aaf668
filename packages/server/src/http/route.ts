import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_PREFIX, apiSchemas, type ApiPath } from '@open/protocol/api';
import { SUCCESS_CODE } from '@open/protocol/errors';

/** The body after validation (trimmed, defaults applied). */
export type ApiInput<P extends ApiPath> = z.output<(typeof apiSchemas)[P]['body']>;
/** What a handler returns as `data`. */
export type ApiOutput<P extends ApiPath> = z.input<(typeof apiSchemas)[P]['data']>;

export interface ApiContext<P extends ApiPath> {
  body: ApiInput<P>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type ApiHandler<P extends ApiPath> = (context: ApiContext<P>) => Promise<ApiOutput<P>>;

const operationTag = (path: string) => path.split('/')[0] ?? 'api';

/** Every failure: a catalogued non-zero code, a message in the caller's language, detail in data. */
const errorEnvelope = z.object({
  code: z.number().int().describe('non-zero code from the error catalogue'),
  message: z.string(),
  data: z.unknown(),
});

/**
 * Declares one API call from its catalogue entry: POST JSON, body validated, answer checked
 * against the schema and wrapped in `{ code: 0, message: 'ok', data }`.
 */
export function defineApi<P extends ApiPath>(app: FastifyInstance, path: P, handler: ApiHandler<P>): void {
  const schemas = apiSchemas[path];
  app.route({
    method: 'POST',
    url: `${API_PREFIX}${path}`,
    schema: {
      operationId: path.replace('/', '.'),
      tags: [operationTag(path)],
      body: schemas.body,
      response: {
        200: z.object({ code: z.literal(SUCCESS_CODE), message: z.string(), data: schemas.data }),
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    handler: async (request, reply) => {
      // The validator compiler has already parsed the body with this path's schema.
      const body = request.body as ApiInput<P>;
      const data = await handler({ body, request, reply });
      return { code: SUCCESS_CODE, message: 'ok', data };
    },
  });
}
