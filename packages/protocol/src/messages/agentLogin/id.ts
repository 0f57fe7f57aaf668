import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'Mode login',
  'agentLogin.modeAccount': 'Akun dan kata sandi',
  'agentLogin.modeSso': 'Single sign-on (SSO)',
  'agentLogin.account': 'Akun',
  'agentLogin.accountPrompt': 'Masukkan email terdaftar atau nomor karyawan',
  'agentLogin.password': 'Kata sandi',
  'agentLogin.passwordPrompt': 'Masukkan kata sandi',
  'agentLogin.ssoToken': 'Token kunci publik SSO',
  'agentLogin.ssoTokenPrompt': 'Masukkan token kunci publik SSO',
  'agentLogin.emailPrompt': 'Masukkan email terdaftar',
  'agentLogin.mobilePrompt': 'Masukkan nomor ponsel',
  'agentLogin.employeeNoPrompt': 'Masukkan nomor karyawan',
  'agentLogin.emailInvalid': 'Ini bukan alamat email yang valid.',
  'agentLogin.mobileInvalid': 'Nomor ponsel hanya berisi angka, boleh diawali tanda +.',
  'agentLogin.thirdParty.type': 'Jenis akun',
  'agentLogin.thirdParty.account': 'Akun',
  'agentLogin.thirdParty.email': 'Alamat email',
  'agentLogin.thirdParty.mobile': 'Nomor ponsel',
  'agentLogin.thirdParty.employee_no': 'Nomor karyawan',
} satisfies AgentLoginMessages;
