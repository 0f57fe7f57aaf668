import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'ログイン方式',
  'agentLogin.modeAccount': 'アカウントとパスワード',
  'agentLogin.modeSso': 'SSO（シングルサインオン）',
  'agentLogin.account': 'アカウント',
  'agentLogin.accountPrompt': '登録済みのメールアドレスまたは社員番号を入力してください',
  'agentLogin.password': 'パスワード',
  'agentLogin.passwordPrompt': 'パスワードを入力してください',
  'agentLogin.ssoToken': 'SSO 公開鍵トークン',
  'agentLogin.ssoTokenPrompt': 'SSO 公開鍵トークンを入力してください',
  'agentLogin.emailPrompt': '登録済みのメールアドレスを入力してください',
  'agentLogin.mobilePrompt': '携帯番号を入力してください',
  'agentLogin.employeeNoPrompt': '社員番号を入力してください',
  'agentLogin.emailInvalid': '有効なメールアドレスではありません。',
  'agentLogin.mobileInvalid': '携帯番号には数字のみを使用できます（先頭に + を付けることもできます）。',
  'agentLogin.thirdParty.type': 'アカウントの種類',
  'agentLogin.thirdParty.account': 'アカウント',
  'agentLogin.thirdParty.email': 'メールアドレス',
  'agentLogin.thirdParty.mobile': '携帯番号',
  'agentLogin.thirdParty.employee_no': '社員番号',
} satisfies AgentLoginMessages;
