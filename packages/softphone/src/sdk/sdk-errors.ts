/** What the SDK refuses with: its error, and the few messages it says itself. */
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import { describeParamIssues, type ParamIssue } from '@open/protocol/softphone/validate';

/**
 * Every catalogued error by name, with its code: `if (error.code === Softphone.errorCodes.extensionUnavailable)`.
 * Frozen: the page cannot change what the SDK compares against.
 */
export const errorCodes: Readonly<Record<ErrorName, number>> = Object.freeze(
  Object.fromEntries(Object.entries(errorCatalogue).map(([name, definition]) => [name, definition.code])) as Record<
    ErrorName,
    number
  >,
);

const nameByCode = new Map<number, ErrorName>(
  Object.entries(errorCodes).map(([name, code]) => [code, name as ErrorName]),
);

/** A refused call or a bad parameter: its catalogued code and name, a message, and details. */
export class SoftphoneError extends Error {
  override name = 'SoftphoneError';
  /** The catalogue's name for `code` (`connectionDown`, `extensionUnavailable`…); null for a code it does not have. */
  readonly errorName: ErrorName | null;
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.errorName = nameByCode.get(code) ?? null;
  }
}

/** What the SDK says itself, in English: it runs before the phone and its dictionaries. */
export const sdkMessages = {
  socketMissing: 'Socket instance does not exist: the phone was destroyed.',
  cannotSend:
    'Unable to send messages: the phone did not load. Check serverUrl, and that the server allows this page to frame the phone (PHONE_FRAME_ANCESTORS).',
  alreadyStarted:
    'A phone is already running in this container: call its destroy() before init() again, or give another container.',
  unreachable:
    'The phone could not reach the server. It keeps trying: connectionRestored follows when it has signed in, and methods are refused with connectionDown until then.',
  badContainer: 'container must be an element of the page or a CSS selector of one.',
  invalidParams: 'Invalid parameters',
} as const;

export function invalid(issues: ParamIssue[]): SoftphoneError {
  return new SoftphoneError(
    errorCatalogue.invalidParams.code,
    `${sdkMessages.invalidParams}: ${describeParamIssues(issues)}`,
    { issues },
  );
}
