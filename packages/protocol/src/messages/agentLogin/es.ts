import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'Modo de inicio de sesión',
  'agentLogin.modeAccount': 'Cuenta y contraseña',
  'agentLogin.modeSso': 'Inicio de sesión único (SSO)',
  'agentLogin.account': 'Cuenta',
  'agentLogin.accountPrompt': 'Introduzca el correo electrónico registrado o el número de empleado',
  'agentLogin.password': 'Contraseña',
  'agentLogin.passwordPrompt': 'Introduzca la contraseña',
  'agentLogin.ssoToken': 'Token de clave pública SSO',
  'agentLogin.ssoTokenPrompt': 'Introduzca el token de clave pública SSO',
  'agentLogin.emailPrompt': 'Introduzca el correo electrónico registrado',
  'agentLogin.mobilePrompt': 'Introduzca el número de móvil',
  'agentLogin.employeeNoPrompt': 'Introduzca el número de empleado',
  'agentLogin.emailInvalid': 'No es una dirección de correo electrónico válida.',
  'agentLogin.mobileInvalid': 'Un número de móvil solo contiene dígitos, opcionalmente precedidos de +.',
  'agentLogin.thirdParty.type': 'Tipo de cuenta',
  'agentLogin.thirdParty.account': 'Cuenta',
  'agentLogin.thirdParty.email': 'Correo electrónico',
  'agentLogin.thirdParty.mobile': 'Número de móvil',
  'agentLogin.thirdParty.employee_no': 'Número de empleado',
} satisfies AgentLoginMessages;
