import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Demo trải nghiệm Icall',
  'demo.notAvailableYet': 'Trang này hiện chưa khả dụng.',
} satisfies DemoMessages;
