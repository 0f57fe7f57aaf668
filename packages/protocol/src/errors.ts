import { notLoggedIn, resourceNotFound, SUCCESS_CODE } from './reader-errors.js';

/**
 * The one error catalogue. Every failure the API can answer has a stable numeric code,
 * the HTTP status it travels with and a message key (`error.<name>`) translated for the
 * caller. Codes are never reused: retire a name rather than change its number.
 */
export interface ErrorDefinition {
  readonly code: number;
  readonly status: number;
}

export { SUCCESS_CODE };

export const errorCatalogue = {
  badJson: { code: 40001, status: 400 },
  invalidField: { code: 40002, status: 400 },
  badUrl: { code: 40003, status: 400 },
  /** The HTTP parser could not frame the request (bad Content-Length, conflicting framing). */
  badRequest: { code: 40004, status: 400 },
  /** A socket frame that is not JSON or not a frame of the softphone protocol (cti/protocol.ts). */
  badFrame: { code: 40005, status: 400 },
  /** A socket request naming a method the engine does not have. */
  unknownMethod: { code: 40006, status: 400 },
  /** A socket request whose parameters break the catalogue; data: { issues: ParamIssue[] }. */
  invalidParams: { code: 40007, status: 400 },
  /** A number the (simulated) telephone network cannot dial. */
  invalidNumber: { code: 40008, status: 400 },
  /** An HTTP/1.1 request without a Host header (RFC 9112 §3.2 requires one). */
  missingHost: { code: 40009, status: 400 },
  /** The phone's setDevices: no microphone or output of that id in this browser (unplugged, or another computer's). */
  deviceNotFound: { code: 40010, status: 400 },
  /** The phone's setDevices chose an output in a browser that cannot send sound to one (no setSinkId). */
  outputSelectionUnsupported: { code: 40011, status: 400 },
  /**
   * A JSON body (or socket frame) nesting arrays and objects deeper than `MAX_JSON_DEPTH` (json-depth.ts):
   * refused before parsing, since deep nesting costs far more to parse than its size suggests.
   */
  jsonTooDeep: { code: 40012, status: 400 },
  /**
   * cms/set_trunk: a host that is a link-local or cloud metadata address, never a carrier's SIP
   * server (trunk.ts, `trunkHostConcern`); data: { host, field }.
   */
  trunkHostForbidden: { code: 40013, status: 400 },
  notLoggedIn,
  wrongCredentials: { code: 40102, status: 401 },
  accountDisabled: { code: 40103, status: 401 },
  /** basic/get_sso_signature: the SSO public-key token is no tenant's. */
  ssoTokenInvalid: { code: 40104, status: 401 },
  /** basic/get_login_token_by_sso: the signature is forged, expired or another tenant's. */
  ssoSignatureInvalid: { code: 40105, status: 401 },
  /** An SSO signature buys one login token. */
  ssoSignatureUsed: { code: 40106, status: 401 },
  /** The login token is forged, malformed or another tenant's. */
  loginTokenInvalid: { code: 40107, status: 401 },
  loginTokenExpired: { code: 40108, status: 401 },
  /** basic/get_login_token: no agent has this account and password. */
  basicLoginFailed: { code: 40109, status: 401 },
  agentDisabled: { code: 40110, status: 401 },
  /** A login token opens one socket session; a dropped one is resumed with its resume key. */
  loginTokenUsed: { code: 40111, status: 401 },
  /** The socket's first frame did not authenticate it (no token, or not an auth frame). */
  socketAuthFailed: { code: 40112, status: 401 },
  /**
   * events/*: no API key (`Authorization: Bearer opk_…`), or one that is malformed, unknown or
   * revoked; also the last event of a stream whose key was revoked.
   */
  apiKeyInvalid: { code: 40113, status: 401 },
  /** A state-changing call sent by another site's page (Origin or Sec-Fetch-Site says so). */
  crossSiteRequest: { code: 40301, status: 403 },
  /** Signed in, but the role does not allow this call. */
  forbidden: { code: 40302, status: 403 },
  /** The demo password must be changed before anything else (server not bound to loopback). */
  passwordChangeRequired: { code: 40303, status: 403 },
  /** Check-in refused: the agent may not take calls (see the message). */
  checkInNotAllowed: { code: 40304, status: 403 },
  /** The phone was started with internalCall: false, and the number is a colleague's extension. */
  internalCallNotAllowed: { code: 40305, status: 403 },
  /** An agent still on the published demo password, on a server others can reach (HOST not loopback). */
  demoAgentPasswordRefused: { code: 40306, status: 403 },
  /** The tenant's dial plan blocks numbers starting so (a blocked prefix); data: { number }. */
  numberBlocked: { code: 40307, status: 403 },
  /** A premium-rate, shared-cost or satellite number the tenant's dial plan does not let out; data: { number }. */
  premiumNumberBlocked: { code: 40308, status: 403 },
  /** A number in another country, which the tenant's dial plan does not let this agent dial; data: { number }. */
  internationalNotAllowed: { code: 40309, status: 403 },
  apiNotFound: { code: 40401, status: 404 },
  versionNotFound: { code: 40402, status: 404 },
  notFound: { code: 40403, status: 404 },
  resourceNotFound,
  categoryNotFound: { code: 40405, status: 404 },
  attachmentNotFound: { code: 40406, status: 404 },
  accountNotFound: { code: 40407, status: 404 },
  /** basic/get_sso_signature: the tenant has no agent with this account. */
  ssoAccountUnknown: { code: 40408, status: 404 },
  /** A resume named a session that has ended (grace period over, logged out, taken over). */
  sessionGone: { code: 40409, status: 404 },
  /** A not-ready reason that is not in the tenant's list. */
  unknownReason: { code: 40410, status: 404 },
  /** No call of this agent matches (ended, or another agent's). */
  callNotFound: { code: 40411, status: 404 },
  tenantNotFound: { code: 40412, status: 404 },
  agentNotFound: { code: 40413, status: 404 },
  webhookNotFound: { code: 40414, status: 404 },
  webhookDeliveryNotFound: { code: 40415, status: 404 },
  apiKeyNotFound: { code: 40416, status: 404 },
  /** setWrapUp: the code is not in the tenant's list of wrap-up codes. */
  unknownWrapUpCode: { code: 40417, status: 404 },
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
  /** An employee number found in several tenants: the e-mail address is unambiguous. */
  accountAmbiguous: { code: 40912, status: 409 },
  /** Check-in refused: the agent has no extension. */
  checkInNoExtension: { code: 40913, status: 409 },
  /** A method that needs a checked-in agent. */
  notCheckedIn: { code: 40914, status: 409 },
  alreadyCheckedIn: { code: 40915, status: 409 },
  /** An agent status change the state machine refuses; data: { from, to }. */
  illegalAgentStatus: { code: 40916, status: 409 },
  /** The agent is already in a call. */
  agentInCall: { code: 40917, status: 409 },
  /** The call is not in a state that allows this; data: { state }. */
  illegalCallState: { code: 40918, status: 409 },
  /** The external number did not take the call (busy or no answer); data: { reason }. */
  transferFailed: { code: 40919, status: 409 },
  /** A call on the tenant's SIP trunk cannot be handed to an outside number (only to a colleague or the queue). */
  trunkTransferUnsupported: { code: 40929, status: 409 },
  /** Another agent already has this e-mail (any tenant), or this employee number or extension (same tenant); data: { field }. */
  agentTaken: { code: 40920, status: 409 },
  /** An agent needs an e-mail, an employee number or a mobile number to sign in by. */
  agentAccountRequired: { code: 40921, status: 409 },
  /**
   * The number is an extension of the tenant (or in the extensions' range) but nobody can take the
   * call there; data: { reason: 'offline' | 'unreachable' | 'busy' | 'unknown' } ('unreachable': signed
   * in, but their phone lost its link and its session waits for it). Never dialled as an outside number.
   */
  extensionUnavailable: { code: 40922, status: 409 },
  /** cms/set_trunk: a DID already rings another tenant (a number rings one tenant); data: { number, field }. */
  didTaken: { code: 40923, status: 409 },
  /**
   * cms/set_trunk: a trunk switched on while this server has no SIP socket and media relay
   * (SIP_LISTEN, RTPENGINE_NG). A setting to change, not a moment to wait out, hence not 503.
   */
  telephonyNotConfigured: { code: 40924, status: 409 },
  /**
   * cms/set_trunk: a password given while this server has no key to store it sealed with
   * (SECRETS_KEY or SECRETS_KEY_FILE). A setting to change, like telephonyNotConfigured.
   */
  secretsKeyMissing: { code: 40930, status: 409 },
  /**
   * cms/set_trunk: a short number of the dial plan is an agent's extension, which would then go
   * out to the network instead of ringing them; data: { number, field }.
   */
  shortNumberIsExtension: { code: 40931, status: 409 },
  /** The tenant's SIP trunk carries as many calls as its cap (max_calls) allows: none is placed. */
  trunkBusy: { code: 40932, status: 409 },
  /** cms/set_webhook: the tenant has as many webhooks as it may (webhookLimits.perTenant); data: { max }. */
  webhookLimit: { code: 40933, status: 409 },
  /**
   * cms/set_webhook: the address is this machine, a private network, a link-local or a cloud
   * metadata address, which this server does not post to (WEBHOOK_PRIVATE_TARGETS); data: { host }.
   */
  webhookTargetRefused: { code: 40934, status: 409 },
  /** cms/create_api_key: the tenant has as many API keys as it may (apiKeyLimits.perTenant); data: { max }. */
  apiKeyLimit: { code: 40935, status: 409 },
  bodyTooLarge: { code: 41301, status: 413 },
  attachmentTooLarge: { code: 41302, status: 413 },
  /**
   * The phone's session is over (signed out after the grace period, the agent disabled, the token
   * refused, taken over by another tab, or closed): methods are refused at once, never left to
   * wait on a link that will not come back. data: { reason }.
   */
  sessionEnded: { code: 41001, status: 410 },
  /**
   * events/*: `after` names no event of the tenant that is still kept (pruned after
   * apiKeyLimits.logDays, or never this tenant's): events may have been missed, so the reader is
   * told rather than given a silent gap; data: { after, oldest } (`oldest`: the oldest id kept, or null).
   */
  eventCursorUnknown: { code: 41002, status: 410 },
  /** A socket frame over ctiLimits.frameBytes. */
  frameTooLarge: { code: 41303, status: 413 },
  unsupportedMediaType: { code: 41501, status: 415 },
  /** An upload whose content (not its name) is none of the accepted kinds. */
  unsupportedFileType: { code: 41502, status: 415 },
  tooManyLoginAttempts: { code: 42901, status: 429 },
  /** More socket frames than ctiLimits.framesPerSecond. */
  tooManyFrames: { code: 42902, status: 429 },
  /** The bandwidth test's bytes of one address past its share for the period (DIAG_TRANSFER_LIMIT_MB). */
  diagTransferLimit: { code: 42903, status: 429 },
  /** The API key holds as many open streams as it may (apiKeyLimits.streamsPerKey); data: { max }. */
  eventStreamLimit: { code: 42904, status: 429 },
  internal: { code: 50001, status: 500 },
  /** Multi-node: no node could run the tenant in time (one died and another is taking over). */
  callCentreUnavailable: { code: 50301, status: 503 },
  /** The SDK: a method called before init() (spec §8 'Socket instance does not exist'). */
  socketMissing: { code: 50302, status: 503 },
  /** The SDK: the phone's frame is not loaded, so nothing can reach it (spec §8 'Unable to send messages'). */
  cannotSend: { code: 50303, status: 503 },
  /** The phone: its socket is not open, it is reconnecting (spec §8 'The connection is down or unavailable'). */
  connectionDown: { code: 50304, status: 503 },
  /** The phone: a method waited for the phone to sign in after init(), and it did not in time. */
  phoneNotReady: { code: 50305, status: 503 },
  /**
   * PostgreSQL cannot be reached: down, restarting, refusing connections, or no connection came
   * within the pool's bound. Worth retrying; the server recovers without a restart.
   */
  databaseUnavailable: { code: 50306, status: 503 },
  /** The node is stopping (SIGTERM, a restart): it finishes what it started and takes nothing new. */
  serverStopping: { code: 50307, status: 503 },
  /** The phone: a request got no answer in time (the link went silent); its outcome is unknown. */
  engineTimeout: { code: 50401, status: 504 },
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
  /** A new password attackers try first (NIST SP 800-63B blocklist: common, breached, repetitive, contextual). */
  'weakPassword',
  /** A new password that is the one it replaces. */
  'reusedPassword',
  /** A list entry that repeats an earlier one (a trunk's numbers and addresses). */
  'duplicate',
  /** A record (attached data) with more keys than it may hold. */
  'tooMany',
  /** A record's entry whose key is empty. */
  'emptyKey',
] as const;

export type FieldReason = (typeof fieldReasons)[number];

/** One entry of `data.issues` in an `invalidField` answer. */
export interface FieldIssue {
  field: string;
  reason: FieldReason;
  message: string;
}
