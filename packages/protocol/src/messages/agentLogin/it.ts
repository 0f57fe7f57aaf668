import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'Modalità di accesso',
  'agentLogin.modeAccount': 'Nome utente e password',
  'agentLogin.modeSso': 'Single sign-on (SSO)',
  'agentLogin.account': 'Nome utente',
  'agentLogin.accountPrompt': 'Inserisci l’e-mail registrata o la matricola',
  'agentLogin.password': 'Password',
  'agentLogin.passwordPrompt': 'Inserisci la password',
  'agentLogin.ssoToken': 'Token della chiave pubblica SSO',
  'agentLogin.ssoTokenPrompt': 'Inserisci il token della chiave pubblica SSO',
  'agentLogin.emailPrompt': 'Inserisci l’e-mail registrata',
  'agentLogin.mobilePrompt': 'Inserisci il numero di cellulare',
  'agentLogin.employeeNoPrompt': 'Inserisci la matricola',
  'agentLogin.emailInvalid': 'Questo non è un indirizzo e-mail valido.',
  'agentLogin.mobileInvalid': 'Un numero di cellulare contiene solo cifre, eventualmente precedute da +.',
  'agentLogin.thirdParty.type': 'Tipo di account',
  'agentLogin.thirdParty.account': 'Nome utente',
  'agentLogin.thirdParty.email': 'E-mail',
  'agentLogin.thirdParty.mobile': 'Numero di cellulare',
  'agentLogin.thirdParty.employee_no': 'Matricola',
} satisfies AgentLoginMessages;
