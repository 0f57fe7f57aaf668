import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_PREFIX } from '@open/protocol/paths';
import type { Services } from '../services.js';
import { ApiError } from '../errors.js';

/**
 * A downloaded file must never run as part of our site: the browser may not guess another
 * type than ours (nosniff), and should it open the file as a page, the page runs nothing and
 * loads nothing (sandbox, default-src 'none').
 */
export const ATTACHMENT_SECURITY_POLICY = "sandbox; default-src 'none'";

/** Our attachment ids (uuids); anything else is not looked up. */
const ID = /^[\w-]{1,64}$/;

/** RFC 8187's encoding of a header parameter value (`filename*=UTF-8''…`). */
function encodeParameter(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `inline` or `attachment`, with the name twice: as `filename*` in UTF-8 for every current
 * browser, and as a plain ASCII `filename` for the rest.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeParameter(name)}`;
}

/**
 * `GET /dzfront/open/server/attachment/:id`: the bytes of an attachment, as documents link
 * them. Raster images are shown inline; everything else (PDF, text, archives) is downloaded.
 * An attachment never changes (its bytes are content-addressed and rows are never edited), so
 * it is cached for a year and revalidated by its hash. An unknown id answers our 404 envelope.
 * Public like the documents that link to it; ids are random. Not in the OpenAPI document.
 */
export function attachmentDownloadRoute(app: FastifyInstance, { attachments }: Services): void {
  app.get<{ Params: { id: string } }>(`${ATTACHMENT_PREFIX}:id`, { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    const found = ID.test(id) ? await attachments.download(id) : undefined;
    if (!found) throw new ApiError('attachmentNotFound');
    const etag = `"${found.sha256}"`;
    void reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', ATTACHMENT_SECURITY_POLICY)
      .header('content-disposition', contentDisposition(found.inline ? 'inline' : 'attachment', found.name));
    const asked = request.headers['if-none-match'];
    if (
      asked !== undefined &&
      (asked.trim() === '*' || asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    ) {
      found.stream.destroy();
      return reply.status(304).send();
    }
    return reply.type(found.mime).header('content-length', found.size).send(found.stream);
  });
}
