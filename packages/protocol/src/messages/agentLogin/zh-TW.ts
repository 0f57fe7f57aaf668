import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': '登入方式',
  'agentLogin.modeAccount': '帳號密碼',
  'agentLogin.modeSso': 'SSO 單一登入',
  'agentLogin.account': '帳號',
  'agentLogin.accountPrompt': '請輸入註冊的電子郵件或員工編號',
  'agentLogin.password': '密碼',
  'agentLogin.passwordPrompt': '請輸入密碼',
  'agentLogin.ssoToken': 'SSO 公鑰權杖',
  'agentLogin.ssoTokenPrompt': '請輸入 SSO 公鑰權杖',
  'agentLogin.emailPrompt': '請輸入註冊的電子郵件',
  'agentLogin.mobilePrompt': '請輸入手機號碼',
  'agentLogin.employeeNoPrompt': '請輸入員工編號',
  'agentLogin.emailInvalid': '這不是有效的電子郵件地址。',
  'agentLogin.mobileInvalid': '手機號碼只能包含數字，開頭可加上 +。',
  'agentLogin.thirdParty.type': '帳號類型',
  'agentLogin.thirdParty.account': '帳號',
  'agentLogin.thirdParty.email': '電子郵件',
  'agentLogin.thirdParty.mobile': '手機號碼',
  'agentLogin.thirdParty.employee_no': '員工編號',
} satisfies AgentLoginMessages;
