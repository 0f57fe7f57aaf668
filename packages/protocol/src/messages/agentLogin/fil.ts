import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'Paraan ng pag-log in',
  'agentLogin.modeAccount': 'Account at password',
  'agentLogin.modeSso': 'SSO (single sign-on)',
  'agentLogin.account': 'Account',
  'agentLogin.accountPrompt': 'Pakilagay ang nakarehistrong e-mail o numero ng empleyado',
  'agentLogin.password': 'Password',
  'agentLogin.passwordPrompt': 'Pakilagay ang password',
  'agentLogin.ssoToken': 'Token ng SSO public key',
  'agentLogin.ssoTokenPrompt': 'Pakilagay ang token ng SSO public key',
  'agentLogin.emailPrompt': 'Pakilagay ang nakarehistrong e-mail',
  'agentLogin.mobilePrompt': 'Pakilagay ang numero ng mobile',
  'agentLogin.employeeNoPrompt': 'Pakilagay ang numero ng empleyado',
  'agentLogin.emailInvalid': 'Hindi ito wastong e-mail address.',
  'agentLogin.mobileInvalid': 'Mga digit lang ang numero ng mobile, puwedeng may + sa unahan.',
  'agentLogin.thirdParty.type': 'Uri ng account',
  'agentLogin.thirdParty.account': 'Account',
  'agentLogin.thirdParty.email': 'E-mail',
  'agentLogin.thirdParty.mobile': 'Numero ng mobile',
  'agentLogin.thirdParty.employee_no': 'Numero ng empleyado',
} satisfies AgentLoginMessages;
