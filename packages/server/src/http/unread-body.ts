import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What is left of a refused body is read and dropped, to keep the connection for the next
 * request, only when it is this small; anything larger (or of unknown length) is not worth the
 * bandwidth, and the answer closes the connection instead. Go's net/http makes the same choice
 * (it reads up to 256 KB); a refused call here is a mistake or an attack, so less is kept.
 */
export const DRAIN_LIMIT_BYTES = 64 * 1024;

/**
 * A request answered before its body was read in full (a content type nobody parses, a caller
 * who is not signed in, a declared size over the limit). Left alone, the unread rest sits in
 * the socket: the body deadline's stream (body-deadline.ts) has marked it as being read, so
 * Node does not drop it, and the next request on the keep-alive connection waits behind it.
 * Call before the answer is sent.
 */
export function settleUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || reply.sent) return;
  const declared = Number(raw.headers['content-length']);
  if (!(Number.isFinite(declared) && declared <= DRAIN_LIMIT_BYTES)) void reply.header('connection', 'close');
  reply.raw.once('finish', () => {
    if (raw.complete) return;
    // Whatever reads the body (the deadline's stream, a parser) has given up: drop the rest,
    // as Node does for a body nobody touched. A closing connection stops reading with it.
    raw.unpipe();
    raw.removeAllListeners('data');
    raw.resume();
  });
}
