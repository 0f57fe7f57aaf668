import { isWebAddress } from '../web-address.js';
import { attachedDataLimits, type ParamDefinition } from './catalogue.js';

/** Why one parameter was refused; `unknown` is a parameter the definition does not have. */
export interface ParamIssue {
  param: string;
  reason: 'required' | 'wrongType' | 'notAllowed' | 'tooLong' | 'outOfRange' | 'unknown';
}

function typeMatches(definition: ParamDefinition, value: unknown): boolean {
  switch (definition.type) {
    case 'string':
    case 'enum':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'record':
      return (
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((entry) => typeof entry === 'string')
      );
  }
}

/** Attached data within its bounds: few keys, short keys and values. */
function recordFits(value: Readonly<Record<string, string>>): boolean {
  const entries = Object.entries(value);
  return (
    entries.length <= attachedDataLimits.keys &&
    entries.every(
      ([key, text]) =>
        key.length > 0 && key.length <= attachedDataLimits.keyLength && text.length <= attachedDataLimits.valueLength,
    )
  );
}

/**
 * Checks parameters against their definitions from the catalogue: every issue at once, so a
 * person fixing a call sees them all. Plain code, no schema library: the SDK loader runs it.
 */
export function validateParams(
  definitions: readonly ParamDefinition[],
  params: Readonly<Record<string, unknown>>,
): ParamIssue[] {
  const issues: ParamIssue[] = [];
  const known = new Set(definitions.map((d) => d.name));
  for (const name of Object.keys(params)) if (!known.has(name)) issues.push({ param: name, reason: 'unknown' });
  for (const definition of definitions) {
    const value = params[definition.name];
    if (value === undefined || (value === null && !definition.nullable)) {
      if (definition.required) issues.push({ param: definition.name, reason: 'required' });
      else if (value === null) issues.push({ param: definition.name, reason: 'wrongType' });
      continue;
    }
    if (value === null) continue;
    if (!typeMatches(definition, value)) issues.push({ param: definition.name, reason: 'wrongType' });
    else if (definition.values && !definition.values.includes(value as string))
      issues.push({ param: definition.name, reason: 'notAllowed' });
    else if (definition.max !== undefined && typeof value === 'string' && value.length > definition.max)
      issues.push({ param: definition.name, reason: 'tooLong' });
    else if (
      definition.type === 'number' &&
      ((definition.min !== undefined && (value as number) < definition.min) ||
        (definition.max !== undefined && (value as number) > definition.max))
    )
      issues.push({ param: definition.name, reason: 'outOfRange' });
    else if (definition.type === 'record' && !recordFits(value as Record<string, string>))
      issues.push({ param: definition.name, reason: 'tooLong' });
    else if (definition.type === 'string' && definition.required && value === '')
      issues.push({ param: definition.name, reason: 'required' });
    else if (definition.webAddress === true && value !== '' && !isWebAddress(value as string))
      issues.push({ param: definition.name, reason: 'notAllowed' });
  }
  return issues;
}
