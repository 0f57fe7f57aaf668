import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'अनुरोध का मुख्य भाग मान्य JSON नहीं है।',
  'error.badUrl': 'इस अनुरोध का पता मान्य नहीं है।',
  'error.badRequest': 'अनुरोध पढ़ा नहीं जा सका। कृपया इसे फिर से भेजें।',
  'error.crossSiteRequest':
    'यह अनुरोध किसी दूसरी साइट से आया था, इसलिए अस्वीकार कर दिया गया। इस सर्वर पर पेज खोलें और फिर से कोशिश करें।',
  'error.requestTimeout': 'अनुरोध पहुँचने में बहुत देर हुई, इसलिए रद्द कर दिया गया। अपना कनेक्शन जाँचें और फिर से कोशिश करें।',
  'error.invalidField': 'अनुरोध में एक अमान्य फ़ील्ड है: {{detail}}',
  'error.notLoggedIn': 'कृपया पहले साइन इन करें।',
  'error.wrongCredentials': 'खाता या पासवर्ड गलत है।',
  'error.apiNotFound': '{{path}} पर कोई API नहीं है।',
  'error.notFound': '{{path}} पर कुछ नहीं मिला।',
  'error.versionNotFound': 'यह संस्करण मौजूद नहीं है। हो सकता है इसे हटा दिया गया हो।',
  'error.versionNameTaken': 'इस नाम का संस्करण पहले से मौजूद है।',
  'error.defaultVersionRequired': 'एक संस्करण का डिफ़ॉल्ट बना रहना ज़रूरी है। इसके बजाय किसी दूसरे संस्करण को डिफ़ॉल्ट बनाएँ।',
  'error.concurrentUpdate': 'किसी और ने ठीक इसी समय इसमें बदलाव किया है। पेज दोबारा लोड करें और फिर से कोशिश करें।',
  'error.bodyTooLarge': 'अनुरोध बहुत बड़ा है (अधिकतम {{max}} बाइट)।',
  'error.unsupportedMediaType': 'अनुरोध JSON के रूप में भेजें (Content-Type: application/json)।',
  'error.tooManyLoginAttempts': 'साइन इन के बहुत सारे प्रयास विफल रहे। {{minutes}} मिनट बाद फिर से कोशिश करें।',
  'error.internal': 'सर्वर पर कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',

  'error.field.required': '“{{field}}” आवश्यक है।',
  'error.field.tooLong': '“{{field}}” में अधिकतम {{max}} वर्ण हो सकते हैं।',
  'error.field.tooShort': '“{{field}}” में कम से कम {{min}} वर्ण होने चाहिए।',
  'error.field.tooBig': '“{{field}}” अधिकतम {{max}} हो सकता है।',
  'error.field.tooSmall': '“{{field}}” कम से कम {{min}} होना चाहिए।',
  'error.field.wrongType': '“{{field}}” के मान का प्रकार गलत है।',
  'error.field.unknown': '“{{field}}” इस अनुरोध का फ़ील्ड नहीं है।',
  'error.field.notAllowed': '“{{field}}” का मान अनुमत नहीं है।',
  'error.field.badCharacter': '“{{field}}” में ऐसा वर्ण है जिसकी अनुमति नहीं है।',
} satisfies ErrorMessages;
