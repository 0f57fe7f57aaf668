/** Schemas every area shares: ids, bounded text, lists, the route entry shape. */
import { z } from 'zod';
import type { ErrorName } from '../errors.js';
import { langCodes } from '../locales.js';
import { limits } from '../limits.js';
import { PHONE_NUMBER_PATTERN } from '../softphone/catalogue.js';
import { isStorableText } from '../storable-text.js';

export { isStorableText };

/**
 * The string of every body: bounded, trimmed unless said otherwise, and refusing U+0000 and
 * lone surrogates with the field reason `badCharacter`. Every string field is built with it.
 */
export function text({ max, min = 1, trim = true }: { max: number; min?: number; trim?: boolean }) {
  return (trim ? z.string().trim() : z.string())
    .min(min)
    .max(max)
    .refine(isStorableText, { params: { reason: 'badCharacter' } });
}

export const id = text({ max: limits.idLength });

/** A phone number as people type it: digits, optionally a leading +. */
export const phoneNumber = text({ max: 32 })
  .refine((value) => PHONE_NUMBER_PATTERN.test(value), { params: { reason: 'notAllowed' } })
  .describe("a phone number: digits, optionally after a +, such as '+8613800000001'");

/** An e-mail address, or empty for none. */
export const optionalEmail = text({ min: 0, max: limits.account })
  .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), { params: { reason: 'notAllowed' } })
  .meta({ format: 'email' });
export const timestamp = z.string().describe('ISO 8601 date-time');
export const empty = z.strictObject({});

export const langSchema = z.enum(langCodes);

/** `page_number: -1` means all rows (spec §9). */
export const listBody = z.strictObject({
  page_number: z.union([z.literal(-1), z.number().int().min(1).max(limits.pageNumberMax)]),
  page_size: z.number().int().min(1).max(limits.pageSizeMax).optional(),
});

/**
 * Who may make a call. Absent: anyone. `session`: any signed-in CMS user (editor or admin).
 * `admin`: a signed-in admin; an editor gets `forbidden`.
 */
export type RouteGuard = 'session' | 'admin';

/**
 * What a successful call changes. Absent: nothing. `state`: server state such as sessions.
 * `content`: what the documentation side shows, so the read cache is dropped after it commits.
 */
export type RouteEffect = 'state' | 'content';

/**
 * How the server may keep a call's answers. `published`: the call reads only what the
 * documentation side shows, the same for every caller, so its success answers are kept
 * serialised in the read cache under the whole validated body, sent with a strong ETag (304 to
 * a matching If-None-Match), and dropped on every node when a `content` call commits. Such a
 * call has no guard and no effect, and its handler only returns data (headers it set would be
 * lost on the answers served from memory).
 */
export type RouteCache = 'published';

/**
 * One call of the catalogue: its body, the `data` of its answer, and what the server applies
 * around its handler (the guard before the body is read, the cross-site check for any effect,
 * the cache invalidation for content, the answer cache for published reads), so no handler can
 * forget them.
 */
export interface ApiRoute {
  readonly body: z.ZodType;
  readonly data: z.ZodType;
  readonly guard?: RouteGuard;
  readonly effect?: RouteEffect;
  /** Failures this call answers with HTTP 200, because for it they are answers, not faults. */
  readonly softFailures?: readonly ErrorName[];
  readonly cache?: RouteCache;
  /**
   * With `cache`: a body field that makes the call a search when it is not empty. Searches are
   * as many as the words people type, so their answers are never kept.
   */
  readonly searchField?: string;
  /**
   * The call is `multipart/form-data`, not JSON (an upload): `file` names its one file part,
   * and `body` describes its other form fields (strings), validated like any body.
   */
  readonly multipart?: { readonly file: string };
  /**
   * Any web page may make this call from the browser: it reads no cookie, and what it grants is
   * bound to what its body carries (a password, a signature, a token) that the calling page
   * already holds, so a page on another site gains nothing it could not have sent itself. The
   * server answers it, and its preflight, with `Access-Control-Allow-Origin: *` and never with
   * credentials, and its effect skips the cross-site check. This is how an integrator's page
   * gets a login token for the softphone (spec §3). Such a call has no guard.
   */
  readonly crossOrigin?: true;
}
