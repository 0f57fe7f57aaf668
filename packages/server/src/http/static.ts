import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const CLIENT_BASE = '/dzfront/open/client/';

/**
 * The app page may run only our own scripts and talk only to our own server. Styles allow
 * inline because Ant Design injects its CSS-in-JS at run time. Framing is limited to our own
 * pages here; the embeddable softphone will have its own policy.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** The built SPA, next to this package whether it runs from src/ (tests) or dist/. */
export const defaultClientDir = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/**
 * Serves the built client. Hashed assets never change, so browsers keep them for a year;
 * index.html is revalidated on every load so a deployment is picked up at once.
 * Files are precompressed at build time (brotli and gzip), so nothing is compressed per request.
 */
export async function serveClient(app: FastifyInstance, clientDir: string): Promise<boolean> {
  if (!existsSync(`${clientDir}/index.html`)) {
    app.log.warn({ clientDir }, 'the web client is not built; run `npm run build`');
    return false;
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: CLIENT_BASE,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes('/assets/');
      void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The page may go out as its precompressed copy (index.html.br): it needs the policy too.
      if (/\.html(\.br|\.gz)?$/.test(filePath)) {
        void reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      }
    },
  });
  app.get('/', (_request, reply) => reply.redirect(CLIENT_BASE));
  app.get(CLIENT_BASE.slice(0, -1), (_request, reply) => reply.redirect(CLIENT_BASE));
  return true;
}
