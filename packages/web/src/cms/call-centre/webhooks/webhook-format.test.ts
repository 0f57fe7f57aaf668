import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { webhookDeliveryErrors } from '@open/protocol/webhooks';
import en from '@open/protocol/messages/cms/en';
import { deliveryErrorText, formatDay, formatMs, formatSecond, prettyJson, relativeTime } from './webhook-format';

/** A `t` that shows which key was asked for, with its values. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

const now = Date.parse('2026-11-30T12:00:00.000Z');
const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();

describe('how the webhooks show times and payloads', () => {
  it('says a moment from now in the largest whole unit, past or future', () => {
    expect(relativeTime(at(-3), now, 'en')).toBe('now');
    expect(relativeTime(at(4), now, 'en')).toBe('now');
    expect(relativeTime(at(-42), now, 'en')).toBe('42 seconds ago');
    expect(relativeTime(at(-60), now, 'en')).toBe('1 minute ago');
    expect(relativeTime(at(300), now, 'en')).toBe('in 5 minutes');
    expect(relativeTime(at(-2 * 3600 - 600), now, 'en')).toBe('2 hours ago');
    expect(relativeTime(at(-86_400), now, 'en')).toBe('yesterday');
    expect(relativeTime(at(-3 * 86_400), now, 'en')).toBe('3 days ago');
    // In the interface's language.
    expect(relativeTime(at(300), now, 'de')).toBe('in 5 Minuten');
  });

  it('gives the exact time to the second, the day alone, and milliseconds with their unit', () => {
    expect(formatSecond('2026-11-30T12:34:56.000Z', 'en')).toMatch(/34:56/);
    expect(formatDay('2026-11-30T12:00:00.000Z', 'en')).toBe('Nov 30, 2026');
    expect(formatMs(120, 'en')).toBe('120 ms');
    expect(formatMs(1250, 'de')).toBe('1.250 ms');
  });

  it('words every error a delivery can have, a timeout with its seconds', () => {
    for (const error of webhookDeliveryErrors) {
      expect(Object.keys(en), error).toContain(`cms.webhooks.deliveryError.${error}`);
    }
    expect(deliveryErrorText(t, 'timeout')).toBe('cms.webhooks.deliveryError.timeout {"seconds":10}');
    expect(deliveryErrorText(t, 'dnsFailed')).toBe('cms.webhooks.deliveryError.dnsFailed');
  });

  it('indents a JSON payload, and shows anything else as it came', () => {
    expect(prettyJson('{"type":"callRecord","data":{"id":1}}')).toBe(
      '{\n  "type": "callRecord",\n  "data": {\n    "id": 1\n  }\n}',
    );
    expect(prettyJson('not json {')).toBe('not json {');
  });
});
