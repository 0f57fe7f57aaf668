import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'Mod log masuk',
  'agentLogin.modeAccount': 'Akaun dan kata laluan',
  'agentLogin.modeSso': 'Log masuk tunggal (SSO)',
  'agentLogin.account': 'Akaun',
  'agentLogin.accountPrompt': 'Sila masukkan e-mel berdaftar atau nombor pekerja',
  'agentLogin.password': 'Kata laluan',
  'agentLogin.passwordPrompt': 'Sila masukkan kata laluan',
  'agentLogin.ssoToken': 'Token kunci awam SSO',
  'agentLogin.ssoTokenPrompt': 'Sila masukkan token kunci awam SSO',
  'agentLogin.emailPrompt': 'Sila masukkan e-mel berdaftar',
  'agentLogin.mobilePrompt': 'Sila masukkan nombor telefon bimbit',
  'agentLogin.employeeNoPrompt': 'Sila masukkan nombor pekerja',
  'agentLogin.emailInvalid': 'Ini bukan alamat e-mel yang sah.',
  'agentLogin.mobileInvalid': 'Nombor telefon bimbit hanya mengandungi digit, boleh didahului dengan +.',
  'agentLogin.thirdParty.type': 'Jenis akaun',
  'agentLogin.thirdParty.account': 'Akaun',
  'agentLogin.thirdParty.email': 'E-mel',
  'agentLogin.thirdParty.mobile': 'Nombor telefon bimbit',
  'agentLogin.thirdParty.employee_no': 'Nombor pekerja',
} satisfies AgentLoginMessages;
