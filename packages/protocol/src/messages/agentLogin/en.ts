/**
 * The `agentLogin` namespace: an agent's sign-in form (spec §5), which the demo (#/demo) and the
 * diagnostics page's login test (#/diagnose) share, so each loads these words without the other's.
 * This reference dictionary's keys are the type every other language of the namespace must
 * satisfy.
 */
const en = {
  'agentLogin.modeTitle': 'Login mode',
  'agentLogin.modeAccount': 'Account and password',
  'agentLogin.modeSso': 'SSO single sign-on',
  'agentLogin.account': 'Account',
  'agentLogin.accountPrompt': 'Please enter the registered email or employee number',
  'agentLogin.password': 'Password',
  'agentLogin.passwordPrompt': 'Please enter the password',
  'agentLogin.ssoToken': 'SSO public-key token',
  'agentLogin.ssoTokenPrompt': 'Please enter the SSO public-key token',
  'agentLogin.emailPrompt': 'Please enter the registered email',
  'agentLogin.mobilePrompt': 'Please enter the mobile number',
  'agentLogin.employeeNoPrompt': 'Please enter the employee number',
  'agentLogin.emailInvalid': 'This is not an email address.',
  'agentLogin.mobileInvalid': 'A mobile number has digits only, optionally after a +.',
  'agentLogin.thirdParty.type': 'Account type',
  'agentLogin.thirdParty.account': 'Account',
  'agentLogin.thirdParty.email': 'Email',
  'agentLogin.thirdParty.mobile': 'Mobile number',
  'agentLogin.thirdParty.employee_no': 'Employee number',
} as const;

export type AgentLoginKey = keyof typeof en;
export type AgentLoginMessages = Record<AgentLoginKey, string>;

export default en satisfies AgentLoginMessages;
