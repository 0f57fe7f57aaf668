import { errorMessageKey, type ErrorName } from '@open/protocol/errors';
import type { Lang } from '@open/protocol/locales';
import { translate } from '../../i18n/translate.js';

/** Values for a message's {{placeholders}}, as an engine event may carry them (`values`). */
function placeholderValues(given: unknown): Record<string, string | number> {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return {};
  return Object.fromEntries(
    Object.entries(given).filter(
      (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

/** A placeholder left unfilled, with the colon or quotes that introduce it. */
const UNFILLED = /\s*[:：]?\s*[“"«]?\{\{\s*\w+\s*\}\}[”"»]?/g;

/**
 * The message of an event that reports a failure (checkInFailed: `{ code, error, values? }` from
 * the engine), in the session's language, filled like a refused request's answer. An event
 * without the values its message names drops the placeholder rather than show `{{detail}}` to
 * an agent: the code still says exactly what failed.
 */
export function eventErrorMessage(lang: Lang, error: ErrorName, values: unknown): string {
  return translate(lang, errorMessageKey(error), placeholderValues(values)).replace(UNFILLED, '').trim();
}
