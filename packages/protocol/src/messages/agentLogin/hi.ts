import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'लॉगिन का तरीका',
  'agentLogin.modeAccount': 'खाता और पासवर्ड',
  'agentLogin.modeSso': 'SSO सिंगल साइन-ऑन',
  'agentLogin.account': 'खाता',
  'agentLogin.accountPrompt': 'कृपया रजिस्टर किया गया ईमेल या कर्मचारी नंबर दर्ज करें',
  'agentLogin.password': 'पासवर्ड',
  'agentLogin.passwordPrompt': 'कृपया पासवर्ड दर्ज करें',
  'agentLogin.ssoToken': 'SSO पब्लिक-की टोकन',
  'agentLogin.ssoTokenPrompt': 'कृपया SSO पब्लिक-की टोकन दर्ज करें',
  'agentLogin.emailPrompt': 'कृपया रजिस्टर किया गया ईमेल दर्ज करें',
  'agentLogin.mobilePrompt': 'कृपया मोबाइल नंबर दर्ज करें',
  'agentLogin.employeeNoPrompt': 'कृपया कर्मचारी नंबर दर्ज करें',
  'agentLogin.emailInvalid': 'यह मान्य ईमेल पता नहीं है।',
  'agentLogin.mobileInvalid': 'मोबाइल नंबर में केवल अंक होते हैं, शुरू में चाहें तो + लगा सकते हैं।',
  'agentLogin.thirdParty.type': 'खाते का प्रकार',
  'agentLogin.thirdParty.account': 'खाता',
  'agentLogin.thirdParty.email': 'ईमेल',
  'agentLogin.thirdParty.mobile': 'मोबाइल नंबर',
  'agentLogin.thirdParty.employee_no': 'कर्मचारी नंबर',
} satisfies AgentLoginMessages;
