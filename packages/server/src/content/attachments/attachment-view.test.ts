import { describe, expect, it } from 'vitest';
import { ATTACHMENT_PREFIX } from '@open/protocol/paths';
import { attachmentAddress, isInline, toAttachmentView, toCmsAttachment } from './attachment-view.js';

const row = (mime: string, name = 'file') => ({ id: 'a1', name, mime, size: 3 });

describe('the attachment view', () => {
  it('shows raster images in the page and everything else as a download', () => {
    for (const mime of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) expect(isInline(mime)).toBe(true);
    for (const mime of ['image/svg+xml', 'application/pdf', 'text/plain; charset=utf-8']) {
      expect(isInline(mime)).toBe(false);
    }
  });

  it('serves an attachment under the attachment prefix, its id encoded', () => {
    expect(attachmentAddress('a1')).toBe(`${ATTACHMENT_PREFIX}a1`);
    expect(attachmentAddress('a/b?c')).toBe(`${ATTACHMENT_PREFIX}a%2Fb%3Fc`);
  });

  it('tells a reader where it is; the CMS also what to paste: an image, or a link', () => {
    const url = (id: string) => `/at/${id}`;
    expect(toAttachmentView(row('application/pdf', 'a.pdf'), url)).toEqual({
      _id: 'a1',
      name: 'a.pdf',
      mime: 'application/pdf',
      size: 3,
      url: '/at/a1',
    });
    expect(toCmsAttachment(row('application/pdf', 'a.pdf'), url).markdown).toBe('[a.pdf](attachment:a1)');
    expect(toCmsAttachment(row('image/png', 'a]b.png'), url)).toMatchObject({
      url: '/at/a1',
      markdown: '![a\\]b.png](attachment:a1)',
    });
  });
});
