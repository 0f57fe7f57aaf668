import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A success answer as it goes on the wire: its bytes, serialised once, and their ETag. */
export interface CachedAnswer {
  readonly bytes: Buffer;
  /** Strong: a hash of the exact bytes. */
  readonly etag: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function toCachedAnswer(json: string): CachedAnswer {
  const bytes = Buffer.from(json, 'utf8');
  // 128 bits of SHA-256: collisions are out of reach, and the header stays short.
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
  return { bytes, etag };
}

/** What a cached answer weighs against the cache's byte bound. */
export const weighAnswer = (answer: CachedAnswer): number => answer.bytes.length + answer.etag.length;

/**
 * Whether an If-None-Match header names this ETag (RFC 9110 §13.1.2: `*`, or a list of
 * entity tags compared weakly, so `W/"x"` matches `"x"`).
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  for (const [, opaque] of header.matchAll(/(?:W\/)?("[^"]*")/g)) if (opaque === etag) return true;
  return false;
}

/**
 * Sends a cached answer as it is, past Fastify's serialiser (it was checked against the
 * call's schema when it was made), or 304 without a body when the caller already holds it.
 * RFC 9110 would have a POST whose If-None-Match matches answer 412; for these reads, which
 * change nothing, 304 tells the caller what it needs: keep what you have.
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  void reply.header('etag', answer.etag);
  if (ifNoneMatchMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.header('content-type', JSON_TYPE).send(answer.bytes);
}
