import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'Mode de connexion',
  'agentLogin.modeAccount': 'Identifiant et mot de passe',
  'agentLogin.modeSso': 'Authentification unique (SSO)',
  'agentLogin.account': 'Identifiant',
  'agentLogin.accountPrompt': 'Saisissez l’e-mail enregistré ou le matricule',
  'agentLogin.password': 'Mot de passe',
  'agentLogin.passwordPrompt': 'Saisissez le mot de passe',
  'agentLogin.ssoToken': 'Jeton de clé publique SSO',
  'agentLogin.ssoTokenPrompt': 'Saisissez le jeton de clé publique SSO',
  'agentLogin.emailPrompt': 'Saisissez l’e-mail enregistré',
  'agentLogin.mobilePrompt': 'Saisissez le numéro de mobile',
  'agentLogin.employeeNoPrompt': 'Saisissez le matricule',
  'agentLogin.emailInvalid': 'Ce n’est pas une adresse e-mail valide.',
  'agentLogin.mobileInvalid': 'Un numéro de mobile ne contient que des chiffres, éventuellement précédés d’un +.',
  'agentLogin.thirdParty.type': 'Type de compte',
  'agentLogin.thirdParty.account': 'Identifiant',
  'agentLogin.thirdParty.email': 'E-mail',
  'agentLogin.thirdParty.mobile': 'Numéro de mobile',
  'agentLogin.thirdParty.employee_no': 'Matricule',
} satisfies AgentLoginMessages;
