import type { ApiEnvelope } from '@open/protocol/api';
import type { ErrorName, FieldIssue } from '@open/protocol/errors';
import { isApiEnvelope } from '../../api/client';
import { errorNameOf } from '../../ui/feedback';

/** An error on one field, as a form's `setFields` takes it. */
export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/** How a form's fields answer to the server's refusals. */
export interface FieldErrorRules {
  /** Catalogued refusals that belong on one field, such as a taken name: refusal -> field. */
  fieldOf?: Partial<Record<ErrorName, string>>;
  /** Fields the form shows whole (a list shown as tags): a path into one stops at it. */
  whole?: readonly string[];
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
 * Where a server refusal belongs in a form whose top-level fields are `fields`: each issue of an
 * `invalidField` answer about one of them, the field an `agentTaken` answer names in `data.field`,
 * or `rules.fieldOf` for other catalogued refusals. Empty when it belongs on no field, so the
 * caller shows a message instead.
 */
export function fieldErrorsOf(error: unknown, fields: readonly string[], rules: FieldErrorRules = {}): FieldError[] {
  if (!isApiEnvelope(error)) return [];
  const { fieldOf = {}, whole = [] } = rules;
  const name = errorNameOf(error);
  if (name === 'invalidField') {
    const issues = (error as ApiEnvelope<{ issues?: FieldIssue[] } | null>).data?.issues ?? [];
    // An issue about a field this form does not have (one the server fills in) stays a message.
    return issues
      .filter((issue) => fields.includes(issue.field.split('.')[0] ?? ''))
      .map((issue) => ({ name: formPath(issue.field, whole), errors: [issue.message] }));
  }
  if (name === 'agentTaken') {
    const field = (error.data as { field?: unknown } | null)?.field;
    return typeof field === 'string' ? [{ name: formPath(field, whole), errors: [error.message] }] : [];
  }
  const field = name ? fieldOf[name] : undefined;
  return field ? [{ name: formPath(field, whole), errors: [error.message] }] : [];
}
