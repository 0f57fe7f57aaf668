/**
 * How the CMS shows an attachment: where it is served, and what to paste into a body. The same
 * rules as an upload's answer (content/attachments/attachment.service.ts, which keeps its own
 * copy private): only raster images a browser shows in the page are pasted as images.
 */
import type { CmsAttachment } from '@open/protocol/api';
import { markdownText } from '../attachments/file-name.js';
import type { AttachmentRow } from './resource.data.js';

const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function toCmsAttachment(row: AttachmentRow, attachmentUrl: (id: string) => string): CmsAttachment {
  // The renderer turns `attachment:<id>` into the address, so a body survives a change of host.
  const link = `[${markdownText(row.name)}](attachment:${row.id})`;
  return {
    _id: row.id,
    name: row.name,
    mime: row.mime,
    size: row.size,
    url: attachmentUrl(row.id),
    markdown: INLINE_TYPES.has(row.mime) ? `!${link}` : link,
  };
}
