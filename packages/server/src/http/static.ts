import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { CLIENT_BASE } from '@open/protocol/paths';

/**
 * The app page may run only our own scripts. Styles allow inline because Ant Design injects its
 * CSS-in-JS at run time. This page may be framed only by our own pages; the embeddable softphone
 * has its own policy. It may frame any web page: the demo shows the phone of the serverUrl a
 * person chooses, whose own frame-ancestors decide whether it lets this page do so (a framed page
 * runs in its own origin, with no access to this one). Connections may go to any web address: the diagnostics page's curl test times
 * requests to addresses the person adds. That is all `connect-src` governs, and with scripts
 * held to our own there is no foreign code to use it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self' https: http:",
  "frame-src 'self' https: http:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The phone page in its iframe: our own scripts, its socket, the microphone's media, and framed
 * only by the pages the operator allows (PHONE_FRAME_ANCESTORS).
 */
export function phoneContentSecurityPolicy(frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    // Any web address too: the integrator's ringtone (ringtoneUrl), which the SDK checks is one.
    "media-src 'self' blob: mediastream: https: http:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
  ].join('; ');
}

/** The built SPA, next to this package whether it runs from src/ (tests) or dist/. */
export const defaultClientDir = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
/** The built SDK (dist/sdk) and phone (dist/phone) of packages/softphone. */
export const defaultSoftphoneDir = fileURLToPath(new URL('../../../softphone/dist/', import.meta.url));

/** Below the client base, these folders come from the softphone's build, not the web app's. */
const SOFTPHONE_FOLDERS = ['/sdk/', '/phone/'];

export interface SoftphoneServing {
  dir: string;
  /** CSP frame-ancestors sources of the phone page. */
  frameAncestors: readonly string[];
}

/**
 * A name the build writes: letters, digits and `_ - . @ + ~`, not starting with a dot (so never
 * `.`, `..` or a dotfile), at most 255 bytes (a file name's limit).
 */
const NAME = /^[\w@+~-][\w.@+~-]{0,254}$/;
/** The longest path below the client base we look up; the build's are well under 100. */
const MAX_PATH_LENGTH = 1024;
/** Copies the build writes beside each file; they go out only as that file's encoding. */
const PRECOMPRESSED = /\.(br|gz)$/;
/**
 * TypeScript declarations (the SDK's softphone.d.ts). By its extension alone a `.ts` file is an
 * MPEG transport stream (video/mp2t), which a browser downloads instead of showing and an
 * editor does not take for code; as plain text, browsers show it and editors and Deno read it.
 */
const DECLARATIONS = /\.d\.ts$/;
export const DECLARATIONS_CONTENT_TYPE = 'text/plain; charset=utf-8';

/** The client's files are hidden from the OpenAPI document, and declarations go out as text. */
const clientRoute: RouteShorthandOptions = {
  schema: { hide: true },
  // Once the file is sent: the static plugin sets the type again for a precompressed copy.
  onSend(request, reply, payload, done) {
    if (reply.statusCode === 200 && DECLARATIONS.test(request.url.split('?')[0] ?? '')) {
      void reply.header('content-type', DECLARATIONS_CONTENT_TYPE);
    }
    done(null, payload);
  },
};

/**
 * The file a request names, as a path in the client folder (`/` for the page), or undefined.
 * Only canonical names the build could have written pass: the raw URL is read byte for byte, so
 * `..`, `.` and empty segments, percent-escapes (`%2e%2e`, `%00`), backslashes and overlong
 * names are all refused here, before the file system is asked, and answered as not found.
 */
function clientFilePath(rawUrl: string): string | undefined {
  const query = rawUrl.indexOf('?');
  const pathname = query === -1 ? rawUrl : rawUrl.slice(0, query);
  // The router matches the decoded path (`/dzfront/open/%63lient/`): insist on the raw prefix.
  if (!pathname.startsWith(CLIENT_BASE)) return undefined;
  const rest = pathname.slice(CLIENT_BASE.length);
  if (rest === '') return '/';
  if (rest.length > MAX_PATH_LENGTH) return undefined;
  return rest.split('/').every((name) => NAME.test(name)) ? `/${rest}` : undefined;
}

/**
 * Serves the built client at CLIENT_BASE. Everything under static/ carries a hash of its
 * content in its name, so browsers keep it for a year; index.html and the few unhashed files
 * beside it are revalidated on every load so a deployment is picked up at once. Files are
 * precompressed at build time (brotli and gzip) and chosen by Accept-Encoding, so nothing is
 * compressed per request. None of these routes appears in the OpenAPI document.
 */
export async function serveClient(
  app: FastifyInstance,
  clientDir: string,
  softphone: SoftphoneServing = { dir: defaultSoftphoneDir, frameAncestors: ["'self'"] },
): Promise<boolean> {
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    app.log.warn({ clientDir }, 'the web client is not built; run `npm run build`');
    return false;
  }
  if (!existsSync(path.join(softphone.dir, 'phone', 'index.html'))) {
    app.log.warn({ dir: softphone.dir }, 'the softphone is not built; run `npm run build`');
  }
  const hashedDir = path.join(path.resolve(clientDir), 'static') + path.sep;
  const softphoneRoot = path.resolve(softphone.dir) + path.sep;
  const phoneHashedDir = path.join(softphoneRoot, 'phone', 'static') + path.sep;
  const sdkDir = path.join(softphoneRoot, 'sdk') + path.sep;
  const phonePolicy = phoneContentSecurityPolicy(softphone.frameAncestors);
  // `serve: false`: the plugin only lends `reply.sendFile`; the route below decides which names
  // exist, so a hostile path gets our 404 envelope rather than the plugin's 403.
  await app.register(fastifyStatic, {
    root: clientDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    // index.html.br is sent for index.html to a browser that accepts brotli, never by its own name.
    allowedPath: (pathname) => !PRECOMPRESSED.test(pathname),
    setHeaders(reply, filePath) {
      const immutable = filePath.startsWith(hashedDir) || filePath.startsWith(phoneHashedDir);
      void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The page may go out as its precompressed copy (index.html.br): it needs the policy too.
      if (/\.html(\.br|\.gz)?$/.test(filePath)) {
        const isPhone = filePath.startsWith(softphoneRoot);
        void reply.header('content-security-policy', isPhone ? phonePolicy : CONTENT_SECURITY_POLICY);
      }
      // Integrators import the ES module from their own origin: it must be fetchable across origins.
      if (filePath.startsWith(sdkDir)) void reply.header('access-control-allow-origin', '*');
    },
  });
  const hidden = { schema: { hide: true } };
  app.get(`${CLIENT_BASE}*`, clientRoute, (request, reply) => {
    // The phone's page is addressed by its folder (the SDK adds only a #fragment).
    if (request.url.split('?')[0] === `${CLIENT_BASE}phone/`) return reply.sendFile('phone/index.html', softphone.dir);
    const file = clientFilePath(request.url);
    if (file !== undefined && SOFTPHONE_FOLDERS.some((folder) => file.startsWith(folder))) {
      return reply.sendFile(file, softphone.dir);
    }
    // The embedding example is plain files in the package, with no build step.
    if (file?.startsWith('/examples/')) {
      return reply.sendFile(file.slice('/examples'.length), path.join(softphone.dir, '..', 'examples'));
    }
    if (file !== undefined) return reply.sendFile(file);
    reply.callNotFound();
    return reply;
  });
  app.get('/', hidden, (_request, reply) => reply.redirect(CLIENT_BASE));
  app.get(CLIENT_BASE.slice(0, -1), hidden, (_request, reply) => reply.redirect(CLIENT_BASE));
  return true;
}
