import type { FastifyRequest } from 'fastify';

/**
 * Whether a request was sent by another site's page. Browsers say so in `Sec-Fetch-Site`;
 * older ones only in `Origin`, which must then be this server's own, and some (or a privacy
 * extension) send neither on a form post, only a `Referer`, whose origin must then be ours. A
 * request with none of them comes from a program (curl, an SDK on a server), not from a page a
 * visitor was lured to, and carries no ambient cookie worth forging; it passes.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  // `request.protocol` and `request.host` honour X-Forwarded-* only behind a trusted proxy.
  const own = `${request.protocol}://${request.host}`;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== own;
  const referer = request.headers.referer;
  if (referer === undefined) return false;
  // A URL's origin leaves out the scheme's default port, which a Host header may name.
  return !URL.canParse(referer) || !URL.canParse(own) || new URL(referer).origin !== new URL(own).origin;
}
