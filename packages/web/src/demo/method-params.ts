/**
 * Turns the methods form's fields into a method's parameters: the catalogue's fields as their
 * types, empty optional ones left out, and the extra rows a developer adds (to see how the phone
 * answers a parameter it does not know) read as the type chosen for each.
 */
import type { ParamDefinition } from '@open/protocol/softphone/catalogue';

export const extraTypes = ['string', 'number', 'boolean', 'json'] as const;
export type ExtraType = (typeof extraTypes)[number];

export interface ExtraParam {
  name?: string;
  type?: ExtraType;
  value?: string;
}

/** Why a value could not be read, for the field that holds it. */
export type ValueProblem = 'notNumber' | 'notBoolean' | 'notJson' | 'notObject';

/** A text read as `type`; a problem when it cannot be. */
export function readValue(type: ExtraType, text: string): { value: unknown } | { problem: ValueProblem } {
  switch (type) {
    case 'string':
      return { value: text };
    case 'number': {
      const value = Number(text);
      return text.trim() === '' || !Number.isFinite(value) ? { problem: 'notNumber' } : { value };
    }
    case 'boolean':
      if (text.trim() === 'true') return { value: true };
      if (text.trim() === 'false') return { value: false };
      return { problem: 'notBoolean' };
    case 'json':
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return { problem: 'notJson' };
      }
  }
}

/** A catalogue `object` field, typed as JSON text: an object, or a problem. */
export function readObject(text: string): { value: Record<string, unknown> } | { problem: ValueProblem } {
  const read = readValue('json', text);
  if ('problem' in read) return read;
  const { value } = read;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { value: value as Record<string, unknown> }
    : { problem: 'notObject' };
}

/** The parameters to call the method with. Values the form has already checked are taken as given. */
export function buildMethodParams(
  definitions: readonly ParamDefinition[],
  values: Readonly<Record<string, unknown>>,
  extra: readonly ExtraParam[] = [],
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const definition of definitions) {
    const value = values[definition.name];
    if (value === undefined || value === null || value === '') continue;
    if (definition.type === 'object' && typeof value === 'string') {
      const read = readObject(value);
      params[definition.name] = 'value' in read ? read.value : value;
    } else params[definition.name] = value;
  }
  for (const row of extra) {
    if (!row.name || !row.type) continue;
    const read = readValue(row.type, row.value ?? '');
    params[row.name] = 'value' in read ? read.value : row.value;
  }
  return params;
}
