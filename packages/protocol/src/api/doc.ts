/** `doc/*`: the documentation side, anonymous and read-only. */
import { z } from 'zod';
import { namespaces } from '../messages/namespaces.js';
import { empty, langSchema, type ApiRoute } from './common.js';

export const docVersion = z.object({ _id: z.string(), name: z.string(), isDefault: z.boolean() });
export type DocVersion = z.infer<typeof docVersion>;

/** Which dictionary namespaces to answer: known names, each at most once. */
export const namespaceList = z
  .array(z.enum(namespaces))
  .min(1)
  .max(namespaces.length)
  .refine((list) => new Set(list).size === list.length, { params: { reason: 'notAllowed' } });

export const localeConf = z.object({
  lang: langSchema,
  dir: z.enum(['ltr', 'rtl']),
  messages: z.record(z.string(), z.string()),
});
export type LocaleConf = z.infer<typeof localeConf>;

export const docApi = {
  'doc/get_version_info': { body: empty, data: z.object({ list: z.array(docVersion) }) },
  'doc/get_locale_conf': {
    /**
     * Without `lang`, the answer is in the tenant's default language; without `ns`, it holds
     * every namespace. `messages` is one flat dictionary of the namespaces asked for.
     */
    body: z.strictObject({ lang: langSchema.optional(), ns: namespaceList.optional() }),
    data: localeConf,
  },
} as const satisfies Record<`doc/${string}`, ApiRoute>;
