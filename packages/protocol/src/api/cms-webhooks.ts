/**
 * `cms/*` calls of a tenant's webhooks (docs/WEBHOOKS.md), for admins: where the CRM's back end
 * hears the call centre's events, the deliveries each one got, and a redelivery of any of them.
 * A webhook's signing secret is shown once, when it is made or replaced.
 */
import { z } from 'zod';
import { isWebAddress } from '../web-address.js';
import { webhookDeliveryErrors, webhookDeliveryStatuses, webhookEventTypes, webhookLimits } from '../webhooks.js';
import { id, listBody, text, timestamp, type ApiRoute } from './common.js';

const webhookUrl = text({ max: webhookLimits.url })
  .refine((value) => value.length > webhookLimits.url || isWebAddress(value), { params: { reason: 'notAllowed' } })
  .meta({ format: 'uri' })
  .describe("where events are posted: an http or https address, such as 'https://crm.example.com/hooks/calls'");

const eventTypes = z
  .array(z.enum(webhookEventTypes))
  .min(1)
  .max(webhookEventTypes.length)
  .superRefine((list, ctx) => {
    list.forEach((type, index) => {
      if (list.indexOf(type) !== index) {
        ctx.addIssue({ code: 'custom', path: [index], params: { reason: 'duplicate' }, message: 'duplicate' });
      }
    });
  });

const deliveryStatus = z.enum(webhookDeliveryStatuses);

/** A webhook as every call shows it: its secret only by its last four characters. */
export const cmsWebhook = z.object({
  _id: z.string(),
  tenant_id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  /** 'whsec_…' and the secret's last four characters: which secret the receiver should hold. */
  secret_hint: z.string(),
  /** The latest delivery's outcome; null before the first. */
  last_delivery: z
    .object({ status: deliveryStatus, at: timestamp, response_status: z.number().int().nullable() })
    .nullable(),
  /** Deliveries waiting for their next attempt (a receiver that is down shows it here first). */
  pending: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CmsWebhook = z.infer<typeof cmsWebhook>;

/** One event's delivery to one webhook, with its last attempt. */
export const cmsWebhookDelivery = z.object({
  _id: z.string(),
  webhook_id: z.string(),
  /** The event's id: the `webhook-id` header, the same on each attempt and redelivery. */
  event_id: z.string(),
  event_type: z.string(),
  status: deliveryStatus,
  attempts: z.number().int(),
  /** When the next attempt is due; null once delivered or failed. */
  next_attempt_at: timestamp.nullable(),
  last_attempt_at: timestamp.nullable(),
  /** The receiver's HTTP status; null when none came (refused, timed out, address refused). */
  response_status: z.number().int().nullable(),
  /** The receiver's answer, its first 512 characters. */
  response_excerpt: z.string().nullable(),
  /** Why the last attempt failed, when it did (webhookDeliveryErrors); null otherwise. */
  error: z.enum(webhookDeliveryErrors).nullable(),
  /** The system's own words for it, untranslated (such as 'ECONNRESET' or a TLS alert); null when there are none. */
  error_detail: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  /** The JSON body the receiver is sent. */
  payload: z.string(),
  created_at: timestamp,
});
export type CmsWebhookDelivery = z.infer<typeof cmsWebhookDelivery>;

const withSecret = cmsWebhook.extend({
  /** The signing secret, shown in this answer only. */
  secret: z.string(),
});

export const cmsWebhooksApi = {
  'cms/get_webhook_list': {
    body: z.strictObject({ tenant_id: id }),
    data: z.object({ list: z.array(cmsWebhook) }),
    guard: 'admin',
  },
  'cms/set_webhook': {
    /**
     * Without `_id` it makes a webhook, with a new secret in the answer (the only time it is
     * shown). A tenant has at most 10 (`webhookLimit`). An address on this machine or a private
     * network is refused unless the server allows it (WEBHOOK_PRIVATE_TARGETS,
     * `webhookTargetRefused`); metadata and link-local addresses always are.
     */
    body: z.strictObject({
      _id: id.optional(),
      tenant_id: id,
      url: webhookUrl,
      description: text({ min: 0, max: webhookLimits.description }).default(''),
      events: eventTypes,
      enabled: z.boolean(),
    }),
    data: cmsWebhook.extend({ secret: z.string().optional() }),
    guard: 'admin',
    effect: 'state',
  },
  'cms/remove_webhook': {
    /** The webhook and its delivery log; deliveries in flight are not retried. */
    body: z.strictObject({ _id: id }),
    data: z.object({ _id: z.string() }),
    guard: 'admin',
    effect: 'state',
  },
  'cms/rotate_webhook_secret': {
    /** A new signing secret; deliveries from now on are signed with it. */
    body: z.strictObject({ _id: id }),
    data: withSecret,
    guard: 'admin',
    effect: 'state',
  },
  'cms/test_webhook': {
    /** Posts a `webhookTest` event to this webhook only (enabled or not), like any other delivery. */
    body: z.strictObject({ _id: id }),
    data: cmsWebhookDelivery,
    guard: 'admin',
    effect: 'state',
  },
  'cms/get_webhook_delivery_list': {
    /** Newest first. */
    body: z.strictObject({
      webhook_id: id,
      status: deliveryStatus.optional(),
      page_number: listBody.shape.page_number,
      page_size: listBody.shape.page_size,
    }),
    data: z.object({ list: z.array(cmsWebhookDelivery), total: z.number().int() }),
    guard: 'admin',
  },
  'cms/redeliver_webhook': {
    /**
     * Sends a delivery's event again, now, as a new delivery with a fresh count of attempts; the
     * event keeps its id, so a receiver that already has it can tell.
     */
    body: z.strictObject({ delivery_id: id }),
    data: cmsWebhookDelivery,
    guard: 'admin',
    effect: 'state',
  },
} as const satisfies Record<`cms/${string}`, ApiRoute>;
