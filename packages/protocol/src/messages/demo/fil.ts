import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Demo para subukan ang Icall',
  'demo.notAvailableYet': 'Hindi pa available ang page na ito.',
} satisfies DemoMessages;
