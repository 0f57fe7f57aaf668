import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'طريقة تسجيل الدخول',
  'agentLogin.modeAccount': 'الحساب وكلمة المرور',
  'agentLogin.modeSso': 'تسجيل الدخول الموحّد (SSO)',
  'agentLogin.account': 'الحساب',
  'agentLogin.accountPrompt': 'يُرجى إدخال البريد الإلكتروني المسجّل أو الرقم الوظيفي',
  'agentLogin.password': 'كلمة المرور',
  'agentLogin.passwordPrompt': 'يُرجى إدخال كلمة المرور',
  'agentLogin.ssoToken': 'رمز المفتاح العام لتسجيل الدخول الموحّد (SSO)',
  'agentLogin.ssoTokenPrompt': 'يُرجى إدخال رمز المفتاح العام لتسجيل الدخول الموحّد (SSO)',
  'agentLogin.emailPrompt': 'يُرجى إدخال البريد الإلكتروني المسجّل',
  'agentLogin.mobilePrompt': 'يُرجى إدخال رقم الجوّال',
  'agentLogin.employeeNoPrompt': 'يُرجى إدخال الرقم الوظيفي',
  'agentLogin.emailInvalid': 'هذا ليس عنوان بريد إلكتروني صالحًا.',
  'agentLogin.mobileInvalid': 'يتكوّن رقم الجوّال من أرقام فقط، ويمكن أن تسبقها علامة +.',
  'agentLogin.thirdParty.type': 'نوع الحساب',
  'agentLogin.thirdParty.account': 'الحساب',
  'agentLogin.thirdParty.email': 'البريد الإلكتروني',
  'agentLogin.thirdParty.mobile': 'رقم الجوّال',
  'agentLogin.thirdParty.employee_no': 'الرقم الوظيفي',
} satisfies AgentLoginMessages;
