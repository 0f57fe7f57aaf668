import type { FastifyRequest } from 'fastify';

/**
 * Whether a request was sent by another site's page. Browsers say so in `Sec-Fetch-Site`;
 * older ones only in `Origin`, which must then be this server's own. A request with neither
 * header comes from a program (curl, an SDK on a server), not from a page a visitor was lured
 * to, and carries no ambient cookie worth forging; it passes.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  // `request.protocol` and `request.host` honour X-Forwarded-* only behind a trusted proxy.
  return origin !== `${request.protocol}://${request.host}`;
}
