import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'Способ входа',
  'agentLogin.modeAccount': 'Логин и пароль',
  'agentLogin.modeSso': 'Единый вход (SSO)',
  'agentLogin.account': 'Логин',
  'agentLogin.accountPrompt': 'Введите адрес эл. почты, указанный при регистрации, или табельный номер',
  'agentLogin.password': 'Пароль',
  'agentLogin.passwordPrompt': 'Введите пароль',
  'agentLogin.ssoToken': 'Токен открытого ключа SSO',
  'agentLogin.ssoTokenPrompt': 'Введите токен открытого ключа SSO',
  'agentLogin.emailPrompt': 'Введите адрес эл. почты, указанный при регистрации',
  'agentLogin.mobilePrompt': 'Введите номер мобильного',
  'agentLogin.employeeNoPrompt': 'Введите табельный номер',
  'agentLogin.emailInvalid': 'Это не адрес электронной почты.',
  'agentLogin.mobileInvalid': 'Номер мобильного состоит только из цифр, перед ними может стоять +.',
  'agentLogin.thirdParty.type': 'Тип учётной записи',
  'agentLogin.thirdParty.account': 'Логин',
  'agentLogin.thirdParty.email': 'Эл. почта',
  'agentLogin.thirdParty.mobile': 'Номер мобильного',
  'agentLogin.thirdParty.employee_no': 'Табельный номер',
} satisfies AgentLoginMessages;
