import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'العرض التجريبي لـ Icall',
  'demo.notAvailableYet': 'هذه الصفحة غير متاحة بعد.',
} satisfies DemoMessages;
