import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'วิธีเข้าสู่ระบบ',
  'agentLogin.modeAccount': 'บัญชีและรหัสผ่าน',
  'agentLogin.modeSso': 'การลงชื่อเข้าใช้ครั้งเดียว (SSO)',
  'agentLogin.account': 'บัญชี',
  'agentLogin.accountPrompt': 'กรุณากรอกอีเมลที่ลงทะเบียนไว้หรือรหัสพนักงาน',
  'agentLogin.password': 'รหัสผ่าน',
  'agentLogin.passwordPrompt': 'กรุณากรอกรหัสผ่าน',
  'agentLogin.ssoToken': 'โทเค็นคีย์สาธารณะ SSO',
  'agentLogin.ssoTokenPrompt': 'กรุณากรอกโทเค็นคีย์สาธารณะ SSO',
  'agentLogin.emailPrompt': 'กรุณากรอกอีเมลที่ลงทะเบียนไว้',
  'agentLogin.mobilePrompt': 'กรุณากรอกหมายเลขโทรศัพท์มือถือ',
  'agentLogin.employeeNoPrompt': 'กรุณากรอกรหัสพนักงาน',
  'agentLogin.emailInvalid': 'นี่ไม่ใช่ที่อยู่อีเมลที่ถูกต้อง',
  'agentLogin.mobileInvalid': 'หมายเลขโทรศัพท์มือถือต้องเป็นตัวเลขเท่านั้น อาจมี + นำหน้าได้',
  'agentLogin.thirdParty.type': 'ประเภทบัญชี',
  'agentLogin.thirdParty.account': 'บัญชี',
  'agentLogin.thirdParty.email': 'อีเมล',
  'agentLogin.thirdParty.mobile': 'หมายเลขโทรศัพท์มือถือ',
  'agentLogin.thirdParty.employee_no': 'รหัสพนักงาน',
} satisfies AgentLoginMessages;
