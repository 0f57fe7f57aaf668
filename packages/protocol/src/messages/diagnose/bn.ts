import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'ওপেন প্ল্যাটফর্ম ডায়াগনস্টিকস',
  'diagnose.notAvailableYet': 'এই পৃষ্ঠাটি এখনো উপলভ্য নয়।',
} satisfies DiagnoseMessages;
