/**
 * Webhooks (docs/WEBHOOKS.md): a tenant's CRM back end hears the call centre's events by signed
 * HTTP POSTs. One definition for the server's schemas, the CMS's form and the documentation.
 */

/**
 * The events a webhook can subscribe to: the phone's engine events a back end acts on (the same
 * names and payloads the phone hears, spec §4), and `callRecord`, a call's record once it ended.
 * Left out on purpose: media signalling (`rtcSignal`), the digits a caller keys in
 * (`dtmfReceived`: card numbers and PINs travel that way), and the session's own chatter.
 */
export const webhookEventTypes = [
  'agentStatusChange',
  'callTypeChange',
  'callStatusChange',
  'callDataChange',
  'callMissed',
  'transferOutcome',
  'externalTransferSuccess',
  'afterCallWorkEnded',
  'wrapUpChange',
  'monitorStart',
  'monitorEnd',
  'insertionStart',
  'displayNumberChange',
  'callRecord',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What `cms/test_webhook` sends: an event of its own, never one of the call centre's. */
export const WEBHOOK_TEST_EVENT = 'webhookTest';

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/**
 * Why an attempt failed, as the delivery log keeps it (the CMS words each in the admin's
 * language; `error_detail` adds the system's own text, such as ECONNRESET):
 * `httpStatus` the receiver answered, but not with 2xx (`response_status` says what);
 * `timeout` no answer within webhookLimits.timeoutMs; `connectionRefused` nothing listens there;
 * `dnsFailed` the name does not resolve; `targetRefused` it resolves to an address this server
 * does not post to (WEBHOOK_PRIVATE_TARGETS); `tlsFailed` the certificate or handshake failed;
 * `connectionFailed` anything else on the way (reset, unreachable network); `secretUnreadable`
 * the stored secret opens with none of the server's keys (SECRETS_KEY changed), so nothing was sent.
 */
export const webhookDeliveryErrors = [
  'httpStatus',
  'timeout',
  'connectionRefused',
  'dnsFailed',
  'targetRefused',
  'tlsFailed',
  'connectionFailed',
  'secretUnreadable',
] as const;
export type WebhookDeliveryError = (typeof webhookDeliveryErrors)[number];

export const webhookLimits = {
  /** Webhooks one tenant may have. */
  perTenant: 10,
  /** The longest address (what browsers and most servers take). */
  url: 2048,
  description: 200,
  /** A POST that has not answered in this long failed (its connection is closed). */
  timeoutMs: 10_000,
  /** The receiver's answer kept in the delivery log, in characters. */
  responseExcerpt: 512,
  /** Days the event log and its deliveries are kept (redeliverable); pruned with the audit trail. */
  logDays: 30,
} as const;

/**
 * Seconds before each retry after a failed attempt: 8 retries over about 7 hours, each delay
 * drawn within ±20 % so receivers that failed together are not all retried in the same second.
 * After the last one the delivery is `failed` and waits for a redelivery from the CMS.
 */
export const webhookRetrySeconds = [10, 60, 300, 900, 1800, 3600, 7200, 10800] as const;

/**
 * The headers of Standard Webhooks (standardwebhooks.com), so receivers verify with its
 * libraries: `webhook-id` the event's id (the same on every retry and redelivery: the key to
 * deduplicate on), `webhook-timestamp` the attempt's Unix seconds, `webhook-signature`
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` keyed by the secret's bytes.
 */
export const webhookHeaders = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** A signing secret as Standard Webhooks writes it: this prefix, then its bytes in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
