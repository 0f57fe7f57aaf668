import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'অনুরোধের বডি বৈধ JSON নয়।',
  'error.badUrl': 'এই অনুরোধের ঠিকানাটি বৈধ নয়।',
  'error.badRequest': 'অনুরোধটি পড়া যায়নি। অনুগ্রহ করে আবার পাঠান।',
  'error.crossSiteRequest':
    'অনুরোধটি অন্য একটি সাইট থেকে এসেছিল, তাই প্রত্যাখ্যান করা হয়েছে। এই সার্ভারে পাতাটি খুলে আবার চেষ্টা করুন।',
  'error.requestTimeout': 'অনুরোধটি পৌঁছাতে অনেক দেরি হওয়ায় বাতিল করা হয়েছে। সংযোগ পরীক্ষা করে আবার চেষ্টা করুন।',
  'error.invalidField': 'অনুরোধে একটি অবৈধ ফিল্ড আছে: {{detail}}',
  'error.notLoggedIn': 'অনুগ্রহ করে আগে সাইন ইন করুন।',
  'error.wrongCredentials': 'অ্যাকাউন্ট বা পাসওয়ার্ড ভুল।',
  'error.apiNotFound': '{{path}} পাথে কোনো API নেই।',
  'error.notFound': '{{path}} পাথে কিছু পাওয়া যায়নি।',
  'error.versionNotFound': 'এই সংস্করণটি নেই। সম্ভবত এটি মুছে ফেলা হয়েছে।',
  'error.versionNameTaken': 'এই নামে একটি সংস্করণ আগে থেকেই আছে।',
  'error.defaultVersionRequired': 'একটি সংস্করণকে অবশ্যই ডিফল্ট থাকতে হবে। এর পরিবর্তে অন্য একটি সংস্করণকে ডিফল্ট করুন।',
  'error.concurrentUpdate': 'একই সময়ে অন্য কেউ এটি পরিবর্তন করেছেন। আবার লোড করে চেষ্টা করুন।',
  'error.bodyTooLarge': 'অনুরোধটি খুব বড় (সর্বোচ্চ {{max}} বাইট)।',
  'error.unsupportedMediaType': 'অনুরোধটি JSON হিসেবে পাঠান (Content-Type: application/json)।',
  'error.tooManyLoginAttempts': 'অনেকবার সাইন ইন ব্যর্থ হয়েছে। {{minutes}} মিনিট পরে আবার চেষ্টা করুন।',
  'error.internal': 'সার্ভারে একটি সমস্যা হয়েছে। অনুগ্রহ করে আবার চেষ্টা করুন।',

  'error.field.required': '“{{field}}” আবশ্যক।',
  'error.field.tooLong': '“{{field}}” সর্বোচ্চ {{max}} অক্ষরের হতে পারে।',
  'error.field.tooShort': '“{{field}}” কমপক্ষে {{min}} অক্ষরের হতে হবে।',
  'error.field.tooBig': '“{{field}}” সর্বোচ্চ {{max}} হতে পারে।',
  'error.field.tooSmall': '“{{field}}” কমপক্ষে {{min}} হতে হবে।',
  'error.field.wrongType': '“{{field}}”-এর মানের ধরন ভুল।',
  'error.field.unknown': '“{{field}}” এই অনুরোধের কোনো ফিল্ড নয়।',
  'error.field.notAllowed': '“{{field}}”-এর মানটি অনুমোদিত নয়।',
  'error.field.badCharacter': '“{{field}}”-এ অনুমোদিত নয় এমন একটি অক্ষর আছে।',
} satisfies ErrorMessages;
