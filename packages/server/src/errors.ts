import { errorCatalogue, type ErrorName, type FieldReason } from '@open/protocol/errors';

/**
 * A failure with a catalogued code (errors.ts in protocol): raised by services and the engine,
 * turned into the envelope by http/, and into a socket answer by the gateway.
 */
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

/**
 * A body the schema accepts but the service refuses field by field (a document left with no
 * language): answered like a schema failure, `invalidField` with `data.issues` in the caller's
 * language, so the client shows both kinds the same way.
 */
export class FieldError extends ApiError {
  override name = 'FieldError';

  constructor(readonly issues: readonly { field: string; reason: FieldReason }[]) {
    super('invalidField');
  }
}
