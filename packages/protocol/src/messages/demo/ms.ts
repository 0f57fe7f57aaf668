import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Demo Percubaan Icall',
  'demo.notAvailableYet': 'Halaman ini belum tersedia.',
} satisfies DemoMessages;
