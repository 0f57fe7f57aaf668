import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'হ্যালো',
  'shell.helloName': 'হ্যালো, {{name}}',
  'shell.language': 'ভাষা',
  'shell.mainNav': 'প্রধান নেভিগেশন',
  'shell.nav.doc': 'ডকুমেন্টেশন',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'সফটফোন ডেমো',
  'shell.nav.diagnose': 'ডায়াগনস্টিকস',
  'shell.loading': 'লোড হচ্ছে…',
  'shell.chunkLoadError': 'এই পৃষ্ঠার কিছু অংশ লোড করা যায়নি। আপনার সংযোগ পরীক্ষা করে পৃষ্ঠাটি আবার লোড করুন।',
  'shell.renderError': 'এই পৃষ্ঠায় কোনো সমস্যা হয়েছে। সাধারণত আবার লোড করলেই ঠিক হয়ে যায়।',
  'shell.reload': 'আবার লোড করুন',

  'shell.common.edit': 'সম্পাদনা',
  'shell.common.delete': 'মুছুন',
  'shell.common.save': 'সংরক্ষণ',
  'shell.common.cancel': 'বাতিল',
  'shell.common.ok': 'ঠিক আছে',
  'shell.common.refresh': 'রিফ্রেশ',
  'shell.common.confirmDelete': 'আপনি কি মুছে ফেলা নিশ্চিত করতে চান?',
  'shell.common.confirmSwitch': 'পরিবর্তন নিশ্চিত করবেন?',
  'shell.common.formInvalid': 'ফর্মের ফিল্ড যাচাই ব্যর্থ হয়েছে!',
  'shell.common.networkError': 'সার্ভারের সাথে সংযোগ করা যায়নি। আপনার সংযোগ পরীক্ষা করে আবার চেষ্টা করুন।',
  'shell.common.copied': 'কপি হয়েছে',
  'shell.common.copyFailed': 'কপি করা যায়নি: ব্রাউজার ক্লিপবোর্ড ব্যবহারের অনুমতি দেয়নি।',
} satisfies ShellMessages;
