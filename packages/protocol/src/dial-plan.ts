/**
 * A tenant's dial plan (docs/TELEPHONY.md, "The dial plan"): what its SIP trunk carries beyond
 * the numbering rule. Short numbers that would otherwise be extensions (emergency and service
 * numbers) go out; premium-rate and international numbers stay in unless the operator lets them
 * out. Pure and browser-safe: the server's schema and the CMS form refuse the same values, and
 * the form offers the same emergency numbers per country. Judging a number (which needs the
 * numbering plans of every country) is the server's: telephony/dial-plan.ts.
 */

/** Who may dial a number in another country (or a non-geographic one). */
export const internationalDialling = ['nobody', 'supervisors', 'everyone'] as const;
export type InternationalDialling = (typeof internationalDialling)[number];

export interface DialPlanFields {
  /** ISO 3166 code of the country the trunk is in ('' unset: only '+' and '00' numbers are known to be international). */
  country: DialPlanCountry | '';
  /** Numbers of 2 to 8 digits that go out on the trunk although they look like extensions. */
  short_numbers: string[];
  /** Prefixes let out whatever else would refuse them (but a blocked prefix). */
  allowed_prefixes: string[];
  /** Prefixes never let out. */
  blocked_prefixes: string[];
  international: InternationalDialling;
}

export const dialPlanLimits = { shortNumbersMax: 30, prefixesMax: 100, prefixLength: 16 } as const;

/** A short number: the digits a person dials for the police or a bank's service line. */
export const SHORT_NUMBER_PATTERN = /^[0-9]{2,8}$/;
/** A prefix, compared with the number as dialled and in international form: '+1900', '00882', '0900'. */
export const DIAL_PREFIX_PATTERN = /^\+?[0-9]{1,15}$/;

/**
 * The countries a plan can name: those whose numbering plans the server knows (libphonenumber's,
 * checked against it by telephony/dial-plan.test.ts). The CMS shows each in the reader's language
 * with Intl.DisplayNames.
 */
// prettier-ignore
export const dialPlanCountries = [
  'AC', 'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA',
  'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BW',
  'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV',
  'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET',
  'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN',
  'GP', 'GQ', 'GR', 'GT', 'GU', 'GW', 'GY', 'HK', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN',
  'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR',
  'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD',
  'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW',
  'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA',
  'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU',
  'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TA', 'TC', 'TD', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR',
  'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF',
  'WS', 'XK', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;

export type DialPlanCountry = (typeof dialPlanCountries)[number];

/**
 * Emergency numbers a plan starts with when its country is chosen (the operator may add service
 * numbers such as 95588 and remove any). 112 reaches emergency services from any GSM phone, so a
 * country not listed starts with it alone.
 */
const emergencyNumbers: Readonly<Record<string, readonly string[]>> = {
  AE: ['999', '998', '997', '112'],
  AR: ['911', '100', '101', '107'],
  AT: ['112', '122', '133', '144'],
  AU: ['000', '112', '106'],
  BD: ['999'],
  BE: ['112', '100', '101'],
  BR: ['190', '192', '193'],
  CA: ['911', '988'],
  CH: ['112', '117', '118', '144'],
  CN: ['110', '112', '119', '120', '122'],
  DE: ['110', '112', '116117'],
  EG: ['122', '123', '180'],
  ES: ['112', '091', '092', '061', '080'],
  FR: ['15', '17', '18', '112', '114', '115'],
  GB: ['999', '112', '111', '101'],
  HK: ['999', '112'],
  ID: ['112', '110', '113', '118', '119'],
  IE: ['112', '999'],
  IN: ['112', '100', '101', '102', '108'],
  IT: ['112', '113', '115', '118'],
  JP: ['110', '118', '119'],
  KR: ['112', '119'],
  MX: ['911'],
  MY: ['999', '112'],
  NL: ['112'],
  NO: ['112', '110', '113'],
  NZ: ['111'],
  PH: ['911'],
  PL: ['112', '997', '998', '999'],
  PT: ['112'],
  RU: ['112', '101', '102', '103', '104'],
  SA: ['911', '997', '998', '999'],
  SG: ['999', '995'],
  TH: ['191', '199', '1669'],
  TR: ['112'],
  TW: ['110', '112', '119'],
  US: ['911', '988'],
  VN: ['113', '114', '115', '112'],
  ZA: ['10111', '112'],
};

export function defaultShortNumbers(country: string): string[] {
  return [...(emergencyNumbers[country] ?? ['112'])];
}

/**
 * What a new trunk's plan is: international calls closed (a trunk is a toll-fraud target the day
 * it is switched on) and no country, so the form asks for one. Trunks saved before dial plans
 * existed were migrated with `international: 'everyone'`, keeping what they did.
 */
export const newDialPlan = (): DialPlanFields => ({
  country: '',
  short_numbers: [],
  allowed_prefixes: [],
  blocked_prefixes: [],
  international: 'nobody',
});
