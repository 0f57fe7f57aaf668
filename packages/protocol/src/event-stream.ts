/**
 * The server-to-server event stream (docs/EVENT-STREAM.md): a CRM's back end that prefers pulling
 * to being posted to reads the tenant's call-centre events with an API key, as server-sent events
 * or page by page, and resumes from the last event's id. The events are the webhooks' (same
 * types, same body), so one handler serves both.
 */
import { API_PREFIX } from './paths.js';
import { webhookEventTypes, webhookLimits } from './webhooks.js';

/**
 * The event stream's address (docs/EVENT-STREAM.md), here and not in paths.ts: only the CMS and the
 * server use it, and what paths.ts holds lands in every page's first load. The stream is POST JSON `{ after?, types? }` with
 * `Authorization: Bearer <API key>`, answered with `text/event-stream` (server-sent events), one
 * event a call-centre event, resumable from an event's id. Not JSON, so not in the catalogue; the
 * server documents it in its OpenAPI document.
 */
export const EVENT_STREAM_PATH = `${API_PREFIX}events/stream`;

/** The event types a stream can carry: the webhooks' (webhooks.ts says what is left out, and why). */
export const streamEventTypes = webhookEventTypes;

/** An API key as the CMS shows it once: this prefix, then 32 random bytes in base64url. */
export const API_KEY_PREFIX = 'opk_';

export const apiKeyLimits = {
  /** API keys one tenant may have. */
  perTenant: 10,
  name: 100,
  /** Streams one key may hold open at once (a CRM's nodes, and one reconnecting). */
  streamsPerKey: 5,
  /** The most events one page (`events/get_event_list`) or one read of a stream carries. */
  pageSize: 500,
  /** A comment line is sent this often on a quiet stream, so proxies keep it and a dead reader is found. */
  heartbeatSeconds: 15,
  /** Days an event can be resumed from: the event log's (pruned with the audit trail). */
  logDays: webhookLimits.logDays,
} as const;

/**
 * The stream's last event before the server closes it on purpose: `data` is
 * `{ code, message }`, the catalogue's (the key was revoked: `apiKeyInvalid`; the node is
 * stopping: `serverStopping`, reconnect to resume).
 */
export const STREAM_END_EVENT = 'streamEnd';
