import type { AgentLoginMessages } from './en.js';

export default {
  'agentLogin.modeTitle': 'লগইনের পদ্ধতি',
  'agentLogin.modeAccount': 'অ্যাকাউন্ট ও পাসওয়ার্ড',
  'agentLogin.modeSso': 'SSO সিঙ্গল সাইন-অন',
  'agentLogin.account': 'অ্যাকাউন্ট',
  'agentLogin.accountPrompt': 'অনুগ্রহ করে নিবন্ধিত ইমেইল বা কর্মী নম্বর লিখুন',
  'agentLogin.password': 'পাসওয়ার্ড',
  'agentLogin.passwordPrompt': 'অনুগ্রহ করে পাসওয়ার্ড লিখুন',
  'agentLogin.ssoToken': 'SSO পাবলিক-কী টোকেন',
  'agentLogin.ssoTokenPrompt': 'অনুগ্রহ করে SSO পাবলিক-কী টোকেন লিখুন',
  'agentLogin.emailPrompt': 'অনুগ্রহ করে নিবন্ধিত ইমেইল লিখুন',
  'agentLogin.mobilePrompt': 'অনুগ্রহ করে মোবাইল নম্বর লিখুন',
  'agentLogin.employeeNoPrompt': 'অনুগ্রহ করে কর্মী নম্বর লিখুন',
  'agentLogin.emailInvalid': 'এটি বৈধ ইমেইল ঠিকানা নয়।',
  'agentLogin.mobileInvalid': 'মোবাইল নম্বরে শুধু অঙ্ক থাকে, চাইলে শুরুতে + দেওয়া যায়।',
  'agentLogin.thirdParty.type': 'অ্যাকাউন্টের ধরন',
  'agentLogin.thirdParty.account': 'অ্যাকাউন্ট',
  'agentLogin.thirdParty.email': 'ইমেইল',
  'agentLogin.thirdParty.mobile': 'মোবাইল নম্বর',
  'agentLogin.thirdParty.employee_no': 'কর্মী নম্বর',
} satisfies AgentLoginMessages;
