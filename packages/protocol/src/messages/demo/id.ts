import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Demo Uji Coba Icall',
  'demo.notAvailableYet': 'Halaman ini belum tersedia.',
} satisfies DemoMessages;
