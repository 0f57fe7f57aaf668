import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';

/** Attachments: uploaded as multipart (the catalogue marks it), removed when nothing links to them. */
export function cmsAttachmentRoutes(defineApi: DefineApi, { attachments }: Services): void {
  defineApi(
    'cms/upload_attachment_file',
    ({ body, file, user }) => attachments.upload(file, { resourceId: body.resource_id, uploadedBy: user.account }),
    { maxFileBytes: attachments.maxBytes },
  );

  defineApi('cms/remove_attachment_file', ({ body }) => attachments.remove(body._id));
}
