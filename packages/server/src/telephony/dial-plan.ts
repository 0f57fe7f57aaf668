import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { DialPlanFields } from '@open/protocol/dial-plan';
import { numberKey } from '@open/protocol/trunk';
import type { DialPlanJudge } from '../cti/engine/calls/outside-line.js';

/**
 * Judging a number against a trunk's dial plan (docs/TELEPHONY.md, "The dial plan"). What a
 * number is (premium rate, which country) comes from libphonenumber's numbering plans, the ones
 * Android and most carriers' systems read, not from a list kept here.
 */

/**
 * Country calling codes of networks that belong to no country (Inmarsat, Iridium and the other
 * satellite services, the international networks of +882 and +883), billed like premium numbers
 * and a favourite of toll fraud. +979 (international premium rate) is typed as such already.
 */
const CHARGED_NETWORKS = new Set(['870', '881', '882', '883']);

/** A number as it is dialled: digits and a leading '+' (separators taken out). */
const dialled = (number: string): string => (number.trim().startsWith('+') ? '+' : '') + numberKey(number);

export function dialPlanJudge(plan: DialPlanFields): DialPlanJudge {
  const country: CountryCode | undefined = plan.country || undefined;
  const shortNumbers = new Set(plan.short_numbers.map(numberKey));

  /** The forms a prefix is compared with: as dialled, and in international form when known. */
  function formsOf(number: string) {
    const asDialled = dialled(number);
    const parsed = parsePhoneNumberFromString(asDialled, country);
    return { asDialled, parsed, international: parsed ? parsed.number : null };
  }

  const startsAny = (prefixes: readonly string[], forms: readonly (string | null)[]) =>
    prefixes.some((prefix) => forms.some((form) => form !== null && form.startsWith(prefix)));

  function isPremium(parsed: ReturnType<typeof parsePhoneNumberFromString>): boolean {
    if (!parsed) return false;
    if (CHARGED_NETWORKS.has(parsed.countryCallingCode)) return true;
    const type = parsed.getType();
    return type === 'PREMIUM_RATE' || type === 'SHARED_COST';
  }

  function isInternational(asDialled: string, parsed: ReturnType<typeof parsePhoneNumberFromString>): boolean {
    if (!country) return asDialled.startsWith('+') || asDialled.startsWith('00');
    // A number no plan knows is judged by its form: one in international form leaves the country.
    if (!parsed?.isPossible()) return asDialled.startsWith('+');
    // By region, not calling code: +1 876 is Jamaica for a trunk in the United States.
    return parsed.country !== country;
  }

  return {
    carriesShort: (number) => shortNumbers.has(numberKey(number)),
    refusal(number, role) {
      const { asDialled, parsed, international } = formsOf(number);
      const forms = [asDialled, international];
      if (startsAny(plan.blocked_prefixes, forms)) return 'numberBlocked';
      if (startsAny(plan.allowed_prefixes, forms)) return null;
      if (isPremium(parsed)) return 'premiumNumberBlocked';
      const mayDialAbroad =
        plan.international === 'everyone' || (plan.international === 'supervisors' && role === 'supervisor');
      if (!mayDialAbroad && isInternational(asDialled, parsed)) return 'internationalNotAllowed';
      return null;
    },
  };
}
