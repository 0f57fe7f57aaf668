import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Icall 体験デモ',
  'demo.notAvailableYet': 'このページはまだご利用いただけません。',
} satisfies DemoMessages;
