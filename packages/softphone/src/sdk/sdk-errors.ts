/** What the SDK refuses with: its error, and the few messages it says itself. */
import { errorCatalogue } from '@open/protocol/errors';
import { describeParamIssues, type ParamIssue } from '@open/protocol/softphone/validate';

/** A refused call or a bad parameter: its catalogued code, a message, and details. */
export class SoftphoneError extends Error {
  override name = 'SoftphoneError';
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** What the SDK says itself, in English: it runs before the phone and its dictionaries. */
export const sdkMessages = {
  socketMissing: 'Socket instance does not exist: the phone was destroyed.',
  cannotSend:
    'Unable to send messages: the phone did not load. Check serverUrl, and that the server allows this page to frame the phone (PHONE_FRAME_ANCESTORS).',
  alreadyStarted: 'The phone is already running: call destroy() before init() again.',
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
