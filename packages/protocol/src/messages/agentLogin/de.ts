import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'Anmeldeart',
  'agentLogin.modeAccount': 'Konto und Passwort',
  'agentLogin.modeSso': 'SSO (Single Sign-on)',
  'agentLogin.account': 'Konto',
  'agentLogin.accountPrompt': 'Geben Sie die registrierte E-Mail-Adresse oder Personalnummer ein',
  'agentLogin.password': 'Passwort',
  'agentLogin.passwordPrompt': 'Geben Sie das Passwort ein',
  'agentLogin.ssoToken': 'SSO-Public-Key-Token',
  'agentLogin.ssoTokenPrompt': 'Geben Sie das SSO-Public-Key-Token ein',
  'agentLogin.emailPrompt': 'Geben Sie die registrierte E-Mail-Adresse ein',
  'agentLogin.mobilePrompt': 'Geben Sie die Mobilnummer ein',
  'agentLogin.employeeNoPrompt': 'Geben Sie die Personalnummer ein',
  'agentLogin.emailInvalid': 'Das ist keine gültige E-Mail-Adresse.',
  'agentLogin.mobileInvalid': 'Eine Mobilnummer besteht nur aus Ziffern, optional mit einem vorangestellten +.',
  'agentLogin.thirdParty.type': 'Kontotyp',
  'agentLogin.thirdParty.account': 'Konto',
  'agentLogin.thirdParty.email': 'E-Mail',
  'agentLogin.thirdParty.mobile': 'Mobilnummer',
  'agentLogin.thirdParty.employee_no': 'Personalnummer',
} satisfies AgentLoginMessages;
