/**
 * The webhook form's values, checks and refusals, without React (WebhookFormModal.tsx shows
 * them). The address is checked by the server's own rule (the protocol's web-address.ts and
 * webhookLimits), so an address the form takes is one the server takes.
 */
import type { TFunction } from 'i18next';
import type { ApiBody, CmsWebhook } from '@open/protocol/api';
import { isWebAddress } from '@open/protocol/web-address';
import { webhookEventTypes, webhookLimits, type WebhookEventType } from '@open/protocol/webhooks';
import type { FieldErrorRules } from '../../shared/field-errors';

export interface WebhookValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

/** The form's values for a saved webhook, or a new one's: every event, switched on. */
export function webhookValues(webhook: CmsWebhook | undefined): WebhookValues {
  return {
    url: webhook?.url ?? '',
    description: webhook?.description ?? '',
    events: webhook ? orderedEvents(webhook.events) : [...webhookEventTypes],
    enabled: webhook?.enabled ?? true,
  };
}

/** cms/set_webhook's body: a new webhook without `_id`, a saved one with it. */
export function webhookBody(tenantId: string, values: WebhookValues, webhookId?: string): ApiBody<'cms/set_webhook'> {
  return {
    ...(webhookId ? { _id: webhookId } : {}),
    tenant_id: tenantId,
    url: values.url.trim(),
    description: values.description.trim(),
    events: orderedEvents(values.events),
    enabled: values.enabled,
  };
}

/** Known events each once, in the catalogue's order: what a checkbox group clicked in any order holds. */
export function orderedEvents(events: readonly string[]): WebhookEventType[] {
  return webhookEventTypes.filter((type) => events.includes(type));
}

/** Whether `events` is every event there is (the table then says "All events"). */
export function isAllEvents(events: readonly string[]): boolean {
  return orderedEvents(events).length === webhookEventTypes.length;
}

/** The "select all" box of the events: checked, unchecked or between (some chosen). */
export function selectAllState(events: readonly string[]): { checked: boolean; indeterminate: boolean } {
  const chosen = orderedEvents(events).length;
  return {
    checked: chosen === webhookEventTypes.length,
    indeterminate: chosen > 0 && chosen < webhookEventTypes.length,
  };
}

/** What the form says of a typed address the server would refuse; undefined when it would take it. */
export function urlProblem(t: TFunction, typed: string | undefined): string | undefined {
  const url = (typed ?? '').trim();
  if (url === '') return t('cms.webhooks.urlRequired');
  if (url.length > webhookLimits.url) return t('cms.webhooks.urlTooLong', { max: webhookLimits.url });
  return isWebAddress(url) ? undefined : t('cms.webhooks.urlRule');
}

/** What the form says of a description the server would refuse. */
export function descriptionProblem(t: TFunction, typed: string | undefined): string | undefined {
  const length = (typed ?? '').trim().length;
  return length > webhookLimits.description
    ? t('cms.webhooks.descriptionTooLong', { max: webhookLimits.description })
    : undefined;
}

/** Where the server's refusals go: an issue about one event ('events.3') on the events as a whole. */
export const webhookErrorRules: FieldErrorRules = { whole: ['events'] };
