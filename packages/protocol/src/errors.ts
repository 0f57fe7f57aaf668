/**
 * The one error catalogue. Every failure the API can answer has a stable numeric code,
 * the HTTP status it travels with and a message key (`error.<name>`) translated for the
 * caller. Codes are never reused: retire a name rather than change its number.
 */
export interface ErrorDefinition {
  readonly code: number;
  readonly status: number;
}

export const SUCCESS_CODE = 0;

export const errorCatalogue = {
  badJson: { code: 40001, status: 400 },
  invalidField: { code: 40002, status: 400 },
  badUrl: { code: 40003, status: 400 },
  /** The HTTP parser could not frame the request (bad Content-Length, conflicting framing). */
  badRequest: { code: 40004, status: 400 },
  notLoggedIn: { code: 40101, status: 401 },
  wrongCredentials: { code: 40102, status: 401 },
  accountDisabled: { code: 40103, status: 401 },
  /** A state-changing call sent by another site's page (Origin or Sec-Fetch-Site says so). */
  crossSiteRequest: { code: 40301, status: 403 },
  /** Signed in, but the role does not allow this call. */
  forbidden: { code: 40302, status: 403 },
  /** The demo password must be changed before anything else (server not bound to loopback). */
  passwordChangeRequired: { code: 40303, status: 403 },
  apiNotFound: { code: 40401, status: 404 },
  versionNotFound: { code: 40402, status: 404 },
  notFound: { code: 40403, status: 404 },
  resourceNotFound: { code: 40404, status: 404 },
  categoryNotFound: { code: 40405, status: 404 },
  attachmentNotFound: { code: 40406, status: 404 },
  accountNotFound: { code: 40407, status: 404 },
  versionNameTaken: { code: 40901, status: 409 },
  defaultVersionRequired: { code: 40902, status: 409 },
  requestTimeout: { code: 40801, status: 408 },
  concurrentUpdate: { code: 40903, status: 409 },
  /** The save started from an older revision; data: { revision, updated_at, updated_by }. */
  staleRevision: { code: 40904, status: 409 },
  categoryNotEmpty: { code: 40905, status: 409 },
  illegalStatusChange: { code: 40906, status: 409 },
  categoryCycle: { code: 40907, status: 409 },
  attachmentInUse: { code: 40908, status: 409 },
  accountTaken: { code: 40909, status: 409 },
  /** Demoting, disabling or removing the last active admin would lock everyone out. */
  lastAdmin: { code: 40910, status: 409 },
  /** A sort call did not name exactly the items it orders. */
  sortMismatch: { code: 40911, status: 409 },
  bodyTooLarge: { code: 41301, status: 413 },
  attachmentTooLarge: { code: 41302, status: 413 },
  unsupportedMediaType: { code: 41501, status: 415 },
  /** An upload whose content (not its name) is none of the accepted kinds. */
  unsupportedFileType: { code: 41502, status: 415 },
  tooManyLoginAttempts: { code: 42901, status: 429 },
  internal: { code: 50001, status: 500 },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof errorCatalogue;

export type ErrorMessageKey = `error.${ErrorName}`;

export function errorMessageKey(name: ErrorName): ErrorMessageKey {
  return `error.${name}`;
}

/** Field-level reasons of an `invalidField` answer; each has a message key `error.field.<reason>`. */
export const fieldReasons = [
  'required',
  'tooLong',
  'tooShort',
  'tooBig',
  'tooSmall',
  'wrongType',
  'unknown',
  'notAllowed',
  /** U+0000 or a lone surrogate: no database stores them, no person types them. */
  'badCharacter',
] as const;

export type FieldReason = (typeof fieldReasons)[number];

/** One entry of `data.issues` in an `invalidField` answer. */
export interface FieldIssue {
  field: string;
  reason: FieldReason;
  message: string;
}
