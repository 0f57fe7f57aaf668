/** `doc/*`: the documentation side, anonymous and read-only. */
import { z } from 'zod';
import { empty, langSchema, type ApiRoute } from './common.js';

export const docVersion = z.object({ _id: z.string(), name: z.string(), isDefault: z.boolean() });
export type DocVersion = z.infer<typeof docVersion>;

export const localeConf = z.object({
  lang: langSchema,
  dir: z.enum(['ltr', 'rtl']),
  messages: z.record(z.string(), z.string()),
});
export type LocaleConf = z.infer<typeof localeConf>;

export const docApi = {
  'doc/get_version_info': { body: empty, data: z.object({ list: z.array(docVersion) }) },
  'doc/get_locale_conf': {
    /** Without `lang`, the answer is in the tenant's default language. */
    body: z.strictObject({ lang: langSchema.optional() }),
    data: localeConf,
  },
} as const satisfies Record<`doc/${string}`, ApiRoute>;
