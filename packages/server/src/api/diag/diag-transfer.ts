/**
 * The diagnostics page's bandwidth test (DESIGN §9, issue #10): a download of as many
 * incompressible bytes as asked, and an upload that is counted and thrown away. Neither is JSON
 * both ways, so they are routes of their own beside the catalogue, documented in the OpenAPI
 * document by hand and answering every failure with the same envelope as any call.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest, RequestPayload } from 'fastify';
import { z } from 'zod';
import { SUCCESS_CODE } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import { DIAG_DOWNLOAD_PATH, DIAG_UPLOAD_PATH } from '@open/protocol/paths';
import { ApiError } from '../../errors.js';
import { isCrossSite } from '../../http/origin.js';
import { DIAG_ANSWER_HEADERS } from './diag.routes.js';
import { unlimitedTransfers, type TransferBudget } from './transfer-budget.js';

/**
 * The random bytes every download is cut from. Larger than the window of any content coding a
 * proxy could apply on the way (brotli's 16 MiB at most, zstd's 8 MiB in HTTP), so the repeats
 * of a 32 MiB answer are out of its reach too; made once, on the first download.
 */
const POOL_BYTES = 16 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
let pool: Buffer | undefined;

/**
 * `bytes` bytes nothing can compress, as a stream: slices of the pool from a random offset
 * (wrapping round), so no answer holds its size in memory and two answers are not the same.
 */
export function incompressibleBytes(bytes: number): Readable {
  pool ??= randomBytes(POOL_BYTES);
  const source = pool;
  let offset = randomInt(source.length);
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) {
        this.push(null);
        return;
      }
      const size = Math.min(CHUNK_BYTES, left, source.length - offset);
      // A view, not a copy: the pool is never written again.
      this.push(source.subarray(offset, offset + size));
      left -= size;
      offset = (offset + size) % source.length;
    },
  });
}

const downloadBody = z.strictObject({
  bytes: z.number().int().min(1).max(limits.diagTransferBytes).describe('how many bytes to send back'),
});
type DownloadBody = z.output<typeof downloadBody>;

/** Every failure, as route.ts documents it for the catalogue's calls. */
const errorEnvelope = z.object({
  code: z.number().int().describe('non-zero code from the error catalogue'),
  message: z.string(),
  data: z.unknown(),
});

const binary = (description: string, maxBytes?: number) =>
  (maxBytes === undefined ? z.string() : z.string().max(maxBytes)).meta({ format: 'binary', description });

const uploadSuccess = z.object({
  code: z.literal(SUCCESS_CODE),
  message: z.string(),
  data: z.object({
    bytes: z.number().int().describe('bytes of the body that arrived'),
    ms: z.number().describe("milliseconds between the body's first and last chunk on the server; 0 for one chunk"),
  }),
});

/** What the upload's parser leaves as the body: what arrived and over how long, nothing of it kept. */
class CountedBody {
  constructor(
    readonly bytes: number,
    readonly ms: number,
  ) {}
}

/**
 * Reads an upload as it arrives without keeping it: counts its bytes, notes when the first and
 * the last chunk came, and refuses it the moment it passes the route's body limit (the rest is
 * never read; Fastify closes the connection after the answer). Fastify's own limit only guards
 * the bodies it buffers, so this one is checked here.
 */
function countBody(
  request: FastifyRequest,
  payload: RequestPayload,
  done: (error: Error | null, body?: unknown) => void,
) {
  const limit = request.routeOptions.bodyLimit;
  const tooLarge = () => new ApiError('bodyTooLarge', { max: limit });
  const declared = Number(request.headers['content-length']);
  let bytes = 0;
  let first: number | undefined;
  let last = 0;
  let settled = false;
  const finish = (error: Error | null, body?: CountedBody) => {
    if (settled) return;
    settled = true;
    payload.off('data', count);
    if (error) payload.pause();
    done(error, body);
  };
  // Left in place once settled, also on a body refused unread: an 'error' nobody hears would
  // end the process. The body deadline fails with requestTimeout, a client that hangs up with
  // its socket's error.
  payload.on('error', (error) => {
    finish(error);
  });
  if (declared > limit) {
    finish(tooLarge());
    return;
  }
  function count(chunk: Buffer | string) {
    const now = performance.now();
    first ??= now;
    last = now;
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (bytes > limit) finish(tooLarge());
  }
  payload.on('data', count);
  payload.once('end', () => {
    // Fastify refuses a buffered body of another length than declared; so does this one.
    if (!Number.isNaN(declared) && bytes !== declared) finish(new ApiError('badRequest'));
    else finish(null, new CountedBody(bytes, first === undefined ? 0 : Math.round((last - first) * 1000) / 1000));
  });
  payload.once('close', () => {
    if (!payload.readableEnded) finish(new ApiError('badRequest'));
  });
}

