/**
 * The catalogue entries the documentation reader compares against, in a module of their own:
 * the reader's bundle has a budget (1.15x the bare stack), and importing `errors.ts` for two
 * codes shipped the whole catalogue with it. `errors.ts` includes these entries as they are.
 */
export const SUCCESS_CODE = 0;
/** The session is missing or over (the CMS's calls). */
export const notLoggedIn = { code: 40101, status: 401 } as const;
/** The document does not exist or is no longer published. */
export const resourceNotFound = { code: 40404, status: 404 } as const;
