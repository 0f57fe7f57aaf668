import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, RequestPayload } from 'fastify';
import { ApiError } from '../errors.js';

/**
 * A body that stops arriving (shorter than its Content-Length, or a chunked body that never
 * ends) is cancelled after `timeoutMs` with a 408 in our envelope. Node's own `requestTimeout`
 * does not cover this case: once the headers are in, it waits for the body for ever.
 *
 * The body is read through a pass-through stream that the deadline can fail on its own, so the
 * body parser reports the timeout to the error handler while the socket stays open for the
 * answer; `connection: close` then drops the half-sent request.
 *
 * An upload (`multipart/form-data`, up to ATTACHMENT_MAX_BYTES) may rightly take longer than
 * `timeoutMs` over a slow link: for it the deadline is the time without a byte arriving, which
 * still cuts a client that stops sending.
 */
export function installBodyDeadline(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('preParsing', (request, reply, payload, done) => {
    const hasBody =
      request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody || request.raw.complete) {
      done(null, payload);
      return;
    }
    // This runs while Node's parser is still on the headers (microtasks too run before it goes
    // on). A body that came with them (nearly every API call) is parsed before the event loop's
    // next check phase: look again then, and spare such requests a stream and a timer each.
    setImmediate(() => {
      if (request.raw.complete) done(null, payload);
      else done(null, withDeadline(payload, reply, timeoutMs, isUpload(request.headers['content-type'])));
    });
  });
}

const isUpload = (type: string | undefined) =>
  type?.toLowerCase().trimStart().startsWith('multipart/form-data') === true;

/**
 * The body as a stream that fails with a 408 when the rest has not come in within `timeoutMs`,
 * or, with `idle`, when nothing has come in for `timeoutMs`.
 */
export function withDeadline(
  payload: RequestPayload,
  reply: FastifyReply,
  timeoutMs: number,
  idle: boolean,
): PassThrough {
  const body = new PassThrough();
  const timer = setTimeout(() => {
    payload.unpipe(body);
    void reply.header('connection', 'close');
    body.destroy(new ApiError('requestTimeout'));
  }, timeoutMs);
  if (idle) payload.on('data', () => timer.refresh());
  const stop = (): void => {
    clearTimeout(timer);
  };
  // A body refused before it is read (a content type nobody parses) has no reader to hear
  // the timeout, and an 'error' nobody hears would end the process; once answered, it is moot.
  body.on('error', () => undefined);
  reply.raw.once('close', stop);
  payload.on('end', stop);
  payload.on('close', stop);
  payload.on('error', (error) => {
    stop();
    body.destroy(error);
  });
  payload.pipe(body);
  return body;
}
