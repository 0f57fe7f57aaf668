/** `doc/*`: the documentation side, anonymous and read-only. */
import { z } from 'zod';
import { namespaces } from '../messages/namespaces.js';
import { limits } from '../limits.js';
import { empty, id, langSchema, text, timestamp, type ApiRoute } from './common.js';

export const docVersion = z.object({ _id: z.string(), name: z.string(), isDefault: z.boolean() });
export type DocVersion = z.infer<typeof docVersion>;

/** Which dictionary namespaces to answer: known names, each at most once. */
export const namespaceList = z
  .array(z.enum(namespaces))
  .min(1)
  .max(namespaces.length)
  .refine((list) => new Set(list).size === list.length, { params: { reason: 'notAllowed' } });

/** A version `_id`, or `'all'` for every version ('Full version'). */
export const versionChoice = id.describe("a version _id, or 'all' for every version");
const keyword = text({ max: limits.keyword, min: 0 }).describe('search words; empty lists without searching');

/** The documentation's category tree; each count includes the categories below it. */
export interface DocCategory {
  _id: string;
  name: string;
  parent_id: string | null;
  sort: number;
  resource_count: number;
  children: DocCategory[];
}
export const docCategory: z.ZodType<DocCategory> = z.lazy(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    parent_id: z.string().nullable(),
    sort: z.number().int(),
    resource_count: z.number().int(),
    children: z.array(docCategory),
  }),
);

const readerFilter = {
  version: versionChoice,
  lang: langSchema,
  category_id: id.optional(),
  keyword: keyword.optional(),
  as_typed: z
    .boolean()
    .optional()
    .describe('true: search the words exactly as typed, without correcting their spelling'),
};

/**
 * A search whose words were corrected (a word matched nothing in the documentation, or almost
 * nothing where a word a letter or two away is common): `keyword` is what was searched.
 * `also_typed`: the words as typed were searched too and their matches come first; otherwise
 * they found nothing and every result comes through the correction.
 */
export const searchCorrection = z.object({ keyword: z.string(), also_typed: z.boolean() });
export type SearchCorrection = z.infer<typeof searchCorrection>;

export const docResourceItem = z.object({
  _id: z.string(),
  title: z.string(),
  category_id: z.string(),
  summary: z.string(),
  /** The language served: the one asked for, or the fallback's. */
  lang: langSchema,
  fallback: z.boolean(),
  /** With a keyword: the matched words in context, HTML-escaped, matches in <mark>. */
  snippet: z.string().optional(),
  updated_at: timestamp,
});
export type DocResourceItem = z.infer<typeof docResourceItem>;

const neighbour = z.object({ _id: z.string(), title: z.string() }).nullable();

export const docResourceInfo = z.object({
  _id: z.string(),
  title: z.string(),
  /** Rendered and sanitised on the server when it was saved. */
  html: z.string(),
  toc: z.array(z.object({ id: z.string(), text: z.string(), level: z.union([z.literal(2), z.literal(3)]) })),
  lang: langSchema,
  fallback: z.boolean(),
  attachments: z.array(
    z.object({ _id: z.string(), name: z.string(), mime: z.string(), size: z.number().int(), url: z.string() }),
  ),
  category_id: z.string(),
  updated_at: timestamp,
  prev: neighbour,
  next: neighbour,
});
export type DocResourceInfo = z.infer<typeof docResourceInfo>;

export const docFaqItem = z.object({ _id: z.string(), question: z.string(), html: z.string(), lang: langSchema });

export const localeConf = z.object({
  lang: langSchema,
  dir: z.enum(['ltr', 'rtl']),
  messages: z.record(z.string(), z.string()),
});
export type LocaleConf = z.infer<typeof localeConf>;

export const docApi = {
  'doc/get_version_info': { body: empty, data: z.object({ list: z.array(docVersion) }), cache: 'published' },
  'doc/get_locale_conf': {
    /**
     * Without `lang`, the answer is in the tenant's default language; without `ns`, it holds
     * every namespace. `messages` is one flat dictionary of the namespaces asked for.
     */
    body: z.strictObject({ lang: langSchema.optional(), ns: namespaceList.optional() }),
    data: localeConf,
  },
  'doc/get_category_list': {
    body: z.strictObject({ version: versionChoice, lang: langSchema }),
    data: z.object({ list: z.array(docCategory) }),
    cache: 'published',
  },
  'doc/get_resource_list': {
    /** `keyword` searches titles, headings and bodies, best match first; `page_number: -1` lists all. */
    body: z.strictObject({
      ...readerFilter,
      page_number: z.union([z.literal(-1), z.number().int().min(1).max(limits.pageNumberMax)]),
      page_size: z.number().int().min(1).max(limits.pageSizeMax).optional(),
    }),
    data: z.object({
      list: z.array(docResourceItem),
      total: z.number().int(),
      corrected: searchCorrection.optional(),
    }),
    cache: 'published',
    searchField: 'keyword',
  },
  'doc/get_resource_count': {
    body: z.strictObject(readerFilter),
    data: z.object({ total: z.number().int(), corrected: searchCorrection.optional() }),
    cache: 'published',
    searchField: 'keyword',
  },
  'doc/get_resource_info': {
    /** Without `version`, the resource is shown whatever versions it belongs to. */
    body: z.strictObject({ _id: id, lang: langSchema, version: versionChoice.optional() }),
    data: docResourceInfo,
    cache: 'published',
  },
  'doc/get_site_info': {
    /** `contact_url`: the tenant's contact link for readers (a web or mailto address), or null. */
    body: empty,
    data: z.object({ contact_url: z.string().nullable() }),
  },
  'doc/get_faq_list': {
    body: z.strictObject({ version: versionChoice, lang: langSchema, keyword: keyword.optional() }),
    data: z.object({ list: z.array(docFaqItem) }),
    cache: 'published',
    searchField: 'keyword',
  },
} as const satisfies Record<`doc/${string}`, ApiRoute>;
