import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Icall অভিজ্ঞতা ডেমো',
  'demo.notAvailableYet': 'এই পৃষ্ঠাটি এখনো উপলভ্য নয়।',
} satisfies DemoMessages;
