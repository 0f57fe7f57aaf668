import type { ApiEnvelope, CmsAttachment } from '@open/protocol/api';
import { SUCCESS_CODE } from '@open/protocol/errors';
import { API_PREFIX } from '@open/protocol/paths';
import { currentApiLang, isApiEnvelope } from '../../api/client';

/**
 * Uploads a file as an attachment (the one call that is multipart, not JSON). Rejects like
 * `call`: with the server's envelope, or with the network error.
 */
export async function uploadAttachment(file: File, resourceId: string | undefined): Promise<CmsAttachment> {
  const form = new FormData();
  if (resourceId) form.append('resource_id', resourceId);
  form.append('file', file, file.name);
  const lang = currentApiLang();
  const response = await fetch(`${API_PREFIX}cms/upload_attachment_file`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: lang ? { 'x-lang': lang } : {},
  });
  const answer: unknown = await response.json();
  if (!isApiEnvelope(answer) || answer.code !== SUCCESS_CODE) throw answer;
  return (answer as ApiEnvelope<CmsAttachment>).data;
}
