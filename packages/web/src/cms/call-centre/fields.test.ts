import { describe, expect, it } from 'vitest';
import { PHONE_NUMBER_PATTERN } from '@open/protocol/softphone/catalogue';
import { isPhoneNumber, normalizePhoneNumber, PHONE_NUMBER, REASON_ID_PATTERN } from './fields';

describe('call centre fields', () => {
  it('takes the phone numbers the server takes', () => {
    expect(PHONE_NUMBER.source).toBe(PHONE_NUMBER_PATTERN.source);
    expect(PHONE_NUMBER.flags).toBe(PHONE_NUMBER_PATTERN.flags);
  });

  it('keeps a typed phone number as the server does, and knows one when it sees it', () => {
    expect(normalizePhoneNumber(' +1 (415) 555-0100 ')).toBe('+14155550100');
    expect(isPhoneNumber('+14155550100')).toBe(true);
    expect(isPhoneNumber('8001')).toBe(true);
    expect(isPhoneNumber('++1')).toBe(false);
    expect(isPhoneNumber('call me')).toBe(false);
    expect(isPhoneNumber('')).toBe(false);
    expect(isPhoneNumber(`+${'1'.repeat(31)}`)).toBe(true);
    expect(isPhoneNumber('1'.repeat(33))).toBe(false);
  });

  it('takes reason ids of lowercase letters, digits, - and _ only', () => {
    expect(REASON_ID_PATTERN.test('after_call-2')).toBe(true);
    expect(REASON_ID_PATTERN.test('Break')).toBe(false);
    expect(REASON_ID_PATTERN.test('tea break')).toBe(false);
  });
});
