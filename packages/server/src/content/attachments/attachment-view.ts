/**
 * How an attachment is shown: where it is served, whether a browser shows it in the page, and,
 * in the CMS, what to paste into a body. An upload's answer, the editor's resource and the
 * reader's document all answer through here, so they cannot drift apart.
 */
import type { CmsAttachment } from '@open/protocol/api';
import { ATTACHMENT_PREFIX } from '@open/protocol/paths';
import type { AttachmentRow } from './attachment.data.js';
import { markdownText } from './file-name.js';

/** Raster images a browser shows in the page; everything else is served as a download. */
const INLINE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const isInline = (mime: string): boolean => INLINE_TYPES.has(mime);

/** Where an attachment is served (http/attachment-download.ts); rendered `attachment:<id>` links lead here. */
export const attachmentAddress = (id: string): string => `${ATTACHMENT_PREFIX}${encodeURIComponent(id)}`;

export interface AttachmentView {
  _id: string;
  name: string;
  mime: string;
  size: number;
  url: string;
}

/** What a reader is told of a document's attachment. */
export function toAttachmentView(row: AttachmentRow, attachmentUrl: (id: string) => string): AttachmentView {
  return { _id: row.id, name: row.name, mime: row.mime, size: row.size, url: attachmentUrl(row.id) };
}

/** The CMS's view: also what to paste into a body, an image for an inline kind, else a link. */
export function toCmsAttachment(row: AttachmentRow, attachmentUrl: (id: string) => string): CmsAttachment {
  // The renderer turns `attachment:<id>` into the address, so a body survives a change of host.
  const link = `[${markdownText(row.name)}](attachment:${row.id})`;
  return { ...toAttachmentView(row, attachmentUrl), markdown: isInline(row.mime) ? `!${link}` : link };
}
