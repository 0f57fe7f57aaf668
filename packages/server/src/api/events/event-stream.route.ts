import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { z as zod } from 'zod';
import { eventStreamBody } from '@open/protocol/api';
import { EVENT_STREAM_PATH } from '@open/protocol/event-stream';
import { FieldError } from '../../errors.js';
import type { Services } from '../../services.js';

type StreamBody = z.output<typeof eventStreamBody>;

/** Every failure, as route.ts documents it for the catalogue's calls. */
const errorEnvelope = zod.object({
  code: zod.number().int().describe('non-zero code from the error catalogue'),
  message: zod.string(),
  data: zod.unknown(),
});

/** What an EventSource-style client sends back on reconnecting: the last id it got. */
function lastEventId(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  const checked = eventStreamBody.shape.after.safeParse(value?.trim());
  if (!checked.success) throw new FieldError([{ field: 'Last-Event-ID', reason: 'wrongType' }]);
  return checked.data;
}

/**
 * `POST EVENT_STREAM_PATH` (docs/EVENT-STREAM.md): the tenant's events as server-sent events,
 * for the API key in `Authorization`. Refusals (no key, a cursor no longer kept, too many
 * streams) come before the stream starts, as JSON in the envelope with their HTTP status; once
 * it has started, it ends on purpose only with a `streamEnd` event.
 */
export function eventStreamRoute(app: FastifyInstance, { eventStreams }: Services): void {
  // Before the server waits for its connections to end: an open stream never ends by itself.
  app.addHook('preClose', (done) => {
    eventStreams.streams.close();
    done();
  });
  app.route<{ Body: StreamBody }>({
    method: 'POST',
    url: EVENT_STREAM_PATH,
    schema: {
      operationId: 'events.stream',
      tags: ['events'],
      description:
        "The tenant's call-centre events as server-sent events (`id`, `event` the type, `data` the event as a webhook posts it), " +
        'for `Authorization: Bearer <API key>`. `after` (or the `Last-Event-ID` header) resumes after that event; ' +
        'left out, the stream starts with the next event. A comment line every 15 s keeps it alive; ' +
        'a `streamEnd` event ({ code, message }) is sent before the server ends it (key revoked, server stopping).',
      body: eventStreamBody,
      headers: zod.object({
        authorization: zod.string().describe('Bearer opk_…').optional(),
        'last-event-id': zod.string().describe('resume after this event, as `after`').optional(),
      }),
      response: {
        200: {
          description: 'text/event-stream, until the reader or the server ends it',
          content: { 'text/event-stream': { schema: zod.string() } },
        },
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    handler: async (request, reply) => {
      const caller = await eventStreams.authenticate(request.headers.authorization);
      const after = await eventStreams.startingPoint(
        caller,
        request.body.after ?? lastEventId(request.headers['last-event-id']),
      );
      const raw = reply.raw;
      const close = eventStreams.streams.open({
        keyId: caller.keyId,
        tenantId: caller.tenantId,
        after,
        types: request.body.types,
        sink: {
          write: (chunk) => raw.write(chunk),
          onDrain: (listener) => raw.once('drain', listener),
          end: () => {
            raw.end();
          },
        },
      });
      // From here the answer is written by hand, event by event.
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and its kin buffer answers unless told not to; events would wait in them.
        'x-accel-buffering': 'no',
        // A stream's connection is never reused: when the stream ends, so does the connection. Kept
        // alive instead, it outlived a node's shutdown (Node closes idle connections only once, as
        // the close starts, before the streams have ended).
        connection: 'close',
      });
      // A reconnecting reader waits this long (ms); the comment tells it the stream is open.
      raw.write(`retry: 2000\n: open after ${after}\n\n`);
      request.raw.socket.setKeepAlive(true, 30_000);
      raw.on('close', close);
    },
  });
}
