import { characterCount, isStorableText } from '../storable-text.js';
import { isWebAddress } from '../web-address.js';
import { attachedDataLimits, type ParamDefinition } from './catalogue.js';

/**
 * Why one parameter was refused; `unknown` is a parameter the definition does not have,
 * `tooMany` a record with more keys than it may hold, `badCharacter` text no one could store
 * (U+0000, a lone surrogate).
 */
export interface ParamIssue {
  param: string;
  reason:
    | 'required'
    | 'wrongType'
    | 'notAllowed'
    | 'tooLong'
    | 'tooMany'
    | 'emptyKey'
    | 'outOfRange'
    | 'badCharacter'
    | 'unknown';
  /** In a record (attached data): the key at fault. */
  key?: string;
  /** The bound that was passed: characters for `tooLong`, keys for `tooMany`. */
  max?: number;
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

/**
 * Attached data's issues, each naming its key: few keys, named, short keys and values, all text
 * that can be stored. Lengths in characters (code points), as people and JSON Schema count them.
 */
export function recordIssues(param: string, value: Readonly<Record<string, string>>): ParamIssue[] {
  const entries = Object.entries(value);
  if (entries.length > attachedDataLimits.keys) return [{ param, reason: 'tooMany', max: attachedDataLimits.keys }];
  const issues: ParamIssue[] = [];
  for (const [key, text] of entries) {
    if (key === '') issues.push({ param, key, reason: 'emptyKey' });
    else if (!isStorableText(key) || !isStorableText(text)) issues.push({ param, key, reason: 'badCharacter' });
    else if (characterCount(key) > attachedDataLimits.keyLength)
      issues.push({ param, key, reason: 'tooLong', max: attachedDataLimits.keyLength });
    else if (characterCount(text) > attachedDataLimits.valueLength)
      issues.push({ param, key, reason: 'tooLong', max: attachedDataLimits.valueLength });
  }
  return issues;
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
    else if (typeof value === 'string' && !isStorableText(value))
      issues.push({ param: definition.name, reason: 'badCharacter' });
    else if (definition.max !== undefined && typeof value === 'string' && characterCount(value) > definition.max)
      issues.push({ param: definition.name, reason: 'tooLong', max: definition.max });
    else if (
      definition.type === 'number' &&
      ((definition.min !== undefined && (value as number) < definition.min) ||
        (definition.max !== undefined && (value as number) > definition.max))
    )
      issues.push({ param: definition.name, reason: 'outOfRange' });
    else if (definition.type === 'record')
      issues.push(...recordIssues(definition.name, value as Record<string, string>));
    else if (definition.type === 'string' && definition.required && value === '')
      issues.push({ param: definition.name, reason: 'required' });
    else if (definition.webAddress === true && value !== '' && !isWebAddress(value as string))
      issues.push({ param: definition.name, reason: 'notAllowed' });
  }
  return issues;
}

/** The issues in one line a developer reads: `data["note"] (tooLong, max 1024), lang (notAllowed)`. */
export function describeParamIssues(issues: readonly ParamIssue[]): string {
  return issues
    .map((issue) => {
      const where = issue.key === undefined ? issue.param : `${issue.param}[${JSON.stringify(issue.key)}]`;
      return `${where} (${issue.reason}${issue.max === undefined ? '' : `, max ${issue.max}`})`;
    })
    .join(', ');
}
