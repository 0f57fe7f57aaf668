import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'नमस्ते',
  'shell.helloName': 'नमस्ते, {{name}}',
  'shell.language': 'भाषा',
  'shell.mainNav': 'मुख्य नेविगेशन',
  'shell.nav.doc': 'दस्तावेज़',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'सॉफ़्टफ़ोन डेमो',
  'shell.nav.diagnose': 'निदान',
  'shell.loading': 'लोड हो रहा है…',
  'shell.chunkLoadError': 'इस पेज का कुछ हिस्सा लोड नहीं हो सका। अपना कनेक्शन जाँचें, फिर पेज दोबारा लोड करें।',
  'shell.renderError': 'इस पेज पर कुछ गड़बड़ हो गई। आमतौर पर पेज दोबारा लोड करने से समस्या ठीक हो जाती है।',
  'shell.reload': 'दोबारा लोड करें',

  'shell.common.edit': 'संपादित करें',
  'shell.common.delete': 'हटाएँ',
  'shell.common.save': 'सहेजें',
  'shell.common.cancel': 'रद्द करें',
  'shell.common.ok': 'ठीक है',
  'shell.common.refresh': 'रीफ़्रेश करें',
  'shell.common.confirmDelete': 'क्या आप वाकई इसे हटाना चाहते हैं?',
  'shell.common.confirmSwitch': 'क्या आप वाकई स्विच करना चाहते हैं?',
  'shell.common.formInvalid': 'फ़ॉर्म फ़ील्ड का सत्यापन विफल रहा!',
  'shell.common.networkError': 'सर्वर से संपर्क नहीं हो सका। अपना कनेक्शन जाँचें और फिर से कोशिश करें।',
  'shell.common.copied': 'कॉपी हो गया',
  'shell.common.copyFailed': 'कॉपी नहीं हो सका: ब्राउज़र ने क्लिपबोर्ड इस्तेमाल करने की अनुमति नहीं दी।',
} satisfies ShellMessages;
