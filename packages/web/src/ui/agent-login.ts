/**
 * The rules of an agent's sign-in form (spec §5), shared by the demo page and the diagnostics
 * page: the third-party account types of SSO, their prompts and their checks. Their words are the
 * `agentLogin` namespace's, which both pages load.
 */
import type { TFunction } from 'i18next';
import type { ssoAccountTypes } from '@open/protocol/api/basic';
import { PHONE_NUMBER_PATTERN } from '@open/protocol/softphone/catalogue';

export type AccountType = (typeof ssoAccountTypes)[number];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const accountPrompt = {
  email: 'agentLogin.emailPrompt',
  mobile: 'agentLogin.mobilePrompt',
  employee_no: 'agentLogin.employeeNoPrompt',
} as const satisfies Record<AccountType, string>;

/** The Form rules of the third-party account field for the chosen account type. */
export function thirdPartyAccountRules(t: TFunction, accountType: AccountType) {
  return [
    { required: true, whitespace: true, message: t(accountPrompt[accountType]) },
    {
      validator: (_: unknown, value: unknown) => {
        const text = typeof value === 'string' ? value.trim() : '';
        if (text === '') return Promise.resolve();
        if (accountType === 'email' && !EMAIL.test(text))
          return Promise.reject(new Error(t('agentLogin.emailInvalid')));
        if (accountType === 'mobile' && !PHONE_NUMBER_PATTERN.test(text))
          return Promise.reject(new Error(t('agentLogin.mobileInvalid')));
        return Promise.resolve();
      },
    },
  ];
}
