/**
 * Bounds on every input, shared by the server's schemas and the client's forms so both
 * refuse the same things with the same numbers.
 */
export const limits = {
  /** JSON bodies of the API; attachments have their own limit. */
  bodyBytes: 1024 * 1024,
  idLength: 64,
  versionName: 32,
  sortMin: 0,
  sortMax: 1_000_000,
  account: 64,
  password: 128,
  /** A new password: long enough that the sign-in limits make guessing it hopeless. */
  passwordMin: 8,
  personName: 64,
  categoryName: 64,
  resourceTitle: 200,
  /** A document's Markdown in one language. */
  markdown: 200_000,
  /** Categories under one parent, resources in one category: what one sort call may name. */
  siblingsMax: 500,
  versionsPerResource: 50,
  /** An attachment upload, unless ATTACHMENT_MAX_BYTES says otherwise. */
  attachmentBytesDefault: 20 * 1024 * 1024,
  /** One request of the diagnostics bandwidth test, either way (the page sends many). */
  diagTransferBytes: 32 * 1024 * 1024,
  attachmentName: 200,
  pageSizeMax: 100,
  pageSizeDefault: 20,
  pageNumberMax: 100_000,
  /** Failed sign-ins that cost no wait, per account and address (auth/login-throttle.ts). */
  loginFailuresAllowed: 5,
  /** The same per address over all accounts (one address trying many accounts). */
  loginFailuresPerAddress: 30,
  /** The same per account over all addresses (many addresses trying one account). */
  loginFailuresPerAccount: 20,
  /** The longest wait failures can impose before the next attempt: a delay, never a lockout. */
  loginDelayMaxSeconds: 30,
  /** A failure counter starts again after this long without a failure. */
  loginFailureWindowMinutes: 15,
  sessionDays: 7,
  /** A search typed into the documentation. */
  keyword: 100,
  /** A SIP trunk's host: the longest DNS name (RFC 1035). */
  trunkHost: 253,
  /** A SIP trunk's digest username (its password is bounded by `password`). */
  trunkUsername: 128,
  /** Addresses or prefixes a trunk takes INVITEs from. */
  trunkSourcesMax: 50,
  /** A trunk's DIDs, and its numbers to present, each. */
  trunkNumbersMax: 200,
} as const;
