import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Demo interattiva di Icall',
  'demo.notAvailableYet': 'Questa pagina non è ancora disponibile.',
} satisfies DemoMessages;
