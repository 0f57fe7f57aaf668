/**
 * Wire schemas of every API call: one definition validates the body on the server, shapes
 * and checks the answer, generates the OpenAPI document and gives the client its types.
 * The client imports types only (`import type`), so zod stays out of its bundle.
 */
import { z } from 'zod';
import { langCodes } from './locales.js';
import { limits } from './limits.js';

export { API_PREFIX } from './paths.js';

const id = z.string().trim().min(1).max(limits.idLength);
const timestamp = z.string().describe('ISO 8601 date-time');
const empty = z.strictObject({});

export const langSchema = z.enum(langCodes);

/** `page_number: -1` means all rows (spec §9). */
export const listBody = z.strictObject({
  page_number: z.union([z.literal(-1), z.number().int().min(1).max(limits.pageNumberMax)]),
  page_size: z.number().int().min(1).max(limits.pageSizeMax).optional(),
});

export const docVersion = z.object({ _id: z.string(), name: z.string(), isDefault: z.boolean() });
export type DocVersion = z.infer<typeof docVersion>;

export const cmsVersion = docVersion.extend({
  sort: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CmsVersion = z.infer<typeof cmsVersion>;

export const loginUser = z.object({
  name: z.string(),
  config: z.object({ account: z.string(), role: z.string() }),
});
export type LoginUser = z.infer<typeof loginUser>;

export const localeConf = z.object({
  lang: langSchema,
  dir: z.enum(['ltr', 'rtl']),
  messages: z.record(z.string(), z.string()),
});
export type LocaleConf = z.infer<typeof localeConf>;

export const apiSchemas = {
  'global/check_user_login': { body: empty, data: loginUser },
  'global/login': {
    body: z.strictObject({
      account: z.string().trim().min(1).max(limits.account),
      password: z.string().min(1).max(limits.password),
    }),
    data: loginUser,
  },
  'global/logout': { body: empty, data: z.object({}) },
  'doc/get_version_info': { body: empty, data: z.object({ list: z.array(docVersion) }) },
  'doc/get_locale_conf': {
    /** Without `lang`, the answer is in the tenant's default language. */
    body: z.strictObject({ lang: langSchema.optional() }),
    data: localeConf,
  },
  'cms/get_version_list': {
    body: listBody,
    data: z.object({ list: z.array(cmsVersion), total: z.number().int() }),
  },
  'cms/set_version_info': {
    /** Without `_id` it creates a version; with one, it edits that version. */
    body: z.strictObject({
      _id: id.optional(),
      name: z.string().trim().min(1).max(limits.versionName),
      isDefault: z.boolean().optional(),
      sort: z.number().int().min(limits.sortMin).max(limits.sortMax).optional(),
    }),
    data: cmsVersion,
  },
  'cms/remove_version_info': {
    body: z.strictObject({ _id: id }),
    data: z.object({ _id: z.string() }),
  },
} as const;

export type ApiPath = keyof typeof apiSchemas;
export type ApiBody<P extends ApiPath> = z.input<(typeof apiSchemas)[P]['body']>;
export type ApiData<P extends ApiPath> = z.output<(typeof apiSchemas)[P]['data']>;

/** The envelope every answer travels in (DESIGN §4). */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}
