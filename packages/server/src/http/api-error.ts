import { errorCatalogue, type ErrorName } from '@open/protocol/errors';

/** A failure with a catalogued code; the error handler turns it into the envelope. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  readonly status: number;

  constructor(
    readonly errorName: ErrorName,
    /** Values for the message's {{placeholders}}. */
    readonly values: Record<string, string | number> = {},
    /** Extra machine-readable detail, sent as `data`. */
    readonly data: unknown = null,
  ) {
    super(errorName);
    this.code = errorCatalogue[errorName].code;
    this.status = errorCatalogue[errorName].status;
  }
}
