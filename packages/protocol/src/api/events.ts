/**
 * `cms/*` calls of a tenant's API keys, and the `events/*` calls those keys open
 * (docs/EVENT-STREAM.md). An API key is shown once, when it is made; the server keeps only its
 * hash. `events/*` calls take no cookie: `Authorization: Bearer <key>` names the tenant.
 */
import { z } from 'zod';
import { apiKeyLimits, streamEventTypes } from '../event-stream.js';
import { id, text, timestamp, type ApiRoute } from './common.js';

/** An API key as every call shows it: the key itself only by its last four characters. */
export const cmsApiKey = z.object({
  _id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  /** 'opk_…' and the key's last four characters: which key a CRM holds. */
  key_hint: z.string(),
  created_at: timestamp,
  /** The last call or stream opened with it (to the minute); null before the first. */
  last_used_at: timestamp.nullable(),
});
export type CmsApiKey = z.infer<typeof cmsApiKey>;

/** One call-centre event, as a webhook is posted it and a stream carries it. */
export const callEvent = z.object({
  /** The event's number: increasing in the order events were stored; resume after it. */
  id: z.string(),
  type: z.string(),
  timestamp,
  tenant_id: z.string(),
  /** Who the event is about, as the CRM knows them; null for an event about no agent. */
  agent: z.object({ agent_id: z.string(), name: z.string().nullable(), extension: z.string().nullable() }).nullable(),
  /** The phone's own payload of this event (spec §4). */
  data: z.unknown(),
});
export type CallEvent = z.infer<typeof callEvent>;

/** An event's id as `after` takes it: the decimal number a stream or page gave. */
const eventId = z
  .string()
  .max(18)
  .refine((value) => /^(0|[1-9][0-9]{0,17})$/.test(value), { params: { reason: 'notAllowed' } })
  .describe("an event's id, such as '1842'; '0' is before the oldest event kept");

const types = z
  .array(z.enum(streamEventTypes))
  .min(1)
  .max(streamEventTypes.length)
  .describe('only these event types; every type when left out');

/**
 * What a stream is opened with (`EVENT_STREAM_PATH`). `after`: resume after this event (a
 * reconnecting reader may send the `Last-Event-ID` header instead); left out, the stream starts
 * with the next event.
 */
export const eventStreamBody = z.strictObject({ after: eventId.optional(), types: types.optional() });

export const eventsApi = {
  'cms/get_api_key_list': {
    body: z.strictObject({ tenant_id: id }),
    data: z.object({ list: z.array(cmsApiKey) }),
    guard: 'admin',
  },
  'cms/create_api_key': {
    /**
     * A new key for the tenant's back end, in this answer only (the server keeps its hash). A
     * tenant has at most 10 (`apiKeyLimit`).
     */
    body: z.strictObject({ tenant_id: id, name: text({ max: apiKeyLimits.name }) }),
    data: cmsApiKey.extend({ key: z.string() }),
    guard: 'admin',
    effect: 'state',
  },
  'cms/remove_api_key': {
    /** The key stops working at once: calls with it are refused, and its open streams end (`streamEnd`). */
    body: z.strictObject({ _id: id }),
    data: z.object({ _id: z.string() }),
    guard: 'admin',
    effect: 'state',
  },
  'events/get_event_list': {
    /**
     * The tenant's events after `after`, oldest first, at most `limit` (a poller's alternative to
     * the stream). Authorised by `Authorization: Bearer <API key>`, not by a cookie. Without
     * `after` the page is empty and `last_id` is where to start from (the newest event kept).
     * An `after` no longer kept (events are kept 30 days) is refused with `eventCursorUnknown`,
     * never answered with a silent gap.
     */
    body: z.strictObject({
      after: eventId.optional(),
      types: types.optional(),
      limit: z.number().int().min(1).max(apiKeyLimits.pageSize).default(100),
    }),
    data: z.object({
      list: z.array(callEvent),
      /** Where to resume: the last event of this page, else `after` (or the newest kept). */
      last_id: z.string(),
      /** More events are waiting after this page. */
      has_more: z.boolean(),
    }),
  },
} as const satisfies Record<string, ApiRoute>;
