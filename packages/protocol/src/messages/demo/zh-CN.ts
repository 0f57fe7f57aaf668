import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Icall 体验 Demo',
  'demo.notAvailableYet': '此页面暂未开放。',
} satisfies DemoMessages;
