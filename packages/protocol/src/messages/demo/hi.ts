import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Icall अनुभव डेमो',
  'demo.notAvailableYet': 'यह पेज अभी उपलब्ध नहीं है।',
} satisfies DemoMessages;
