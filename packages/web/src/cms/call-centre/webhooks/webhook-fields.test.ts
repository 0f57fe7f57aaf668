import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { CmsWebhook } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import { webhookEventTypes, webhookLimits } from '@open/protocol/webhooks';
import { fieldErrorsOf } from '../../shared/field-errors';
import {
  descriptionProblem,
  isAllEvents,
  orderedEvents,
  selectAllState,
  urlProblem,
  webhookBody,
  webhookErrorRules,
  webhookValues,
} from './webhook-fields';

/** A `t` that shows which key was asked for, with its values. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

const saved: CmsWebhook = {
  _id: 'hook-1',
  tenant_id: 'tenant-1',
  url: 'https://crm.example.com/hooks/calls',
  description: 'CRM',
  events: ['callRecord', 'callStatusChange'],
  enabled: false,
  secret_hint: 'whsec_…abcd',
  last_delivery: null,
  pending: 0,
  created_at: '2026-11-30T10:00:00.000Z',
  updated_at: '2026-11-30T10:00:00.000Z',
};

describe('the webhook form', () => {
  it('starts a new webhook on every event, switched on; a saved one as it is', () => {
    expect(webhookValues(undefined)).toEqual({
      url: '',
      description: '',
      events: [...webhookEventTypes],
      enabled: true,
    });
    expect(webhookValues(saved)).toEqual({
      url: 'https://crm.example.com/hooks/calls',
      description: 'CRM',
      // In the catalogue's order, whatever order the server keeps.
      events: ['callStatusChange', 'callRecord'],
      enabled: false,
    });
  });

  it('sends the values trimmed, the events each once in the catalogue’s order, and `_id` only for a saved one', () => {
    const values = {
      url: ' https://crm.example.com/hooks ',
      description: ' CRM production ',
      events: ['callRecord', 'agentStatusChange', 'callRecord'] as const,
      enabled: true,
    };
    const body = webhookBody('tenant-1', { ...values, events: [...values.events] });
    expect(body).toEqual({
      tenant_id: 'tenant-1',
      url: 'https://crm.example.com/hooks',
      description: 'CRM production',
      events: ['agentStatusChange', 'callRecord'],
      enabled: true,
    });
    expect(webhookBody('tenant-1', webhookValues(saved), 'hook-1')).toMatchObject({ _id: 'hook-1' });
  });

  it('knows "all events" and the select-all box between checked and empty', () => {
    expect(isAllEvents([...webhookEventTypes].reverse())).toBe(true);
    expect(isAllEvents(webhookEventTypes.slice(1))).toBe(false);
    // An event the catalogue no longer has does not count towards "all".
    expect(isAllEvents([...webhookEventTypes.slice(1), 'rtcSignal'])).toBe(false);
    expect(orderedEvents(['callRecord', 'rtcSignal', 'agentStatusChange'])).toEqual([
      'agentStatusChange',
      'callRecord',
    ]);
    expect(selectAllState([])).toEqual({ checked: false, indeterminate: false });
    expect(selectAllState(['callMissed'])).toEqual({ checked: false, indeterminate: true });
    expect(selectAllState(webhookEventTypes)).toEqual({ checked: true, indeterminate: false });
  });

  it('takes the addresses the server takes, by the same rule and length', () => {
    expect(urlProblem(t, 'https://crm.example.com/hooks?x=1')).toBeUndefined();
    expect(urlProblem(t, ' http://10.0.0.5:8080/hook ')).toBeUndefined();
    expect(urlProblem(t, '')).toBe('cms.webhooks.urlRequired');
    expect(urlProblem(t, '   ')).toBe('cms.webhooks.urlRequired');
    expect(urlProblem(t, undefined)).toBe('cms.webhooks.urlRequired');
    expect(urlProblem(t, 'crm.example.com/hooks')).toBe('cms.webhooks.urlRule');
    expect(urlProblem(t, 'ftp://crm.example.com/hooks')).toBe('cms.webhooks.urlRule');
    expect(urlProblem(t, 'javascript:alert(1)')).toBe('cms.webhooks.urlRule');
    const longest = `https://crm.example.com/${'a'.repeat(webhookLimits.url - 24)}`;
    expect(longest).toHaveLength(webhookLimits.url);
    expect(urlProblem(t, longest)).toBeUndefined();
    expect(urlProblem(t, `${longest}a`)).toBe('cms.webhooks.urlTooLong {"max":2048}');
    expect(descriptionProblem(t, 'x'.repeat(webhookLimits.description))).toBeUndefined();
    expect(descriptionProblem(t, ` ${'x'.repeat(webhookLimits.description)} `)).toBeUndefined();
    expect(descriptionProblem(t, 'x'.repeat(webhookLimits.description + 1))).toBe(
      'cms.webhooks.descriptionTooLong {"max":200}',
    );
  });

  it("puts the server's field issues on the fields, an issue about one event on the events", () => {
    const refusal = {
      code: errorCatalogue.invalidField.code,
      message: 'Some fields are not valid.',
      data: {
        issues: [
          { field: 'url', reason: 'notAllowed', message: '“url” has a value that is not allowed.' },
          { field: 'events.2', reason: 'duplicate', message: '“events” has an entry twice.' },
          { field: 'tenant_id', reason: 'required', message: 'not a field of the form' },
        ],
      },
    };
    expect(fieldErrorsOf(refusal, ['url', 'description', 'events', 'enabled'], webhookErrorRules)).toEqual([
      { name: ['url'], errors: ['“url” has a value that is not allowed.'] },
      { name: ['events'], errors: ['“events” has an entry twice.'] },
    ]);
  });

  it('places no refused address and no tenant at its limit on a field, so they are shown as a message', () => {
    const fields = ['url', 'description', 'events', 'enabled'];
    const refused = {
      code: errorCatalogue.webhookTargetRefused.code,
      message: '10.0.0.5 …',
      data: { host: '10.0.0.5' },
    };
    const full = { code: errorCatalogue.webhookLimit.code, message: 'At most 10.', data: { max: 10 } };
    expect(fieldErrorsOf(refused, fields, webhookErrorRules)).toEqual([]);
    expect(fieldErrorsOf(full, fields, webhookErrorRules)).toEqual([]);
  });
});
