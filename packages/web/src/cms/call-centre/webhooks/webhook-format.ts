/** How the webhooks' times, outcomes and payloads are shown, without React. */
import type { TFunction } from 'i18next';
import { webhookLimits, type WebhookDeliveryError, type WebhookDeliveryStatus } from '@open/protocol/webhooks';

/** A delivery's status as a tag colour: waiting blue, delivered green, failed red. */
export const deliveryStatusColor: Record<WebhookDeliveryStatus, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * `iso` from `now` as a person says it in `lang`: "3 minutes ago", "in 2 hours", "now"; in
 * whole days past a day. The exact time goes beside it (formatSecond).
 */
export function relativeTime(iso: string, now: number, lang: string): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  // Under ten seconds either way is "now": clocks and the round trip are not that exact.
  return format.format(Math.abs(seconds) < 10 ? 0 : seconds, 'second');
}

/** A date and time to the second, as a delivery log needs it, in the interface language. */
export function formatSecond(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}

/** The day of a moment, in the interface language (the log shows the time of day under it). */
export function formatDay(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(iso));
}

/** Milliseconds with their unit as the interface language writes them: "120 ms", "120 毫秒". */
export function formatMs(ms: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' }).format(ms);
}

/** A delivery's JSON body indented for reading; as it came when it is not JSON. */
export function prettyJson(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/** Why an attempt failed, in the admin's words: the log keeps a code (webhookDeliveryErrors). */
export function deliveryErrorText(t: TFunction, error: WebhookDeliveryError): string {
  if (error === 'timeout') return t('cms.webhooks.deliveryError.timeout', { seconds: webhookLimits.timeoutMs / 1000 });
  return t(`cms.webhooks.deliveryError.${error}`);
}
