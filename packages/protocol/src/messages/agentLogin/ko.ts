import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': '로그인 방식',
  'agentLogin.modeAccount': '계정 및 비밀번호',
  'agentLogin.modeSso': 'SSO 통합 로그인',
  'agentLogin.account': '계정',
  'agentLogin.accountPrompt': '등록된 이메일 또는 사번을 입력하세요',
  'agentLogin.password': '비밀번호',
  'agentLogin.passwordPrompt': '비밀번호를 입력하세요',
  'agentLogin.ssoToken': 'SSO 공개 키 토큰',
  'agentLogin.ssoTokenPrompt': 'SSO 공개 키 토큰을 입력하세요',
  'agentLogin.emailPrompt': '등록된 이메일을 입력하세요',
  'agentLogin.mobilePrompt': '휴대폰 번호를 입력하세요',
  'agentLogin.employeeNoPrompt': '사번을 입력하세요',
  'agentLogin.emailInvalid': '올바른 이메일 주소가 아닙니다.',
  'agentLogin.mobileInvalid': '휴대폰 번호는 숫자로만 입력하며, 맨 앞에 +를 붙일 수 있습니다.',
  'agentLogin.thirdParty.type': '계정 유형',
  'agentLogin.thirdParty.account': '계정',
  'agentLogin.thirdParty.email': '이메일',
  'agentLogin.thirdParty.mobile': '휴대폰 번호',
  'agentLogin.thirdParty.employee_no': '사번',
} satisfies AgentLoginMessages;
