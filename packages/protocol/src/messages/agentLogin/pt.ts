import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'Modo de login',
  'agentLogin.modeAccount': 'Conta e senha',
  'agentLogin.modeSso': 'Login único (SSO)',
  'agentLogin.account': 'Conta',
  'agentLogin.accountPrompt': 'Insira o e-mail cadastrado ou a matrícula',
  'agentLogin.password': 'Senha',
  'agentLogin.passwordPrompt': 'Insira a senha',
  'agentLogin.ssoToken': 'Token de chave pública SSO',
  'agentLogin.ssoTokenPrompt': 'Insira o token de chave pública SSO',
  'agentLogin.emailPrompt': 'Insira o e-mail cadastrado',
  'agentLogin.mobilePrompt': 'Insira o número de celular',
  'agentLogin.employeeNoPrompt': 'Insira a matrícula',
  'agentLogin.emailInvalid': 'Este não é um endereço de e-mail válido.',
  'agentLogin.mobileInvalid': 'Um número de celular contém apenas dígitos, opcionalmente precedidos de +.',
  'agentLogin.thirdParty.type': 'Tipo de conta',
  'agentLogin.thirdParty.account': 'Conta',
  'agentLogin.thirdParty.email': 'E-mail',
  'agentLogin.thirdParty.mobile': 'Número de celular',
  'agentLogin.thirdParty.employee_no': 'Matrícula',
} satisfies AgentLoginMessages;
