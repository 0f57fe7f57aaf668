/** `cms/*`: the management side; every call needs a signed-in CMS user. */
import { z } from 'zod';
import { limits } from '../limits.js';
import { id, listBody, text, timestamp, type ApiRoute } from './common.js';
import { docVersion } from './doc.js';

export const cmsVersion = docVersion.extend({
  sort: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CmsVersion = z.infer<typeof cmsVersion>;

export const cmsApi = {
  'cms/get_version_list': {
    body: listBody,
    data: z.object({ list: z.array(cmsVersion), total: z.number().int() }),
    guard: 'session',
  },
  'cms/set_version_info': {
    /** Without `_id` it creates a version; with one, it edits that version. */
    body: z.strictObject({
      _id: id.optional(),
      name: text({ max: limits.versionName }),
      isDefault: z.boolean().optional(),
      sort: z.number().int().min(limits.sortMin).max(limits.sortMax).optional(),
    }),
    data: cmsVersion,
    guard: 'session',
    effect: 'content',
  },
  'cms/remove_version_info': {
    body: z.strictObject({ _id: id }),
    data: z.object({ _id: z.string() }),
    guard: 'session',
    effect: 'content',
  },
} as const satisfies Record<`cms/${string}`, ApiRoute>;
