import { wrapUpLimits } from '@open/protocol/softphone/catalogue';
/**
 * The bounds of the call centre's fields, as the server's schema has them
 * (packages/protocol/src/api/cms-call-centre.ts), so a field stops where the server would refuse.
 */
export const callCentreLimits = {
  acwMax: 3600,
  reasonsMax: 20,
  wrapUpCodesMax: wrapUpLimits.codes,
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
