/**
 * `cms/*`: the management side. Every call needs a signed-in CMS user; versions, accounts and
 * the audit trail need the admin role (`guard: 'admin'`), content the editor role or above.
 * Every save of a category or resource names the `revision` it started from: a stale one is
 * refused with `staleRevision`, whose `data` says who changed it and when.
 */
import { z } from 'zod';
import { limits } from '../limits.js';
import { langCodes, type Lang } from '../locales.js';
import { id, langSchema, listBody, text, timestamp, type ApiRoute } from './common.js';
import { docVersion } from './doc.js';

export const cmsVersion = docVersion.extend({
  sort: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CmsVersion = z.infer<typeof cmsVersion>;

/** 1 unpublished, 2 published, 3 offline (spec §3). */
export const contentStatus = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type ContentStatus = z.infer<typeof contentStatus>;
export const categoryKind = z.enum(['docs', 'faq']);
export const roleSchema = z.enum(['admin', 'editor']);
export type Role = z.infer<typeof roleSchema>;

const revision = z.number().int().min(1).max(2_147_483_647);
const sort = z.number().int().min(limits.sortMin).max(limits.sortMax);
const name = text({ max: limits.categoryName });
const password = text({ min: limits.passwordMin, max: limits.password, trim: false });
/** A moment sent by the client: any date-time `Date.parse` reads, from year 1 to 9999. */
const instant = text({ max: 40 })
  .refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 1 && year <= 9999;
    },
    { params: { reason: 'notAllowed' } },
  )
  .meta({ format: 'date-time' });

/**
 * A name per language: at least one, each language once (the keys are languages). An object
 * with one optional property per language rather than a record, so that the OpenAPI document
 * names the languages (a record's schema says nothing a generated client or the fuzzer can
 * fill) and an unknown language is refused as an unknown field.
 */
const names = z
  .strictObject(
    // Object.fromEntries loses the keys' types; the map gives exactly one entry per language.
    Object.fromEntries(langCodes.map((lang) => [lang, name.optional()])) as Record<Lang, z.ZodOptional<typeof name>>,
  )
  // JSON has no undefined: a language present is a language named.
  .refine((value) => Object.keys(value).length > 0, { params: { reason: 'required' } });

/** Who last changed an item, as the CMS shows it. */
const changedBy = z.object({ updated_at: timestamp, updated_by: z.string().nullable() });

export interface CmsCategory {
  _id: string;
  parent_id: string | null;
  kind: 'docs' | 'faq';
  status: ContentStatus;
  sort: number;
  revision: number;
  /** The name in the language asked for, else the first one there is. */
  name: string;
  names: Partial<Record<z.infer<typeof langSchema>, string>>;
  resource_count: number;
  updated_at: string;
  updated_by: string | null;
  children: CmsCategory[];
}
export const cmsCategory: z.ZodType<CmsCategory> = z.lazy(() =>
  z.object({
    _id: z.string(),
    parent_id: z.string().nullable(),
    kind: categoryKind,
    status: contentStatus,
    sort: z.number().int(),
    revision: z.number().int(),
    name: z.string(),
    names: z.partialRecord(langSchema, z.string()),
    resource_count: z.number().int(),
    updated_at: timestamp,
    updated_by: z.string().nullable(),
    children: z.array(cmsCategory),
  }),
);

const localeInput = z.strictObject({
  lang: langSchema,
  title: text({ max: limits.resourceTitle }),
  markdown: text({ max: limits.markdown, min: 0, trim: false }),
});

export const cmsResourceItem = changedBy.extend({
  _id: z.string(),
  category_id: z.string(),
  status: contentStatus,
  sort: z.number().int(),
  revision: z.number().int(),
  /** In the language asked for, else the Chinese original, else the first there is. */
  title: z.string(),
  langs: z.array(langSchema),
  version_ids: z.array(z.string()),
});
export type CmsResourceItem = z.infer<typeof cmsResourceItem>;

export const cmsAttachment = z.object({
  _id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  url: z.string(),
  /** What to paste into a body: an image or a link, as Markdown. */
  markdown: z.string(),
});
export type CmsAttachment = z.infer<typeof cmsAttachment>;

export const cmsResource = cmsResourceItem.extend({
  locales: z.array(
    z.object({ lang: langSchema, title: z.string(), markdown: z.string(), html: z.string(), updated_at: timestamp }),
  ),
  attachments: z.array(cmsAttachment),
});
export type CmsResource = z.infer<typeof cmsResource>;

