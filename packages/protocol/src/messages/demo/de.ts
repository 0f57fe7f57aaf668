import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Icall-Demo zum Ausprobieren',
  'demo.notAvailableYet': 'Diese Seite ist noch nicht verfügbar.',
} satisfies DemoMessages;
