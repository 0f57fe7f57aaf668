import { getCountries } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import {
  defaultShortNumbers,
  dialPlanCountries,
  newDialPlan,
  SHORT_NUMBER_PATTERN,
  type DialPlanFields,
} from '@open/protocol/dial-plan';
import { dialPlanJudge } from './dial-plan.js';

const planOf = (fields: Partial<DialPlanFields>): DialPlanFields => ({ ...newDialPlan(), ...fields });

describe("the protocol's countries and emergency numbers", () => {
  it('are the countries whose numbering plans the server knows, no more and no fewer', () => {
    expect([...dialPlanCountries].sort()).toEqual([...getCountries()].sort());
  });

  it('give each country short numbers a plan takes, 112 where none are listed', () => {
    for (const country of dialPlanCountries) {
      const numbers = defaultShortNumbers(country);
      expect(numbers.length, country).toBeGreaterThan(0);
      expect(
        numbers.every((number) => SHORT_NUMBER_PATTERN.test(number)),
        country,
      ).toBe(true);
      expect(new Set(numbers).size, country).toBe(numbers.length);
    }
    expect(defaultShortNumbers('CN')).toEqual(['110', '112', '119', '120', '122']);
    expect(defaultShortNumbers('US')).toContain('911');
    expect(defaultShortNumbers('FR')).toContain('15');
    expect(defaultShortNumbers('KE')).toEqual(['112']);
  });
});

describe('judging a number', () => {
  it('carries the short numbers of the plan, written with or without separators', () => {
    const judge = dialPlanJudge(planOf({ short_numbers: ['112', '95588'] }));
    const carried = (number: string) => judge.carriesShort(number);
    expect(['112', '95588', '955-88'].map(carried)).toEqual([true, true, true]);
    expect(['110', '1120', '11'].map(carried)).toEqual([false, false, false]);
  });

  it.each([
    ['a US premium-rate number', 'US', '+19005551234'],
    ['a US premium-rate number dialled nationally', 'US', '19005551234'],
    ['a UK premium-rate number', 'GB', '09061234567'],
    ['a French premium-rate number', 'FR', '+33899123456'],
    ['a Thuraya satellite phone', 'CN', '+8821612345678'],
    ['an international network, dialled with 00', 'CN', '00882161234567'],
    ['an Inmarsat phone', 'DE', '+870772123456'],
    ['an international premium-rate number', '', '+979123456789'],
  ] as const)('refuses %s as premium, whoever may dial abroad', (_what, country, number) => {
    const judge = dialPlanJudge(planOf({ country, international: 'everyone' }));
    expect(judge.refusal(number, 'supervisor')).toBe('premiumNumberBlocked');
  });

  it.each([
    ['a Chinese mobile, nationally', 'CN', '13812345678', null],
    ['a Chinese mobile, in international form', 'CN', '+8613812345678', null],
    ['a Berlin number from China', 'CN', '+493012345678', 'internationalNotAllowed'],
    ['a Berlin number from China, with 00', 'CN', '00493012345678', 'internationalNotAllowed'],
    ['Jamaica from the United States, though both are +1', 'US', '+18765551234', 'internationalNotAllowed'],
    ['Jamaica from the United States, dialled 1 876', 'US', '18765551234', 'internationalNotAllowed'],
    ['New York from the United States', 'US', '12125551234', null],
    ['Germany from the United States with 011', 'US', '011493012345678', 'internationalNotAllowed'],
    ['no country: a number in international form', '', '+8613812345678', 'internationalNotAllowed'],
    ['no country: a number dialled with 00', '', '00493012345678', 'internationalNotAllowed'],
    ['no country: a national number', '', '13812345678', null],
    ['a number no plan knows, in international form', 'CN', '+999123', 'internationalNotAllowed'],
    ['a number no plan knows, nationally', 'CN', '99912345', null],
  ] as const)('judges %s', (_what, country, number, refusal) => {
    expect(dialPlanJudge(planOf({ country, international: 'nobody' })).refusal(number, 'supervisor')).toBe(refusal);
  });

  it('lets international calls out for nobody, supervisors or everyone, as the plan says', () => {
    const abroad = '+493012345678';
    const refusals = (['nobody', 'supervisors', 'everyone'] as const).map((international) => {
      const judge = dialPlanJudge(planOf({ country: 'CN', international }));
      return [judge.refusal(abroad, 'agent'), judge.refusal(abroad, 'supervisor')];
    });
    expect(refusals).toEqual([
      ['internationalNotAllowed', 'internationalNotAllowed'],
      ['internationalNotAllowed', null],
      [null, null],
    ]);
  });

  it('blocks a blocked prefix, as dialled or in international form, before anything else', () => {
    const judge = dialPlanJudge(
      planOf({
        country: 'CN',
        international: 'everyone',
        blocked_prefixes: ['+86168', '0049'],
        allowed_prefixes: ['+86'],
      }),
    );
    expect(judge.refusal('+8616812345678', 'agent')).toBe('numberBlocked');
    expect(judge.refusal('16812345678', 'agent')).toBe('numberBlocked');
    expect(judge.refusal('00493012345678', 'agent')).toBe('numberBlocked');
    expect(judge.refusal('+493012345678', 'agent')).toBe(null);
    expect(judge.refusal('13812345678', 'agent')).toBe(null);
  });

  it('lets out what an allowed prefix names, premium or abroad', () => {
    const judge = dialPlanJudge(planOf({ country: 'CN', allowed_prefixes: ['+8821', '+4930'] }));
    expect(judge.refusal('+8821612345678', 'agent')).toBe(null);
    expect(judge.refusal('00882161234567', 'agent')).toBe(null);
    expect(judge.refusal('+493012345678', 'agent')).toBe(null);
    expect(judge.refusal('+498912345678', 'agent')).toBe('internationalNotAllowed');
    expect(judge.refusal('+8831234567890', 'agent')).toBe('premiumNumberBlocked');
  });

  it('keeps a trunk saved before dial plans as it was: everything of the numbering rule goes out', () => {
    const judge = dialPlanJudge(planOf({ international: 'everyone' }));
    for (const number of ['+493012345678', '00493012345678', '13812345678']) {
      expect(judge.refusal(number, 'agent'), number).toBe(null);
    }
  });
});