/** One saved state of an item, kept when a later save replaced it. */
const backup = <T extends z.ZodType>(snapshot: T) =>
  z.object({
    _id: z.string(),
    revision: z.number().int(),
    saved_at: timestamp,
    saved_by: z.string().nullable(),
    snapshot,
  });

export const categorySnapshot = z.object({
  parent_id: z.string().nullable(),
  kind: categoryKind,
  sort: z.number().int(),
  status: contentStatus,
  names: z.partialRecord(langSchema, z.string()),
});
export const resourceSnapshot = z.object({
  category_id: z.string(),
  sort: z.number().int(),
  status: contentStatus,
  version_ids: z.array(z.string()),
  locales: z.array(z.object({ lang: langSchema, title: z.string(), markdown: z.string() })),
});

export const cmsAccount = z.object({
  _id: z.string(),
  account: z.string(),
  name: z.string(),
  role: roleSchema,
  disabled: z.boolean(),
  created_at: timestamp,
});
export type CmsAccount = z.infer<typeof cmsAccount>;

export const auditEntry = z.object({
  _id: z.string(),
  at: timestamp,
  actor: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  target_name: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const statusChange = z.strictObject({ _id: id, status: contentStatus, revision });
const orderedIds = z.array(id).min(1).max(limits.siblingsMax);

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
      sort: sort.optional(),
    }),
    data: cmsVersion,
    guard: 'admin',
    effect: 'content',
  },
  'cms/remove_version_info': {
    body: z.strictObject({ _id: id }),
    /** `default_id`: the version that is the default now (another one when the default was removed). */
    data: z.object({ _id: z.string(), default_id: z.string().nullable() }),
    guard: 'admin',
    effect: 'content',
  },

  'cms/get_category_list': {
    /** The whole tree in every status, names in `lang` (else the first there is). */
    body: z.strictObject({ lang: langSchema.optional(), kind: categoryKind.optional() }),
    data: z.object({ list: z.array(cmsCategory) }),
    guard: 'session',
  },
  'cms/set_category_info': {
    /** Without `_id` it creates an unpublished category; with one it edits it from `revision`. */
    body: z.strictObject({
      _id: id.optional(),
      revision: revision.optional(),
      parent_id: id.nullable().optional(),
      kind: categoryKind.optional(),
      sort: sort.optional(),
      names,
    }),
    data: cmsCategory,
    guard: 'session',
    effect: 'content',
  },
  'cms/remove_category_info': {
    /** Refused with `categoryNotEmpty` while it holds categories or resources. */
    body: z.strictObject({ _id: id, revision }),
    data: z.object({ _id: z.string() }),
    guard: 'session',
    effect: 'content',
  },
  'cms/set_category_sort': {
    /** The children of `parent_id` in their new order; one of them may come from another parent. */
    body: z.strictObject({ parent_id: id.nullable(), ids: orderedIds }),
    data: z.object({ list: z.array(cmsCategory) }),
    guard: 'session',
    effect: 'content',
  },
  'cms/get_category_backup_info': {
    body: z.strictObject({ _id: id }),
    data: z.object({ list: z.array(backup(categorySnapshot)) }),
    guard: 'session',
  },
  'cms/get_category_locale': {
    body: z.strictObject({ _id: id }),
    data: z.object({ list: z.array(z.object({ lang: langSchema, name: z.string() })) }),
    guard: 'session',
  },
  'cms/set_category_status': {
    /** 1 -> 2 publish, 2 -> 3 take offline, 3 -> 2 publish again; others are `illegalStatusChange`. */
    body: statusChange,
    data: cmsCategory,
    guard: 'session',
    effect: 'content',
  },

  'cms/get_resource_list': {
    body: z.strictObject({
      category_id: id.optional(),
      version_id: id.optional(),
      status: contentStatus.optional(),
      lang: langSchema.optional(),
      keyword: text({ max: limits.keyword, min: 0 }).optional(),
      page_number: listBody.shape.page_number,
      page_size: listBody.shape.page_size,
    }),
    data: z.object({ list: z.array(cmsResourceItem), total: z.number().int() }),
    guard: 'session',
  },
  'cms/set_resource_info': {
    /**
     * Without `_id` it creates an unpublished resource; with one it edits it from `revision`.
     * `locales` are written (added or replaced); `remove_langs` drops translations.
     */
    body: z.strictObject({
      _id: id.optional(),
      revision: revision.optional(),
      category_id: id,
      version_ids: z.array(id).max(limits.versionsPerResource),
      sort: sort.optional(),
      locales: z.array(localeInput).max(19),
      remove_langs: z.array(langSchema).max(19).optional(),
    }),
    data: cmsResource,
    guard: 'session',
    effect: 'content',
  },
  'cms/remove_resource_info': {
    body: z.strictObject({ _id: id, revision }),
    data: z.object({ _id: z.string() }),
    guard: 'session',
    effect: 'content',
  },
  'cms/get_resource_backup_info': {
    body: z.strictObject({ _id: id }),
    data: z.object({ list: z.array(backup(resourceSnapshot)) }),
    guard: 'session',
  },
  'cms/set_resource_status': {
    body: statusChange,
    data: cmsResourceItem,
    guard: 'session',
    effect: 'content',
  },
  'cms/set_resource_sort': {
    /** Every resource of the category, in its new order. */
    body: z.strictObject({ category_id: id, ids: orderedIds }),
    data: z.object({ list: z.array(cmsResourceItem) }),
    guard: 'session',
    effect: 'content',
  },
  'cms/get_resource_locale': {
    /** Which languages have content, and which are behind the Chinese original (edited after them). */
    body: z.strictObject({ _id: id }),
    data: z.object({
      source: langSchema,
      list: z.array(z.object({ lang: langSchema, title: z.string(), updated_at: timestamp, behind: z.boolean() })),
    }),
    guard: 'session',
  },
  'cms/get_resource_content': {
    body: z.strictObject({ _id: id, lang: langSchema.optional() }),
    data: cmsResource,
    guard: 'session',
  },
  'cms/render_markdown': {
    /** The editor's live preview: rendered exactly as the documentation side will show it. */
    body: z.strictObject({ lang: langSchema, markdown: text({ max: limits.markdown, min: 0, trim: false }) }),
    data: z.object({
      html: z.string(),
      toc: z.array(z.object({ id: z.string(), text: z.string(), level: z.number() })),
    }),
    guard: 'session',
  },
  'cms/upload_attachment_file': {
    /**
     * `multipart/form-data`: one file in the part `file` (at most ATTACHMENT_MAX_BYTES, 20 MB by
     * default, else `attachmentTooLarge`), and optionally the resource it belongs to. The kind
     * is read from the bytes, not the name: PNG, JPEG, GIF, WebP, PDF or ZIP; text, Markdown or
     * CSV when the bytes are UTF-8 and the name ends in .txt, .md or .csv; anything else is
     * `unsupportedFileType`.
     */
    body: z.strictObject({ resource_id: id.optional() }),
    data: cmsAttachment,
    guard: 'session',
    effect: 'content',
    multipart: { file: 'file' },
  },
  'cms/remove_attachment_file': {
    /** Refused with `attachmentInUse` while a resource's body still links to it. */
    body: z.strictObject({ _id: id }),
    data: z.object({ _id: z.string() }),
    guard: 'session',
    effect: 'content',
  },

  'cms/get_account_list': {
    body: listBody,
    data: z.object({ list: z.array(cmsAccount), total: z.number().int() }),
    guard: 'admin',
  },
  'cms/set_account_info': {
    /** Without `_id` it creates an account (a `password` is then required). */
    body: z.strictObject({
      _id: id.optional(),
      // `*`: an empty account is reported once, as required.
      account: text({ max: limits.account }).refine((value) => /^[\w.@-]*$/.test(value), {
        params: { reason: 'notAllowed' },
      }),
      name: text({ max: limits.personName }),
      role: roleSchema,
      disabled: z.boolean().optional(),
      password: password.optional(),
    }),
    data: cmsAccount,
    guard: 'admin',
    effect: 'state',
  },
  'cms/reset_account_password': {
    body: z.strictObject({ _id: id, password }),
    data: cmsAccount,
    guard: 'admin',
    effect: 'state',
  },
  'cms/set_own_password': {
    /** Every user; also the only call a user who must change the demo password may make. */
    body: z.strictObject({ old_password: text({ max: limits.password, trim: false }), new_password: password }),
    data: z.object({}),
    guard: 'session',
    effect: 'state',
  },
  'cms/get_audit_list': {
    body: z.strictObject({
      actor: text({ max: limits.account }).optional(),
      action: text({ max: 64 }).optional(),
      target_type: text({ max: 32 }).optional(),
      /** Entries at or after `from` and before `to`. */
      from: instant.optional(),
      to: instant.optional(),
      page_number: listBody.shape.page_number,
      page_size: listBody.shape.page_size,
    }),
    data: z.object({ list: z.array(auditEntry), total: z.number().int() }),
    guard: 'admin',
  },
} as const satisfies Record<`cms/${string}`, ApiRoute>;