/**
 * Only our own pages run the test; another site's page has no reason to make us send or
 * swallow 32 MiB a request.
 */
function refuseCrossSite(request: FastifyRequest): Promise<void> {
  return isCrossSite(request) ? Promise.reject(new ApiError('crossSiteRequest')) : Promise.resolve();
}

/** Refused with the seconds to wait when `bytes` would pass the address's share. */
function spend(budget: TransferBudget, request: FastifyRequest, bytes: number): void {
  const waitMs = budget.take(request.ip, bytes);
  if (waitMs > 0) throw new ApiError('diagTransferLimit', { seconds: Math.ceil(waitMs / 1000) });
}

/** `POST DIAG_DOWNLOAD_PATH` and `POST DIAG_UPLOAD_PATH`, within each address's `budget`. */
export function diagTransferRoutes(app: FastifyInstance, budget: TransferBudget = unlimitedTransfers): void {
  app.route<{ Body: DownloadBody }>({
    method: 'POST',
    url: DIAG_DOWNLOAD_PATH,
    schema: {
      operationId: 'diag.download',
      tags: ['diag'],
      description: 'Answers with exactly `bytes` random bytes: the download half of the bandwidth test.',
      body: downloadBody,
      response: {
        200: {
          description: 'exactly `bytes` bytes that do not compress',
          content: { 'application/octet-stream': { schema: binary('random bytes') } },
        },
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    onRequest: refuseCrossSite,
    handler: (request, reply) => {
      const { bytes } = request.body;
      spend(budget, request, bytes);
      // The stream is destroyed by Fastify if the client hangs up, which ends the reading.
      return reply
        .type('application/octet-stream')
        .headers({ ...DIAG_ANSWER_HEADERS, 'content-length': bytes })
        .send(incompressibleBytes(bytes));
    },
  });

  // Only this route's own context reads octet-stream bodies; every other call stays JSON only.
  void app.register((upload, _options, done) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('application/octet-stream', countBody);
    upload.route({
      method: 'POST',
      url: DIAG_UPLOAD_PATH,
      bodyLimit: limits.diagTransferBytes,
      schema: {
        operationId: 'diag.upload',
        tags: ['diag'],
        description: 'Counts the body and throws it away: the upload half of the bandwidth test.',
        consumes: ['application/octet-stream'],
        body: binary('any bytes, at most the limit', limits.diagTransferBytes),
        response: { 200: uploadSuccess, '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
      // The body is counted by its parser (countBody), never kept, so there is nothing to validate.
      validatorCompiler: () => (value: unknown) => ({ value }),
      // Charged before a byte is read: what it declares, or the most it may send.
      onRequest: async (request) => {
        await refuseCrossSite(request);
        const declared = Number(request.headers['content-length']);
        const bytes = Number.isFinite(declared)
          ? Math.min(declared, limits.diagTransferBytes)
          : limits.diagTransferBytes;
        spend(budget, request, bytes);
      },
      handler: async (request, reply) => {
        // No content type and no body reach the handler without the parser.
        if (!(request.body instanceof CountedBody)) throw new ApiError('unsupportedMediaType');
        void reply.headers(DIAG_ANSWER_HEADERS);
        return Promise.resolve({
          code: SUCCESS_CODE,
          message: 'ok',
          data: { bytes: request.body.bytes, ms: request.body.ms },
        });
      },
    });
    done();
  });
}
