import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Интерактивное демо Icall',
  'demo.notAvailableYet': 'Эта страница пока недоступна.',
} satisfies DemoMessages;
