import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Icall 體驗示範',
  'demo.notAvailableYet': '此頁面尚未開放。',
} satisfies DemoMessages;
