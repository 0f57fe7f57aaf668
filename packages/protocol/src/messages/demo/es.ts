import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Demo de prueba de Icall',
  'demo.notAvailableYet': 'Esta página aún no está disponible.',
} satisfies DemoMessages;
