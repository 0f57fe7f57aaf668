import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'Phương thức đăng nhập',
  'agentLogin.modeAccount': 'Tài khoản và mật khẩu',
  'agentLogin.modeSso': 'Đăng nhập một lần (SSO)',
  'agentLogin.account': 'Tài khoản',
  'agentLogin.accountPrompt': 'Vui lòng nhập email đã đăng ký hoặc mã nhân viên',
  'agentLogin.password': 'Mật khẩu',
  'agentLogin.passwordPrompt': 'Vui lòng nhập mật khẩu',
  'agentLogin.ssoToken': 'Token khóa công khai SSO',
  'agentLogin.ssoTokenPrompt': 'Vui lòng nhập token khóa công khai SSO',
  'agentLogin.emailPrompt': 'Vui lòng nhập email đã đăng ký',
  'agentLogin.mobilePrompt': 'Vui lòng nhập số di động',
  'agentLogin.employeeNoPrompt': 'Vui lòng nhập mã nhân viên',
  'agentLogin.emailInvalid': 'Đây không phải là địa chỉ email hợp lệ.',
  'agentLogin.mobileInvalid': 'Số di động chỉ gồm chữ số, có thể bắt đầu bằng dấu +.',
  'agentLogin.thirdParty.type': 'Loại tài khoản',
  'agentLogin.thirdParty.account': 'Tài khoản',
  'agentLogin.thirdParty.email': 'Địa chỉ email',
  'agentLogin.thirdParty.mobile': 'Số di động',
  'agentLogin.thirdParty.employee_no': 'Mã nhân viên',
} satisfies AgentLoginMessages;
