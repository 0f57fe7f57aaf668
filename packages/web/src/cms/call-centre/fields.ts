import type { FormInstance } from 'antd';
import type { ApiEnvelope } from '@open/protocol/api';
import type { ErrorName, FieldIssue } from '@open/protocol/errors';
import { isApiEnvelope } from '../../api/client';
import { errorNameOf, showOnFields } from '../../ui/feedback';

/**
 * The bounds of the call centre's fields, as the server's schema has them
 * (packages/protocol/src/api/cms-call-centre.ts), so a field stops where the server would refuse.
 */
export const callCentreLimits = {
  acwMax: 3600,
  reasonsMax: 20,
  reasonId: 32,
  numbersMax: 50,
  phoneNumber: 32,
  employeeNo: 32,
  extension: 16,
} as const;

/** A not-ready reason's id: what the phone reports, so plain and stable. */
export const REASON_ID_PATTERN = /^[a-z0-9_-]+$/;
export const EMPLOYEE_NO_PATTERN = /^[\w-]+$/;
export const EXTENSION_PATTERN = /^[0-9]+$/;
/**
 * A phone number as the server takes one: PHONE_NUMBER_PATTERN of the softphone's catalogue,
 * written again here because importing it would bring the whole catalogue into this chunk
 * (fields.test.ts keeps the two the same).
 */
export const PHONE_NUMBER = /^\+?[0-9]{1,31}$/;

/** A phone number as people type it ("+1 415-555 0100"), as the server keeps it ("+14155550100"). */
export function normalizePhoneNumber(typed: string): string {
  return typed.replace(/[\s().-]/g, '');
}

export function isPhoneNumber(value: string): boolean {
  return value.length <= callCentreLimits.phoneNumber && PHONE_NUMBER.test(value);
}

/** A form validator's answer: fine, or refused with `message`. */
export function verdict(message: string | false | undefined): Promise<void> {
  return message ? Promise.reject(new Error(message)) : Promise.resolve();
}

/**
 * A field path of the server ("not_ready_reasons.2.id") as the form names it: list indexes are
 * numbers; a path into a field the form shows whole (the displayed numbers) stops at that field.
 */
export function formPath(field: string, whole: readonly string[] = []): (string | number)[] {
  const [first = '', ...rest] = field.split('.');
  if (whole.includes(first)) return [first];
  return [first, ...rest.map((part) => (/^\d+$/.test(part) ? Number(part) : part))];
}

/**
 * Puts a server refusal on the field it is about: `agentTaken` names its field in `data.field`,
 * an `invalidField` answer names its fields (list items included), and `fieldOf` maps the other
 * refusals. Answers whether it placed anything, so the caller shows a message otherwise.
 */
export function placeOnFields(
  form: FormInstance,
  error: unknown,
  fieldOf: Partial<Record<ErrorName, string>> = {},
  whole: readonly string[] = [],
): boolean {
  if (!isApiEnvelope(error)) return false;
  const name = errorNameOf(error);
  if (name === 'agentTaken') {
    const field = (error.data as { field?: unknown } | null)?.field;
    if (typeof field !== 'string') return false;
    form.setFields([{ name: field, errors: [error.message] }]);
    return true;
  }
  if (name === 'invalidField') {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const issues = ((error as ApiEnvelope<{ issues?: FieldIssue[] }>).data.issues ?? []).filter((issue) =>
      Object.hasOwn(values, issue.field.split('.')[0] ?? ''),
    );
    if (!issues.length) return false;
    form.setFields(issues.map((issue) => ({ name: formPath(issue.field, whole), errors: [issue.message] })));
    return true;
  }
  return showOnFields(form, error, fieldOf);
}
