import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': '登录方式',
  'agentLogin.modeAccount': '账号密码',
  'agentLogin.modeSso': 'SSO 单点登录',
  'agentLogin.account': '账号',
  'agentLogin.accountPrompt': '请输入注册邮箱或工号',
  'agentLogin.password': '密码',
  'agentLogin.passwordPrompt': '请输入密码',
  'agentLogin.ssoToken': 'SSO 公钥令牌',
  'agentLogin.ssoTokenPrompt': '请输入 SSO 公钥令牌',
  'agentLogin.emailPrompt': '请输入注册邮箱',
  'agentLogin.mobilePrompt': '请输入手机号',
  'agentLogin.employeeNoPrompt': '请输入工号',
  'agentLogin.emailInvalid': '这不是有效的邮箱地址。',
  'agentLogin.mobileInvalid': '手机号只能包含数字，开头可带 +。',
  'agentLogin.thirdParty.type': '账号类型',
  'agentLogin.thirdParty.account': '账号',
  'agentLogin.thirdParty.email': '邮箱',
  'agentLogin.thirdParty.mobile': '手机号',
  'agentLogin.thirdParty.employee_no': '工号',
} satisfies AgentLoginMessages;
